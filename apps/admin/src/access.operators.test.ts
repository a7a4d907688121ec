import { ROLES, type Role } from '@sum28/contracts';
import { describe, expect, it } from 'vitest';
import { canRoleAccess } from './access';

/** The menus and buttons of the operator, superadmin and dashboard screens, role by role (issue 12 points 4-6). */
const MENU: Record<Role, string[]> = {
  support: ['users', 'rounds', 'bets', 'games', 'plans', 'odds', 'banners', 'articles', 'notices'],
  finance: ['users', 'rounds', 'bets', 'games', 'plans', 'odds', 'settings', 'dashboard'],
  operator: ['users', 'rounds', 'bets', 'games', 'plans', 'odds', 'banners', 'articles', 'notices', 'settings', 'dashboard'],
  superadmin: ['users', 'rounds', 'bets', 'games', 'plans', 'odds', 'banners', 'articles', 'notices', 'settings', 'dashboard', 'staff', 'audit-logs'],
};
const MINE = ['games', 'plans', 'odds', 'rounds', 'bets', 'banners', 'articles', 'notices', 'settings', 'staff', 'audit-logs', 'dashboard'];

describe('access to the operator, superadmin and dashboard screens', () => {
  it.each(ROLES)('%s sees exactly its menu entries', (role) => {
    const seen = MINE.filter((r) => canRoleAccess(role, r, 'list'));
    expect(seen.sort()).toEqual(MENU[role].filter((r) => MINE.includes(r)).sort());
  });

  it('the audit log is read and exported by the superadmin only, never edited', () => {
    for (const role of ROLES) {
      expect(canRoleAccess(role, 'audit-logs', 'list')).toBe(role === 'superadmin');
      expect(canRoleAccess(role, 'audit-logs', 'export')).toBe(role === 'superadmin');
      expect(canRoleAccess(role, 'audit-logs', 'edit')).toBe(false);
      expect(canRoleAccess(role, 'audit-logs', 'delete')).toBe(false);
    }
  });

  it('odds, rounds and content are changed by operators and the superadmin only', () => {
    for (const role of ROLES) {
      const ops = role === 'operator' || role === 'superadmin';
      expect(canRoleAccess(role, 'odds', 'edit'), role).toBe(ops);
      expect(canRoleAccess(role, 'rounds', 'void'), role).toBe(ops);
      expect(canRoleAccess(role, 'settings', 'edit'), role).toBe(ops);
      expect(canRoleAccess(role, 'articles', 'create'), role).toBe(ops);
      expect(canRoleAccess(role, 'staff', 'edit'), role).toBe(role === 'superadmin');
    }
  });

  it('no screen sets a round result or deletes odds', () => {
    for (const role of ROLES) {
      expect(canRoleAccess(role, 'rounds', 'edit')).toBe(false);
      expect(canRoleAccess(role, 'rounds', 'create')).toBe(false);
      expect(canRoleAccess(role, 'bets', 'edit')).toBe(false);
    }
  });
});
