import { MAX_AMOUNT_MINOR, minor, type Minor } from './money';

/**
 * Exchange rates and the conversion of a recharge into the platform currency, in exact integer maths.
 *
 * - A rate says how many platform units one unit of the currency is worth ("0.2": 1 JPY credits 0.20).
 *   It is a positive decimal with at most `RATE_DECIMALS` decimals and 9 integer digits, held as the
 *   integer `scaled` = rate x 10^8 (a bigint), and shown as its canonical decimal text.
 * - An amount in a currency is entered like every amount: major units with at most two decimals, and is
 *   held in hundredths of that currency (`Minor`), whatever the currency's real minor unit. A currency
 *   without a minor unit in real life (JPY) must be entered in whole units (`CURRENCY_DECIMALS`).
 * - The credited amount is amount x rate, rounded DOWN to the platform cent: never more than was paid.
 */
export const RATE_DECIMALS = 8;
const RATE_SCALE = 10n ** BigInt(RATE_DECIMALS);
const RATE_TEXT = /^([0-9]{1,9})(?:\.([0-9]{1,8}))?$/;

export interface Rate {
  /** rate x 10^8, exact */
  readonly scaled: bigint;
  /** canonical decimal text: no exponent, no trailing zeros ("0.2", "31.25", "1") */
  readonly text: string;
}

/** `1e-7` -> `0.0000001`, `1.5e+21` -> `1500000000000000000000`: the plain decimal of a JS number's text. */
function plainDecimal(text: string): string {
  const m = /^([0-9]+)(?:\.([0-9]+))?e([+-][0-9]+)$/.exec(text);
  if (m === null) return text;
  const digits = `${m[1] ?? ''}${m[2] ?? ''}`;
  const point = (m[1] ?? '').length + Number(m[3]);
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * Reads a rate exactly: a decimal string, or a JS number through its shortest decimal form (which is
 * exact for any decimal of at most 15 significant digits). Null unless it is positive, has at most
 * 9 integer digits and 8 decimals.
 */
export function parseRate(input: unknown): Rate | null {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || input <= 0) return null;
    text = plainDecimal(String(input));
  } else if (typeof input === 'string') {
    text = input;
  } else {
    return null;
  }
  const m = RATE_TEXT.exec(text);
  if (m === null) return null;
  const int = (m[1] ?? '').replace(/^0+(?=[0-9])/, '');
  const frac = (m[2] ?? '').replace(/0+$/, '');
  const scaled = BigInt(int) * RATE_SCALE + BigInt(frac.padEnd(RATE_DECIMALS, '0') || '0');
  if (scaled <= 0n) return null;
  return { scaled, text: frac === '' ? int : `${int}.${frac}` };
}

/**
 * True when the rate survives being stored as a JS number (settings are JSON): its number reads back
 * as the same rate. Rates of more than 15 significant digits may not.
 */
export function rateSurvivesNumber(rate: Rate): boolean {
  const back = parseRate(Number(rate.text));
  return back !== null && back.scaled === rate.scaled;
}

/** Currencies that have no minor unit in real life: amounts in them are whole units. */
export const ZERO_DECIMAL_CURRENCIES: readonly string[] = ['JPY'];

/** True when `amount` (hundredths of `currency`) is a valid amount of that currency (whole JPY). */
export function isWholeInCurrency(amount: Minor, currency: string): boolean {
  return !ZERO_DECIMAL_CURRENCIES.includes(currency) || amount % 100 === 0;
}

/**
 * Hundredths of a currency at `rate` -> platform cents, rounded down. A result beyond the safe range
 * answers null (the caller refuses the amount as too large).
 */
export function convertToPlatform(amount: Minor, rate: Rate): Minor | null {
  const credited = (BigInt(minor(amount)) * rate.scaled) / RATE_SCALE; // bigint division truncates: rounds down for amount >= 0
  if (amount < 0 || credited > BigInt(MAX_AMOUNT_MINOR)) return null;
  return minor(Number(credited));
}
