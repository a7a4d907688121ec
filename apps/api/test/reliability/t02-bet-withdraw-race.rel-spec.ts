import { POSTGRES_BACKEND, SQLITE_BACKEND, type Backend } from '../factories/backends';
import { freshRound } from '../factories/game';
import { pgAvailable } from '../factories/postgres';
import { fundPlayer, ledgerViolations } from '../factories/test-app';
import { balances, payHoldsAndTopUp, raceBetsAndWithdrawal, setSetting, withdrawer } from '../wallet-fixtures';

/**
 * T2 of reliability.md over many trials (issue 13, point 5): a wallet holding B; at once, k bets of B/2
 * (Lottery/playOrder, k from 2 to 8) and a withdrawal of B (withdrawAction, security code checked), all
 * through the API. Whatever the order, the accepted debits stay <= B (so either the withdrawal alone or
 * two bets), the wallet and its hold never go negative, the balance is exactly B minus what was
 * accepted, and the ledger invariants hold at the end. Sizes: T2_TRIALS (SQLite, default 1,000) and
 * T2_PG_TRIALS (PostgreSQL, default 1,000; 0 skips it). The concurrency e2e suite runs the same race
 * (raceBetsAndWithdrawal) with tens of trials.
 */
const TRIALS = Number(process.env['T2_TRIALS'] ?? 1_000);
const PG_TRIALS = Number(process.env['T2_PG_TRIALS'] ?? 1_000);
const B0 = 100_000; // 1,000.00
const ALLOWED_REFUSALS = new Set(['INSUFFICIENT_FUNDS', 'WITHDRAW_FROZEN_FUNDS']);

const RUNS: [string, Backend[1], number][] = [[SQLITE_BACKEND[0], SQLITE_BACKEND[1], TRIALS]];
if (PG_TRIALS > 0 && pgAvailable()) RUNS.push([POSTGRES_BACKEND[0], POSTGRES_BACKEND[1], PG_TRIALS]);

const histogram = (values: (string | number)[]): string => {
  const m = new Map<string, number>();
  for (const v of values) m.set(String(v), (m.get(String(v)) ?? 0) + 1);
  return [...m.entries()]
    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
    .map(([k, n]) => `${k}: ${n}`)
    .join(', ');
};

describe.each(RUNS)('T2 bet vs withdraw race on %s', (name, open, trials) => {
  it(`${trials} trials: k bets of B/2 and a withdrawal of B at once never debit more than B`, async () => {
    const started = Date.now();
    // Each trial comes from its own client address (X-Forwarded-For behind a trusted proxy): a player does not
    // bet hundreds of times a minute, and the per-address request limit is not what this test is about.
    const { t, done } = await open({ TRUST_PROXY: 'true' });
    try {
      await setSetting(t, 'turnover_multiplier_bps', 0);
      // The race is about holds, not about the per-minute security-code check limit (withdraw-cheap-checks.e2e-spec.ts).
      await setSetting(t, 'security_code_checks_per_minute', 1_000_000);
      // Each trial's hold is paid out by one finance approver (two approvers over a day's total are tested in approvals.e2e-spec.ts).
      await setSetting(t, 'withdraw_two_approver_threshold_minor', 0);
      let w = await withdrawer(t, B0);
      let players = 1;
      const attemptsPerTrial: number[] = [];
      const outcomes: string[] = [];
      const failures: string[] = [];
      let negatives = 0;
      let overspends = 0;
      let unexpected = 0;
      for (let trial = 0; trial < trials; trial++) {
        // A new round per trial; it settles the previous one, whose winning bets may have paid out.
        const slot = await freshRound(t);
        // Won bets compound: a wallet grown past 8 B0 is left for a fresh one, so B stays in one range.
        if ((await balances(t, w.userId)).money > 8 * B0) {
          w = await withdrawer(t, B0);
          players++;
        }
        let B = (await balances(t, w.userId)).money;
        if (B % 2 !== 0) {
          await fundPlayer(t, w.userId, 1);
          B++;
        }
        const k = 2 + Math.floor(Math.random() * 7);
        // The withdrawal spends some ms on argon2 before its transaction: the bets start after a random
        // delay, over a random window, so that either side can reach the balance first.
        const results = await raceBetsAndWithdrawal(t, w, slot.issue, Array<number>(k).fill(B / 2), B, Math.random() * 60, Math.random() * 60, {
          'x-forwarded-for': `10.2.${Math.floor(trial / 250)}.${trial % 250}`,
        });
        const debited = results.filter((r) => r.ok).reduce((n, r) => n + r.amount, 0);
        const bets = results.filter((r) => r.ok && r.kind === 'bet').length;
        const withdrew = results.some((r) => r.ok && r.kind === 'withdraw');
        attemptsPerTrial.push(results.length);
        outcomes.push(`${bets} bets${withdrew ? ' + withdrawal' : ''}`);
        const odd = results.filter((r) => !r.ok && !ALLOWED_REFUSALS.has(String(r.error)));
        unexpected += odd.length;
        const after = await balances(t, w.userId);
        if (after.money < 0 || after.lock < 0) negatives++;
        if (debited > B || after.money !== B - debited) overspends++;
        if ((odd.length > 0 || debited > B || after.money !== B - debited || after.money < 0) && failures.length < 10)
          failures.push(`trial ${trial}: B=${B} k=${k} debited=${debited} after=${JSON.stringify(after)} ${JSON.stringify(odd)}`);
        await payHoldsAndTopUp(t, w.userId, B0);
      }
      const inv = await ledgerViolations(t);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(
        `T2 ${name}: ${trials} trials of k bets of B/2 + 1 withdrawal of B (Lottery/playOrder and withdrawAction at once), ` +
          `${attemptsPerTrial.reduce((a, b) => a + b, 0)} attempts; attempts per trial {${histogram(attemptsPerTrial)}}; ` +
          `accepted per trial {${histogram(outcomes)}}; overspends = ${overspends}, negatives = ${negatives}, unexpected refusals = ${unexpected}, ` +
          `INV violations = ${inv.violations}; ${players} wallets, ${seconds} s`,
      );
      expect(failures).toEqual([]);
      expect([overspends, negatives, unexpected, inv.violations]).toEqual([0, 0, 0, 0]);
      // Both sides must win some races, or the test did not race.
      expect(outcomes.filter((o) => o.endsWith('withdrawal')).length).toBeGreaterThan(0);
      expect(outcomes.filter((o) => o.startsWith('2 bets')).length).toBeGreaterThan(0);
    } finally {
      await done();
    }
  });
});
