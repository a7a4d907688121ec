import { createTestApp, registerPlayer, type TestApp } from './factories/test-app';
import { TEST_DB } from './factories/test-db';

/**
 * Answers that once differed by database (issue 13: the e2e suite runs on better-sqlite3, sqlite3 and
 * PostgreSQL with TEST_DB). Each case runs on whichever database this run is on and expects the one answer.
 */
describe(`database parity (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('a sign-in name with a NUL character is an unknown account, not a server error (PostgreSQL text cannot hold NUL)', async () => {
    const p = await registerPlayer(t);
    for (const account of ['a\u0000b', `${p.username}\u0000`]) {
      const res = await t.http().post('/index.php/api/user/login').send({ account, password: p.password, lang: 'en' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ error: 'LOGIN_FAILED' });
    }
    expect((await t.http().post('/index.php/api/user/login').send({ account: p.username, password: p.password })).body.code).toBe(1);
  });
});
