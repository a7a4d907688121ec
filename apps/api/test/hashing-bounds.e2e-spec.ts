import { ERROR_CODES, translate } from '@sum28/contracts';
import { UserEntity } from '@sum28/database';
import { PasswordHasher } from '../src/auth/password-hasher';
import { clockTo } from './factories/game';
import { adminToken, consoleCall, createConsoleApp } from './console-fixtures';
import { registerPlayer, uniqueName, type TestApp } from './factories/test-app';
import { post } from './wallet-fixtures';

/**
 * Issue 24.3: no unbounded hashing. The red team sent 1,108 wrong old passwords to user/newPass in 20 s from one
 * session: each was an argon2 verification before any limit, none was counted, and other players' sign-ins slowed
 * from 41 to 486 ms. Every player route that hashes does its cheap checks first, then a per-player limit, then argon2.
 */
describe('argon2 work a signed-in player can cause is bounded', () => {
  let t: TestApp;
  let verify: jest.SpyInstance;
  beforeAll(async () => {
    t = await createConsoleApp();
    verify = jest.spyOn(t.app.get(PasswordHasher), 'verify');
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => verify.mockClear());

  const hash = async (userId: number): Promise<string> => (await t.ds.getRepository(UserEntity).findOneByOrFail({ id: userId })).password_hash;

  it('refuses the same password again, a mismatch and a weak new password without hashing', async () => {
    const p = await registerPlayer(t, undefined, 'first-pass-1');
    for (const [body, error] of [
      [{ after_pass: 'first-pass-1', new_pass: 'first-pass-1' }, 'PASSWORD_SAME_AS_OLD'],
      [{ after_pass: 'wrong', new_pass: 'newpass-1', confirm_pass: 'newpass-2' }, 'PASSWORD_MISMATCH'],
      [{ after_pass: 'wrong', new_pass: 'abc' }, 'PASSWORD_INVALID'],
    ] as const)
      expect((await post(t, 'newPass', p.token, body)).body.error).toBe(error);
    expect(verify).not.toHaveBeenCalled();
  });

  it('refuses the most common passwords (issue 24.9) on sign-up, on a change and for staff, translated, without hashing, and changes nothing', async () => {
    const hashSpy = jest.spyOn(t.app.get(PasswordHasher), 'hash');
    try {
      for (const password of ['password', '12345678', 'abc123', 'Passw0rd', 'qwerty123']) {
        const username = `common${Math.floor(Math.random() * 1e9)}`;
        const res = await t.http().post('/index.php/api/user/register').send({ username, password, invite_code: '100001', adult: true, lang: 'en' });
        expect([password, res.body.error, res.body.code, res.body.msg]).toEqual([
          password,
          'PASSWORD_TOO_COMMON',
          ERROR_CODES.PASSWORD_TOO_COMMON,
          translate('en', 'PASSWORD_TOO_COMMON'),
        ]);
        expect(await t.ds.getRepository(UserEntity).countBy({ username })).toBe(0);
      }
      const p = await registerPlayer(t, undefined, 'first-pass-1');
      const before = await hash(p.userId);
      verify.mockClear();
      hashSpy.mockClear();
      const res = await post(t, 'newPass', p.token, { after_pass: 'first-pass-1', new_pass: 'iloveyou', lang: 'tw' });
      expect([res.body.error, res.body.msg]).toEqual(['PASSWORD_TOO_COMMON', translate('tw', 'PASSWORD_TOO_COMMON')]);
      expect(verify).not.toHaveBeenCalled();
      expect(hashSpy).not.toHaveBeenCalled();
      expect(await hash(p.userId)).toBe(before);
      const su = await adminToken(t);
      const staff = await consoleCall(t, 'post', '/admin-api/staff', su, { username: uniqueName(), password: 'qwertyuiop', role: 'support' });
      expect([staff.status, staff.body.error]).toEqual([400, 'PASSWORD_TOO_COMMON']);
      // A password of the same length that is not on the list passes.
      expect((await post(t, 'newPass', p.token, { after_pass: 'first-pass-1', new_pass: 'sum28-pass-9' })).body.code).toBe(1);
    } finally {
      hashSpy.mockRestore();
    }
  });

  it('counts wrong old passwords like wrong sign-ins: the 6th try is refused with the wait, even with the right password, and changes nothing', async () => {
    const p = await registerPlayer(t, undefined, 'first-pass-1');
    const before = await hash(p.userId);
    for (let i = 0; i < 5; i++)
      expect((await post(t, 'newPass', p.token, { after_pass: `guess-${i}`, new_pass: 'next-pass-2' })).body.error).toBe('OLD_PASSWORD_WRONG');
    verify.mockClear();
    const res = await post(t, 'newPass', p.token, { after_pass: 'first-pass-1', new_pass: 'next-pass-2', lang: 'en' });
    expect(res.body.error).toBe('PASSWORD_CHECKS_THROTTLED');
    expect(res.body.code).toBe(ERROR_CODES.PASSWORD_CHECKS_THROTTLED);
    expect(res.body.params.seconds).toBeGreaterThan(0);
    expect(res.body.msg).toBe(translate('en', 'PASSWORD_CHECKS_THROTTLED', res.body.params));
    expect(verify).not.toHaveBeenCalled();
    expect(await hash(p.userId)).toBe(before);
    // The wait over, the right old password works again.
    clockTo(t, t.clock.now() + 16 * 60_000);
    expect((await post(t, 'newPass', p.token, { after_pass: 'first-pass-1', new_pass: 'next-pass-2' })).body.code).toBe(1);
  });

  it('hashes at most security_code_checks_per_minute (10) times a minute for 60 guesses sent at once', async () => {
    const p = await registerPlayer(t, undefined, 'first-pass-1');
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => post(t, 'newPass', p.token, { after_pass: `guess-${i}`, new_pass: 'next-pass-2' })));
    const errors = answers.map((r) => r.body.error as string);
    expect(errors.filter((e) => e === 'OLD_PASSWORD_WRONG').length).toBeLessThanOrEqual(10);
    expect(new Set(errors)).toEqual(new Set(['OLD_PASSWORD_WRONG', 'PASSWORD_CHECKS_THROTTLED']));
    expect(verify.mock.calls.length).toBeLessThanOrEqual(10);
  });

  it('bounds a first security code compared with the login password: the 11th try of the minute is refused before hashing', async () => {
    const p = await registerPlayer(t, undefined, '481529');
    // A code equal to the login password: refused after the comparison, ten times.
    for (let i = 0; i < 10; i++)
      expect((await post(t, 'setSafety', p.token, { new_code: '481529', confirm_code: '481529' })).body.error).toBe('SECURITY_CODE_SAME_AS_PASSWORD');
    verify.mockClear();
    const res = await post(t, 'setSafety', p.token, { new_code: '246802', confirm_code: '246802' });
    expect(res.body.error).toBe('SECURITY_CODE_RATE_LIMITED');
    expect(verify).not.toHaveBeenCalled();
    expect((await t.ds.getRepository(UserEntity).findOneByOrFail({ id: p.userId })).security_code_hash).toBeNull();
  });
});
