import { err, ok, type Result } from '../result/result';
import { winningCount, type PlayType } from './categories';

/**
 * Odds are integers in thousandths (`oddsMilli`): 1940 = 1.940. A bet of stake S that hits pays
 * floor(S x oddsMilli / 1000). All maths here is integer-exact.
 */
export const ODDS_SCALE = 1000;
/** Return to player in basis points: 10000 = 100%. */
export const BPS_SCALE = 10_000;
/** The RTP the seeded odds return on every bet: 97.00%. */
export const DEFAULT_RTP_BPS = 9700;

export const ODDS_ERRORS = ['ODDS_INVALID', 'ODDS_ABOVE_FAIR'] as const;
export type OddsError = (typeof ODDS_ERRORS)[number];

/** count x oddsMilli, with count out of 1000: the expected payout per 1 staked, times 1e6. */
function expectedReturnMicro(p: PlayType, oddsMilli: number): number {
  assertOddsInteger(oddsMilli);
  return winningCount(p) * oddsMilli;
}

function assertOddsInteger(oddsMilli: number): void {
  if (!Number.isSafeInteger(oddsMilli) || oddsMilli < 0) {
    throw new RangeError(`oddsMilli must be a non-negative safe integer: ${String(oddsMilli)}`);
  }
}

/** Fair odds (RTP 100%) rounded down to a thousandth: floor(1e6 / count). */
export function fairOddsMilli(p: PlayType): number {
  return Math.floor(1_000_000 / winningCount(p));
}

/** Return to player in basis points, rounded down: floor(count x oddsMilli / 100). 9700 = 97.00%. */
export function rtpBps(p: PlayType, oddsMilli: number): number {
  return Math.floor(expectedReturnMicro(p, oddsMilli) / 100);
}

/** True when the odds return more than the stake on average (the house would lose). */
export function isAboveFair(p: PlayType, oddsMilli: number): boolean {
  return expectedReturnMicro(p, oddsMilli) > 1_000_000;
}

/**
 * Odds an operator may set: a safe integer above 1000 (a hit must pay more than the stake)
 * and not above fair.
 */
export function validateOdds(p: PlayType, oddsMilli: number): Result<number, OddsError> {
  if (typeof oddsMilli !== 'number' || !Number.isSafeInteger(oddsMilli) || oddsMilli <= ODDS_SCALE) {
    return err('ODDS_INVALID');
  }
  if (isAboveFair(p, oddsMilli)) {
    return err('ODDS_ABOVE_FAIR', { max: fairOddsMilli(p), rtp_bps: rtpBps(p, oddsMilli) });
  }
  return ok(oddsMilli);
}

/**
 * The seeded odds for a target RTP: RTP x fair odds, rounded down to 0.01
 * (`floor(rtpBps x 10 / count) x 10`). Big 1940, big_odd 4190, extremes 17320, sum_13 12930.
 */
export function seedOddsMilli(p: PlayType, rtp: number = DEFAULT_RTP_BPS): number {
  if (!Number.isSafeInteger(rtp) || rtp <= 0 || rtp > BPS_SCALE) {
    throw new RangeError(`rtpBps must be an integer 1..10000: ${String(rtp)}`);
  }
  return Math.floor((rtp * 10) / winningCount(p)) * 10;
}

/** 1940 -> 1.94, for display only. */
export function oddsMilliToDecimal(n: number): number {
  assertOddsInteger(n);
  return n / ODDS_SCALE;
}

/**
 * Odds typed by an operator: a decimal with at most three places (1.94, "17.32", 2) to thousandths.
 * Only the shape is checked here; `validateOdds` decides whether the value may be set.
 */
export function parseOddsDecimal(input: unknown): Result<number, 'ODDS_INVALID'> {
  const text = typeof input === 'number' && Number.isFinite(input) ? String(input) : input;
  const m = typeof text === 'string' ? /^([0-9]{1,7})(?:\.([0-9]{1,3}))?$/.exec(text) : null;
  if (!m) return err('ODDS_INVALID');
  return ok(Number(m[1]) * ODDS_SCALE + Number((m[2] ?? '').padEnd(3, '0')));
}
