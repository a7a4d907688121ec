import type { PowChallenge } from '@sum28/contracts';
import { CaptchaEntity, UserEntity, UserSessionEntity } from '@sum28/database';
import { solveChallenge } from 'altcha-lib';
import { createTestApp, registerPlayer, uniqueName, type TestApp } from './factories/test-app';

describe('player accounts (register, login, session)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('registers a newcomer with invite code 100001 and logs in with the token', async () => {
    const username = uniqueName('alice');
    const reg = await t
      .http()
      .post('/index.php/api/user/register')
      .send({ username, password: 'secret-pw-123', invite_code: '100001', adult: true, lang: 'en' });
    expect(reg.status).toBe(200);
    expect(reg.body).toMatchObject({ code: 1, data: { userinfo: { username, group_id: 1, money: 0, lock_money: 0 } } });
    expect(typeof reg.body.time).toBe('number');
    const user = await t.ds.getRepository(UserEntity).findOneByOrFail({ username });
    expect(user.inviter_id).toBe(1);
    expect(user.adult_consent_at).toBeGreaterThan(0);

    const login = await t.http().post('/index.php/api/user/login').type('form').send({ account: username, password: 'secret-pw-123', lang: 'en' });
    expect(login.body.code).toBe(1);
    expect(login.body.msg).toMatch(/./);
    const token = login.body.data.userinfo.token as string;
    const me = await t.http().post('/index.php/api/user/userInfo').set('token', token).send({});
    expect(me.body).toMatchObject({ code: 1, data: { username, user_id: user.id } });
  });

  it('accepts the spec form of the invite: inviter_id = code - 100000, and a visitor group', async () => {
    const res = await t
      .http()
      .post('/index.php/api/user/register')
      .send({ username: uniqueName('vis'), password: 'secret-pw-123', inviter_id: 1, group_id: 2, adult: true });
    expect(res.body).toMatchObject({ code: 1, data: { userinfo: { group_id: 2 } } });
  });

  it.each([
    ['group 3 from the outside', { group_id: 3 }, 'VALIDATION_FAILED'],
    ['no 18+ consent', { adult: false }, 'AGE_CONSENT_REQUIRED'],
    ['an unknown invite code', { invite_code: '199999' }, 'INVITE_CODE_INVALID'],
    ['an invite code at or below the offset', { invite_code: '100000' }, 'INVITE_CODE_INVALID'],
    ['a short password', { password: '123' }, 'PASSWORD_INVALID'],
    ['a username with spaces', { username: 'has space' }, 'USERNAME_INVALID'],
  ])('refuses registration with %s', async (_name, patch, error) => {
    const before = await t.ds.getRepository(UserEntity).count();
    const res = await t
      .http()
      .post('/index.php/api/user/register')
      .send({ username: uniqueName('bad'), password: 'secret-pw-123', invite_code: '100001', adult: true, ...patch });
    expect(res.status).toBe(200);
    expect(res.body.code).not.toBe(1);
    expect(res.body.error).toBe(error);
    expect(await t.ds.getRepository(UserEntity).count()).toBe(before);
  });

  it('refuses a taken username', async () => {
    const p = await registerPlayer(t);
    const res = await t
      .http()
      .post('/index.php/api/user/register')
      .send({ username: p.username, password: 'secret-pw-123', invite_code: '100001', adult: true });
    expect(res.body.error).toBe('USERNAME_TAKEN');
  });

  it('answers 50008 without a token or with an unknown one, 50012 after logout, 50014 after expiry', async () => {
    expect((await t.http().post('/index.php/api/user/userInfo').send({})).body.code).toBe(50008);
    expect((await t.http().post('/index.php/api/user/userInfo').set('token', 'x'.repeat(43)).send({})).body.code).toBe(50008);
    const p = await registerPlayer(t);
    expect((await t.http().post('/index.php/api/user/logout').set('token', p.token).send({})).body.code).toBe(1);
    expect((await t.http().post('/index.php/api/user/userInfo').set('token', p.token).send({})).body.code).toBe(50012);
    const q = await registerPlayer(t);
    t.clock.advance(t.cfg.sessionTtlMs + 1000);
    try {
      expect((await t.http().post('/index.php/api/user/userInfo').set('token', q.token).send({})).body.code).toBe(50014);
    } finally {
      t.clock.advance(-(t.cfg.sessionTtlMs + 1000));
    }
  });

  it('stores the password and the session token only as hashes', async () => {
    const p = await registerPlayer(t, uniqueName('hash'), 'Plain-Secret-42');
    const user = await t.ds.getRepository(UserEntity).findOneByOrFail({ id: p.userId });
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    const dump = JSON.stringify(await t.ds.query('SELECT * FROM users')) + JSON.stringify(await t.ds.query('SELECT * FROM user_sessions'));
    expect(dump).not.toContain('Plain-Secret-42');
    expect(dump).not.toContain(p.token);
    expect(await t.ds.getRepository(UserSessionEntity).countBy({ user_id: p.userId })).toBe(1);
  });

  it('refuses a (username, IP) pair after 5 wrong passwords, with a translated message naming the wait', async () => {
    const p = await registerPlayer(t);
    // A stopped clock: the wait named is 60 s whatever the time the requests take (58 s on a loaded machine).
    t.clock.freeze();
    try {
      for (let i = 0; i < 5; i++) {
        const r = await t.http().post('/index.php/api/user/login').send({ account: p.username, password: 'wrong-pass', lang: 'en' });
        expect(r.body.error).toBe('LOGIN_FAILED');
      }
      const refused = await t.http().post('/index.php/api/user/login').send({ account: p.username, password: p.password, lang: 'en' });
      expect(refused.body.error).toBe('SIGN_IN_THROTTLED');
      expect(refused.body.msg).toMatch(/60/);
      const tw = await t.http().post('/index.php/api/user/login').send({ account: p.username, password: p.password });
      expect(tw.body.msg).not.toBe(refused.body.msg);
    } finally {
      t.clock.thaw();
    }
  });

  it('gives the same answer for an unknown user and a wrong password', async () => {
    const a = await t.http().post('/index.php/api/user/login').send({ account: 'nobody_here', password: 'whatever1' });
    const p = await registerPlayer(t);
    const b = await t.http().post('/index.php/api/user/login').send({ account: p.username, password: 'whatever1' });
    expect(a.body.error).toBe('LOGIN_FAILED');
    expect(b.body.error).toBe('LOGIN_FAILED');
    expect(a.body.msg).toBe(b.body.msg);
  });
});

