import { BetEntity, CapitalLogEntity, UserEntity } from '@sum28/database';
import { startOfPlatformDay } from '@sum28/domain';
import fc from 'fast-check';
import { ApiError } from '../src/common/api-error';
import type { StaffRef } from '../src/wallet/approvals.service';
import { testLimitMs } from './factories/limits';
import { createTestApp, ledgerViolations, type TestApp } from './factories/test-app';
import {
  FINANCE_A,
  FINANCE_B,
  FINANCE_C,
  accountTotals,
  approvals,
  offsetToNoon,
  openRound,
  post,
  setSetting,
  settle,
  stake,
  withdrawer,
  type Withdrawer,
} from './wallet-fixtures';

/**
 * T13: random sequences of deposits (request + approve/reject), bets, settlements, withdrawals
 * (request + one or two approvals / reject) and gifts, run against the real API and services and
 * against a small in-memory model written independently of the code under test. After every step the
 * touched balances equal the model; after every run each balance equals the sum of its postings, all
 * accounts sum to zero, the house accounts equal the model, and the invariant checker reports 0.
 */
const RUNS = Number(process.env['MODEL_RUNS'] ?? 50);
/** fast-check draws each run's length up to this; about half of it on average (check() skips a few). */
const COMMANDS = Number(process.env['MODEL_COMMANDS'] ?? 150);
const SEED = Number(process.env['MODEL_SEED'] ?? Date.now() % 2_147_483_647);
/** Turnover multiplier (0.5x) and the two-approver threshold (500.00) used by the model. */
const BPS = 5_000;
const TWO_APPROVERS_FROM = 50_000;
const MIN = 10_000;

interface PlayerModel {
  id: number;
  available: number;
  frozen: number;
  todayStakes: number;
  /** withdrawals paid today: they count toward the two-approver threshold */
  todayWithdrawn: number;
}
interface Model {
  players: PlayerModel[];
  recharges: { id: number; player: number; amount: number }[];
  withdrawals: { id: number; player: number; amount: number; approvals: number[] }[];
  bets: { id: number; player: number; stake: number }[];
  house: { cash: number; game: number; bonus: number };
  steps: number;
}
interface Real {
  t: TestApp;
  players: Withdrawer[];
  round: number;
}

const STAFF: StaffRef[] = [FINANCE_A, FINANCE_B, FINANCE_C];
/** Outcomes seen over all runs, e.g. 'withdraw TURNOVER_NOT_MET' -> 120. */
const seen = new Map<string, number>();
function tally(what: string): void {
  seen.set(what, (seen.get(what) ?? 0) + 1);
}

async function keyOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'OK';
  } catch (e) {
    if (e instanceof ApiError) return e.key;
    throw e;
  }
}

async function expectBalances(m: Model, r: Real, player: number): Promise<void> {
  const pm = m.players[player] as PlayerModel;
  const u = await r.t.ds.getRepository(UserEntity).findOneByOrFail({ id: pm.id });
  expect({ available: u.money_minor, frozen: u.lock_money_minor }).toEqual({ available: pm.available, frozen: pm.frozen });
}

class RequestRecharge implements fc.AsyncCommand<Model, Real, false> {
  constructor(
    readonly player: number,
    readonly amount: number,
  ) {}
  check = (): boolean => true;
  async run(m: Model, r: Real): Promise<void> {
    const res = await post(r.t, 'recharge', (r.players[this.player] as Withdrawer).token, { money: (this.amount / 100).toFixed(2), type: 'USDT' });
    expect(res.body.error).toBe(this.amount < MIN ? 'RECHARGE_MIN' : undefined);
    if (res.body.code === 1) m.recharges.push({ id: res.body.data.id, player: this.player, amount: this.amount });
    tally(`recharge request ${res.body.error ?? 'ok'}`);
    m.steps++;
  }
  toString = (): string => `recharge(p${this.player}, ${this.amount})`;
}

