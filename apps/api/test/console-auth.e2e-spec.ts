import { StaffEntity, StaffSessionEntity } from '@sum28/database';
import { SIGN_IN_THROTTLE } from '@sum28/domain';
import type { InjectResponse as Response } from './factories/inject';
import { AuditService } from '../src/audit/audit.service';
import { base32Decode, totpAt } from '../src/console/auth/totp';
import { ADMIN_PASSWORD, ADMIN_USERNAME, auditRows, consoleCall, createConsoleApp, STAFF_PASSWORD, staffLogin, staffOf } from './console-fixtures';
import { createTestApp, type TestApp } from './factories/test-app';

describe('console staff sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createConsoleApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates the first superadmin at boot from ADMIN_USERNAME / ADMIN_PASSWORD, once, with an audit row', async () => {
    const staff = await t.ds.getRepository(StaffEntity).find();
    expect(staff).toHaveLength(1);
    expect(staff[0]).toMatchObject({ username: ADMIN_USERNAME, role: 'superadmin', enabled: true });
    expect(staff[0]?.password_hash).toMatch(/^\$argon2id\$/);
    const { StaffAuthService } = await import('../src/console/auth/staff-auth.service');
    expect(await t.app.get(StaffAuthService).ensureFirstSuperadmin()).toBe(false);
    expect(await t.ds.getRepository(StaffEntity).count()).toBe(1);
    expect(await auditRows(t, 'staff.bootstrap')).toHaveLength(1);
  });

  it('signs in, answers me with the permissions, and logs out (the token stops working)', async () => {
    const login = await consoleCall(t, 'post', '/admin-api/auth/login', null, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ token: expect.any(String), device_token: expect.any(String), staff: { id: 1, username: ADMIN_USERNAME, role: 'superadmin' } });
    const token = login.body.token as string;
    const stored = await t.ds.getRepository(StaffSessionEntity).find();
    expect(stored.some((s) => s.token_hash === token)).toBe(false);
    expect(stored.some((s) => s.device_hash === login.body.device_token)).toBe(false); // only hashes are kept
    const me = await consoleCall(t, 'get', '/admin-api/auth/me', token);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: 1, username: ADMIN_USERNAME, role: 'superadmin', totp_enabled: false });
    expect(me.body.permissions).toContain('staff.write');
    expect((await consoleCall(t, 'post', '/admin-api/auth/logout', token, {})).status).toBe(200);
    const after = await consoleCall(t, 'get', '/admin-api/auth/me', token);
    expect(after.status).toBe(401);
    expect(after.body.error).toBe('SESSION_REPLACED');
  });

  it('answers 401 without a token, with a malformed one and with an unknown one', async () => {
    for (const header of [undefined, 'Bearer', 'Bearer short', `Bearer ${'x'.repeat(43)}`, 'Basic abc']) {
      let req = t.http().get('/admin-api/auth/me');
      if (header) req = req.set('Authorization', header);
      const res = await req;
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ error: 'SESSION_INVALID', errors: {} });
    }
  });

  it('refuses a (username, IP) pair after 5 failures with 429 SIGN_IN_THROTTLED, even with the right password, until the window passes', async () => {
    const s = await staffOf(t, 'support');
    for (let i = 0; i < 5; i++) {
      const res = await consoleCall(t, 'post', '/admin-api/auth/login', null, { username: s.username, password: 'wrong-password-x' });
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('STAFF_LOGIN_FAILED');
    }
    const refused = await consoleCall(t, 'post', '/admin-api/auth/login', null, { username: s.username, password: STAFF_PASSWORD });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('SIGN_IN_THROTTLED');
    // Each failure is in the audit log (by the system, with the name tried and why); the refused sixth try is not.
    const failures = await auditRows(t, 'auth.login_failed', s.id);
    expect(failures).toHaveLength(5);
    expect(failures[0]).toMatchObject({ staff_username: 'system', reason: 'wrong password' });
    expect(JSON.stringify(failures)).toContain(s.username);
    expect(JSON.stringify(failures)).not.toContain('wrong-password-x');
    await consoleCall(t, 'post', '/admin-api/auth/login', null, { username: 'nobody_here', password: 'wrong-password-x' });
    expect((await auditRows(t, 'auth.login_failed', '')).some((r) => JSON.stringify(r).includes('nobody_here'))).toBe(true);
    t.clock.advance(60_000);
    expect(await staffLogin(t, s.username, STAFF_PASSWORD)).toEqual(expect.any(String));
  });

  it('enrols TOTP (setup, enable with a code) and then requires a fresh code at sign-in, each code once', async () => {
    const s = await staffOf(t, 'finance');
    const setup = await consoleCall(t, 'post', '/admin-api/auth/totp/setup', s.token, {});
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauth_url).toContain(`secret=${setup.body.secret}`);
    const key = base32Decode(setup.body.secret as string) as Buffer;
    const wrong = await consoleCall(t, 'post', '/admin-api/auth/totp/enable', s.token, { otp: totpAt(key, t.clock.now() + 10 * 60_000) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toHaveProperty('otp');
    // Another session opened with the password alone (whoever else may know it) ends when TOTP goes on; this one stays.
    const other = await staffLogin(t, s.username, STAFF_PASSWORD);
    expect((await consoleCall(t, 'get', '/admin-api/auth/me', other)).status).toBe(200);
    const enable = await consoleCall(t, 'post', '/admin-api/auth/totp/enable', s.token, { otp: totpAt(key, t.clock.now()) });
    expect(enable.status).toBe(200);
    expect(enable.body.totp_enabled).toBe(true);
    expect((await consoleCall(t, 'get', '/admin-api/auth/me', other)).status).toBe(401);
    expect((await consoleCall(t, 'get', '/admin-api/auth/me', s.token)).status).toBe(200);
    expect((await consoleCall(t, 'post', '/admin-api/auth/totp/setup', s.token, {})).status).toBe(409);

    const noCode = await consoleCall(t, 'post', '/admin-api/auth/login', null, { username: s.username, password: STAFF_PASSWORD });
    expect(noCode.status).toBe(401);
    expect(noCode.body.error).toBe('TOTP_REQUIRED');
    // the code used to enable is spent; the next step's code works once
    t.clock.advance(30_000);
    const code = totpAt(key, t.clock.now());
    expect(await staffLogin(t, s.username, STAFF_PASSWORD, code)).toEqual(expect.any(String));
    const replay = await consoleCall(t, 'post', '/admin-api/auth/login', null, { username: s.username, password: STAFF_PASSWORD, otp: code });
    expect(replay.status).toBe(401);
    expect(replay.body.error).toBe('TOTP_INVALID');

    // no secret in the audit log
    for (const action of ['auth.totp_setup', 'auth.totp_enable']) {
      const rows = await auditRows(t, action, s.id);
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(setup.body.secret);
    }
  });

  it('keeps the audit chain intact through all of it', async () => {
    const r = await t.app.get(AuditService).verify();
    expect(r).toMatchObject({ ok: true, brokenAt: null });
    expect(r.message).toMatch(/^chain intact \(\d+ rows\)$/);
  });
});

