import { ROLE_MATRIX, ROLES } from '@sum28/contracts';
import { describe, expect, it } from 'vitest';
import { canRoleAccess, permissionFor } from './access';

describe('canAccess from the role matrix', () => {
  it('maps react-admin actions to the matrix permissions', () => {
    expect(permissionFor('users', 'list')).toBe('users.read');
    expect(permissionFor('users', 'show')).toBe('users.read');
    expect(permissionFor('users', 'export')).toBe('users.read');
    expect(permissionFor('users', 'edit')).toBe('users.update');
    expect(permissionFor('users', 'reset_password')).toBe('users.reset_password');
    expect(permissionFor('capital_logs', 'resolve')).toBe('capital_logs.resolve');
    expect(permissionFor('rounds', 'void')).toBe('rounds.void');
    expect(permissionFor('banners', 'create')).toBe('banners.write');
  });

  it('refuses what the matrix does not name (fail closed)', () => {
    expect(permissionFor('users', 'delete')).toBeNull();
    expect(permissionFor('unknown', 'list')).toBeNull();
    for (const role of ROLES) expect(canRoleAccess(role, 'users', 'delete')).toBe(false);
    expect(canRoleAccess(null, 'users', 'list')).toBe(false);
  });

  it('follows the matrix role by role', () => {
    expect(canRoleAccess('support', 'users', 'reset_password')).toBe(true);
    expect(canRoleAccess('support', 'users', 'freeze')).toBe(true);
    expect(canRoleAccess('support', 'users', 'message')).toBe(true);
    expect(canRoleAccess('support', 'notices', 'create')).toBe(false);
    expect(canRoleAccess('finance', 'users', 'message')).toBe(false);
    expect(canRoleAccess('finance', 'users', 'reset_password')).toBe(false);
    expect(canRoleAccess('finance', 'capital_logs', 'resolve')).toBe(true);
    expect(canRoleAccess('support', 'capital_logs', 'resolve')).toBe(false);
    expect(canRoleAccess('operator', 'staff', 'list')).toBe(false);
    expect(canRoleAccess('superadmin', 'audit_logs', 'list')).toBe(true);
    expect(canRoleAccess('support', 'dashboard', 'list')).toBe(false);
    expect(canRoleAccess('finance', 'dashboard', 'list')).toBe(true);
  });

  it('agrees with the matrix for every `<resource>.read` and `.write`', () => {
    for (const [perm, rule] of Object.entries(ROLE_MATRIX)) {
      const m = /^(\w+)\.(read|write)$/.exec(perm);
      if (m === null || rule === 'public') continue;
      const action = m[2] === 'read' ? 'list' : 'create';
      for (const role of ROLES) expect(canRoleAccess(role, m[1] as string, action), `${role} ${perm}`).toBe((rule as readonly string[]).includes(role));
    }
  });
});
