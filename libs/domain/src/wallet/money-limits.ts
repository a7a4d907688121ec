import { fairOddsMilli } from '../game/odds';
import { payoutMinor } from '../game/settlement';
import { ALL_PLAY_TYPES } from '../game/categories';
import { addDays, platformDate, startOfDay } from '../game/schedule';
import { formatMinor, MAX_AMOUNT_MINOR, minor, type Minor } from '../money/money';
import { err, ok, type Result } from '../result/result';

/**
 * The safe range of money (issue 8, point 2). Every balance stays a safe integer far below 2^53:
 *
 * - `max_balance` (a setting, default DEFAULT_MAX_BALANCE_MINOR, at most MAX_BALANCE_CEILING_MINOR)
 *   bounds what a player holds: available + frozen + the payouts their pending bets could still win.
 *   A gift, an approved recharge or a bet that would pass it is refused (checkBalanceCap).
 * - Settlement only turns a pending bet's potential payout into available money and a refund gives
 *   back less than that, so neither can pass the cap, and neither ever refuses a round.
 * - `max_stake` is at most MAX_STAKE_CEILING_MINOR and odds are never above fair, so one payout is
 *   at most largestPayoutMinor(); the domain test proves ceiling + largest payout < 2^53.
 */

/** Default `max_balance_minor`: 10,000,000,000.00. */
export const DEFAULT_MAX_BALANCE_MINOR = 1_000_000_000_000;
/** The highest value `max_balance_minor` may be set to: the largest amount accepted at all, 100,000,000,000.00. */
export const MAX_BALANCE_CEILING_MINOR: number = MAX_AMOUNT_MINOR;
/** The highest value `max_stake_minor` may be set to: 10,000,000.00 (stake x odds stays exact). */
export const MAX_STAKE_CEILING_MINOR = 1_000_000_000;

export type MoneyLimitError = 'BALANCE_CAP_EXCEEDED' | 'STAFF_DAILY_LIMIT';

/** The highest odds an operator can set: validateOdds refuses anything above fair, so the fair odds of the rarest play type. */
export function maxOddsMilli(): number {
  return Math.max(...ALL_PLAY_TYPES.map((p) => fairOddsMilli(p)));
}

/** The largest single payout the settings allow: the stake ceiling at the highest possible odds. */
export function largestPayoutMinor(maxStakeMinor: number = MAX_STAKE_CEILING_MINOR): Minor {
  return payoutMinor(minor(maxStakeMinor), maxOddsMilli());
}

export type CapFacts = {
  /** users.money_minor */
  readonly availableMinor: number;
  /** users.lock_money_minor (pending withdrawals) */
  readonly frozenMinor: number;
  /** what the player's pending bets would pay if they all hit */
  readonly pendingPayoutMinor: number;
  /** the change asked for: a credit's amount, or for a bet its potential payout minus its stake */
  readonly creditMinor: number;
  readonly maxBalanceMinor: number;
};

/**
 * A credit (gift, recharge) or a bet is allowed while available + frozen + pending payouts + credit
 * stays at or below the cap. Checked arithmetic (BigInt): inputs must be safe integers. Answers the
 * total after the change.
 */
export function checkBalanceCap(f: CapFacts): Result<Minor, 'BALANCE_CAP_EXCEEDED'> {
  const total = [f.availableMinor, f.frozenMinor, f.pendingPayoutMinor, f.creditMinor].reduce((s, v) => s + BigInt(minor(v)), 0n);
  const cap = BigInt(minor(f.maxBalanceMinor));
  if (total > cap) return err('BALANCE_CAP_EXCEEDED', { max: formatMinor(f.maxBalanceMinor) });
  return ok(minor(Number(total)));
}

/**
 * Per-request maximum of a gift, recharge or withdrawal: `maxMinor` from the settings (0 or less: only
 * the input limit MAX_AMOUNT_MINOR). Above it: AMOUNT_TOO_LARGE naming the maximum.
 */
export function checkRequestMax(amountMinor: number, maxMinor: number): Result<Minor, 'AMOUNT_TOO_LARGE'> {
  const limit = maxMinor > 0 ? Math.min(maxMinor, MAX_AMOUNT_MINOR) : MAX_AMOUNT_MINOR;
  if (minor(amountMinor) > limit) return err('AMOUNT_TOO_LARGE', { max: formatMinor(limit) });
  return ok(minor(amountMinor));
}

/**
 * Two approvers are needed when the player's amount of this type already approved in the platform day
 * plus this request reaches the threshold (a threshold <= 0 turns the rule off). So splitting an amount
 * into pieces just below the threshold does not avoid the second approver.
 */
export function needsTwoApprovers(f: { readonly amountMinor: number; readonly approvedTodayMinor: number | bigint; readonly thresholdMinor: number }): boolean {
  if (!(f.thresholdMinor > 0)) return false;
  return sumOf(f.approvedTodayMinor) + BigInt(minor(f.amountMinor)) >= BigInt(minor(f.thresholdMinor));
}

/**
 * A staff member's approvals in one platform day, counted by amount (minor units, every approval they
 * record, first or second): allowed while the day's total including this one stays at or below the
 * limit (0 or less: no limit).
 */
export function checkStaffDailyLimit(f: {
  readonly approvedTodayMinor: number | bigint;
  readonly amountMinor: number;
  readonly limitMinor: number;
}): Result<bigint, 'STAFF_DAILY_LIMIT'> {
  const total = sumOf(f.approvedTodayMinor) + BigInt(minor(f.amountMinor));
  if (f.limitMinor > 0 && total > BigInt(minor(f.limitMinor))) {
    return err('STAFF_DAILY_LIMIT', { limit: formatMinor(f.limitMinor), used: formatMinor(f.approvedTodayMinor) });
  }
  return ok(total);
}

/** A day's total as read from SQL: a bigint as it is (it may pass 2^53 cents), a number as a safe integer. */
function sumOf(x: number | bigint): bigint {
  if (typeof x === 'bigint') {
    if (x < 0n) throw new RangeError(`a total must not be negative: ${String(x)}`);
    return x;
  }
  return BigInt(minor(x));
}

/** [start, end) in epoch ms of the platform day (in `tz`) that contains `now`. */
export function platformDayBounds(now: number, tz: string): { start: number; end: number } {
  const day = platformDate(now, tz);
  return { start: startOfDay(day, tz), end: startOfDay(addDays(day, 1), tz) };
}

/**
 * How long an account that one staff member created or changed may not approve that member's requests (nor those
 * where that member approved first): two approvers are two independent people.
 */
export const APPROVER_COOLING_MS = 24 * 3600_000;
