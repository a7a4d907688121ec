import { UserEntity } from '@sum28/database';
import { PasswordHasher } from '../src/auth/password-hasher';
import { createTestApp, ledgerViolations, type TestApp } from './factories/test-app';
import { balances, offsetToNoon, post, setSetting, withdrawer } from './wallet-fixtures';

/**
 * Issue 8, point 3: cheap checks before expensive ones. One player sending withdrawals with the right
 * code and a bad amount made the server run argon2 (m = 19 MiB) for each, uncounted, and slowed every
 * other player's login from 34 ms to about 1 s. The ordering is tested by counting argon2 verifications
 * (a spy on the hasher), not by timing.
 */
describe('withdrawals: cheap checks before argon2, and a per-minute limit on security-code checks', () => {
  let t: TestApp;
  let verify: jest.SpyInstance;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.advance(offsetToNoon(t.cfg.schedule.tz, t.clock.now()));
    verify = jest.spyOn(t.app.get(PasswordHasher), 'verify');
  });
  afterAll(async () => {
    verify.mockRestore();
    expect((await ledgerViolations(t)).violations).toBe(0);
    await t.close();
  });
  afterEach(async () => {
    await setSetting(t, 'turnover_multiplier_bps', 10_000);
    await setSetting(t, 'security_code_checks_per_minute', 10);
  });

  const withdraw = (token: string, body: Record<string, unknown>): ReturnType<typeof post> => post(t, 'withdrawAction', token, { lang: 'en', ...body });
  /** argon2 verifications the call caused. */
  async function hashes(f: () => Promise<unknown>): Promise<number> {
    const before = verify.mock.calls.length;
    await f();
    return verify.mock.calls.length - before;
  }

  it.each<[string, Record<string, unknown>, string]>([
    ['no amount', { money: '' }, 'WITHDRAW_AMOUNT_REQUIRED'],
    ['a malformed amount', { money: '12,5' }, 'AMOUNT_INVALID'],
    ['under the minimum', { money: '99.99' }, 'WITHDRAW_MIN'],
    ['more than the funds', { money: '500.01' }, 'INSUFFICIENT_FUNDS'],
  ])('the right code with %s is refused without running argon2', async (_name, patch, error) => {
    await setSetting(t, 'turnover_multiplier_bps', 0);
    const w = await withdrawer(t, 50_000);
    let res: Awaited<ReturnType<typeof withdraw>> | undefined;
    expect(await hashes(async () => (res = await withdraw(w.token, { type: 0, securityCode: w.code, ...patch })))).toBe(0);
    expect(res?.body.error).toBe(error);
  });

  it('turnover not met and a frozen account are refused without running argon2, whatever the code; a request nothing else refuses runs it once', async () => {
    const w = await withdrawer(t, 50_000);
    let res: Awaited<ReturnType<typeof withdraw>> | undefined;
    expect(await hashes(async () => (res = await withdraw(w.token, { type: 0, money: 100, securityCode: '000000' })))).toBe(0);
    expect(res?.body.error).toBe('TURNOVER_NOT_MET');
    await setSetting(t, 'turnover_multiplier_bps', 0);
    await t.ds.getRepository(UserEntity).update({ id: w.userId }, { status: 'frozen', frozen_reason: 'opposite bets' });
    expect(await hashes(async () => (res = await withdraw(w.token, { type: 0, money: 100, securityCode: w.code })))).toBe(0);
    expect(res?.body.error).toBe('ACCOUNT_FROZEN');
    // a refusal before the code neither counts nor clears an attempt
    expect((await t.ds.getRepository(UserEntity).findOneByOrFail({ id: w.userId })).security_code_failures).toBe(0);
    // and a request nothing else refuses runs argon2 exactly once
    await t.ds.getRepository(UserEntity).update({ id: w.userId }, { status: 'active', frozen_reason: null });
    expect(await hashes(async () => (res = await withdraw(w.token, { type: 0, money: 100, securityCode: w.code })))).toBe(1);
    expect(res?.body.code).toBe(1);
  });

  it('limits security-code verifications per player per minute whatever their outcome, before argon2; other players are not affected; the next minute it works', async () => {
    await setSetting(t, 'turnover_multiplier_bps', 0);
    await setSetting(t, 'security_code_checks_per_minute', 3);
    const w = await withdrawer(t, 50_000);
    const other = await withdrawer(t, 50_000);
    // start of a fresh minute, so the test's calls share one window (binding the accounts took checks too)
    t.clock.advance(60_000 - (t.clock.now() % 60_000));
    expect((await withdraw(w.token, { type: 0, money: 100, securityCode: w.code })).body.code).toBe(1);
    expect((await withdraw(w.token, { type: 0, money: 100, securityCode: '000000' })).body.error).toBe('SECURITY_CODE_WRONG');
    expect((await withdraw(w.token, { type: 0, money: 100, securityCode: w.code })).body.code).toBe(1);
    let res: Awaited<ReturnType<typeof withdraw>> | undefined;
    expect(await hashes(async () => (res = await withdraw(w.token, { type: 0, money: 100, securityCode: w.code })))).toBe(0);
    expect(res?.body).toMatchObject({ error: 'SECURITY_CODE_RATE_LIMITED', msg: expect.stringContaining('Too many security code checks') });
    expect(res?.body.params.seconds).toBeGreaterThanOrEqual(1);
    expect(res?.body.params.seconds).toBeLessThanOrEqual(60);
    // the same limit covers changing the code and the payout account
    expect(await hashes(async () => (res = await post(t, 'setSafety', w.token, { after_code: w.code, new_code: '135790' })))).toBe(0);
    expect(res?.body.error).toBe('SECURITY_CODE_RATE_LIMITED');
    expect(await hashes(async () => (res = await post(t, 'setPayInfo', w.token, { type: 1, acc: w.address, acc_name: 'erc20', securityCode: w.code })))).toBe(
      0,
    );
    expect(res?.body.error).toBe('SECURITY_CODE_RATE_LIMITED');
    // a rate-limited attempt is not a wrong code
    expect((await t.ds.getRepository(UserEntity).findOneByOrFail({ id: w.userId })).security_code_failures).toBe(0);
    expect((await withdraw(other.token, { type: 0, money: 100, securityCode: other.code })).body.code).toBe(1);
    expect(await balances(t, w.userId)).toEqual({ money: 30_000, lock: 20_000 });
    t.clock.advance(60_000);
    expect((await withdraw(w.token, { type: 0, money: 100, securityCode: w.code })).body.code).toBe(1);
  });
});