class ResolveRecharge implements fc.AsyncCommand<Model, Real, false> {
  constructor(
    readonly pick: number,
    readonly approve: boolean,
    readonly staff: number,
  ) {}
  check = (m: Readonly<Model>): boolean => m.recharges.length > 0;
  async run(m: Model, r: Real): Promise<void> {
    const [req] = m.recharges.splice(this.pick % m.recharges.length, 1);
    if (!req) return;
    const staff = STAFF[this.staff] as StaffRef;
    const out = this.approve ? await approvals(r.t).approveCapitalLog(req.id, staff) : await approvals(r.t).rejectCapitalLog(req.id, staff, 'no payment');
    expect(out.status).toBe(this.approve ? 1 : 2);
    if (this.approve) {
      (m.players[req.player] as PlayerModel).available += req.amount;
      m.house.cash -= req.amount;
    }
    tally(`recharge ${this.approve ? 'approved' : 'rejected'}`);
    // Resolved once: a second try moves nothing.
    expect(await keyOf(approvals(r.t).approveCapitalLog(req.id, STAFF[(this.staff + 1) % 3] as StaffRef))).toBe('ALREADY_RESOLVED');
    await expectBalances(m, r, req.player);
    m.steps++;
  }
  toString = (): string => `${this.approve ? 'approve' : 'reject'}Recharge(#${this.pick}, staff ${this.staff})`;
}

class Bet implements fc.AsyncCommand<Model, Real, false> {
  constructor(
    readonly player: number,
    readonly amount: number,
  ) {}
  check = (): boolean => true;
  async run(m: Model, r: Real): Promise<void> {
    const pm = m.players[this.player] as PlayerModel;
    const res = await stake(r.t, pm.id, r.round, this.amount);
    if (this.amount <= pm.available) {
      expect(typeof res).toBe('number');
      pm.available -= this.amount;
      pm.todayStakes += this.amount;
      m.house.game += this.amount;
      m.bets.push({ id: res as number, player: this.player, stake: this.amount });
    } else {
      expect(res).toBe('INSUFFICIENT_FUNDS');
    }
    tally(`bet ${typeof res === 'number' ? 'ok' : res}`);
    await expectBalances(m, r, this.player);
    m.steps++;
  }
  toString = (): string => `bet(p${this.player}, ${this.amount})`;
}

class Settle implements fc.AsyncCommand<Model, Real, false> {
  constructor(
    readonly pick: number,
    readonly hit: boolean,
  ) {}
  check = (m: Readonly<Model>): boolean => m.bets.length > 0;
  async run(m: Model, r: Real): Promise<void> {
    const [bet] = m.bets.splice(this.pick % m.bets.length, 1);
    if (!bet) return;
    const payout = this.hit ? Math.floor((bet.stake * 1940) / 1000) : 0;
    await settle(r.t, bet.id, payout);
    (m.players[bet.player] as PlayerModel).available += payout;
    m.house.game -= payout;
    tally(`settlement ${this.hit ? 'hit' : 'miss'}`);
    await expectBalances(m, r, bet.player);
    m.steps++;
  }
  toString = (): string => `settle(#${this.pick}, ${this.hit ? 'hit' : 'miss'})`;
}

class RequestWithdraw implements fc.AsyncCommand<Model, Real, false> {
  constructor(
    readonly player: number,
    readonly amount: number,
    readonly type: 0 | 1,
  ) {}
  check = (): boolean => true;
  /** Spec section 5, written out independently of the domain's validateWithdraw. */
  expected(p: PlayerModel): string | undefined {
    if (p.frozen > 0 && this.amount > p.available) return 'WITHDRAW_FROZEN_FUNDS';
    if (this.amount < MIN) return 'WITHDRAW_MIN';
    if (this.amount > p.available) return 'INSUFFICIENT_FUNDS';
    const required = Math.ceil((p.available * BPS) / 10_000);
    if (required - p.todayStakes > 0) return 'TURNOVER_NOT_MET';
    return undefined;
  }
  async run(m: Model, r: Real): Promise<void> {
    const pm = m.players[this.player] as PlayerModel;
    const w = r.players[this.player] as Withdrawer;
    const want = this.expected(pm);
    const res = await post(r.t, 'withdrawAction', w.token, { type: this.type, money: (this.amount / 100).toFixed(2), securityCode: w.code });
    expect(res.body.error).toBe(want);
    tally(`withdraw request ${want ?? 'ok'}`);
    if (want === undefined) {
      pm.available -= this.amount;
      pm.frozen += this.amount;
      m.withdrawals.push({ id: res.body.data.id, player: this.player, amount: this.amount, approvals: [] });
      expect(res.body.data).toMatchObject({ money: pm.available / 100, lock_money: pm.frozen / 100, status: 0 });
    }
    await expectBalances(m, r, this.player);
    m.steps++;
  }
  toString = (): string => `withdraw(p${this.player}, ${this.amount}, type ${this.type})`;
}

