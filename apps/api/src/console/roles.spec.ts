import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isAllowed, PERMISSIONS, permissionsOf, PUBLIC, ROLE_MATRIX, ROLES } from './roles';

describe('the console role matrix', () => {
  it('lets no one but the public route through without a role, and every role sign out', () => {
    expect(PERMISSIONS.filter((p) => isAllowed(p, null))).toEqual(['auth.login']);
    for (const role of ROLES) expect(permissionsOf(role)).toEqual(expect.arrayContaining(['auth.me', 'auth.logout', 'auth.totp']));
  });

  it('keeps duties apart: support moves no money, finance edits no game, operators resolve no money, only superadmin manages staff and reads the audit log', () => {
    expect(isAllowed('capital_logs.resolve', 'support')).toBe(false);
    expect(isAllowed('users.gift', 'support')).toBe(false);
    expect(isAllowed('odds.write', 'finance')).toBe(false);
    expect(isAllowed('settings.write', 'finance')).toBe(false);
    expect(isAllowed('capital_logs.resolve', 'operator')).toBe(false);
    expect(isAllowed('capital_logs.read', 'operator')).toBe(false);
    for (const p of ['staff.read', 'staff.write', 'audit_logs.read'] as const) expect(ROLES.filter((r) => isAllowed(p, r))).toEqual(['superadmin']);
    expect(PERMISSIONS.every((p) => isAllowed(p, 'superadmin'))).toBe(true);
  });

  it('is documented exactly in docs/console-api.md', () => {
    const doc = readFileSync(join(__dirname, '..', '..', '..', '..', 'docs', 'console-api.md'), 'utf8');
    const table = doc.slice(doc.indexOf('<!-- role-matrix:start'), doc.indexOf('<!-- role-matrix:end'));
    const rows = new Map<string, string[]>();
    for (const line of table.split('\n')) {
      const m = /^\| `([a-z_.]+)`\s*\|(.*)\|\s*$/.exec(line);
      if (m)
        rows.set(
          m[1] ?? '',
          (m[2] ?? '').split('|').map((c) => c.trim()),
        );
    }
    expect([...rows.keys()]).toEqual([...PERMISSIONS]);
    for (const p of PERMISSIONS) {
      const rule = ROLE_MATRIX[p];
      expect([p, rows.get(p)]).toEqual([p, ROLES.map((r) => (rule === PUBLIC ? 'public' : isAllowed(p, r) ? 'yes' : '—'))]);
    }
  });
});