describe('console sign-in throttle (TRUST_PROXY=true, one client IP per X-Forwarded-For)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createConsoleApp({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (ip: string, body: { username: string; password: string; device_token?: string }): Promise<Response> =>
    t.http().post('/admin-api/auth/login').set('X-Forwarded-For', ip).set('X-Lang', 'en').send(body);
  const wire = (r: Response): unknown => ({ status: r.status, body: r.body as unknown });

  it('strangers failing from many IPs never lock the superadmin out of the console from an IP it signed in from', async () => {
    const office = '10.9.0.1';
    expect((await login(office, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD })).status).toBe(200);
    // one IP past its own pair and IP limits, then more strangers past the per-username limit
    for (let i = 0; i < SIGN_IN_THROTTLE.ip.freeFailures + 2; i++) await login('10.9.1.1', { username: ADMIN_USERNAME, password: `guess-${i}-xxxxx` });
    for (let i = 0; i < SIGN_IN_THROTTLE.user.freeFailures; i++) await login(`10.9.2.${i + 1}`, { username: ADMIN_USERNAME, password: 'guess-xxxxxxx' });
    expect((await login('10.9.3.1', { username: ADMIN_USERNAME, password: ADMIN_PASSWORD })).body.error).toBe('SIGN_IN_THROTTLED');
    const res = await login(office, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.staff).toMatchObject({ username: ADMIN_USERNAME, role: 'superadmin' });
  });

  it('a device the superadmin signed in from gets in from a new address while strangers hold the username refused; a made-up token does not', async () => {
    // The previous case left the username's counter past its allowance.
    const laptop = (await login('10.9.0.1', { username: ADMIN_USERNAME, password: ADMIN_PASSWORD })).body.device_token as string;
    expect(laptop).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await login('10.9.4.1', { username: ADMIN_USERNAME, password: ADMIN_PASSWORD })).body.error).toBe('SIGN_IN_THROTTLED');
    const madeUp = await login('10.9.4.2', { username: ADMIN_USERNAME, password: ADMIN_PASSWORD, device_token: 'A'.repeat(43) });
    expect(madeUp.body.error).toBe('SIGN_IN_THROTTLED');
    const travelling = await login('10.9.4.3', { username: ADMIN_USERNAME, password: ADMIN_PASSWORD, device_token: laptop });
    expect(travelling.status).toBe(200);
    expect(travelling.body.device_token).toBe(laptop); // one device stays one device
    // the token belongs to the sessions of this account: another account's device token is a stranger's
    const other = await staffOf(t, 'support', travelling.body.token as string);
    const otherDevice = (await login('10.9.5.1', { username: other.username, password: STAFF_PASSWORD })).body.device_token as string;
    expect((await login('10.9.4.4', { username: ADMIN_USERNAME, password: ADMIN_PASSWORD, device_token: otherDevice })).body.error).toBe('SIGN_IN_THROTTLED');
    // a wrong password from the known device still counts on its (username, IP) pair
    for (let i = 0; i < SIGN_IN_THROTTLE.pair.freeFailures; i++) {
      expect((await login('10.9.4.5', { username: ADMIN_USERNAME, password: 'guess-xxxxxxx', device_token: laptop })).body.error).toBe('STAFF_LOGIN_FAILED');
    }
    expect((await login('10.9.4.5', { username: ADMIN_USERNAME, password: ADMIN_PASSWORD, device_token: laptop })).body.error).toBe('SIGN_IN_THROTTLED');
  });

  it('answers an unknown staff username exactly like a known one, before and after the pair limit', async () => {
    const admin = await login('10.9.0.1', { username: ADMIN_USERNAME, password: ADMIN_PASSWORD });
    const s = await staffOf(t, 'operator', admin.body.token as string);
    const known: unknown[] = [];
    const unknown: unknown[] = [];
    // A stopped clock: both are told the same wait however long the machine takes between the two requests.
    t.clock.freeze();
    try {
      for (let i = 0; i < 7; i++) {
        known.push(wire(await login('10.8.0.1', { username: s.username, password: 'wrong-password-x' })));
        unknown.push(wire(await login('10.8.0.2', { username: 'nobody_staff', password: 'wrong-password-x' })));
      }
    } finally {
      t.clock.thaw();
    }
    expect(unknown).toEqual(known);
    expect(known.map((k) => (k as { status: number }).status)).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });
});

describe('console first superadmin without ADMIN_PASSWORD', () => {
  it('creates it with a generated password (printed once), so the table is never empty', async () => {
    const t = await createTestApp();
    try {
      const staff = await t.ds.getRepository(StaffEntity).find();
      expect(staff.map((s) => [s.username, s.role])).toEqual([['admin', 'superadmin']]);
      const res = await consoleCall(t, 'post', '/admin-api/auth/login', null, { username: 'admin', password: ADMIN_PASSWORD });
      expect(res.status).toBe(401);
    } finally {
      await t.close();
    }
  });
});