class ResolveWithdraw implements fc.AsyncCommand<Model, Real, false> {
  constructor(
    readonly pick: number,
    readonly approve: boolean,
    readonly staff: number,
  ) {}
  check = (m: Readonly<Model>): boolean => m.withdrawals.length > 0;
  async run(m: Model, r: Real): Promise<void> {
    const i = this.pick % m.withdrawals.length;
    const wd = m.withdrawals[i];
    if (!wd) return;
    const staff = STAFF[this.staff] as StaffRef;
    const pm = m.players[wd.player] as PlayerModel;
    if (!this.approve) {
      expect((await approvals(r.t).rejectCapitalLog(wd.id, staff, 'rejected by the model')).status).toBe(2);
      m.withdrawals.splice(i, 1);
      pm.frozen -= wd.amount;
      pm.available += wd.amount;
      tally('withdraw released');
    } else if (wd.approvals.includes(staff.id)) {
      expect(await keyOf(approvals(r.t).approveCapitalLog(wd.id, staff))).toBe('SAME_APPROVER');
      tally('withdraw SAME_APPROVER');
    } else if (wd.amount + pm.todayWithdrawn >= TWO_APPROVERS_FROM && wd.approvals.length === 0) {
      const out = await approvals(r.t).approveCapitalLog(wd.id, staff);
      expect([out.decision, out.status]).toEqual(['needs_second', 0]);
      wd.approvals.push(staff.id);
      tally('withdraw first of two approvals');
    } else {
      const out = await approvals(r.t).approveCapitalLog(wd.id, staff);
      expect([out.decision, out.status]).toEqual(['final', 1]);
      m.withdrawals.splice(i, 1);
      pm.frozen -= wd.amount;
      pm.todayWithdrawn += wd.amount;
      m.house.cash += wd.amount;
      tally('withdraw paid');
    }
    await expectBalances(m, r, wd.player);
    m.steps++;
  }
  toString = (): string => `${this.approve ? 'approve' : 'reject'}Withdraw(#${this.pick}, staff ${this.staff})`;
}

class Gift implements fc.AsyncCommand<Model, Real, false> {
  constructor(
    readonly player: number,
    readonly amount: number,
  ) {}
  check = (): boolean => true;
  async run(m: Model, r: Real): Promise<void> {
    const pm = m.players[this.player] as PlayerModel;
    const req = await approvals(r.t).gift(pm.id, this.amount, FINANCE_C, 'model gift');
    await expectBalances(m, r, this.player);
    expect(await keyOf(approvals(r.t).approveCapitalLog(req.capitalLogId, FINANCE_C))).toBe('MAKER_CHECKER');
    await approvals(r.t).approveCapitalLog(req.capitalLogId, FINANCE_A);
    pm.available += this.amount;
    m.house.bonus -= this.amount;
    tally('gift');
    await expectBalances(m, r, this.player);
    m.steps++;
  }
  toString = (): string => `gift(p${this.player}, ${this.amount})`;
}

const PLAYERS = 3;
const player = fc.nat({ max: PLAYERS - 1 });
const commands = [
  fc.tuple(player, fc.integer({ min: 5_000, max: 500_000 })).map(([p, a]) => new RequestRecharge(p, a)),
  fc.tuple(fc.nat(), fc.boolean(), fc.nat({ max: 2 })).map(([i, ok, s]) => new ResolveRecharge(i, ok, s)),
  fc.tuple(fc.nat(), fc.boolean(), fc.nat({ max: 2 })).map(([i, ok, s]) => new ResolveRecharge(i, ok, s)),
  fc.tuple(player, fc.integer({ min: 1, max: 200_000 })).map(([p, a]) => new Bet(p, a)),
  fc.tuple(player, fc.integer({ min: 1, max: 200_000 })).map(([p, a]) => new Bet(p, a)),
  fc.tuple(fc.nat(), fc.boolean()).map(([i, hit]) => new Settle(i, hit)),
  fc.tuple(player, fc.integer({ min: 5_000, max: 300_000 }), fc.constantFrom(0 as const, 1 as const)).map(([p, a, ty]) => new RequestWithdraw(p, a, ty)),
  fc.tuple(fc.nat(), fc.boolean(), fc.nat({ max: 2 })).map(([i, ok, s]) => new ResolveWithdraw(i, ok, s)),
  fc.tuple(fc.nat(), fc.constant(true), fc.nat({ max: 2 })).map(([i, ok, s]) => new ResolveWithdraw(i, ok, s)),
  fc.tuple(player, fc.integer({ min: 1, max: 50_000 })).map(([p, a]) => new Gift(p, a)),
];

