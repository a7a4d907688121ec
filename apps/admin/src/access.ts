import { isAllowed, isPermission, type Permission, type Role } from '@sum28/contracts';

/**
 * What the console shows follows the role matrix of libs/contracts (the API enforces the same table and answers 403
 * whatever the screen shows). A react-admin `canAccess({ action, resource })` maps to ONE permission:
 * - `list`, `show`, `export` -> `<resource>.read`; `create`, `edit`, `delete` -> `<resource>.write`;
 * - any other action names a permission of its own: `<resource>.<action>` (e.g. `users.reset_password`,
 *   `capital_logs.resolve`, `rounds.void`);
 * - RESOURCE_ACTIONS overrides where the API's permission is named differently (users are edited with `users.update`).
 * An action without a permission in the matrix is refused (fail closed, like the API's guard).
 */
const READ = new Set(['list', 'show', 'export']);
const WRITE = new Set(['create', 'edit', 'delete']);

/** Per-resource exceptions to the rule above: `resource -> action -> permission`. */
export const RESOURCE_ACTIONS: Readonly<Record<string, Readonly<Record<string, Permission>>>> = {
  users: { edit: 'users.update' },
  dashboard: { list: 'stats.read', show: 'stats.read' },
  'audit-logs': { list: 'audit_logs.read', show: 'audit_logs.read', export: 'audit_logs.read' },
  'capital-logs': { list: 'capital_logs.read', show: 'capital_logs.read', export: 'capital_logs.read', resolve: 'capital_logs.resolve' },
};

/** The permission an action on a resource needs, or null when the matrix has none (refused). */
export function permissionFor(resource: string, action: string): Permission | null {
  const override = RESOURCE_ACTIONS[resource]?.[action];
  if (override !== undefined) return override;
  const name = READ.has(action) ? `${resource}.read` : WRITE.has(action) ? `${resource}.write` : `${resource}.${action}`;
  return isPermission(name) ? name : null;
}

/** Whether a role may perform an action on a resource (null role: nobody signed in). */
export function canRoleAccess(role: Role | null, resource: string, action: string): boolean {
  const p = permissionFor(resource, action);
  return p !== null && isAllowed(p, role);
}
