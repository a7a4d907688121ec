import { CapitalLogEntity } from '@sum28/database';
import { ApiError } from '../src/common/api-error';
import { freshRound } from './factories/game';
import { RUN_BACKEND } from './factories/backends';
import { ledgerViolations, type TestApp } from './factories/test-app';
import {
  FINANCE_A,
  FINANCE_B,
  approvals,
  balances,
  countRows,
  openRound,
  payHoldsAndTopUp,
  percentile,
  post,
  postings,
  raceBetsAndWithdrawal,
  setSetting,
  stake,
  withdrawer,
} from './wallet-fixtures';

/**
 * The money races of reliability.md (T1, T2, T3, T4, T23) through the real API, on the run's database: SQLite (one
 * writer, the write gate) in the SQLite runs, PostgreSQL (real concurrency, user row locks) in the PostgreSQL run.
 */
describe.each([RUN_BACKEND])('money races on %s', (name, open) => {
  let t: TestApp;
  let done: () => Promise<void>;
  beforeAll(async () => {
    ({ t, done } = await open());
    await setSetting(t, 'turnover_multiplier_bps', 0);
    // These races are about holds, not about the per-minute security-code check limit (withdraw-cheap-checks.e2e-spec.ts).
    await setSetting(t, 'security_code_checks_per_minute', 1_000_000);
  });
  afterAll(async () => {
    const v = await ledgerViolations(t);
    console.log(`${name}: ledger check after all races: ${v.violations} violations`);
    expect(v.failing).toEqual([]);
    await done();
  });

  it.each([50, 200])('T1: %i concurrent withdrawals of the whole balance (different keys): exactly one hold, the rest refused cleanly', async (n) => {
    const B = 123_456;
    const w = await withdrawer(t, B);
    const before = await postings(t);
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: n }, async (_, i) => {
        const t0 = Date.now();
        const res = await post(t, 'withdrawAction', w.token, {
          type: i % 2,
          money: '1234.56',
          securityCode: w.code,
          idempotency_key: `t1-${n}-${i}-${w.userId}`,
        });
        return { ms: Date.now() - t0, status: res.status, code: res.body.code as number, error: res.body.error as string | undefined };
      }),
    );
    const wall = Date.now() - started;
    const ok = results.filter((r) => r.code === 1);
    const refusals = new Map<string, number>();
    for (const r of results) if (r.code !== 1) refusals.set(String(r.error), (refusals.get(String(r.error)) ?? 0) + 1);
    const fiveXX = results.filter((r) => r.status >= 500).length;
    expect(fiveXX).toBe(0);
    expect(ok).toHaveLength(1);
    expect([...refusals.keys()].every((k) => k === 'WITHDRAW_FROZEN_FUNDS' || k === 'INSUFFICIENT_FUNDS')).toBe(true);
    expect(await balances(t, w.userId)).toEqual({ money: 0, lock: B });
    expect(await postings(t)).toBe(before + 1);
    expect(await t.ds.getRepository(CapitalLogEntity).countBy({ user_id: w.userId, type: 1 })).toBe(1);
    const inv = await ledgerViolations(t);
    expect(inv.violations).toBe(0);
    const ms = results.map((r) => r.ms);
    console.log(
      `T1 ${name}: N=${n} concurrent withdrawals of the whole balance, ${ok.length} success, ${n - ok.length} refused (${[...refusals].map(([k, v]) => `${k} ${v}`).join(', ')}), 5xx = ${fiveXX}, overdrafts = 0, latency p50 ${percentile(ms, 50)} ms / p99 ${percentile(ms, 99)} ms, wall ${wall} ms, INV violations = ${inv.violations}`,
    );
  });

  it('T2: 50 concurrent bets and a withdrawal racing for one balance never overdraw (trials)', async () => {
    const trials = name === 'PostgreSQL' ? 20 : 40;
    const B = 100_000;
    const w = await withdrawer(t, B);
    let attempts = 0;
    let acceptedBets = 0;
    let acceptedWithdrawals = 0;
    let negatives = 0;
    let overspent = 0;
    let unexpected = 0;
    let contested = 0;
    for (let trial = 0; trial < trials; trial++) {
      const round = await openRound(t);
      // Bets of 5.00-35.00 (about 1000 in all) and a withdrawal of 100-1000: together they often overspend B = 1000.
      const stakes = Array.from({ length: 50 }, () => 500 + Math.floor(Math.random() * 3_000));
      const withdrawAmount = 10_000 + Math.floor(Math.random() * (B - 10_000 + 1));
      if (stakes.reduce((a, b) => a + b, 0) + withdrawAmount > B) contested++;
      // The withdrawal checks its security code (argon2, some ms, more on a loaded machine) before its
      // transaction: the bets start at random moments over a window of random length (up to 0.7 s, past the
      // time argon2 takes) so that either side can reach the balance first. Bets that arrive together are
      // placed in one transaction (BetBatcher), so a short window lets them take the whole balance at once.
      const spread = Math.floor(Math.random() * 700);
      const jobs: Promise<{ kind: 'bet' | 'withdraw'; amount: number; ok: boolean; error?: string }>[] = stakes.map(async (s) => {
        await new Promise((r) => setTimeout(r, Math.floor(Math.random() * spread)));
        const r = await stake(t, w.userId, round, s);
        return { kind: 'bet' as const, amount: s, ok: typeof r === 'number', error: typeof r === 'string' ? r : undefined };
      });
      jobs.push(
        post(t, 'withdrawAction', w.token, { type: 0, money: (withdrawAmount / 100).toFixed(2), securityCode: w.code }).then((res) => ({
          kind: 'withdraw' as const,
          amount: withdrawAmount,
          ok: res.body.code === 1,
          error: res.body.error as string | undefined,
        })),
      );
      const results = await Promise.all(jobs);
      attempts += results.length;
      const debited = results.filter((r) => r.ok).reduce((n, r) => n + r.amount, 0);
      acceptedBets += results.filter((r) => r.ok && r.kind === 'bet').length;
      const wd = results.find((r) => r.kind === 'withdraw');
      if (wd?.ok) acceptedWithdrawals++;
      unexpected += results.filter((r) => !r.ok && !['INSUFFICIENT_FUNDS', 'WITHDRAW_FROZEN_FUNDS'].includes(String(r.error))).length;
      const b = await balances(t, w.userId);
      if (b.money < 0 || b.lock < 0) negatives++;
      if (debited > B || b.money !== B - debited) overspent++;
      // Reset for the next trial: pay out the hold, top the wallet up to B again.
      await payHoldsAndTopUp(t, w.userId, B);
    }
    const inv = await ledgerViolations(t);
    console.log(
      `T2 ${name}: ${trials} trials x (50 bets + 1 withdrawal), ${contested} of them asking more than the balance, ${attempts} attempts, ${acceptedBets} bets and ${acceptedWithdrawals} withdrawals accepted, overspends = ${overspent}, negative wallets = ${negatives}, unexpected refusals = ${unexpected}, INV violations = ${inv.violations}`,
    );
    expect([negatives, overspent, unexpected, inv.violations]).toEqual([0, 0, 0, 0]);
    expect(acceptedWithdrawals).toBeGreaterThan(0);
    expect(acceptedBets).toBeGreaterThan(0);
  });

  it('T2 over HTTP: 50 concurrent Lottery/playOrder bets and a withdrawal racing for one balance never overdraw (trials)', async () => {
    const trials = name === 'PostgreSQL' ? 6 : 12;
    const B = 100_000;
    const w = await withdrawer(t, B);
    let attempts = 0;
    let acceptedBets = 0;
    let acceptedWithdrawals = 0;
    let overspent = 0;
    let unexpected = 0;
    let contested = 0;
    for (let trial = 0; trial < trials; trial++) {
      const slot = await freshRound(t); // settles the previous trial's round: payouts may have come in
      const start = (await balances(t, w.userId)).money;
      const spread = Math.floor(Math.random() * 400);
      // Stakes summing to about 1.25x the balance, and a withdrawal of up to all of it.
      const stakes = Array.from({ length: 50 }, () => Math.floor(start / 100) + Math.floor(Math.random() * Math.floor(start / 25 - start / 100)));
      const withdrawAmount = 10_000 + Math.floor(Math.random() * (start - 10_000 + 1));
      if (stakes.reduce((a, b) => a + b, 0) + withdrawAmount > start) contested++;
      const results = await raceBetsAndWithdrawal(t, w, slot.issue, stakes, withdrawAmount, spread);
      attempts += results.length;
      const debited = results.filter((r) => r.ok).reduce((n, r) => n + r.amount, 0);
      acceptedBets += results.filter((r) => r.ok && r.kind === 'bet').length;
      if (results.find((r) => r.kind === 'withdraw')?.ok) acceptedWithdrawals++;
      unexpected += results.filter((r) => !r.ok && !['INSUFFICIENT_FUNDS', 'WITHDRAW_FROZEN_FUNDS', 'JOIN_LIMIT'].includes(String(r.error))).length;
      const b = await balances(t, w.userId);
      if (b.money < 0 || b.lock < 0 || debited > start || b.money !== start - debited) overspent++;
      await payHoldsAndTopUp(t, w.userId, B);
    }
    const inv = await ledgerViolations(t);
    console.log(
      `T2 HTTP ${name}: ${trials} trials x (50 playOrder + 1 withdrawAction), ${contested} of them asking more than the balance, ${attempts} attempts, ${acceptedBets} bets and ${acceptedWithdrawals} withdrawals accepted, overspends or negatives = ${overspent}, unexpected refusals = ${unexpected}, INV violations = ${inv.violations}`,
    );
    expect([overspent, unexpected, inv.violations]).toEqual([0, 0, 0]);
    expect(acceptedBets).toBeGreaterThan(0);
  });

  it('T3: one key sent 10x sequentially and 10x concurrently: one hold, identical answers', async () => {
    const w = await withdrawer(t, 200_000);
    const before = await postings(t);
    const seq = [];
    for (let i = 0; i < 10; i++)
      seq.push((await post(t, 'withdrawAction', w.token, { type: 0, money: 600, securityCode: w.code, idempotency_key: `t3-seq-${w.userId}` })).body);
    expect(seq.every((b) => b.code === 1)).toBe(true);
    expect(new Set(seq.map((b) => JSON.stringify([b.code, b.msg, b.data]))).size).toBe(1);
    const conc = await Promise.all(
      Array.from({ length: 10 }, () =>
        post(t, 'withdrawAction', w.token, { type: 1, money: 700, securityCode: w.code, idempotency_key: `t3-conc-${w.userId}` }),
      ),
    );
    const okBodies = conc.filter((r) => r.body.code === 1).map((r) => JSON.stringify([r.body.msg, r.body.data]));
    expect(conc.every((r) => r.body.code === 1 || r.body.error === 'IDEMPOTENCY_IN_PROGRESS')).toBe(true);
    expect(new Set(okBodies).size).toBe(1);
    expect(await postings(t)).toBe(before + 2);
    expect(await balances(t, w.userId)).toEqual({ money: 70_000, lock: 130_000 });
    console.log(
      `T3 ${name}: 10 sequential + 10 concurrent withdrawals with one key each: effects = ${(await postings(t)) - before} (1 per key), identical answers: sequential 10/10, concurrent ${okBodies.length}/10 (rest IDEMPOTENCY_IN_PROGRESS)`,
    );
  });

  it('T4: the same key with another amount or account is IDEMPOTENCY_MISMATCH and posts nothing', async () => {
    const w = await withdrawer(t, 200_000);
    expect((await post(t, 'withdrawAction', w.token, { type: 0, money: 100, securityCode: w.code, idempotency_key: `t4-key-${w.userId}` })).body.code).toBe(1);
    const before = await postings(t);
    const tries = [
      { type: 0, money: 101 },
      { type: 1, money: 100 },
      { type: 0, money: '100.01' },
    ];
    const answers = await Promise.all(
      tries.map((b) => post(t, 'withdrawAction', w.token, { ...b, securityCode: w.code, idempotency_key: `t4-key-${w.userId}` })),
    );
    expect(answers.map((a) => a.body.error)).toEqual(['IDEMPOTENCY_MISMATCH', 'IDEMPOTENCY_MISMATCH', 'IDEMPOTENCY_MISMATCH']);
    expect(await postings(t)).toBe(before);
    console.log(`T4 ${name}: ${tries.length} mismatched replays tried, 0 accepted, postings added = ${(await postings(t)) - before}`);
  });

  it('T23: concurrent approve and reject of one withdrawal: exactly one wins (trials)', async () => {
    const trials = 20;
    const w = await withdrawer(t, trials * 10_000);
    const ids: number[] = [];
    for (let i = 0; i < trials; i++) {
      const r = await post(t, 'withdrawAction', w.token, { type: 0, money: 100, securityCode: w.code });
      ids.push(r.body.data.id as number);
    }
    const before = await postings(t);
    let doubles = 0;
    let paid = 0;
    for (const id of ids) {
      const outcomes = await Promise.all(
        [() => approvals(t).approveCapitalLog(id, FINANCE_A), () => approvals(t).rejectCapitalLog(id, FINANCE_B)].map((fn) =>
          // random start offsets, so either side gets to go first in some trials
          new Promise((r) => setTimeout(r, Math.floor(Math.random() * 4))).then(fn).then(
            () => 'OK',
            (e: unknown) => (e instanceof ApiError ? e.key : 'THROWN'),
          ),
        ),
      );
      if (outcomes.filter((o) => o === 'OK').length !== 1 || outcomes.some((o) => o !== 'OK' && o !== 'ALREADY_RESOLVED')) doubles++;
      if (outcomes[0] === 'OK') paid++;
    }
    expect(doubles).toBe(0);
    expect(await postings(t)).toBe(before + trials);
    expect((await balances(t, w.userId)).lock).toBe(0);
    expect(await countRows(t, 'capital_logs')).toBeGreaterThan(0);
    console.log(`T23 ${name}: ${trials} approve+reject races, ${paid} paid, ${trials - paid} released, double resolutions = ${doubles}`);
  });
});
