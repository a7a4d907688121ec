import { Logger } from '@nestjs/common';
import { ADMIN_PASSWORD, adminToken, consoleCall, createConsoleApp } from './console-fixtures';
import { registerPlayer, type TestApp } from './factories/test-app';

/** `{"a":{"a":...}}` nested `depth` levels, as a raw JSON text. */
function nested(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}
/** `[[[...]]]` nested `depth` levels. */
function nestedArray(depth: number): string {
  return `${'['.repeat(depth)}1${']'.repeat(depth)}`;
}

describe('nesting depth and prototype-named keys', () => {
  let t: TestApp;
  let token: string;
  let admin: string;
  const logged: string[] = [];
  beforeAll(async () => {
    t = await createConsoleApp();
    token = (await registerPlayer(t)).token;
    admin = await adminToken(t);
    // Every error the server logs goes through a Nest Logger (printing is off in tests, the calls are recorded).
    jest.spyOn(Logger.prototype, 'error').mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(' '));
    });
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t.close();
  });

  const PLAYER_ROUTES = ['/index.php/api/user/login', '/index.php/api/user/setPayInfo', '/index.php/api/Lottery/playOrder', '/index.php/api/Lottery/heart'];

  it.each(PLAYER_ROUTES)('a body nested 5,000 levels deep is refused on %s with the envelope, not a 500', async (path) => {
    for (const raw of [`{"lang":"en","x":${nested(5000)}}`, `{"lang":"en","x":${nestedArray(5000)}}`]) {
      const res = await t.http().post(path).set('token', token).set('Content-Type', 'application/json').send(raw);
      expect(res.status).toBe(200);
      expect(res.body.code).not.toBe(1);
      expect(res.body.error).toBe('VALIDATION_FAILED');
      expect(res.body.params).toMatchObject({ field: 'body', reason: 'tooDeep' });
    }
  });

  it('a body nested just over the limit (33 levels) is refused, one at the limit passes to validation', async () => {
    const over = await t
      .http()
      .post('/index.php/api/user/login')
      .set('Content-Type', 'application/json')
      .send(`{"lang":"en","account":${nested(32)}}`);
    expect(over.body.params).toMatchObject({ field: 'body', reason: 'tooDeep' });
    const at = await t
      .http()
      .post('/index.php/api/user/login')
      .set('Content-Type', 'application/json')
      .send(`{"lang":"en","account":${nested(31)}}`);
    expect(at.body.error).toBe('VALIDATION_FAILED');
    expect(at.body.params).toMatchObject({ field: 'account' });
  });

  it('a deep body to the console answers 400, not 500', async () => {
    const res = await t
      .http()
      .post('/admin-api/staff')
      .set('Authorization', `Bearer ${admin}`)
      .set('Content-Type', 'application/json')
      .send(`{"username":"deepdeep","password":"${ADMIN_PASSWORD}","role":"support","x":${nested(5000)}}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('VALIDATION_FAILED');
  });

  it('deep bodies leave no stack trace in the log', async () => {
    logged.length = 0;
    await t
      .http()
      .post('/index.php/api/user/login')
      .set('Content-Type', 'application/json')
      .send(`{"x":${nested(5000)}}`);
    await consoleCall(t, 'post', '/admin-api/staff', admin, JSON.parse(`{"x":${nested(20)}}`) as object);
    expect(logged).toEqual([]);
  });

  it.each(['__proto__', 'constructor', 'toString', 'prototype', 'hasOwnProperty', 'valueOf', '__defineGetter__'])(
    'a form field named %s is an unknown field',
    async (key) => {
      const res = await t.http().post('/index.php/api/user/login').type('form').send(`account=nobody_x&password=secret-pw-123&lang=en&${key}=1`);
      expect(res.status).toBe(200);
      expect(res.body.error).toBe('UNKNOWN_FIELD');
      expect(res.body.params).toEqual({ field: key });
      // And nothing was polluted.
      expect(({} as Record<string, unknown>)['1']).toBeUndefined();
      expect(typeof ({} as { toString: unknown }).toString).toBe('function');
    },
  );

  it.each(['constructor', 'toString', 'prototype', 'valueOf'])('a JSON field named %s is an unknown field', async (key) => {
    const res = await t
      .http()
      .post('/index.php/api/user/login')
      .send({ account: 'nobody_x', password: 'secret-pw-123', lang: 'en', [key]: 'x' });
    expect(res.body.error).toBe('UNKNOWN_FIELD');
    expect(res.body.params).toEqual({ field: key });
  });

  it('a console form field named constructor is a 400 unknown field', async () => {
    const res = await t
      .http()
      .post('/admin-api/staff')
      .set('Authorization', `Bearer ${admin}`)
      .type('form')
      .send(`username=protostaff&password=${ADMIN_PASSWORD}&role=support&constructor=1`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('UNKNOWN_FIELD');
  });
});
