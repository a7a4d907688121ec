import { consoleCall, createConsoleApp, roleTokens } from './console-fixtures';
import type { TestApp } from './factories/test-app';
import type { Role } from '../src/console/roles';

/**
 * The read routes a controller gets from `@ReadRoutes` (console/common/crud.controller.ts) are added next to
 * its own actions: a static path (`export.csv`, `verify`, `schedule`) still reaches its handler, not `:id`
 * (Fastify matches static segments before parameters, whatever order the routes were registered in), and the
 * operation ids stay `<Controller>_<method>`.
 */
describe('console: read routes beside a controller’s own actions', () => {
  let t: TestApp;
  let tok: Record<Role, string>;
  beforeAll(async () => {
    t = await createConsoleApp();
    tok = await roleTokens(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers static paths from their own handlers, not from `:id`', async () => {
    const verify = await consoleCall(t, 'get', '/admin-api/audit-logs/verify', tok.superadmin);
    expect(verify.status).toBe(200);
    expect(verify.body).toHaveProperty('ok');
    const schedule = await consoleCall(t, 'get', '/admin-api/settings/schedule', tok.superadmin);
    expect(schedule.status).toBe(200);
    expect(schedule.body).toHaveProperty('round_seconds');
    for (const resource of ['rounds', 'users', 'staff', 'settings', 'capital-logs', 'audit-logs', 'bets', 'games']) {
      const csv = await consoleCall(t, 'get', `/admin-api/${resource}/export.csv`, tok.superadmin);
      expect([resource, csv.status, String(csv.headers['content-type'])]).toEqual([resource, 200, 'text/csv; charset=utf-8']);
      const list = await consoleCall(t, 'get', `/admin-api/${resource}`, tok.superadmin);
      expect([resource, list.status, String(list.headers['content-range']).startsWith(`${resource} `)]).toEqual([resource, 200, true]);
    }
  });

  it('reads `:id` as before: a positive integer, or a setting key through its pipe', async () => {
    const bad = await consoleCall(t, 'get', '/admin-api/rounds/1e3', tok.superadmin);
    expect([bad.status, bad.body.error]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await consoleCall(t, 'get', '/admin-api/staff/1', tok.superadmin)).body).toMatchObject({ id: 1 });
    const key = await consoleCall(t, 'get', '/admin-api/settings/Not-A-Key', tok.superadmin);
    expect([key.status, key.body.error]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await consoleCall(t, 'get', '/admin-api/settings/no_such_setting', tok.superadmin)).status).toBe(404);
  });

  it("refuses a path the router cannot read (bad percent-encoding, an over-long `:id`) in the console's error shape, not Fastify's (found by T19)", async () => {
    for (const path of ['/admin-api/games/%ff%fe', `/admin-api/games/${'9'.repeat(300)}`, `/admin-api/users/${'9'.repeat(201)}/freeze`]) {
      const res = await consoleCall(t, path.endsWith('freeze') ? 'post' : 'get', path, tok.superadmin, path.endsWith('freeze') ? {} : undefined);
      expect([path.slice(0, 30), res.status, res.body.error, typeof res.body.message]).toEqual([path.slice(0, 30), 400, 'VALIDATION_FAILED', 'string']);
    }
  });

  it('refuses an `:id` past the 32-bit id columns as VALIDATION_FAILED (PostgreSQL answered 500: integer out of range; found by T19)', async () => {
    for (const [method, path] of [
      ['get', '/admin-api/games/2147483648'],
      ['get', '/admin-api/users/9999999999'],
      ['put', '/admin-api/odds/2147483648'],
      ['post', '/admin-api/capital-logs/2147483648/approve'],
    ] as const) {
      const res = await consoleCall(t, method, path, tok.superadmin, method === 'get' ? undefined : {});
      expect([path, res.status, res.body.error]).toEqual([path, 400, 'VALIDATION_FAILED']);
    }
    expect((await consoleCall(t, 'get', '/admin-api/games/2147483647', tok.superadmin)).status).toBe(404);
  });

  it('keeps the operation ids of the hand-written controllers', async () => {
    const spec = (await t.http().get('/docs/openapi.json')).body as { paths: Record<string, Record<string, { operationId: string }>> };
    const ids = new Set(Object.values(spec.paths).flatMap((p) => Object.values(p).map((o) => o.operationId)));
    for (const c of ['Rounds', 'Staff', 'Settings', 'Users', 'AuditLogs', 'CapitalLogs', 'Bets'])
      for (const m of ['list', 'csv', 'get']) expect(ids).toContain(`${c}Controller_${m}`);
    for (const id of [
      'RoundsController_void',
      'AuditLogsController_verify',
      'SettingsController_schedule',
      'UsersController_freeze',
      'CapitalLogsController_approve',
    ])
      expect(ids).toContain(id);
  });
});
