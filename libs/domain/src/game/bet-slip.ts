import { formatMinor, minor, minorToMajor, parseAmount, type AmountError, type Minor } from '../money/money';
import { err, ok, type Result } from '../result/result';

/** Spec section 9: the win popup stays 3 s. */
export const WIN_POPUP_MS = 3000;
/** Spec sections 4 and 9: after a round finishes the room resets for 10 s before the next countdown. */
export const FINISH_RESET_MS = 10_000;
/** Spec sections 4 and 9: the numeric countdown shows in the last 5 seconds before betting closes. */
export const FINAL_COUNTDOWN_SECONDS = 5;
/** The 'max' quick pick keeps this much of the balance (spec section 9: balance minus 1). */
export const MAX_PICK_KEEP_MINOR = 100 as Minor;

/** The 'max' quick amount: the spendable balance minus 1 (never below 0). */
export function maxQuickAmountMinor(moneyMinor: number): Minor {
  return minor(Math.max(0, minor(moneyMinor) - MAX_PICK_KEEP_MINOR));
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
    return err('INSUFFICIENT_FUNDS', {
      available: minorToMajor(input.moneyMinor),
      available_minor: input.moneyMinor,
      available_text: formatMinor(input.moneyMinor),
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
