import { isHit, isPlayType, OPPOSITE_OF, type PlayType } from '../game/categories';
import { MAX_SUM } from '../game/digits';
import { payoutMinor } from '../game/settlement';
import { minor, type Minor } from '../money/money';

/**
 * Turnover (wagering) rule: a withdrawal needs today's stakes (platform day, reset at local
 * midnight) of at least multiplier x balance. The multiplier is in basis points: 10000 = 1x,
 * 0 disables the rule. `water_limit` is what is still to be wagered.
 */
export const DEFAULT_TURNOVER_MULTIPLIER_BPS = 10_000;

export type TurnoverFacts = {
  readonly todayStakes: number;
  readonly balance: number;
  readonly multiplierBps: number;
};

export type TurnoverProgress = {
  /** ceil(balance x multiplier), 0 when disabled. */
  readonly required: Minor;
  /** Today's counted stakes (after the hedge rule, see countedTurnover). */
  readonly done: Minor;
  /** max(0, required - done): the spec's water_limit. */
  readonly remaining: Minor;
};

function assertNonNegative(n: number, name: string): void {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${name} must be a non-negative safe integer: ${String(n)}`);
}

/** ceil(balance x multiplierBps / 10000), exact (BigInt). */
export function requiredTurnover(balance: number, multiplierBps: number): Minor {
  assertNonNegative(multiplierBps, 'multiplierBps');
  minor(balance);
  if (multiplierBps === 0 || balance <= 0) return minor(0);
  const num = BigInt(balance) * BigInt(multiplierBps);
  return minor(Number((num + 9999n) / 10_000n));
}

export function turnoverProgress(f: TurnoverFacts): TurnoverProgress {
  assertNonNegative(f.todayStakes, 'todayStakes');
  const required = requiredTurnover(f.balance, f.multiplierBps);
  const done = minor(f.todayStakes);
  return { required, done, remaining: minor(Math.max(0, required - done)) };
}

/** The amount still to wager before a withdrawal: max(0, ceil(balance x multiplier) - todayStakes). */
export function waterLimit(f: TurnoverFacts): Minor {
  return turnoverProgress(f).remaining;
}

export function isTurnoverMet(f: TurnoverFacts): boolean {
  return waterLimit(f) === 0;
}

/**
 * What counts toward turnover (the rule exists so hedged bets cannot satisfy it):
 * 'unhedged' (default): per round, the smaller of two measures: |big - small| + |odd - even| + the stakes of every
 * other category, and the round's worst-case loss (its stakes minus the least its bets return on any sum, which is
 * the whole stake unless the bets cover every sum: one stake on each exact sum, the four combinations, ...);
 * 'gross': every stake.
 */
export const TURNOVER_HEDGE_RULES = ['unhedged', 'gross'] as const;
export type TurnoverHedgeRule = (typeof TURNOVER_HEDGE_RULES)[number];
export const DEFAULT_TURNOVER_HEDGE_RULE: TurnoverHedgeRule = 'unhedged';

export function isTurnoverHedgeRule(x: unknown): x is TurnoverHedgeRule {
  return typeof x === 'string' && (TURNOVER_HEDGE_RULES as ReadonlyArray<string>).includes(x);
}

/**
 * A player's stakes on one category at one price in one round (several bets may be summed first; the payout of
 * their sum is then at most 0.01 more per bet than the bets' own, which only lowers the count).
 */
export type RoundStake = { readonly round: number; readonly playType: string; readonly stake: number; readonly oddsMilli: number };

/** |big - small| + |odd - even| + the stakes of every other category, of one round's stakes. */
function unpairedStake(stakes: ReadonlyArray<RoundStake>): number {
  const byType = new Map<string, number>();
  for (const s of stakes) byType.set(s.playType, (byType.get(s.playType) ?? 0) + s.stake);
  let total = 0;
  for (const [playType, stake] of byType) {
    const opposite = OPPOSITE_OF[playType as PlayType];
    if (opposite === undefined) total += stake;
    // Each pair once: from its side that sorts first, or from the only side held.
    else if (playType < opposite || !byType.has(opposite)) total += Math.abs(stake - (byType.get(opposite) ?? 0));
  }
  return total;
}

/**
 * The most one round's stakes can lose: their total minus the least they return (payouts of the hits, stakes
 * included) on any of the 28 sums. The whole stake when some sum wins nothing.
 */
export function worstCaseLoss(stakes: ReadonlyArray<RoundStake>): Minor {
  let total = 0;
  let least = Number.POSITIVE_INFINITY;
  for (const s of stakes) total += s.stake;
  for (let sum = 0; sum <= MAX_SUM && least > 0; sum++) {
    let back = 0;
    for (const s of stakes) if (isPlayType(s.playType) && isHit(s.playType, sum)) back += payoutMinor(minor(s.stake), s.oddsMilli);
    least = Math.min(least, back);
  }
  return minor(Math.max(0, total - (Number.isFinite(least) ? least : 0)));
}

/** The stakes that count toward turnover under `rule` (see TURNOVER_HEDGE_RULES). */
export function countedTurnover(stakes: ReadonlyArray<RoundStake>, rule: TurnoverHedgeRule = DEFAULT_TURNOVER_HEDGE_RULE): Minor {
  const rounds = new Map<number, RoundStake[]>();
  let total = 0;
  for (const s of stakes) {
    assertNonNegative(s.stake, 'stake');
    if (rule === 'gross') {
      total += s.stake;
      continue;
    }
    const round = rounds.get(s.round) ?? [];
    round.push(s);
    rounds.set(s.round, round);
  }
  for (const round of rounds.values()) total += Math.min(unpairedStake(round), worstCaseLoss(round));
  return minor(total);
}
