import { BetEntity, CapitalLogEntity, PayInfoEntity } from '@sum28/database';
import { createTestApp, ledgerViolations, type TestApp } from './factories/test-app';
import { balances, countRows, openRound, post, setSetting, settle, stake, withdrawer, type Withdrawer } from './wallet-fixtures';

/**
 * T22 (IDOR / BOLA): player A holds a valid session and knows B's ids. None of the wallet calls takes
 * an owner id (each is keyed by the session's user), ids of other players' objects are refused, and
 * extra owner fields are refused by the whitelist. Nothing of B's leaks or changes.
 */
describe('T22: player A against player B’s wallet objects', () => {
  let t: TestApp;
  let a: Withdrawer;
  let b: Withdrawer;
  let bWithdrawal: number;
  let bRecharge: number;
  let bBet: number;
  let tried = 0;
  let leaks = 0;
  beforeAll(async () => {
    t = await createTestApp();
    await setSetting(t, 'turnover_multiplier_bps', 0);
    a = await withdrawer(t, 100_000);
    b = await withdrawer(t, 100_000, '135792');
    // A has no wallet of its own: remove it so "type 1" can only ever mean B's
    await t.ds.getRepository(PayInfoEntity).delete({ user_id: a.userId, type: 1 });
    bWithdrawal = (await post(t, 'withdrawAction', b.token, { type: 1, money: 100, securityCode: b.code, idempotency_key: 'b-withdraw-0001' })).body.data.id;
    bRecharge = (await post(t, 'recharge', b.token, { money: 100, type: 'TWD', idempotency_key: 'b-recharge-0001' })).body.data.id;
    const round = await openRound(t);
    bBet = (await stake(t, b.userId, round, 1_000)) as number;
    await settle(t, bBet, 1_940);
  });
  afterAll(async () => {
    console.log(`T22: ${tried} object requests by player A on player B's ids and fields, leaks = ${leaks}`);
    expect((await ledgerViolations(t)).violations).toBe(0);
    await t.close();
  });

  async function asA(path: string, body: Record<string, unknown>): ReturnType<typeof post> {
    tried++;
    const res = await post(t, path, a.token, body);
    const text = JSON.stringify(res.body);
    const bSecrets = [b.card, b.address, `${'*'.repeat(b.card.length - 4)}${b.card.slice(-4)}`, `${'*'.repeat(b.address.length - 4)}${b.address.slice(-4)}`];
    if (bSecrets.some((x) => text.includes(x))) leaks++;
    return res;
  }

  it('cannot read B’s pay info: payInfo takes no owner, extra owner fields are refused', async () => {
    expect((await asA('payInfo', { type: 1 })).body.data).toBeNull();
    expect((await asA('payInfo', { type: 0 })).body.data.acc_name).toBe(`${'*'.repeat(a.card.length - 4)}${a.card.slice(-4)}`);
    for (const extra of [{ user_id: b.userId }, { uid: b.userId }, { id: 1 }, { username: b.username }]) {
      expect((await asA('payInfo', { type: 1, ...extra })).body.error).toBe('UNKNOWN_FIELD');
    }
    expect((await asA('withdrawInfo', { user_id: b.userId })).body.error).toBe('UNKNOWN_FIELD');
    const info = (await asA('withdrawInfo', {})).body.data;
    expect(info.pay_list).toHaveLength(1);
    expect(leaks).toBe(0);
  });

  it('cannot change B’s pay info: setPayInfo only ever writes the caller’s own row', async () => {
    const bRows = JSON.stringify(await t.ds.getRepository(PayInfoEntity).find({ where: { user_id: b.userId }, order: { id: 'ASC' } }));
    const bWallet = await t.ds.getRepository(PayInfoEntity).findOneByOrFail({ user_id: b.userId, type: 1 });
    expect((await asA('setPayInfo', { type: 1, acc: 'TAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA1', acc_name: 'trc20', id: bWallet.id })).body.error).toBe(
      'UNKNOWN_FIELD',
    );
    expect((await asA('setPayInfo', { type: 1, acc: 'TAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA1', acc_name: 'trc20', user_id: b.userId })).body.error).toBe(
      'UNKNOWN_FIELD',
    );
    const own = await asA('setPayInfo', { type: 1, acc: 'TAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA1', acc_name: 'trc20', securityCode: a.code });
    expect(own.body.code).toBe(1);
    expect(own.body.data.id).not.toBe(bWallet.id);
    expect(JSON.stringify(await t.ds.getRepository(PayInfoEntity).find({ where: { user_id: b.userId }, order: { id: 'ASC' } }))).toBe(bRows);
    await t.ds.getRepository(PayInfoEntity).delete({ user_id: a.userId, type: 1 });
  });

  it('cannot read B’s capital logs', async () => {
    const rows = (await asA('quantityLogList', { begin_date: '2018-01-01', end_date: '2099-12-31' })).body.data.data as { id: number }[];
    const mine = await t.ds.getRepository(CapitalLogEntity).findBy({ user_id: a.userId });
    expect(rows.map((r) => r.id).sort()).toEqual(mine.map((r) => r.id).sort());
    expect(rows.some((r) => r.id === bWithdrawal || r.id === bRecharge)).toBe(false);
    for (const extra of [{ user_id: b.userId }, { id: bWithdrawal }, { uid: b.userId }]) {
      expect((await asA('quantityLogList', { begin_date: '2018-01-01', end_date: '2099-12-31', ...extra })).body.error).toBe('UNKNOWN_FIELD');
    }
  });

  it('cannot withdraw to B’s account or replay B’s idempotent answers', async () => {
    const bBefore = await balances(t, b.userId);
    // A has no wallet: type 1 cannot reach B's
    expect((await asA('withdrawAction', { type: 1, money: 100, securityCode: a.code })).body.error).toBe('PAY_INFO_MISSING');
    expect((await asA('withdrawAction', { type: 0, money: 100, securityCode: a.code, pay_info_id: 1 })).body.error).toBe('UNKNOWN_FIELD');
    // B's keys, same body: A gets a fresh answer of its own, never B's stored one
    const w = await asA('withdrawAction', { type: 0, money: 100, securityCode: a.code, idempotency_key: 'b-withdraw-0001' });
    expect(w.body.code).toBe(1);
    expect(w.body.data.id).not.toBe(bWithdrawal);
    const r = await asA('recharge', { money: 100, type: 'TWD', idempotency_key: 'b-recharge-0001' });
    expect(r.body.data.id).not.toBe(bRecharge);
    // B's code does not open A's withdrawals
    expect((await asA('withdrawAction', { type: 0, money: 100, securityCode: b.code })).body.error).toBe('SECURITY_CODE_WRONG');
    expect(await balances(t, b.userId)).toEqual(bBefore);
    expect(leaks).toBe(0);
  });

  it('cannot close B’s game results (closeGameResult on B’s bet id)', async () => {
    const res = await asA('closeGameResult', { order_id: bBet });
    expect(res.body.code).not.toBe(1);
    expect((await t.ds.getRepository(BetEntity).findOneByOrFail({ id: bBet })).result_seen).toBe(false);
    const own = await post(t, 'closeGameResult', b.token, { order_id: bBet });
    expect(own.body.code).toBe(1);
    expect(await countRows(t, 'bets')).toBeGreaterThan(0);
  });
});