describe('T13: ledger model (fast-check commands against an in-memory model)', () => {
  let t: TestApp;
  let players: Withdrawer[];
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.advance(offsetToNoon(t.cfg.schedule.tz, t.clock.now()));
    await setSetting(t, 'turnover_multiplier_bps', BPS);
    await setSetting(t, 'withdraw_two_approver_threshold_minor', TWO_APPROVERS_FROM);
    // The model has no clock: many withdrawals of one player fall in one minute (the check limit is tested elsewhere).
    await setSetting(t, 'security_code_checks_per_minute', 1_000_000);
    // the model resolves recharges with one approver
    await setSetting(t, 'recharge_two_approver_threshold_minor', 0);
    players = [];
    for (let i = 0; i < PLAYERS; i++) players.push(await withdrawer(t, 0));
  });
  afterAll(async () => {
    await t.close();
  });

  it(
    `${RUNS} runs x up to ${COMMANDS} commands: balances = model = sum of postings, accounts sum to zero, 0 violations`,
    async () => {
      let runs = 0;
      let steps = 0;
      let checks = 0;
      const started = Date.now();
      await fc.assert(
        fc.asyncProperty(fc.commands(commands, { maxCommands: COMMANDS, size: 'max' }), async (cmds) => {
          // Each run starts from the database as the previous runs left it.
          const since = startOfPlatformDay(t.clock.now(), t.cfg.schedule.tz);
          const model: Model = { players: [], recharges: [], withdrawals: [], bets: [], house: { cash: 0, game: 0, bonus: 0 }, steps: 0 };
          for (const p of players) {
            const u = await t.ds.getRepository(UserEntity).findOneByOrFail({ id: p.userId });
            const stakes = await t.ds
              .getRepository(BetEntity)
              .createQueryBuilder('b')
              .select('COALESCE(SUM(b.stake_minor), 0)', 's')
              .where('b.user_id = :id AND b.created_at >= :since AND b.status <> 2', { id: p.userId, since })
              .getRawOne<{ s: number | string }>();
            const paid = await t.ds
              .getRepository(CapitalLogEntity)
              .createQueryBuilder('c')
              .select('COALESCE(SUM(c.quantity_minor), 0)', 's')
              .where('c.user_id = :id AND c.type = 1 AND c.status = 1 AND c.resolved_at >= :since', { id: p.userId, since })
              .getRawOne<{ s: number | string }>();
            model.players.push({
              id: p.userId,
              available: u.money_minor,
              frozen: u.lock_money_minor,
              todayStakes: Number(stakes?.s ?? 0),
              todayWithdrawn: Number(paid?.s ?? 0),
            });
          }
          const totals = await accountTotals(t);
          model.house = { cash: totals['house_cash'] ?? 0, game: totals['house_game'] ?? 0, bonus: totals['house_bonus'] ?? 0 };
          const real: Real = { t, players, round: await openRound(t) };
          await fc.asyncModelRun(() => ({ model, real }), cmds);
          runs++;
          steps += model.steps;
          // After the run: every balance is the sum of its postings, the house accounts are the model's,
          // all accounts sum to zero, and the invariant checker finds nothing.
          const after = await accountTotals(t);
          expect({ cash: after['house_cash'] ?? 0, game: after['house_game'] ?? 0, bonus: after['house_bonus'] ?? 0 }).toEqual(model.house);
          expect(Object.values(after).reduce((a, b) => a + b, 0)).toBe(0);
          for (const pm of model.players) {
            const rows = (await t.ds.query(
              `SELECT account, COALESCE(SUM(amount_minor), 0) AS s FROM ledger_entries WHERE user_id = ${pm.id} GROUP BY account`,
            )) as { account: string; s: number | string }[];
            const sums = Object.fromEntries(rows.map((row) => [row.account, Number(row.s)]));
            expect({ available: sums['user_available'] ?? 0, frozen: sums['user_frozen'] ?? 0 }).toEqual({ available: pm.available, frozen: pm.frozen });
          }
          const inv = await ledgerViolations(t);
          checks++;
          expect(inv.failing).toEqual([]);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      const postingsTotal = Number(((await t.ds.query('SELECT COUNT(*) AS n FROM ledger_transactions')) as { n: number | string }[])[0]?.n);
      console.log(
        `T13: seed ${SEED}, ${runs} runs x up to ${COMMANDS} commands = ${steps} commands executed, ${postingsTotal} postings, ${checks} invariant checks, failing seeds = 0, violations = 0, ${Math.round((Date.now() - started) / 1000)} s`,
      );
      console.log(
        `T13 outcomes: ${[...seen]
          .sort()
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}`,
      );
      expect(runs).toBe(RUNS);
    },
    testLimitMs(3),
  ); // one case of 50 runs (about a minute on a quiet machine, five on one loaded by a second npm test)
});
