import { Reflector } from '@nestjs/core';
import { CONSOLE_PREFIX } from '../src/console/permission';
import { isAllowed, isPermission, PERMISSIONS, PUBLIC, type Role, ROLE_MATRIX, ROLES } from '../src/console/roles';
import {
  consoleCall,
  consoleRoutes,
  type ConsoleRoute,
  createConsoleApp,
  type Method,
  roleTokens,
  staffLogin,
  STAFF_PASSWORD,
  staffOf,
} from './console-fixtures';
import type { TestApp } from './factories/test-app';

/** Every /admin-api route Fastify serves, read from its route tree (whatever registered it). */
function fastifyRoutes(t: TestApp): { method: Method; path: string }[] {
  const tree = (t.app.getHttpAdapter().getInstance() as { printRoutes: (o: object) => string }).printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const out: { method: Method; path: string }[] = [];
  for (const line of tree.split('\n')) {
    const at = line.search(/[├└]── /);
    if (at < 0) continue;
    const depth = at / 4;
    const m = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(at + 4));
    if (!m) continue;
    stack.length = depth;
    stack.push(m[1] ?? '');
    // Tree nodes are fragments of the path (`/admin` then `-api/...` once `/admin/` also serves the console app).
    const path = `/${stack.join('')}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
    if (!path.startsWith(`/${CONSOLE_PREFIX}`)) continue;
    for (const verb of (m[2] ?? '').split(', ')) {
      const method = verb.toLowerCase();
      if (method === 'get' || method === 'post' || method === 'put' || method === 'delete') out.push({ method, path });
    }
  }
  return out;
}

/** A concrete URL for a pattern: ids that exist nowhere, so allowed calls change nothing. */
function concrete(path: string): string {
  return path.startsWith(`/${CONSOLE_PREFIX}/settings/`) ? path.replace(':id', 'no_such_setting') : path.replace(':id', '987654');
}

describe('console role matrix (T21): every /admin-api route x every role, generated', () => {
  let t: TestApp;
  let tokens: Record<Role, string>;
  let routes: ConsoleRoute[];
  beforeAll(async () => {
    t = await createConsoleApp();
    tokens = await roleTokens(t);
    routes = consoleRoutes(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds the routes in Nest and in Fastify alike, and each carries a permission of ROLE_MATRIX', () => {
    const served = fastifyRoutes(t);
    const key = (r: { method: string; path: string }): string => `${r.method.toUpperCase()} ${r.path}`;
    expect(served.map(key).sort()).toEqual(routes.map(key).sort());
    const unmapped = routes.filter((r) => !isPermission(r.permission)).map(key);
    expect(unmapped).toEqual([]);
    const used = new Set(routes.map((r) => r.permission));
    expect(PERMISSIONS.filter((p) => !used.has(p))).toEqual([]);
    console.log(`role matrix: ${routes.length} /admin-api routes, ${PERMISSIONS.length} permissions, all routes mapped`);
  });

  it('answers exactly as the matrix says: 401 without a token, 403 for a role without the right, neither for a role with it', async () => {
    const mismatches: string[] = [];
    let cells = 0;
    for (const r of routes) {
      const permission = r.permission;
      if (!isPermission(permission)) {
        mismatches.push(`${r.method} ${r.path}: no permission`);
        continue;
      }
      const url = concrete(r.path);
      const body = r.method === 'post' || r.method === 'put' ? {} : undefined;
      // no token
      cells++;
      const anon = await consoleCall(t, r.method, url, null, body);
      const anonOk = ROLE_MATRIX[permission] === PUBLIC ? anon.status !== 401 && anon.status !== 403 : anon.status === 401;
      if (!anonOk) mismatches.push(`${r.method} ${url} without a token: ${anon.status}`);
      for (const role of ROLES) {
        cells++;
        // signing out spends the token: use a fresh one
        const token = permission === 'auth.logout' ? await staffLogin(t, (await staffOf(t, role)).username, STAFF_PASSWORD) : tokens[role];
        const res = await consoleCall(t, r.method, url, token, body);
        const expected = isAllowed(permission, role) ? 'allowed' : 'forbidden';
        const ok = expected === 'allowed' ? res.status !== 401 && res.status !== 403 : res.status === 403 && res.body.error === 'FORBIDDEN';
        if (!ok) mismatches.push(`${r.method} ${url} as ${role}: ${res.status} ${JSON.stringify(res.body).slice(0, 120)} (expected ${expected})`);
        expect(res.status).toBeLessThan(500);
      }
    }
    console.log(`role matrix: ${cells} cells tested (${routes.length} routes x (${ROLES.length} roles + no token)), mismatches = ${mismatches.length}`);
    expect(mismatches).toEqual([]);
  });

  it('refuses a route that carries no permission (fail closed), whoever calls', async () => {
    const { ConsoleGuard } = await import('../src/console/console.guard');
    const { StaffSessionService } = await import('../src/console/auth/staff-session.service');
    const guard = new ConsoleGuard(t.app.get(Reflector), t.app.get(StaffSessionService));
    const fakeHandler = (): void => undefined;
    const ctx = {
      getType: () => 'http',
      getHandler: () => fakeHandler,
      getClass: () => Object,
      switchToHttp: () => ({ getRequest: () => ({ url: '/admin-api/unmapped', headers: { authorization: `Bearer ${tokens.superadmin}` } }) }),
    };
    await expect(guard.canActivate(ctx as never)).rejects.toMatchObject({ key: 'FORBIDDEN' });
  });
});