describe('captcha (CAPTCHA_MODE=required)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // a small proof of work: altcha-lib's solver on WebCrypto is slow on a shared test machine
    t = await createTestApp({ CAPTCHA_MODE: 'required', POW_MAX_NUMBER: '2000' });
  });
  afterAll(async () => {
    await t.close();
  });

  const answerOf = async (id: string): Promise<string> => (await t.ds.getRepository(CaptchaEntity).findOneByOrFail({ id })).answer;
  /** What the login and register screens do silently: altcha-lib's solver on the captcha's `pow`. */
  const solvePow = async (pow: PowChallenge): Promise<string> => {
    const solution = await solveChallenge(pow.challenge, pow.salt, pow.algorithm, pow.maxnumber).promise;
    if (solution === null) throw new Error('no solution');
    const payload = { algorithm: pow.algorithm, challenge: pow.challenge, number: solution.number, salt: pow.salt, signature: pow.signature };
    return Buffer.from(JSON.stringify(payload)).toString('base64');
  };

  it('issues a PNG challenge from the restricted alphabet and checks it case-insensitively, once', async () => {
    const p = await registerPlayerWithCaptcha();
    const c = await t.http().get('/index.php/api/user/captcha');
    expect(c.body.data.image).toMatch(/^data:image\/png;base64,/);
    const answer = await answerOf(c.body.data.captcha_id);
    expect(answer).toMatch(/^[A-HJ-NP-Y3479]{4}$/);
    const pow = await solvePow(c.body.data.pow);
    const ok = await t
      .http()
      .post('/index.php/api/user/login')
      .send({ account: p.username, password: p.password, captcha_id: c.body.data.captcha_id, captcha: answer.toLowerCase(), pow });
    expect(ok.body.code).toBe(1);
    const replay = await t
      .http()
      .post('/index.php/api/user/login')
      .send({ account: p.username, password: p.password, captcha_id: c.body.data.captcha_id, captcha: answer, pow });
    expect(replay.body.error).toBe('CAPTCHA_INVALID');
  });

  it('draws the larger picture on request (size=large: 300 x 100 pixels, normal 150 x 50) and refuses other sizes', async () => {
    const pixels = async (query: string): Promise<[number, number]> => {
      const c = await t.http().get(`/index.php/api/user/captcha${query}`);
      const png = Buffer.from((c.body.data.image as string).replace(/^data:image\/png;base64,/, ''), 'base64');
      return [png.readUInt32BE(16), png.readUInt32BE(20)]; // IHDR width and height
    };
    expect(await pixels('')).toEqual([150, 50]);
    expect(await pixels('?size=normal')).toEqual([150, 50]);
    expect(await pixels('?size=large')).toEqual([300, 100]);
    expect((await t.http().get('/index.php/api/user/captcha?size=huge')).body.error).toBe('VALIDATION_FAILED');
  });

  it('refuses a missing, wrong or forged captcha', async () => {
    expect((await t.http().post('/index.php/api/user/login').send({ account: 'someone', password: 'secret-pw-123' })).body.error).toBe('CAPTCHA_REQUIRED');
    const c = await t.http().get('/index.php/api/user/captcha');
    const pow = await solvePow(c.body.data.pow);
    expect(
      (
        await t
          .http()
          .post('/index.php/api/user/login')
          .send({ account: 'someone', password: 'secret-pw-123', captcha_id: c.body.data.captcha_id, captcha: 'ZZZZ', pow })
      ).body.error,
    ).toBe('CAPTCHA_INVALID');
    expect(
      (await t.http().post('/index.php/api/user/login').send({ account: 'someone', password: 'secret-pw-123', captcha_id: 'forged-id', captcha: 'ABCD', pow }))
        .body.error,
    ).toBe('CAPTCHA_INVALID');
  });

  it("requires the proof of work of the same challenge with the right captcha: missing, forged, unsolved or another challenge's is refused", async () => {
    const p = await registerPlayerWithCaptcha();
    const attempt = async (makePow: (own: PowChallenge, other: PowChallenge) => Promise<string | undefined>): Promise<string> => {
      const c = await t.http().get('/index.php/api/user/captcha');
      const other = await t.http().get('/index.php/api/user/captcha');
      const pow = await makePow(c.body.data.pow, other.body.data.pow);
      const captcha = await answerOf(c.body.data.captcha_id);
      const res = await t
        .http()
        .post('/index.php/api/user/login')
        .send({ account: p.username, password: p.password, captcha_id: c.body.data.captcha_id, captcha, ...(pow === undefined ? {} : { pow }) });
      return res.body.code === 1 ? 'OK' : (res.body.error as string);
    };
    const encode = (x: unknown): string => Buffer.from(JSON.stringify(x)).toString('base64');
    expect(await attempt(async () => undefined)).toBe('POW_REQUIRED');
    expect(await attempt(async () => 'not-base64-json')).toBe('VALIDATION_FAILED');
    expect(await attempt(async () => Buffer.from('{"not json').toString('base64'))).toBe('POW_INVALID');
    expect(await attempt(async (own) => encode({ ...own, number: -1 }))).toBe('POW_INVALID');
    expect(await attempt(async (own) => encode({ ...JSON.parse(Buffer.from(await solvePow(own), 'base64').toString()), signature: '0'.repeat(64) }))).toBe(
      'POW_INVALID',
    );
    expect(await attempt(async (_own, other) => solvePow(other))).toBe('POW_INVALID');
    expect(await attempt(async (own) => solvePow(own))).toBe('OK');
  });

  async function registerPlayerWithCaptcha(): Promise<{ username: string; password: string }> {
    const c = await t.http().get('/index.php/api/user/captcha');
    const username = uniqueName('cap');
    const res = await t
      .http()
      .post('/index.php/api/user/register')
      .send({
        username,
        password: 'secret-pw-123',
        invite_code: '100001',
        adult: true,
        captcha_id: c.body.data.captcha_id,
        captcha: await answerOf(c.body.data.captcha_id),
        pow: await solvePow(c.body.data.pow),
      });
    expect(res.body.code).toBe(1);
    return { username, password: 'secret-pw-123' };
  }
});

describe('sign-in rate limit', () => {
  it('answers RATE_LIMITED (HTTP 429) past SIGNIN_RATE_LIMIT requests a minute from one IP', async () => {
    const t = await createTestApp({ SIGNIN_RATE_LIMIT: '3' });
    try {
      const codes: string[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await t.http().post('/index.php/api/user/login').send({ account: 'nobody_x', password: 'secret-pw-123', lang: 'en' });
        codes.push(`${r.status}:${r.body.error}`);
      }
      expect(codes).toEqual(['200:LOGIN_FAILED', '200:LOGIN_FAILED', '200:LOGIN_FAILED', '429:RATE_LIMITED', '429:RATE_LIMITED']);
      // other calls are not affected
      expect((await t.http().get('/index.php/api/index/index')).body.code).toBe(1);
    } finally {
      await t.close();
    }
  });
});
