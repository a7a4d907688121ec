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

/**
 * The money words of a bet, one meaning each, used by the API, both apps and the console:
 * - stake (投注金額): what the player bet;
 * - payout (派彩): what a hit pays back, the stake included (0 for a miss);
 * - profit (盈利): payout - stake (negative for a miss).
 * Settles one bet against the drawn sum.
 */
export function settleBet(bet: BetToSettle, sum: number): Settlement {
  const hit = isHit(bet.playType, sum);
  const payout = hit ? payoutMinor(bet.stake, bet.oddsMilli) : minor(0);
  return { isHit: hit, payout, profit: minor(payout - bet.stake) };
}

/** A player's round: what all their bets in it staked, what the hits paid back, and the net (paid - staked). */
export type RoundNet = { readonly staked: Minor; readonly paid: Minor; readonly net: number };

/** The round's net of a player's settled bets (stake and payout of each; a miss has payout 0). */
export function roundNet(bets: readonly { readonly stake: Minor; readonly payout: Minor }[]): RoundNet {
  let staked = 0;
  let paid = 0;
  for (const b of bets) {
    staked += minor(b.stake);
    paid += minor(b.payout);
  }
  return { staked: minor(staked), paid: minor(paid), net: minor(paid - staked) };
}
