import { NoticeEntity } from '@sum28/database';
import { In } from 'typeorm';
import { ApiError } from '../src/common/api-error';
import { SERVER_MESSAGES } from '../src/common/server-messages';
import { LedgerService } from '../src/ledger/ledger.service';
import { SettingsService } from '../src/settings/settings.service';
import { ApprovalsService } from '../src/wallet/approvals.service';
import { createTestApp, ledgerViolations, registerPlayer, type TestApp } from './factories/test-app';
import { FINANCE_A, FINANCE_B, post, setSetting, withdrawer } from './wallet-fixtures';

/**
 * Issue 25 point 4: a recharge credited or rejected and a withdrawal paid or rejected reach the player as one in-site
 * message, written in the transaction that moves the money, rendered in the reading request's language.
 */
describe('money events reach the player (in-site messages)', () => {
  let t: TestApp;
  let sut: ApprovalsService;
  beforeAll(async () => {
    t = await createTestApp();
    sut = t.app.get(ApprovalsService);
    await setSetting(t, 'turnover_multiplier_bps', 0);
  });
  afterAll(async () => {
    expect((await ledgerViolations(t)).failing).toEqual([]);
    await t.close();
  });

  async function errorOf(p: Promise<unknown>): Promise<string> {
    try {
      await p;
      return 'OK';
    } catch (e) {
      if (e instanceof ApiError) return e.key;
      throw e;
    }
  }

  async function rechargeOf(token: string, money: number | string): Promise<{ id: number; orderNo: string }> {
    const res = await post(t, 'recharge', token, { money, type: 'TWD' });
    if (res.body.code !== 1) throw new Error(JSON.stringify(res.body));
    return { id: res.body.data.id as number, orderNo: res.body.data.order_no as string };
  }

  async function withdrawalOf(token: string, code: string, money: number | string): Promise<number> {
    const res = await post(t, 'withdrawAction', token, { type: 0, money, securityCode: code });
    if (res.body.code !== 1) throw new Error(JSON.stringify(res.body));
    return res.body.data.id as number;
  }

  /** The money-event messages stored for the player (binding a payout account writes a message of its own). */
  const MONEY_EVENTS = Object.keys(SERVER_MESSAGES).filter((k) => /^NOTICE_(RECHARGE|WITHDRAW)_/.test(k));
  const stored = (userId: number): Promise<NoticeEntity[]> =>
    t.ds.getRepository(NoticeEntity).find({ where: { user_id: userId, message_key: In(MONEY_EVENTS) }, order: { id: 'ASC' } });

  /** The player's messages tab as the Notice screen reads it, in `lang`. */
  async function inbox(token: string, lang: string): Promise<{ list: Array<{ title: string; content: string; read: boolean }>; unread: number }> {
    const res = await post(t, 'noticeList', token, { tab: 'message' }, { 'x-lang': lang });
    if (res.body.code !== 1) throw new Error(JSON.stringify(res.body));
    return { list: res.body.data.list, unread: res.body.data.unread.message };
  }

  it('a credited recharge writes one message, read in tw and in en with its order number and amount', async () => {
    const p = await registerPlayer(t);
    const r = await rechargeOf(p.token, '1234.5');
    expect(await stored(p.userId)).toHaveLength(0);
    await sut.approveCapitalLog(r.id, FINANCE_A);
    const rows = await stored(p.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'message', message_key: 'NOTICE_RECHARGE_CREDITED', published: true });
    expect(JSON.parse(rows[0]?.message_params ?? 'null')).toEqual({ order_no: r.orderNo, amount: '1234.50' });

    const tw = await inbox(p.token, 'tw');
    expect(tw.unread).toBe(1);
    expect(tw.list[0]).toMatchObject({
      title: '充值已到帳',
      content: `您的充值訂單 ${r.orderNo}，金額 1234.50，已存入您的餘額。`,
      read: false,
    });
    const en = await inbox(p.token, 'en');
    expect(en.list[0]).toMatchObject({ title: 'Deposit credited', content: `Your deposit ${r.orderNo} of 1234.50 has been credited to your balance.` });

    // a second decision on the same request moves nothing and tells nothing
    expect(await errorOf(sut.approveCapitalLog(r.id, FINANCE_B))).toBe('ALREADY_RESOLVED');
    expect(await errorOf(sut.rejectCapitalLog(r.id, FINANCE_B, 'late'))).toBe('ALREADY_RESOLVED');
    expect(await stored(p.userId)).toHaveLength(1);
  });

  it('a rejected recharge writes one message with staff’s reason, and one without a reason when none was given', async () => {
    const p = await registerPlayer(t);
    const a = await rechargeOf(p.token, 100);
    const b = await rechargeOf(p.token, 150);
    await sut.rejectCapitalLog(a.id, FINANCE_A, 'no payment received');
    await sut.rejectCapitalLog(b.id, FINANCE_A);
    expect((await stored(p.userId)).map((n) => n.message_key)).toEqual(['NOTICE_RECHARGE_REJECTED_NOTE', 'NOTICE_RECHARGE_REJECTED']);
    const en = await inbox(p.token, 'en');
    expect(en.list.map((n) => [n.title, n.content])).toEqual([
      ['Deposit rejected', `Your deposit ${b.orderNo} of 150.00 was rejected. Nothing was credited.`],
      ['Deposit rejected', `Your deposit ${a.orderNo} of 100.00 was rejected. Nothing was credited. Reason: no payment received`],
    ]);
    const tw = await inbox(p.token, 'tw');
    expect(tw.list[1]?.content).toBe(`您的充值訂單 ${a.orderNo}，金額 100.00，已被駁回，未入帳。原因：no payment received`);
  });

  it('a paid withdrawal and a rejected one each write one message, in tw and en', async () => {
    const w = await withdrawer(t, 100_000);
    const paid = await withdrawalOf(w.token, w.code, 300);
    const refused = await withdrawalOf(w.token, w.code, '200.1');
    expect(await stored(w.userId)).toHaveLength(0);
    await sut.approveCapitalLog(paid, FINANCE_A);
    await sut.rejectCapitalLog(refused, FINANCE_B, 'account name mismatch');
    const rows = await stored(w.userId);
    expect(rows.map((n) => n.message_key)).toEqual(['NOTICE_WITHDRAW_PAID', 'NOTICE_WITHDRAW_REJECTED_NOTE']);
    const no = (id: number): string => `W${String(id).padStart(10, '0')}`;
    const en = await inbox(w.token, 'en');
    expect(en.list.slice(0, 2).map((n) => [n.title, n.content])).toEqual([
      [
        'Withdrawal rejected',
        `Your withdrawal ${no(refused)} of 200.10 was rejected. The amount is back in your available balance. Reason: account name mismatch`,
      ],
      ['Withdrawal paid', `Your withdrawal ${no(paid)} of 300.00 has been paid to your account.`],
    ]);
    const tw = await inbox(w.token, 'tw');
    expect(tw.list.slice(0, 2).map((n) => [n.title, n.content])).toEqual([
      ['提現已駁回', `您的提現訂單 ${no(refused)}，金額 200.10，已被駁回，款項已退回您的可用餘額。原因：account name mismatch`],
      ['提現已出款', `您的提現訂單 ${no(paid)}，金額 300.00，已出款至您的收款帳戶。`],
    ]);
    // the fund history names the same order numbers, and the withdrawal's approval and payment times
    const history = (await post(t, 'quantityLogList', w.token, { begin_date: '2018-01-01', end_date: '2099-12-31', type: 1 })).body.data.data as Array<
      Record<string, unknown>
    >;
    const paidRow = history.find((r) => r.id === paid);
    expect(paidRow).toMatchObject({ order_no: no(paid), approved_at: expect.any(Number), resolved_at: expect.any(Number) });
    expect(history.find((r) => r.id === refused)).toMatchObject({ order_no: no(refused), approved_at: null, resolved_at: expect.any(Number) });
  });

  it('a pending first approval and an approval refused by a rule write no message; the final approval writes one', async () => {
    const p = await registerPlayer(t);
    // 100000 is at the two-approver threshold: the first approval records, the second moves the money
    const big = await rechargeOf(p.token, 100_000);
    expect(await sut.approveCapitalLog(big.id, FINANCE_A)).toMatchObject({ decision: 'needs_second', status: 0 });
    expect(await stored(p.userId)).toHaveLength(0);
    expect(await errorOf(sut.approveCapitalLog(big.id, FINANCE_A))).toBe('SAME_APPROVER');
    expect(await stored(p.userId)).toHaveLength(0);
    await sut.approveCapitalLog(big.id, FINANCE_B);
    expect((await stored(p.userId)).map((n) => n.message_key)).toEqual(['NOTICE_RECHARGE_CREDITED']);

    // past max_balance: refused (the request stays pending), nothing said
    const q = await registerPlayer(t);
    const capped = await rechargeOf(q.token, 500);
    const cap = await t.app.get(SettingsService).get('max_balance_minor');
    await setSetting(t, 'max_balance_minor', 10_000);
    try {
      expect(await errorOf(sut.approveCapitalLog(capped.id, FINANCE_A))).toBe('BALANCE_CAP_EXCEEDED');
    } finally {
      await setSetting(t, 'max_balance_minor', cap);
    }
    expect(await stored(q.userId)).toHaveLength(0);
    expect((await inbox(q.token, 'en')).unread).toBe(0);
  });

  it('an approval that fails after its status change rolls the message back with it', async () => {
    const p = await registerPlayer(t);
    const r = await rechargeOf(p.token, 180);
    const ledger = t.app.get(LedgerService);
    const spy = jest.spyOn(ledger, 'post').mockRejectedValueOnce(new Error('posting failed'));
    try {
      await expect(sut.approveCapitalLog(r.id, FINANCE_A)).rejects.toThrow('posting failed');
    } finally {
      spy.mockRestore();
    }
    expect(await stored(p.userId)).toHaveLength(0);
    expect((await inbox(p.token, 'tw')).unread).toBe(0);
    // the request is still pending: approving it now credits it and tells it once
    await sut.approveCapitalLog(r.id, FINANCE_A);
    expect((await stored(p.userId)).map((n) => n.message_key)).toEqual(['NOTICE_RECHARGE_CREDITED']);
  });

  it('reading the message clears its unread count', async () => {
    const p = await registerPlayer(t);
    const r = await rechargeOf(p.token, 120);
    await sut.approveCapitalLog(r.id, FINANCE_A);
    const [row] = await stored(p.userId);
    expect((await inbox(p.token, 'en')).unread).toBe(1);
    const read = await post(t, 'noticeRead', p.token, { id: row?.id });
    expect(read.body.data.unread.message).toBe(0);
    expect((await inbox(p.token, 'en')).list[0]?.read).toBe(true);
  });
});
