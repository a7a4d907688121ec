import { HASH_OPTIONS } from '../src/auth/password-hasher';
import { translate } from '@sum28/contracts';
import { CapitalLogEntity, IdempotencyKeyEntity, PayInfoEntity, UserEntity } from '@sum28/database';
import { createTestApp, fundPlayer, ledgerViolations, registerPlayer, type TestApp } from './factories/test-app';
import { FINANCE_A, FINANCE_B, approvals, freshAccounts, post, setSetting } from './wallet-fixtures';

const mask = (s: string): string => `${'*'.repeat(s.length - 4)}${s.slice(-4)}`;

describe('wallet: pay info, security code, fund history', () => {
  let t: TestApp;
  /** Every answer body of these flows, to scan for secrets at the end. */
  const answers: string[] = [];
  const call = async (path: string, token: string | null, body: Record<string, unknown>): ReturnType<typeof post> => {
    const res = await post(t, path, token, body);
    answers.push(JSON.stringify(res.body));
    return res;
  };
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    expect((await ledgerViolations(t)).violations).toBe(0);
    await t.close();
  });

  describe('user/payInfo and user/setPayInfo', () => {
    it('binds a bank card: holder, numeric card number, bank; shows the number masked to its last 4', async () => {
      const p = await registerPlayer(t);
      const { card } = freshAccounts();
      expect((await call('payInfo', p.token, { type: 0 })).body).toMatchObject({ code: 1, data: null });
      const spaced = `${card.slice(0, 4)} ${card.slice(4, 8)} ${card.slice(8, 12)} ${card.slice(12)}`;
      const set = await call('setPayInfo', p.token, { type: 0, acc: ' Chen Mei ', acc_name: spaced, acc_bank: 'Bank of Taiwan', mark: 'salary', lang: 'en' });
      expect(set.body).toMatchObject({
        code: 1,
        msg: translate('en', 'SET_SUCCESS'),
        data: { type: 0, acc: 'Chen Mei', acc_name: mask(card), acc_bank: 'Bank of Taiwan', mark: 'salary' },
      });
      expect((await call('payInfo', p.token, { type: 0 })).body.data).toEqual(set.body.data);
      const row = await t.ds.getRepository(PayInfoEntity).findOneByOrFail({ user_id: p.userId, type: 0 });
      expect(row.acc_name).toBe(card);
    });

    it('binds a USDT wallet: address masked, network trc20 / erc20 / omni, acc_bank null', async () => {
      const p = await registerPlayer(t);
      const { address } = freshAccounts();
      const set = await call('setPayInfo', p.token, { type: 1, acc: address, acc_name: 'ERC20' });
      expect(set.body.data).toMatchObject({ type: 1, acc: mask(address), acc_name: 'erc20', acc_bank: null });
      expect((await call('payInfo', p.token, { type: 1 })).body.data).toEqual(set.body.data);
    });

    it('keeps one item per kind: binding again replaces it', async () => {
      const p = await registerPlayer(t);
      const a = freshAccounts();
      const b = freshAccounts();
      const first = await call('setPayInfo', p.token, { type: 0, acc: 'Holder A', acc_name: a.card, acc_bank: 'Bank A' });
      const second = await call('setPayInfo', p.token, { type: 0, acc: 'Holder B', acc_name: b.card, acc_bank: 'Bank B' });
      expect(second.body.data.id).toBe(first.body.data.id);
      expect(await t.ds.getRepository(PayInfoEntity).countBy({ user_id: p.userId })).toBe(1);
      expect((await call('payInfo', p.token, { type: 0 })).body.data).toMatchObject({ acc: 'Holder B', acc_name: mask(b.card), acc_bank: 'Bank B' });
    });

    it('changing the card while a withdrawal is under review keeps the withdrawal paying to the card it was requested to', async () => {
      await setSetting(t, 'turnover_multiplier_bps', 0);
      try {
        const p = await registerPlayer(t);
        await fundPlayer(t, p.userId, 50_000);
        const a = freshAccounts();
        const b = freshAccounts();
        await call('setSafety', p.token, { new_code: '314159' });
        await call('setPayInfo', p.token, { type: 0, acc: 'Holder A', acc_name: a.card, acc_bank: 'Bank A', securityCode: '314159' });
        const wd = await call('withdrawAction', p.token, { type: 0, money: 100, securityCode: '314159' });
        expect((await call('setPayInfo', p.token, { type: 0, acc: 'Holder B', acc_name: b.card, acc_bank: 'Bank B', securityCode: '314159' })).body.code).toBe(
          1,
        );
        const log = await t.ds.getRepository(CapitalLogEntity).findOneByOrFail({ id: wd.body.data.id });
        expect(log.pay_snapshot).toMatchObject({ acc: 'Holder A', acc_name: a.card, acc_bank: 'Bank A' });
        const out = await approvals(t).approveCapitalLog(log.id, FINANCE_A);
        expect(out.status).toBe(1);
      } finally {
        await setSetting(t, 'turnover_multiplier_bps', 10_000);
      }
    });

    it.each([
      ['a card number with letters', { type: 0, acc: 'X', acc_name: '6222abc200112233', acc_bank: 'B' }, 'CARD_NUMBER_INVALID'],
      ['a short card number', { type: 0, acc: 'X', acc_name: '1234567', acc_bank: 'B' }, 'CARD_NUMBER_INVALID'],
      ['no bank name', { type: 0, acc: 'X', acc_name: '6222020200112233' }, 'PAY_INFO_INVALID'],
      ['a blank holder', { type: 0, acc: '   ', acc_name: '6222020200112233', acc_bank: 'B' }, 'PAY_INFO_INVALID'],
      ['an unknown wallet network', { type: 1, acc: 'TXYZabcdefghijklmnopqrstuvwx12', acc_name: 'bep20' }, 'WALLET_TYPE_INVALID'],
      ['a short wallet address', { type: 1, acc: 'T123', acc_name: 'trc20' }, 'PAY_INFO_INVALID'],
      ['a wallet address with symbols', { type: 1, acc: 'TXYZabcdefghijklmnop<script>', acc_name: 'trc20' }, 'PAY_INFO_INVALID'],
      ['type 2', { type: 2, acc: 'X', acc_name: '6222020200112233', acc_bank: 'B' }, 'VALIDATION_FAILED'],
      ['a user_id field', { type: 0, acc: 'X', acc_name: '6222020200112233', acc_bank: 'B', user_id: 1 }, 'UNKNOWN_FIELD'],
    ])('refuses %s and stores nothing', async (_name, body, error) => {
      const p = await registerPlayer(t);
      const res = await call('setPayInfo', p.token, { ...body, lang: 'en' });
      expect(res.body.error).toBe(error);
      expect(res.body.msg).toBe(translate('en', error as never, res.body.params));
      expect(await t.ds.getRepository(PayInfoEntity).countBy({ user_id: p.userId })).toBe(0);
    });
  });

  describe('user/safetyInfo and user/setSafety', () => {
    it('sets a first code (6 digits), stored only as an argon2id hash', async () => {
      const p = await registerPlayer(t);
      expect((await call('safetyInfo', p.token, {})).body.data).toEqual({ isTrue: false });
      const res = await call('setSafety', p.token, { new_code: '482913', lang: 'en' });
      expect(res.body).toMatchObject({ code: 1, msg: translate('en', 'SET_SUCCESS'), data: null });
      expect((await call('safetyInfo', p.token, {})).body.data).toEqual({ isTrue: true });
      const u = await t.ds.getRepository(UserEntity).findOneByOrFail({ id: p.userId });
      // argon2id with the server's profile (the production parameters are pinned in password-hasher.spec.ts)
      const o = HASH_OPTIONS[t.cfg.passwordHashProfile];
      expect(u.security_code_hash).toMatch(new RegExp(`^\\$argon2id\\$v=19\\$m=${o.memoryCost},p=${o.parallelism},t=${o.timeCost}\\$`));
      expect(u.security_code_hash).not.toContain('482913');
    });

    it('changes the code only with the right old one; wrong old codes are counted', async () => {
      const p = await registerPlayer(t);
      await call('setSafety', p.token, { new_code: '111222' });
      expect((await call('setSafety', p.token, { new_code: '333444' })).body.error).toBe('SECURITY_CODE_OLD_REQUIRED');
      expect((await call('setSafety', p.token, { new_code: '333444', after_code: '999999' })).body).toMatchObject({
        error: 'SECURITY_CODE_WRONG',
        params: { left: 4 },
      });
      expect((await t.ds.getRepository(UserEntity).findOneByOrFail({ id: p.userId })).security_code_failures).toBe(1);
      expect((await call('setSafety', p.token, { new_code: '333444', after_code: '111222', confirm_code: '333444' })).body.code).toBe(1);
      const u = await t.ds.getRepository(UserEntity).findOneByOrFail({ id: p.userId });
      expect(u.security_code_failures).toBe(0);
      // the new one is now the code
      expect((await call('setSafety', p.token, { new_code: '555666', after_code: '111222' })).body.error).toBe('SECURITY_CODE_WRONG');
      expect((await call('setSafety', p.token, { new_code: '555666', after_code: '333444' })).body.code).toBe(1);
    });

    it.each([
      ['5 digits', { new_code: '12345' }, 'SECURITY_CODE_INVALID'],
      ['7 digits', { new_code: '1234567' }, 'SECURITY_CODE_INVALID'],
      ['letters', { new_code: '12345a' }, 'SECURITY_CODE_INVALID'],
      ['full-width digits', { new_code: '１２３４５６' }, 'SECURITY_CODE_INVALID'],
      ['a number instead of a string', { new_code: 123456 }, 'VALIDATION_FAILED'],
      ['a confirmation that differs', { new_code: '123456', confirm_code: '123457' }, 'SECURITY_CODE_MISMATCH'],
    ])('refuses %s', async (_name, body, error) => {
      const p = await registerPlayer(t);
      expect((await call('setSafety', p.token, body)).body.error).toBe(error);
      expect((await t.ds.getRepository(UserEntity).findOneByOrFail({ id: p.userId })).security_code_hash).toBeNull();
    });

    it('refuses a code equal to the login password', async () => {
      const p = await registerPlayer(t, undefined, '246813');
      const res = await call('setSafety', p.token, { new_code: '246813', lang: 'en' });
      expect(res.body.error).toBe('SECURITY_CODE_SAME_AS_PASSWORD');
      expect((await t.ds.getRepository(UserEntity).findOneByOrFail({ id: p.userId })).security_code_hash).toBeNull();
    });

    it('two concurrent first-time sets: exactly one wins, the other must give the old code', async () => {
      const p = await registerPlayer(t);
      const [a, b] = await Promise.all([call('setSafety', p.token, { new_code: '700001' }), call('setSafety', p.token, { new_code: '700002' })]);
      const outcomes = [a.body.error ?? 'OK', b.body.error ?? 'OK'].sort();
      // The loser either lost the compare-and-set (CONFLICT) or already saw the winner's code.
      expect([
        ['CONFLICT', 'OK'],
        ['OK', 'SECURITY_CODE_OLD_REQUIRED'],
      ]).toContainEqual(outcomes);
    });
  });

  describe('user/quantityLogList', () => {
    it('lists the caller’s rows newest first with id, type, quantity, over, createtime (s), mark, status (recharges: currency, amount paid, rate); filters by type and date', async () => {
      const p = await registerPlayer(t);
      const r1 = await call('recharge', p.token, { money: 100, type: 'TWD' });
      t.clock.advance(1000);
      await approvals(t).approveCapitalLog(r1.body.data.id, FINANCE_A);
      const gift = await approvals(t).gift(p.userId, 2_500, FINANCE_A, 'welcome');
      await approvals(t).approveCapitalLog(gift.capitalLogId, FINANCE_B);
      t.clock.advance(1000);
      const r2 = await call('recharge', p.token, { money: '200.50', type: 'USD' });
      t.clock.advance(-2000);
      const rows = (await call('quantityLogList', p.token, { begin_date: '2018-01-01', end_date: '2099-12-31' })).body.data.data;
      expect(rows.map((r: { id: number }) => r.id)).toEqual([r2.body.data.id, expect.any(Number), r1.body.data.id]);
      expect(rows[0]).toEqual({
        id: r2.body.data.id,
        type: 0,
        quantity: 200.5,
        over: null,
        createtime: expect.any(Number),
        mark: r2.body.data.order_no,
        status: 0,
        reason: null,
        pay_account: null,
        order_no: r2.body.data.order_no,
        issue: null,
        approved_at: null,
        resolved_at: null,
        currency: 'USD',
        currency_quantity: 200.5,
        rate: '1',
      });
      expect(Math.abs(rows[0].createtime - Math.floor(t.clock.now() / 1000))).toBeLessThan(60);
      expect(rows[1]).toMatchObject({ type: 4, quantity: 25, over: 125, mark: 'welcome', status: 1, order_no: null, resolved_at: expect.any(Number) });
      expect(rows[2]).toMatchObject({ type: 0, quantity: 100, over: 100, status: 1, order_no: r1.body.data.order_no, approved_at: expect.any(Number) });
      expect((await call('quantityLogList', p.token, { begin_date: '2018-01-01', end_date: '2099-12-31', type: 4 })).body.data.data).toHaveLength(1);
      expect((await call('quantityLogList', p.token, { begin_date: '2018-01-01', end_date: '2099-12-31', type: 1 })).body.data.data).toEqual([]);
      expect((await call('quantityLogList', p.token, { begin_date: '2018-01-01', end_date: '2019-01-01' })).body.data.data).toEqual([]);
      expect((await call('quantityLogList', p.token, { begin_date: '2018-01-01', end_date: '2099-12-31', page: 2, pageSize: 2 })).body.data.data).toHaveLength(
        1,
      );
    });

    it('counts days in the platform time zone: a row at 23:30 local belongs to that day', async () => {
      const p = await registerPlayer(t);
      const id = (await call('recharge', p.token, { money: 100, type: 'TWD' })).body.data.id as number;
      // 2026-03-10 23:30 in Asia/Taipei is 15:30 UTC
      await t.ds.getRepository(CapitalLogEntity).update({ id }, { created_at: Date.UTC(2026, 2, 10, 15, 30) });
      expect((await call('quantityLogList', p.token, { begin_date: '2026-03-10', end_date: '2026-03-10' })).body.data.data).toHaveLength(1);
      expect((await call('quantityLogList', p.token, { begin_date: '2026-03-11', end_date: '2026-03-11' })).body.data.data).toHaveLength(0);
    });

    it.each([
      ['an impossible date', { begin_date: '2026-02-30', end_date: '2026-03-01' }],
      ['a date before 2018', { begin_date: '2017-12-31', end_date: '2026-03-01' }],
      ['an end before the begin', { begin_date: '2026-03-02', end_date: '2026-03-01' }],
      ['type 5', { begin_date: '2026-03-01', end_date: '2026-03-01', type: 5 }],
      ['type -1', { begin_date: '2026-03-01', end_date: '2026-03-01', type: -1 }],
      ['page 0', { begin_date: '2026-03-01', end_date: '2026-03-01', page: 0 }],
      ['page "abc"', { begin_date: '2026-03-01', end_date: '2026-03-01', page: 'abc' }],
      ['pageSize 101', { begin_date: '2026-03-01', end_date: '2026-03-01', pageSize: 101 }],
      ['a user_id field', { begin_date: '2026-03-01', end_date: '2026-03-01', user_id: 1 }],
    ])('refuses %s', async (_name, body) => {
      const p = await registerPlayer(t);
      const res = await call('quantityLogList', p.token, body);
      expect(res.body.code).not.toBe(1);
      expect(['VALIDATION_FAILED', 'UNKNOWN_FIELD']).toContain(res.body.error);
    });
  });

  it('no answer of these flows carries a security code, card number or wallet address in plain text; the database keeps no plain code', async () => {
    await setSetting(t, 'turnover_multiplier_bps', 0);
    try {
      const p = await registerPlayer(t);
      await fundPlayer(t, p.userId, 100_000);
      const code = '864209';
      const { card, address } = freshAccounts();
      await call('setSafety', p.token, { new_code: code });
      await call('setSafety', p.token, { new_code: '975310', after_code: code });
      await call('setSafety', p.token, { new_code: code, after_code: '975310' });
      await call('setPayInfo', p.token, { type: 0, acc: 'Holder', acc_name: card, acc_bank: 'Bank' });
      await call('setPayInfo', p.token, { type: 1, acc: address, acc_name: 'omni' });
      await call('payInfo', p.token, { type: 0 });
      await call('payInfo', p.token, { type: 1 });
      await call('withdrawInfo', p.token, {});
      await call('safetyInfo', p.token, {});
      await call('withdrawAction', p.token, { type: 0, money: 100, securityCode: code, idempotency_key: 'scan-0001' });
      await call('withdrawAction', p.token, { type: 0, money: 100, securityCode: code, idempotency_key: 'scan-0001' });
      await call('withdrawAction', p.token, { type: 1, money: 100, securityCode: '000000' });
      await call('withdrawAction', p.token, { type: 1, money: 'abc', securityCode: code });
      await call('quantityLogList', p.token, { begin_date: '2018-01-01', end_date: '2099-12-31' });
      await call('recharge', p.token, { money: 100, type: 'TWD' });
      await call('userInfo', p.token, {});
      await call('profile', p.token, { nickname: 'scan' });
      const secrets = [code, '975310', card, address];
      const leaks = answers.filter((a) => secrets.some((s) => a.includes(s)));
      expect(leaks).toEqual([]);
      const u = await t.ds.getRepository(UserEntity).findOneByOrFail({ id: p.userId });
      const stored =
        JSON.stringify(await t.ds.query(`SELECT * FROM users WHERE id = ${p.userId}`)) + JSON.stringify(await t.ds.getRepository(IdempotencyKeyEntity).find());
      expect(stored.includes(code)).toBe(false);
      expect(u.security_code_hash?.startsWith('$argon2id$')).toBe(true);
      console.log(`secrets scan: ${answers.length} answers scanned for the security code, card number and wallet address, leaks = ${leaks.length}`);
    } finally {
      await setSetting(t, 'turnover_multiplier_bps', 10_000);
    }
  });
});
