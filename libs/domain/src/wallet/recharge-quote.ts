import { convertToPlatform, isWholeInCurrency, parseRate, type Rate } from '../money/fx';
import type { Minor } from '../money/money';
import { err, ok, type Result } from '../result/result';
import { validateRecharge, type Currency, type RechargeError } from './wallet-rules';

/** What a recharge request records: the amount as entered, its currency, the rate in force and the credit. */
export interface RechargeQuote {
  /** hundredths of `currency` */
  readonly amount: Minor;
  readonly currency: Currency;
  readonly rate: Rate;
  /** platform cents credited on approval: amount x rate, rounded down */
  readonly credited: Minor;
}

/**
 * A recharge request checked and converted: the rules of `validateRecharge` (visitor, amount >= 100 in
 * the chosen currency, a listed currency), then the currency must be enabled with a valid rate in
 * `rates` (the `currencies` setting), JPY in whole units, and the credit at least one cent and within
 * the amount limit.
 */
export function quoteRecharge(input: {
  readonly amount: unknown;
  readonly currency: unknown;
  readonly groupId: number;
  readonly rates: Readonly<Record<string, unknown>>;
}): Result<RechargeQuote, RechargeError> {
  const v = validateRecharge(input);
  if (!v.ok) return v;
  const { amount, currency } = v.value;
  if (!Object.prototype.hasOwnProperty.call(input.rates, currency)) return err('CURRENCY_INVALID');
  const rate = parseRate(input.rates[currency]);
  if (rate === null) return err('CURRENCY_INVALID');
  if (!isWholeInCurrency(amount, currency)) return err('AMOUNT_INVALID');
  const credited = convertToPlatform(amount, rate);
  if (credited === null) return err('AMOUNT_TOO_LARGE');
  if (credited <= 0) return err('AMOUNT_INVALID');
  return ok({ amount, currency, rate, credited });
}
