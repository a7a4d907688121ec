import { formatMinor } from '../money/money';
import { err, ok, type Result } from '../result/result';
import { OPPOSITE_OF, type PlayType } from './categories';

export const OPPOSITE_BET_POLICIES = ['same_amount', 'any_amount', 'off'] as const;
/**
 * 'same_amount' (the spec's rule): refuse a bet whose opposite category is already held with exactly
 * the same stake in this round. 'any_amount': any opposite holding. 'off': never refuse.
 */
export type OppositeBetPolicy = (typeof OPPOSITE_BET_POLICIES)[number];
export const DEFAULT_OPPOSITE_BET_POLICY: OppositeBetPolicy = 'same_amount';

export type OppositeBetError = 'OPPOSITE_BET';

export type HeldBet = { readonly playType: PlayType; readonly stake: number };

export function isOppositeBetPolicy(x: unknown): x is OppositeBetPolicy {
  return typeof x === 'string' && (OPPOSITE_BET_POLICIES as ReadonlyArray<string>).includes(x);
}

/**
 * Checks a new bet against the same player's existing bets in the same round. A refusal means
 * the bet is not placed and (per the spec) the account is frozen for review by the caller.
 */
export function checkOppositeBet(
  held: ReadonlyArray<HeldBet>,
  next: HeldBet,
  policy: OppositeBetPolicy = DEFAULT_OPPOSITE_BET_POLICY,
): Result<void, OppositeBetError> {
  if (policy === 'off') return ok();
  const opposite = OPPOSITE_OF[next.playType];
  if (opposite === undefined) return ok();
  const conflict = held.find((b) => b.playType === opposite && (policy === 'any_amount' || b.stake === next.stake));
  if (conflict !== undefined) {
    // Params are shown to the player: the stake in display units (10.00), with the exact cents beside it.
    return err('OPPOSITE_BET', { play_type: next.playType, opposite, stake: formatMinor(conflict.stake), stake_minor: conflict.stake });
  }
  return ok();
}
