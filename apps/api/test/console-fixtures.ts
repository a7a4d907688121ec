import type { Type } from '@nestjs/common';
import type { InjectResponse as Response } from './factories/inject';
import { CONSOLE_PREFIX, PERMISSION_KEY } from '../src/console/permission';
import type { Role } from '../src/console/roles';
import { appRoutes, type Method } from './factories/routes';
import { createTestApp, uniqueName, type TestApp } from './factories/test-app';

/** Helpers of the console suites (issue 5). */

export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'console-superadmin-pw';
export const STAFF_PASSWORD = 'staff-password-123';

/** A whole server whose first superadmin is admin / ADMIN_PASSWORD. */
export function createConsoleApp(env: Record<string, string> = {}): Promise<TestApp> {
  return createTestApp({ ADMIN_USERNAME, ADMIN_PASSWORD, ...env });
}

export type { Method };

/** One console call with a bearer token (or none). */
export function consoleCall(t: TestApp, method: Method, path: string, token: string | null, body?: unknown): Promise<Response> {
  let req = t.http()[method](path);
  if (token !== null) req = req.set('Authorization', `Bearer ${token}`);
  req = req.set('X-Lang', 'en');
  return body === undefined ? req : req.send(body as object);
}

export async function staffLogin(t: TestApp, username: string, password: string, otp?: string): Promise<string> {
  const res = await consoleCall(t, 'post', '/admin-api/auth/login', null, { username, password, ...(otp !== undefined ? { otp } : {}) });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

export async function adminToken(t: TestApp): Promise<string> {
  return staffLogin(t, ADMIN_USERNAME, ADMIN_PASSWORD);
}

/** Creates a staff member of `role` through the console (as the superadmin) and signs it in. */
export async function staffOf(t: TestApp, role: Role, admin?: string): Promise<{ id: number; username: string; token: string }> {
  const su = admin ?? (await adminToken(t));
  const username = uniqueName(role.slice(0, 4));
  const res = await consoleCall(t, 'post', '/admin-api/staff', su, { username, password: STAFF_PASSWORD, role });
  if (res.status !== 201) throw new Error(`create staff: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.id as number, username, token: await staffLogin(t, username, STAFF_PASSWORD) };
}

/**
 * A second superadmin nobody on the console set up (as one made by the deployment, or by the first more than 24 hours
 * ago): it may approve changes the bootstrap superadmin asks for. Inserted directly (with the audit row the deployment's
 * own account gets), once per app.
 */
export async function independentSuperadmin(t: TestApp): Promise<string> {
  const username = 'second_superadmin';
  const { StaffEntity, TxRunner } = await import('@sum28/database');
  const { PasswordHasher } = await import('../src/auth/password-hasher');
  const found = await t.ds.getRepository(StaffEntity).findOneBy({ username });
  if (found === null) {
    const hash = await t.app.get(PasswordHasher).hash(STAFF_PASSWORD);
    const now = t.clock.now();
    const { AuditService } = await import('../src/audit/audit.service');
    // As the deployment makes an account: its audit row is by no one on the console (ledger check I10 wants one).
    await t.app.get(TxRunner).write(async (m) => {
      const res = await m.insert(StaffEntity, { username, password_hash: hash, role: 'superadmin', created_at: now, updated_at: now });
      await t.app.get(AuditService).record(m, null, { action: 'staff.bootstrap', targetType: 'staff', targetId: Number(res.identifiers[0]?.id) });
    });
  }
  return staffLogin(t, username, STAFF_PASSWORD);
}

/**
 * Sets a setting as the console's two people do: `token` (an operator or a superadmin) asks; a money control's change
 * (202, pending) is then approved by a superadmin who is not the requester and was not set up by it. Answers the last
 * response: the request's when it is refused or applies at once, else the approval's.
 */
export async function putSetting(t: TestApp, id: string, token: string, value: unknown): Promise<Response> {
  const put = await consoleCall(t, 'put', `/admin-api/settings/${id}`, token, { value });
  if (put.status !== 202) return put;
  const pending = put.body.pending as { change_id: number; requested_by: number };
  const me = await consoleCall(t, 'get', '/admin-api/auth/me', token);
  const approver = me.body.role === 'superadmin' ? await independentSuperadmin(t) : await adminToken(t);
  return consoleCall(t, 'post', `/admin-api/settings/${id}/approve`, approver, { change_id: pending.change_id });
}

/** A token per role (support, finance, operator; the superadmin is the bootstrap account). */
export async function roleTokens(t: TestApp): Promise<Record<Role, string>> {
  const superadmin = await adminToken(t);
  return {
    support: (await staffOf(t, 'support', superadmin)).token,
    finance: (await staffOf(t, 'finance', superadmin)).token,
    operator: (await staffOf(t, 'operator', superadmin)).token,
    superadmin,
  };
}

export async function auditRows(t: TestApp, action: string, targetId?: number | string): Promise<Record<string, unknown>[]> {
  const pg = t.ds.options.type === 'postgres';
  const params: unknown[] = [action];
  let sql = `SELECT * FROM audit_logs WHERE action = ${pg ? '$1' : '?'}`;
  if (targetId !== undefined) {
    params.push(String(targetId));
    sql += ` AND target_id = ${pg ? '$2' : '?'}`;
  }
  const rows = (await t.ds.query(`${sql} ORDER BY id`, params)) as Record<string, unknown>[];
  return rows.map((r) => ({ ...r, before: parse(r['before']), after: parse(r['after']) }));
}

function parse(v: unknown): unknown {
  return typeof v === 'string' ? (JSON.parse(v) as unknown) : v;
}

export interface ConsoleRoute {
  method: Method;
  /** Fastify's pattern, e.g. /admin-api/users/:id/freeze */
  path: string;
  permission: unknown;
  /** the DTO class of the body, when the handler takes one */
  bodyDto: Type | null;
  /** whether the handler declares a query DTO */
  hasQuery: boolean;
  /** the DTO class of the query, when the handler takes one */
  queryDto: Type | null;
}

/** Every /admin-api route Nest registered, from the controllers' metadata: method, path, permission, body DTO. */
export function consoleRoutes(t: TestApp): ConsoleRoute[] {
  return routesUnder(t, CONSOLE_PREFIX);
}

/** Every route Nest registered under a path prefix (e.g. `index.php` for the player API), from the controllers' metadata. */
export function routesUnder(t: TestApp, prefix: string): ConsoleRoute[] {
  return appRoutes(t)
    .filter((r) => r.path.startsWith(`/${prefix}`))
    .map((r) => ({
      method: r.method,
      path: r.path,
      permission: Reflect.getMetadata(PERMISSION_KEY, r.handler),
      bodyDto: r.bodyDto,
      hasQuery: r.queryDto !== null,
      queryDto: r.queryDto,
    }));
}

/**
 * A staff password reset carried through: `requester` asks; for a player without a security code (202, nothing
 * changed) `approver` approves it. Answers the response that carries the temporary password.
 */
export async function resetPlayerPassword(
  t: TestApp,
  userId: number,
  requester: string,
  approver: string,
  body: Record<string, unknown> = {},
): Promise<Awaited<ReturnType<typeof consoleCall>>> {
  const asked = await consoleCall(t, 'post', `/admin-api/users/${userId}/reset-password`, requester, body);
  if (asked.status !== 202) return asked;
  return consoleCall(t, 'post', `/admin-api/users/${userId}/reset-password/approve`, approver, {});
}
