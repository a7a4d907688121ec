import { minor, type Minor } from '../money/money';
import { isHit, type PlayType } from './categories';
import { ODDS_SCALE } from './odds';

/** Payout for a hit: floor(stake x oddsMilli / 1000), computed in BigInt so it cannot overflow. */
export function payoutMinor(stake: Minor, oddsMilli: number): Minor {
  minor(stake);
  if (stake < 0) throw new RangeError(`stake must not be negative: ${stake}`);
  if (!Number.isSafeInteger(oddsMilli) || oddsMilli < 0) {
    throw new RangeError(`oddsMilli must be a non-negative safe integer: ${String(oddsMilli)}`);
  }
  return minor(Number((BigInt(stake) * BigInt(oddsMilli)) / BigInt(ODDS_SCALE)));
}

export type BetToSettle = { readonly playType: PlayType; readonly stake: Minor; readonly oddsMilli: number };
export type Settlement = { readonly isHit: boolean; readonly payout: Minor; readonly profit: number };

/** Settles one bet against the drawn sum. profit = payout - stake for a hit, -stake for a miss. */
export function settleBet(bet: BetToSettle, sum: number): Settlement {
  const hit = isHit(bet.playType, sum);
  const payout = hit ? payoutMinor(bet.stake, bet.oddsMilli) : minor(0);
  return { isHit: hit, payout, profit: minor(payout - bet.stake) };
}
