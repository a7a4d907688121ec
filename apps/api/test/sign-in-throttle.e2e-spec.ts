import { SignInThrottleEntity } from '@sum28/database';
import { SIGN_IN_THROTTLE, signInThrottleKeys } from '@sum28/domain';
import type { InjectResponse as Response } from './factories/inject';
import { createTestApp, uniqueName, type TestApp } from './factories/test-app';

/** Issue 8 point 8 for players: throttle per (username, IP), per IP and per username (strangers only). */
describe('player sign-in throttle (TRUST_PROXY=true, one client IP per X-Forwarded-For)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
    // The refusals name the seconds left: a stopped clock makes them exact on a machine of any speed.
    t.clock.freeze();
  });
  afterAll(async () => {
    await t.close();
  });

  let ipCounter = 0;
  const freshIp = (): string => {
    ipCounter++;
    return `10.${Math.floor(ipCounter / 250) % 250}.${ipCounter % 250}.7`;
  };
  const login = (ip: string, account: string, password: string, device_token?: string): Promise<Response> =>
    t
      .http()
      .post('/index.php/api/user/login')
      .set('X-Forwarded-For', ip)
      .send({ account, password, lang: 'en', ...(device_token !== undefined ? { device_token } : {}) });
  /** Registers from `ip`, which makes it a known IP of the account. */
  const owner = async (ip: string): Promise<{ username: string; password: string }> => {
    const username = uniqueName('own');
    const res = await t
      .http()
      .post('/index.php/api/user/register')
      .set('X-Forwarded-For', ip)
      .send({ username, password: 'secret-pw-123', invite_code: '100001', adult: true });
    expect(res.body.code).toBe(1);
    return { username, password: 'secret-pw-123' };
  };
  const wire = (r: Response): unknown => ({ status: r.status, body: { ...r.body, time: 0 } });

  it('five wrong passwords from a stranger do not lock the owner out of the IP they use', async () => {
    const home = freshIp();
    const p = await owner(home);
    const stranger = freshIp();
    for (let i = 0; i < 5; i++) expect((await login(stranger, p.username, 'wrong-pass')).body.error).toBe('LOGIN_FAILED');
    const res = await login(home, p.username, p.password);
    expect(res.body.code).toBe(1);
  });

  it('refuses a (username, IP) pair after 5 failures with SIGN_IN_THROTTLED, even with the right password, for a window that doubles', async () => {
    const p = await owner(freshIp());
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await login(ip, p.username, 'wrong-pass')).body.error).toBe('LOGIN_FAILED');
    const refused = await login(ip, p.username, p.password);
    expect(refused.body).toMatchObject({ error: 'SIGN_IN_THROTTLED', params: { seconds: 60 } });
    expect(refused.body.msg).toBe('Too many failed sign-in attempts, please try again in 60 seconds');
    t.clock.advance(60_000);
    expect((await login(ip, p.username, 'wrong-pass')).body.error).toBe('LOGIN_FAILED');
    expect((await login(ip, p.username, p.password)).body).toMatchObject({ error: 'SIGN_IN_THROTTLED', params: { seconds: 120 } });
    t.clock.advance(120_000);
    expect((await login(ip, p.username, p.password)).body.code).toBe(1);
    // success clears the pair: five more tries before the next refusal
    for (let i = 0; i < 4; i++) expect((await login(ip, p.username, 'wrong-pass')).body.error).toBe('LOGIN_FAILED');
    expect((await login(ip, p.username, p.password)).body.code).toBe(1);
  });

  it('the per-username limit refuses strangers spread over many IPs, never an IP the owner signed in from', async () => {
    const home = freshIp();
    const p = await owner(home);
    for (let i = 0; i < SIGN_IN_THROTTLE.user.freeFailures; i++) expect((await login(freshIp(), p.username, 'wrong-pass')).body.error).toBe('LOGIN_FAILED');
    const newcomer = await login(freshIp(), p.username, p.password);
    expect(newcomer.body.error).toBe('SIGN_IN_THROTTLED');
    expect((await login(home, p.username, p.password)).body.code).toBe(1);
  });

  it('a phone the owner signed in with gets in from a new address while strangers hold the username refused; a made-up or borrowed token does not', async () => {
    const home = freshIp();
    const p = await owner(home);
    const phone = (await login(home, p.username, p.password)).body.data.userinfo.device_token as string;
    expect(phone).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (let i = 0; i < SIGN_IN_THROTTLE.user.freeFailures; i++) expect((await login(freshIp(), p.username, 'wrong-pass')).body.error).toBe('LOGIN_FAILED');
    expect((await login(freshIp(), p.username, p.password)).body.error).toBe('SIGN_IN_THROTTLED');
    expect((await login(freshIp(), p.username, p.password, 'A'.repeat(43))).body.error).toBe('SIGN_IN_THROTTLED');
    // another player's device token is a stranger's here
    const other = await owner(freshIp());
    const otherPhone = (await login(freshIp(), other.username, other.password)).body.data.userinfo.device_token as string;
    expect((await login(freshIp(), p.username, p.password, otherPhone)).body.error).toBe('SIGN_IN_THROTTLED');
    // on the train: a new address, the same phone
    const travelling = await login(freshIp(), p.username, p.password, phone);
    expect(travelling.body.code).toBe(1);
    expect(travelling.body.data.userinfo.device_token).toBe(phone);
  });

  it('register answers a device token, and a sign-up on a device makes it known to the new account', async () => {
    const device = (await login(freshIp(), (await owner(freshIp())).username, 'secret-pw-123')).body.data.userinfo.device_token as string;
    const username = uniqueName('dev');
    const reg = await t
      .http()
      .post('/index.php/api/user/register')
      .set('X-Forwarded-For', freshIp())
      .send({ username, password: 'secret-pw-123', invite_code: '100001', adult: true, device_token: device });
    expect(reg.body.data.userinfo.device_token).toBe(device);
    for (let i = 0; i < SIGN_IN_THROTTLE.user.freeFailures; i++) await login(freshIp(), username, 'wrong-pass');
    expect((await login(freshIp(), username, 'secret-pw-123')).body.error).toBe('SIGN_IN_THROTTLED');
    expect((await login(freshIp(), username, 'secret-pw-123', device)).body.code).toBe(1);
  });

  it('the per-IP limit caps failures over all usernames, but not for an account that signed in from that IP before', async () => {
    const ip = freshIp();
    const p = await owner(ip);
    for (let i = 0; i < SIGN_IN_THROTTLE.ip.freeFailures; i++) expect((await login(ip, uniqueName('ghost'), 'wrong-pass')).body.error).toBe('LOGIN_FAILED');
    const next = await login(ip, uniqueName('ghost'), 'wrong-pass');
    expect(next.body).toMatchObject({ error: 'SIGN_IN_THROTTLED', params: { seconds: SIGN_IN_THROTTLE.ip.baseBlockMs / 1000 } });
    expect((await login(ip, p.username, p.password)).body.code).toBe(1);
  });

  it('answers an unknown username byte for byte like a known one, with one argon2 verification per checked attempt', async () => {
    const p = await owner(freshIp());
    const ghost = uniqueName('ghost');
    // The CommonJS module object itself (the hasher's `import * as` reads through to it).
    const verify = jest.spyOn(jest.requireActual<typeof import('argon2')>('argon2'), 'verify');
    try {
      const known: unknown[] = [];
      const unknown: unknown[] = [];
      const knownCalls: number[] = [];
      const unknownCalls: number[] = [];
      const ipA = freshIp();
      const ipB = freshIp();
      // A stopped clock: both are told the same wait however long the machine takes between the two requests.
      t.clock.freeze();
      try {
        for (let i = 0; i < 7; i++) {
          verify.mockClear();
          known.push(wire(await login(ipA, p.username, 'wrong-pass')));
          knownCalls.push(verify.mock.calls.length);
          verify.mockClear();
          unknown.push(wire(await login(ipB, ghost, 'wrong-pass')));
          unknownCalls.push(verify.mock.calls.length);
        }
      } finally {
        t.clock.thaw();
      }
      expect(unknown).toEqual(known);
      expect(unknownCalls).toEqual(knownCalls);
      expect(knownCalls).toEqual([1, 1, 1, 1, 1, 0, 0]);
      expect((known[6] as { body: { error: string } }).body.error).toBe('SIGN_IN_THROTTLED');
    } finally {
      verify.mockRestore();
    }
  });

  it('counts every failure of concurrent attempts (no lost update of a counter)', async () => {
    const p = await owner(freshIp());
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 8 }, () => login(ip, p.username, 'wrong-pass')));
    const failed = answers.filter((r) => r.body.error === 'LOGIN_FAILED').length;
    const row = await t.ds.getRepository(SignInThrottleEntity).findOneByOrFail({ key: signInThrottleKeys('player', p.username, ip).pair });
    expect(row.failures).toBe(failed);
    expect(failed).toBeGreaterThanOrEqual(5);
  });
});
