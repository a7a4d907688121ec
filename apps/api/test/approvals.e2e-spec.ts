import { CapitalApprovalEntity, CapitalLogEntity } from '@sum28/database';
import { ApiError } from '../src/common/api-error';
import { ApprovalsService, type StaffRef } from '../src/wallet/approvals.service';
import { createTestApp, fundPlayer, ledgerViolations, registerPlayer, type TestApp } from './factories/test-app';
import {
  FINANCE_A,
  FINANCE_B,
  FINANCE_C,
  balances,
  cancelBet,
  offsetToNoon,
  openRound,
  post,
  postings,
  setSetting,
  stake,
  withdrawer,
} from './wallet-fixtures';

async function errorOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'OK';
  } catch (e) {
    if (e instanceof ApiError) return e.key;
    throw e;
  }
}

describe(ApprovalsService.name, () => {
  let t: TestApp;
  let sut: ApprovalsService;
  beforeAll(async () => {
    t = await createTestApp();
    sut = t.app.get(ApprovalsService);
    await setSetting(t, 'turnover_multiplier_bps', 0);
    // T23 makes 40 withdrawals of one player in a few seconds: about approvals, not the per-minute code check limit.
    await setSetting(t, 'security_code_checks_per_minute', 1_000_000);
  });
  afterAll(async () => {
    const v = await ledgerViolations(t);
    expect(v.failing).toEqual([]);
    await t.close();
  });

  async function rechargeOf(token: string, money: number | string): Promise<number> {
    const res = await post(t, 'recharge', token, { money, type: 'TWD' });
    if (res.body.code !== 1) throw new Error(JSON.stringify(res.body));
    return res.body.data.id as number;
  }

  async function withdrawalOf(token: string, code: string, money: number | string): Promise<number> {
    const res = await post(t, 'withdrawAction', token, { type: 0, money, securityCode: code });
    if (res.body.code !== 1) throw new Error(JSON.stringify(res.body));
    return res.body.data.id as number;
  }

  describe('recharges', () => {
    it('approval credits exactly once (house_cash -> available), records who and when, answers before/after', async () => {
      const p = await registerPlayer(t);
      const id = await rechargeOf(p.token, '250.75');
      const before = await postings(t);
      const out = await sut.approveCapitalLog(id, FINANCE_A, 'bank ref 123');
      expect(out).toMatchObject({ decision: 'final', status: 1, capitalLogId: id });
      expect(out.before).toMatchObject({ capital_log: { status: 0, resolved_by: null }, balances: { money_minor: 0, lock_money_minor: 0 } });
      expect(out.after).toMatchObject({
        capital_log: { status: 1, resolved_by: FINANCE_A.id, remark: 'bank ref 123', over_minor: 25_075 },
        balances: { money_minor: 25_075 },
      });
      expect(out.after.capital_log?.resolved_at).toEqual(expect.any(Number));
      expect(await balances(t, p.userId)).toEqual({ money: 25_075, lock: 0 });
      expect(await postings(t)).toBe(before + 1);
      // a second approval, by anyone, moves nothing
      expect(await errorOf(sut.approveCapitalLog(id, FINANCE_B))).toBe('ALREADY_RESOLVED');
      expect(await errorOf(sut.approveCapitalLog(id, FINANCE_A))).toBe('ALREADY_RESOLVED');
      expect(await errorOf(sut.rejectCapitalLog(id, FINANCE_B))).toBe('ALREADY_RESOLVED');
      expect(await balances(t, p.userId)).toEqual({ money: 25_075, lock: 0 });
      expect(await postings(t)).toBe(before + 1);
      const row = (await post(t, 'quantityLogList', p.token, { begin_date: '2018-01-01', end_date: '2099-12-31' })).body.data.data[0];
      expect(row).toMatchObject({ id, type: 0, quantity: 250.75, over: 250.75, status: 1 });
    });

    it('rejection moves nothing and shows the reason to the player', async () => {
      const p = await registerPlayer(t);
      const id = await rechargeOf(p.token, 100);
      const before = await postings(t);
      const out = await sut.rejectCapitalLog(id, FINANCE_A, 'no payment received');
      expect(out).toMatchObject({ decision: 'rejected', status: 2, after: { capital_log: { status: 2, resolved_by: FINANCE_A.id } } });
      expect(await postings(t)).toBe(before);
      expect(await errorOf(sut.approveCapitalLog(id, FINANCE_B))).toBe('ALREADY_RESOLVED');
      const row = (await post(t, 'quantityLogList', p.token, { begin_date: '2018-01-01', end_date: '2099-12-31' })).body.data.data[0];
      expect(row).toMatchObject({ id, status: 2, mark: expect.stringMatching(/^R\d{10}$/), reason: 'no payment received', over: null });
    });

    it('recharges at or above recharge_two_approver_threshold need two different approvers', async () => {
      const p = await registerPlayer(t);
      const id = await rechargeOf(p.token, 100_000);
      const first = await sut.approveCapitalLog(id, FINANCE_A);
      expect(first).toMatchObject({ decision: 'needs_second', status: 0 });
      expect(await balances(t, p.userId)).toEqual({ money: 0, lock: 0 });
      expect(await errorOf(sut.approveCapitalLog(id, FINANCE_A))).toBe('SAME_APPROVER');
      expect(await sut.approveCapitalLog(id, FINANCE_B)).toMatchObject({ decision: 'final', status: 1 });
      expect(await balances(t, p.userId)).toEqual({ money: 10_000_000, lock: 0 });
    });
  });

  describe('withdrawals', () => {
    it('approval pays out frozen -> house_cash once; rejection releases frozen -> available once', async () => {
      const w = await withdrawer(t, 100_000);
      const paid = await withdrawalOf(w.token, w.code, 300);
      const released = await withdrawalOf(w.token, w.code, 200);
      expect(await balances(t, w.userId)).toEqual({ money: 50_000, lock: 50_000 });
      const a = await sut.approveCapitalLog(paid, FINANCE_A);
      expect(a.after.balances).toMatchObject({ money_minor: 50_000, lock_money_minor: 20_000 });
      const r = await sut.rejectCapitalLog(released, FINANCE_B, 'account name mismatch');
      expect(r.after.balances).toMatchObject({ money_minor: 70_000, lock_money_minor: 0 });
      for (const id of [paid, released]) {
        expect(await errorOf(sut.approveCapitalLog(id, FINANCE_C))).toBe('ALREADY_RESOLVED');
        expect(await errorOf(sut.rejectCapitalLog(id, FINANCE_C))).toBe('ALREADY_RESOLVED');
      }
      expect(await balances(t, w.userId)).toEqual({ money: 70_000, lock: 0 });
      // Each row keeps the balance after its own effect (the hold), never rewritten by the resolution.
      expect((await t.ds.getRepository(CapitalLogEntity).findOneByOrFail({ id: paid })).over_minor).toBe(70_000);
      expect((await t.ds.getRepository(CapitalLogEntity).findOneByOrFail({ id: released })).over_minor).toBe(50_000);
    });

    it('T23: at or above the threshold two different approvers are needed; the same one twice is SAME_APPROVER', async () => {
      await setSetting(t, 'withdraw_two_approver_threshold_minor', 100_000);
      try {
        const w = await withdrawer(t, 500_000);
        const big = await withdrawalOf(w.token, w.code, 1000);
        const small = await withdrawalOf(w.token, w.code, '999.99');
        // below the threshold (nothing approved today yet) one approver is enough
        expect((await sut.approveCapitalLog(small, FINANCE_A)).decision).toBe('final');
        const before = await postings(t);
        const first = await sut.approveCapitalLog(big, FINANCE_A);
        expect(first).toMatchObject({ decision: 'needs_second', status: 0, after: { capital_log: { status: 0, approvals: [FINANCE_A.id] } } });
        expect(await postings(t)).toBe(before);
        expect(await errorOf(sut.approveCapitalLog(big, FINANCE_A))).toBe('SAME_APPROVER');
        expect(await postings(t)).toBe(before);
        const second = await sut.approveCapitalLog(big, FINANCE_B);
        expect(second).toMatchObject({
          decision: 'final',
          status: 1,
          after: { capital_log: { status: 1, resolved_by: FINANCE_B.id, approvals: [FINANCE_A.id, FINANCE_B.id] } },
        });
        expect(await postings(t)).toBe(before + 1);
        expect(await t.ds.getRepository(CapitalApprovalEntity).countBy({ capital_log_id: big })).toBe(2);
        // a pending two-approver request can still be rejected by anyone in finance
        const big2 = await withdrawalOf(w.token, w.code, 1500);
        await sut.approveCapitalLog(big2, FINANCE_A);
        expect((await sut.rejectCapitalLog(big2, FINANCE_A, 'changed my mind')).status).toBe(2);
        expect(await errorOf(sut.approveCapitalLog(big2, FINANCE_B))).toBe('ALREADY_RESOLVED');
      } finally {
        await setSetting(t, 'withdraw_two_approver_threshold_minor', 5_000_000);
      }
    });

    it('T23: 40 concurrent approve + reject pairs on one withdrawal each: exactly one resolution per hold', async () => {
      const trials = 40;
      const w = await withdrawer(t, trials * 10_000);
      const ids = [];
      for (let i = 0; i < trials; i++) ids.push(await withdrawalOf(w.token, w.code, 100));
      const before = await postings(t);
      let approved = 0;
      let rejected = 0;
      let violations = 0;
      for (const id of ids) {
        // Random start offsets, so each side gets to go first in some trials.
        const jitter = <T>(fn: () => Promise<T>): Promise<T> => new Promise((r) => setTimeout(r, Math.floor(Math.random() * 4))).then(fn);
        const outcomes = await Promise.all([
          errorOf(jitter(() => sut.approveCapitalLog(id, FINANCE_A))),
          errorOf(jitter(() => sut.rejectCapitalLog(id, FINANCE_B))),
          errorOf(jitter(() => sut.approveCapitalLog(id, FINANCE_C))),
        ]);
        const wins = outcomes.filter((o) => o === 'OK').length;
        if (wins !== 1 || outcomes.some((o) => o !== 'OK' && o !== 'ALREADY_RESOLVED')) violations++;
        const log = await t.ds.getRepository(CapitalLogEntity).findOneByOrFail({ id });
        if (log.status === 1) approved++;
        else rejected++;
      }
      expect(violations).toBe(0);
      expect(await postings(t)).toBe(before + trials);
      const b = await balances(t, w.userId);
      expect(b).toEqual({ money: rejected * 10_000, lock: 0 });
      console.log(
        `T23: ${trials} holds x (2 approvals + 1 rejection) concurrently: ${approved} paid, ${rejected} released, double resolutions = ${violations}`,
      );
    });
  });

  describe('maker-checker and roles', () => {
    it('staff cannot approve a request they created (requested_by)', async () => {
      const p = await registerPlayer(t);
      const id = await rechargeOf(p.token, 100);
      await t.ds.getRepository(CapitalLogEntity).update({ id }, { requested_by: FINANCE_A.id });
      const before = await postings(t);
      expect(await errorOf(sut.approveCapitalLog(id, FINANCE_A))).toBe('MAKER_CHECKER');
      expect(await postings(t)).toBe(before);
      expect((await sut.approveCapitalLog(id, FINANCE_B)).status).toBe(1);
    });

    it.each([
      ['support', 'support'],
      ['operator', 'operator'],
      ['an unknown role', 'player'],
    ])('refuses %s (FORBIDDEN) and moves nothing', async (_name, role) => {
      const p = await registerPlayer(t);
      const id = await rechargeOf(p.token, 100);
      const before = await postings(t);
      expect(await errorOf(sut.approveCapitalLog(id, { id: 7, role }))).toBe('FORBIDDEN');
      expect(await errorOf(sut.rejectCapitalLog(id, { id: 7, role }))).toBe('FORBIDDEN');
      expect(await errorOf(sut.gift(p.userId, 100, { id: 7, role }, 'promo'))).toBe('FORBIDDEN');
      expect(await postings(t)).toBe(before);
    });

    it('answers NOT_FOUND for an unknown id, and refuses to approve a purchase or profit row', async () => {
      expect(await errorOf(sut.approveCapitalLog(99_999_999, FINANCE_A))).toBe('NOT_FOUND');
      expect(await errorOf(sut.approveCapitalLog(-1, FINANCE_A))).toBe('NOT_FOUND');
      const p = await registerPlayer(t);
      const id = Number(
        (
          await t.ds.getRepository(CapitalLogEntity).insert({
            user_id: p.userId,
            type: 2,
            quantity_minor: 100,
            over_minor: 0,
            currency: '',
            mark: 'stake',
            status: 0,
            remark: '',
            created_at: t.clock.now(),
          })
        ).identifiers[0]?.id,
      );
      expect(await errorOf(sut.approveCapitalLog(id, FINANCE_B))).toBe('AUDIT_ILLEGAL_TRANSITION');
    });
  });

  describe('gifts', () => {
    it('no single person creates money: a gift is a pending request (type 4, status 0) that only a different finance member can approve', async () => {
      const p = await registerPlayer(t);
      await fundPlayer(t, p.userId, 1000);
      const before = await postings(t);
      const out = await sut.gift(p.userId, 12_345, FINANCE_A, '  birthday bonus ');
      expect(out).toMatchObject({
        decision: 'gift',
        status: 0,
        before: { capital_log: null, balances: { money_minor: 1000 } },
        after: { capital_log: { type: 4, status: 0, quantity_minor: 12_345, requested_by: FINANCE_A.id, resolved_by: null }, balances: { money_minor: 1000 } },
      });
      expect(await postings(t)).toBe(before);
      // the maker cannot approve it, however often they try
      expect(await errorOf(sut.approveCapitalLog(out.capitalLogId, FINANCE_A))).toBe('MAKER_CHECKER');
      expect(await balances(t, p.userId)).toEqual({ money: 1000, lock: 0 });
      const ok = await sut.approveCapitalLog(out.capitalLogId, FINANCE_B, 'checked');
      expect(ok).toMatchObject({
        decision: 'final',
        status: 1,
        after: { capital_log: { status: 1, over_minor: 13_345, requested_by: FINANCE_A.id, resolved_by: FINANCE_B.id, approvals: [FINANCE_B.id] } },
      });
      expect(await postings(t)).toBe(before + 1);
      // approved exactly once
      expect(await errorOf(sut.approveCapitalLog(out.capitalLogId, FINANCE_C))).toBe('ALREADY_RESOLVED');
      expect(await balances(t, p.userId)).toEqual({ money: 13_345, lock: 0 });
      const row = (await post(t, 'quantityLogList', p.token, { begin_date: '2018-01-01', end_date: '2099-12-31', type: 4 })).body.data.data;
      expect(row).toEqual([expect.objectContaining({ type: 4, quantity: 123.45, over: 133.45, mark: 'birthday bonus', status: 1 })]);
    });

    it('a rejected gift request moves nothing', async () => {
      const p = await registerPlayer(t);
      const out = await sut.gift(p.userId, 500, FINANCE_A, 'promo');
      expect((await sut.rejectCapitalLog(out.capitalLogId, FINANCE_A, 'entered twice')).status).toBe(2);
      expect(await errorOf(sut.approveCapitalLog(out.capitalLogId, FINANCE_B))).toBe('ALREADY_RESOLVED');
      expect(await balances(t, p.userId)).toEqual({ money: 0, lock: 0 });
    });

    it.each([
      ['zero', 0, 'x', 'AMOUNT_INVALID'],
      ['negative', -5, 'x', 'AMOUNT_INVALID'],
      ['fractional', 1.5, 'x', 'AMOUNT_INVALID'],
      ['above 2^53', 2 ** 53, 'x', 'AMOUNT_INVALID'],
      ['too large', 10_000_000_000_001, 'x', 'AMOUNT_TOO_LARGE'],
      ['no reason', 100, '   ', 'VALIDATION_FAILED'],
    ])('refuses a %s gift', async (_name, amount, reason, error) => {
      const p = await registerPlayer(t);
      const before = await postings(t);
      expect(await errorOf(sut.gift(p.userId, amount, FINANCE_A, reason))).toBe(error);
      expect(await postings(t)).toBe(before);
    });

    it('refuses a gift to an unknown player (NOT_FOUND)', async () => {
      expect(await errorOf(sut.gift(99_999_999, 100, FINANCE_A, 'x'))).toBe('NOT_FOUND');
    });

    it('with an idempotency key, a retried gift answers the first outcome and gifts once', async () => {
      const p = await registerPlayer(t);
      const a = await sut.gift(p.userId, 700, FINANCE_A, 'retry safe', 'gift-retry-0001');
      const b = await sut.gift(p.userId, 700, FINANCE_A, 'retry safe', 'gift-retry-0001');
      expect(b).toEqual(a);
      expect(await errorOf(sut.gift(p.userId, 701, FINANCE_A, 'retry safe', 'gift-retry-0001'))).toBe('IDEMPOTENCY_MISMATCH');
      expect(await t.ds.getRepository(CapitalLogEntity).countBy({ user_id: p.userId, type: 4 })).toBe(1);
      await sut.approveCapitalLog(a.capitalLogId, FINANCE_B);
      expect(await balances(t, p.userId)).toEqual({ money: 700, lock: 0 });
    });
  });

  describe('limits (issue 8)', () => {
    it('the two-approver threshold counts the amount approved in the platform day: four withdrawals of 49,999.99 against 50,000 need two approvers from the second one on', async () => {
      const noon = offsetToNoon(t.cfg.schedule.tz, t.clock.now());
      t.clock.advance(noon);
      try {
        await setSetting(t, 'withdraw_two_approver_threshold_minor', 5_000_000);
        const w = await withdrawer(t, 5 * 4_999_999);
        const ids = [];
        for (let i = 0; i < 4; i++) ids.push(await withdrawalOf(w.token, w.code, '49999.99'));
        const decisions = [];
        for (const id of ids) {
          const first = await sut.approveCapitalLog(id, FINANCE_A);
          decisions.push(first.decision);
          if (first.decision === 'needs_second') {
            expect(await errorOf(sut.approveCapitalLog(id, FINANCE_A))).toBe('SAME_APPROVER');
            expect((await sut.approveCapitalLog(id, FINANCE_B)).decision).toBe('final');
          }
        }
        expect(decisions).toEqual(['final', 'needs_second', 'needs_second', 'needs_second']);
        expect(await balances(t, w.userId)).toEqual({ money: 4_999_999, lock: 0 });
        // the next platform day starts from zero again
        t.clock.advance(86_400_000);
        try {
          const nextDay = await withdrawalOf(w.token, w.code, '49999.99');
          expect((await sut.approveCapitalLog(nextDay, FINANCE_A)).decision).toBe('final');
        } finally {
          t.clock.advance(-86_400_000);
        }
      } finally {
        t.clock.advance(-noon);
      }
    });

    it('a staff member past staff_daily_approval_limit is refused with STAFF_DAILY_LIMIT (by amount) and moves nothing; others may still approve', async () => {
      const clerk: StaffRef = { id: 9101, role: 'finance' };
      await setSetting(t, 'staff_daily_approval_limit_minor', 100_000);
      try {
        const p = await registerPlayer(t);
        const a = await rechargeOf(p.token, 600);
        const b = await rechargeOf(p.token, 400);
        const c = await rechargeOf(p.token, 100);
        expect((await sut.approveCapitalLog(a, clerk)).status).toBe(1);
        expect((await sut.approveCapitalLog(b, clerk)).status).toBe(1);
        const before = await postings(t);
        const refused = sut.approveCapitalLog(c, clerk);
        await expect(refused).rejects.toMatchObject({ key: 'STAFF_DAILY_LIMIT', params: { limit: '1000.00', used: '1000.00' } });
        expect(await postings(t)).toBe(before);
        expect(await t.ds.getRepository(CapitalApprovalEntity).countBy({ capital_log_id: c })).toBe(0);
        expect((await sut.approveCapitalLog(c, { id: 9102, role: 'superadmin' })).status).toBe(1);
        expect(await balances(t, p.userId)).toEqual({ money: 110_000, lock: 0 });
      } finally {
        await setSetting(t, 'staff_daily_approval_limit_minor', 100_000_000); // the default
      }
    });

    it('a credit that would pass max_balance (pending payouts included) is refused with BALANCE_CAP_EXCEEDED at gift request and at approval', async () => {
      await setSetting(t, 'max_balance_minor', 1_000_000);
      try {
        const p = await registerPlayer(t);
        await fundPlayer(t, p.userId, 900_000);
        const before = await postings(t);
        await expect(sut.gift(p.userId, 100_001, FINANCE_A, 'too much')).rejects.toMatchObject({ key: 'BALANCE_CAP_EXCEEDED', params: { max: '10000.00' } });
        const gift = await sut.gift(p.userId, 100_000, FINANCE_A, 'up to the cap');
        const recharge = await rechargeOf(p.token, 100);
        expect((await sut.approveCapitalLog(gift.capitalLogId, FINANCE_B)).status).toBe(1);
        expect(await balances(t, p.userId)).toEqual({ money: 1_000_000, lock: 0 });
        await expect(sut.approveCapitalLog(recharge, FINANCE_B)).rejects.toMatchObject({ key: 'BALANCE_CAP_EXCEEDED' });
        expect((await t.ds.getRepository(CapitalLogEntity).findOneByOrFail({ id: recharge })).status).toBe(0);
        expect((await sut.rejectCapitalLog(recharge, FINANCE_B, 'over the cap')).status).toBe(2);
        // a pending bet's potential payout counts: 1,000.00 staked at 1.94 could pay 1,940.00
        const bet = await stake(t, p.userId, await openRound(t), 100_000);
        expect(await balances(t, p.userId)).toEqual({ money: 900_000, lock: 0 });
        await expect(sut.gift(p.userId, 1, FINANCE_A, 'x')).rejects.toMatchObject({ key: 'BALANCE_CAP_EXCEEDED' });
        await cancelBet(t, bet as number);
        expect(await postings(t)).toBe(before + 3);
      } finally {
        await setSetting(t, 'max_balance_minor', 1_000_000_000_000);
      }
    });

    it('a recharge or withdrawal request above recharge_max / withdraw_max is refused with AMOUNT_TOO_LARGE naming the maximum (envelope), holding nothing', async () => {
      await setSetting(t, 'recharge_max_minor', 1_000_000);
      await setSetting(t, 'withdraw_max_minor', 100_000);
      try {
        const w = await withdrawer(t, 500_000);
        const r = await post(t, 'recharge', w.token, { money: '10000.01', type: 'TWD' });
        expect(r.status).toBe(200);
        expect(r.body).toMatchObject({ code: 3003, error: 'AMOUNT_TOO_LARGE', params: { max: '10000.00' } });
        expect((await post(t, 'recharge', w.token, { money: '10000', type: 'TWD' })).body.code).toBe(1);
        const before = await postings(t);
        const wd = await post(t, 'withdrawAction', w.token, { type: 0, money: '1000.01', securityCode: w.code });
        expect(wd.body).toMatchObject({ code: 3003, error: 'AMOUNT_TOO_LARGE', params: { max: '1000.00' } });
        expect(await postings(t)).toBe(before);
        expect(await balances(t, w.userId)).toEqual({ money: 500_000, lock: 0 });
        expect((await post(t, 'withdrawAction', w.token, { type: 0, money: '1000', securityCode: w.code })).body.code).toBe(1);
      } finally {
        await setSetting(t, 'recharge_max_minor', 1_000_000_000);
        await setSetting(t, 'withdraw_max_minor', 1_000_000_000);
      }
    });

    it('a gift above gift_max is refused with AMOUNT_TOO_LARGE naming the maximum', async () => {
      const p = await registerPlayer(t);
      await setSetting(t, 'gift_max_minor', 50_000);
      try {
        await expect(sut.gift(p.userId, 50_001, FINANCE_A, 'x')).rejects.toMatchObject({ key: 'AMOUNT_TOO_LARGE', params: { max: '500.00' } });
        expect((await sut.gift(p.userId, 50_000, FINANCE_A, 'x')).status).toBe(0);
      } finally {
        await setSetting(t, 'gift_max_minor', 10_000_000);
      }
    });
  });
});
