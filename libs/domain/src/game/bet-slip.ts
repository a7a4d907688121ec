import { formatMinor, minor, minorToMajor, parseAmount, type AmountError, type Minor } from '../money/money';
import { err, ok, type Result } from '../result/result';
import { isHit, type PlayType } from './categories';
import { payoutMinor } from './settlement';

/** Spec section 9: the win popup stays 3 s. */
export const WIN_POPUP_MS = 3000;
/** Spec sections 4 and 9: after a round finishes the room resets for 10 s before the next countdown. */
export const FINISH_RESET_MS = 10_000;
/** Spec sections 4 and 9: the numeric countdown shows in the last 5 seconds before betting closes. */
export const FINAL_COUNTDOWN_SECONDS = 5;
/** After this many heartbeats in a row fail, the bet room says it is reconnecting and takes no bets until one answers. */
export const RECONNECT_AFTER_FAILED_BEATS = 3;
/** The 'max' quick pick keeps this much of the balance (spec section 9: balance minus 1). */
export const MAX_PICK_KEEP_MINOR = 100 as Minor;

/**
 * The 'max' quick amount: the spendable balance minus 1 (never below 0), split evenly across the `count` selections
 * (rounded down to the cent), so that stake x count never exceeds what the player can spend.
 */
export function maxQuickAmountMinor(moneyMinor: number, count = 1): Minor {
  const spendable = Math.max(0, minor(moneyMinor) - MAX_PICK_KEEP_MINOR);
  return minor(Math.floor(spendable / Math.max(1, Math.floor(count))));
}

/**
 * The most a slip can pay back in one round: over every sum 0-27, the payouts of the selections that hit on it,
 * added; the highest of those. Two selections that cannot both hit (big and small) never add up.
 */
export function bestPayoutMinor(selections: readonly { readonly playType: PlayType; readonly stake: Minor; readonly oddsMilli: number }[]): Minor {
  let best = 0;
  for (let sum = 0; sum <= 27; sum++) {
    let paid = 0;
    for (const s of selections) if (isHit(s.playType, sum)) paid += payoutMinor(s.stake, s.oddsMilli);
    if (paid > best) best = paid;
  }
  return minor(best);
}

export type BetSlipError = AmountError | 'INSUFFICIENT_FUNDS';

/**
 * A bet slip: one stake on each of `count` categories (spec section 5). The stake must be a valid amount and
 * stake x count must not exceed the spendable balance (`money`; amounts frozen for withdrawals are already outside
 * it), else 'your assets are insufficient, please deposit'. Answers the stake and the total in minor units.
 */
export function checkBetSlip(input: {
  readonly stakeInput: unknown;
  readonly count: number;
  readonly moneyMinor: number;
}): Result<{ stake: Minor; total: Minor }, BetSlipError> {
  const stake = parseAmount(input.stakeInput);
  if (!stake.ok) return stake;
  if (!Number.isSafeInteger(input.count) || input.count < 0) throw new RangeError(`count must be a non-negative integer: ${String(input.count)}`);
  const total = minor(stake.value * input.count);
  if (total > minor(input.moneyMinor)) {
    // The total goes with the refusal: the slip shows what it adds up to and why it cannot be sent.
    return err('INSUFFICIENT_FUNDS', {
      available: minorToMajor(input.moneyMinor),
      available_minor: input.moneyMinor,
      available_text: formatMinor(input.moneyMinor),
      total_minor: total,
    });
  }
  return ok({ stake: stake.value, total });
}

/** Spec section 5: entering a room needs a balance of at least its `join_limit`, else 'assets insufficient' plus the limit. */
export type JoinLimitError = 'JOIN_LIMIT';

export function checkJoinLimit(moneyMinor: number, joinLimitMinor: number): Result<void, JoinLimitError> {
  if (minor(moneyMinor) >= minor(joinLimitMinor)) return ok();
  return err('JOIN_LIMIT', { limit: minorToMajor(joinLimitMinor), limit_minor: joinLimitMinor, limit_text: formatMinor(joinLimitMinor) });
}

export type CountdownPhase = 'stopped' | 'open' | 'final' | 'closed' | 'reset';

/**
 * What the bet room shows for a round (spec section 4): `stopped` when the game takes no bets (`game_status` not 1
 * or no round scheduled); `closed` ('closed betting') once `whether_close` or no time is left; `final` (the numeric
 * countdown) in the last 5 seconds; `reset` for 10 s after a finish (a new round's first seconds following a draw);
 * else `open`.
 */
export function countdownPhase(s: {
  readonly gameStatus: number;
  readonly hasRound: boolean;
  readonly whetherClose: boolean;
  readonly secondsLeft: number;
  /** Milliseconds since the last draw was seen finishing, or null when none was seen. */
  readonly sinceFinishMs: number | null;
}): CountdownPhase {
  if (s.gameStatus !== 1 || !s.hasRound) return 'stopped';
  if (s.whetherClose || s.secondsLeft <= 0) return 'closed';
  if (s.sinceFinishMs !== null && s.sinceFinishMs >= 0 && s.sinceFinishMs < FINISH_RESET_MS) return 'reset';
  if (s.secondsLeft <= FINAL_COUNTDOWN_SECONDS) return 'final';
  return 'open';
}
