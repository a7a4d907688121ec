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
  /** Today's stakes. */
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
