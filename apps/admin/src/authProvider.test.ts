import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider, TotpRequiredError } from './authProvider';
import { initI18n } from './i18n/i18n';
import { readSession } from './session';

type Reply = { status: number; body: unknown };
const json = (r: Reply): Response => new Response(JSON.stringify(r.body), { status: r.status, headers: { 'Content-Type': 'application/json' } });

/** Answers the console API's auth routes as the real one does (shapes from apps/api/src/console/auth). */
function fakeApi(routes: Record<string, (body: Record<string, unknown>, headers: Headers) => Reply>): ReturnType<typeof vi.fn> {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const key = `${init?.method ?? 'GET'} ${url}`;
    const handler = routes[key];
    if (handler === undefined) return json({ status: 404, body: { message: `no route ${key}` } });
    return json(handler(JSON.parse((init?.body as string | undefined) ?? '{}') as Record<string, unknown>, new Headers(init?.headers)));
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

const ME = { id: 3, username: 'ann', role: 'support', totp_enabled: true, permissions: ['users.read'] };

describe('authProvider', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the code when the API answers TOTP_REQUIRED, then signs in with it', async () => {
    const seen: Record<string, unknown>[] = [];
    fakeApi({
      'POST /admin-api/auth/login': (b) => {
        seen.push(b);
        return b['otp'] === '123456'
          ? { status: 200, body: { token: 't1', device_token: 'dev-1', staff: ME } }
          : { status: 401, body: { message: 'Enter the code', error: 'TOTP_REQUIRED' } };
      },
      'GET /admin-api/auth/me': (_b, h) => (h.get('Authorization') === 'Bearer t1' ? { status: 200, body: ME } : { status: 401, body: { message: 'no' } }),
    });
    await expect(authProvider.login({ username: 'ann', password: 'pw' })).rejects.toBeInstanceOf(TotpRequiredError);
    expect(readSession()).toBeNull();
    await authProvider.login({ username: 'ann', password: 'pw', otp: '123456' });
    expect(seen).toEqual([
      { username: 'ann', password: 'pw' },
      { username: 'ann', password: 'pw', otp: '123456' },
    ]);
    expect(readSession()).toMatchObject({ token: 't1', role: 'support', username: 'ann' });
    await expect(authProvider.getIdentity?.()).resolves.toMatchObject({ id: 3, fullName: 'ann' });
    await expect(authProvider.getPermissions?.({})).resolves.toBe('support');
  });

  it('keeps the device token the API answers, across sign-out, and sends it with the next sign-in', async () => {
    const seen: Record<string, unknown>[] = [];
    fakeApi({
      'POST /admin-api/auth/login': (b) => {
        seen.push(b);
        return { status: 200, body: { token: `t${seen.length}`, device_token: 'dev-1', staff: ME } };
      },
      'GET /admin-api/auth/me': () => ({ status: 200, body: ME }),
      'POST /admin-api/auth/logout': () => ({ status: 200, body: {} }),
    });
    await authProvider.login({ username: 'ann', password: 'pw' });
    await authProvider.logout({});
    await authProvider.login({ username: 'ann', password: 'pw' });
    expect(seen).toEqual([
      { username: 'ann', password: 'pw' },
      { username: 'ann', password: 'pw', device_token: 'dev-1' },
    ]);
  });

  it('shows the API message for a wrong password or a lockout (not a TOTP step)', async () => {
    fakeApi({
      'POST /admin-api/auth/login': () => ({ status: 429, body: { message: 'Too many attempts: try again in 15 minutes', error: 'SIGN_IN_THROTTLED' } }),
    });
    const err = await authProvider.login({ username: 'ann', password: 'x' }).catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(TotpRequiredError);
    expect((err as Error).message).toBe('Too many attempts: try again in 15 minutes');
  });

  it('a 401 ends the session (back to login); a 403 keeps it', async () => {
    localStorage.setItem('sum28.console.session', JSON.stringify({ token: 't', id: 1, username: 'a', role: 'finance', totp_enabled: false, permissions: [] }));
    await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
    expect(readSession()).not.toBeNull();
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    await expect(authProvider.checkError({ status: 401 })).rejects.toThrow('ra.notification.logged_out');
    fakeApi({}); // the revoke answers 404 here: logging out still forgets the session
    await authProvider.logout({});
    expect(readSession()).toBeNull();
    await expect(authProvider.checkAuth({})).rejects.toEqual({ message: false });
  });

  it('canAccess follows the stored role; nobody signed in gets nothing', async () => {
    await expect(authProvider.canAccess?.({ action: 'list', resource: 'users' })).resolves.toBe(false);
    localStorage.setItem('sum28.console.session', JSON.stringify({ token: 't', id: 1, username: 'a', role: 'finance', totp_enabled: false, permissions: [] }));
    await expect(authProvider.canAccess?.({ action: 'resolve', resource: 'capital_logs' })).resolves.toBe(true);
    await expect(authProvider.canAccess?.({ action: 'reset_password', resource: 'users' })).resolves.toBe(false);
  });

  it('logout forgets the session and revokes the token', async () => {
    localStorage.setItem(
      'sum28.console.session',
      JSON.stringify({ token: 'tok', id: 1, username: 'a', role: 'finance', totp_enabled: false, permissions: [] }),
    );
    const calls: string[] = [];
    fakeApi({
      'POST /admin-api/auth/logout': (_b, h) => {
        calls.push(h.get('Authorization') ?? '');
        return { status: 200, body: { id: 1 } };
      },
    });
    await authProvider.logout({});
    expect(calls).toEqual(['Bearer tok']);
    expect(readSession()).toBeNull();
  });
});
