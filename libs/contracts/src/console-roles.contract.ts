/**
 * The console's ONE role matrix (data only: the API's console guard enforces it, the console app reads it
 * to show each staff member only what their role may use). Every /admin-api route carries exactly one permission
 * (`@Allow(...)`); the console guard lets a signed-in staff member through only when the matrix lists
 * their role for it. A route without a permission is refused (fail closed), and a generated test walks
 * every registered route x every role against this table.
 */
export const ROLES = ['support', 'finance', 'operator', 'superadmin'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(x: unknown): x is Role {
  return typeof x === 'string' && (ROLES as readonly string[]).includes(x);
}

/** Routes anyone may call without a token (only signing in). */
export const PUBLIC = 'public' as const;

const ALL: readonly Role[] = ROLES;
const S: Role = 'superadmin';

export const ROLE_MATRIX = {
  // signing in and one's own account
  'auth.login': PUBLIC,
  'auth.me': ALL,
  'auth.logout': ALL,
  'auth.totp': ALL,

  // players
  'users.read': ALL,
  'users.update': ['operator', S],
  'users.reset_password': ['support', S],
  'users.freeze': ['support', 'operator', S],
  // one in-site message to one player (customer service: not notices.write, which edits public announcements)
  'users.message': ['support', 'operator', S],
  'users.gift': ['finance', S],

  // money
  'capital_logs.read': ['support', 'finance', S],
  'capital_logs.resolve': ['finance', S],
  'bets.read': ALL,

  // game
  'rounds.read': ALL,
  'rounds.void': ['operator', S],
  'games.read': ALL,
  'games.write': ['operator', S],
  'plans.read': ALL,
  'plans.write': ['operator', S],
  'odds.read': ALL,
  'odds.write': ['operator', S],

  // content and settings
  'banners.read': ['support', 'operator', S],
  'banners.write': ['operator', S],
  'articles.read': ['support', 'operator', S],
  'articles.write': ['operator', S],
  'notices.read': ['support', 'operator', S],
  'notices.write': ['operator', S],
  'settings.read': ['finance', 'operator', S],
  'settings.write': ['operator', S],
  // a money control's change applies when a second superadmin approves it
  'settings.approve': [S],

  // oversight
  'stats.read': ['finance', 'operator', S],
  'staff.read': [S],
  'staff.write': [S],
  'audit_logs.read': [S],
} as const satisfies Record<string, readonly Role[] | typeof PUBLIC>;

export type Permission = keyof typeof ROLE_MATRIX;

export const PERMISSIONS: readonly Permission[] = Object.keys(ROLE_MATRIX) as Permission[];

export function isPermission(x: unknown): x is Permission {
  return typeof x === 'string' && Object.prototype.hasOwnProperty.call(ROLE_MATRIX, x);
}

/** Whether a role (or no one signed in: null) may use a permission. */
export function isAllowed(permission: Permission, role: Role | null): boolean {
  const rule: readonly Role[] | typeof PUBLIC = ROLE_MATRIX[permission];
  if (rule === PUBLIC) return true;
  return role !== null && rule.includes(role);
}

/** Every permission a role holds (for the console's menus). */
export function permissionsOf(role: Role): Permission[] {
  return PERMISSIONS.filter((p) => isAllowed(p, role));
}
