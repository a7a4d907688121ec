import { GROUP } from '../account/account-rules';
import { formatMinor, minor, minorToMajor, parseAmount, type AmountError, type Minor } from '../money/money';
import { err, ok, type ErrorParams, type Result } from '../result/result';
import { waterLimit } from '../turnover/turnover';

/** Minimum recharge and withdrawal: 100 major units. */
export const MIN_RECHARGE_MINOR = 10_000 as Minor;
export const MIN_WITHDRAW_MINOR = 10_000 as Minor;

export const CURRENCIES = ['TWD', 'HKD', 'MYR', 'RMB', 'USDT', 'USD', 'GBP', 'SGD', 'EUR', 'JPY', 'CHF', 'CAD', 'AUD', 'NZD', 'INR'] as const;
export type Currency = (typeof CURRENCIES)[number];

export function isCurrency(x: unknown): x is Currency {
  return typeof x === 'string' && (CURRENCIES as ReadonlyArray<string>).includes(x);
}

/** Capital log types (spec): 0 recharge, 1 withdraw, 2 purchase (stake), 3 profit (payout), 4 gift. */
export const CAPITAL_TYPE = { RECHARGE: 0, WITHDRAW: 1, PURCHASE: 2, PROFIT: 3, GIFT: 4 } as const;
export type CapitalType = (typeof CAPITAL_TYPE)[keyof typeof CAPITAL_TYPE];
export const CAPITAL_TYPES: ReadonlyArray<CapitalType> = [0, 1, 2, 3, 4];

/**
 * Which way a fund row moves the player's money: recharges, payouts (type 3, the spec's 盈利: a hit's payout or a
 * voided round's refund, stake included) and gifts come in; withdrawals and purchases (stakes) go out.
 */
export function capitalDirection(type: CapitalType): 'in' | 'out' {
  return type === CAPITAL_TYPE.WITHDRAW || type === CAPITAL_TYPE.PURCHASE ? 'out' : 'in';
}

/** Total assets, one meaning everywhere: the available balance plus what is frozen (withdrawals under review). */
export function totalAssetsMinor(availableMinor: number, frozenMinor: number): Minor {
  return minor(minor(availableMinor) + minor(frozenMinor));
}

export function isCapitalType(x: unknown): x is CapitalType {
  return typeof x === 'number' && (CAPITAL_TYPES as ReadonlyArray<number>).includes(x);
}

/** Money in error params: major units as a number (e.g. 100) and exact minor units (`<name>_minor`). */
function moneyParams(name: string, m: Minor): ErrorParams {
  return { [name]: minorToMajor(m), [`${name}_minor`]: m, [`${name}_text`]: formatMinor(m) };
}

export type RechargeError = 'VISITOR_FORBIDDEN' | AmountError | 'RECHARGE_MIN' | 'CURRENCY_INVALID';

/** A recharge request: not for visitors; amount >= 100; a listed currency. */
export function validateRecharge(input: {
  readonly amount: unknown;
  readonly currency: unknown;
  readonly groupId: number;
}): Result<{ amount: Minor; currency: Currency }, RechargeError> {
  if (input.groupId === GROUP.VISITOR) return err('VISITOR_FORBIDDEN');
  const amount = parseAmount(input.amount);
  if (!amount.ok) return amount;
  if (amount.value < MIN_RECHARGE_MINOR) return err('RECHARGE_MIN', moneyParams('min', MIN_RECHARGE_MINOR));
  if (!isCurrency(input.currency)) return err('CURRENCY_INVALID');
  return ok({ amount: amount.value, currency: input.currency });
}

export type WithdrawFacts = {
  readonly amountInput: unknown;
  /** users.money: spendable. */
  readonly available: Minor;
  /** users.lock_money: held for pending withdrawals. */
  readonly frozen: Minor;
  readonly hasPayInfo: boolean;
  readonly securityCodeSet: boolean;
  /** Too many wrong attempts: locked for a while. */
  readonly securityCodeLocked: boolean;
  readonly securityCodeCorrect: boolean;
  /** Today's stakes (platform day). */
  readonly todayStakes: Minor;
  /** Turnover multiplier in basis points (10000 = 1x balance, 0 disables). */
  readonly turnoverMultiplierBps: number;
  /** Frozen for review by the opposite-bet rule. */
  readonly accountFrozen: boolean;
  /** Optional: visitors (group 2) may not withdraw. */
  readonly groupId?: number;
};

export type WithdrawError =
  | 'VISITOR_FORBIDDEN'
  | 'WITHDRAW_FROZEN_FUNDS'
  | 'PAY_INFO_MISSING'
  | 'SECURITY_CODE_NOT_SET'
  | 'SECURITY_CODE_LOCKED'
  | 'SECURITY_CODE_WRONG'
  | AmountError
  | 'WITHDRAW_MIN'
  | 'INSUFFICIENT_FUNDS'
  | 'TURNOVER_NOT_MET'
  | 'ACCOUNT_FROZEN'
  | 'WITHDRAW_AMOUNT_REQUIRED';

/**
 * A withdrawal request; the player sees the first failing rule. The order is spec section 5's with
 * two changes: an account frozen for review is told so first (nothing else would help it), and the
 * security code comes last (issue 8, point 3: cheap checks before the expensive one). So: visitor;
 * account not frozen; frozen funds (when the amount exceeds what is available while some is frozen);
 * pay info bound; security code set; amount given ("Please enter the withdrawal amount") and
 * well-formed; at least 100; not above the available balance; turnover met; then the code not locked
 * and correct. A caller can run every rule with `securityCodeCorrect: true` first and verify the code
 * (argon2) only for a request that nothing else refuses. The turnover rule applies to the available balance.
 */
export function validateWithdraw(f: WithdrawFacts): Result<{ amount: Minor }, WithdrawError> {
  minor(f.available);
  minor(f.frozen);
  if (f.groupId === GROUP.VISITOR) return err('VISITOR_FORBIDDEN');
  if (f.accountFrozen) return err('ACCOUNT_FROZEN');
  const amount = parseAmount(f.amountInput);
  if (amount.ok && f.frozen > 0 && amount.value > f.available) {
    return err('WITHDRAW_FROZEN_FUNDS', moneyParams('frozen', f.frozen));
  }
  if (!f.hasPayInfo) return err('PAY_INFO_MISSING');
  if (!f.securityCodeSet) return err('SECURITY_CODE_NOT_SET');
  if (!amount.ok) return amount.error === 'AMOUNT_REQUIRED' ? err('WITHDRAW_AMOUNT_REQUIRED') : amount;
  if (amount.value < MIN_WITHDRAW_MINOR) return err('WITHDRAW_MIN', moneyParams('min', MIN_WITHDRAW_MINOR));
  if (amount.value > f.available) return err('INSUFFICIENT_FUNDS', moneyParams('available', f.available));
  const remaining = waterLimit({ todayStakes: f.todayStakes, balance: Math.max(0, f.available), multiplierBps: f.turnoverMultiplierBps });
  if (remaining > 0) return err('TURNOVER_NOT_MET', moneyParams('water_limit', remaining));
  if (f.securityCodeLocked) return err('SECURITY_CODE_LOCKED');
  if (!f.securityCodeCorrect) return err('SECURITY_CODE_WRONG');
  return ok({ amount: amount.value });
}
