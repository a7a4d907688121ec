import { err, ok, type Result } from '../result/result';

/** An amount in minor units (cents). Only `minor()` makes one, after asserting it is a safe integer. */
export type Minor = number & { readonly __brand: 'Minor' };

export const MINOR_PER_MAJOR = 100;
/** Largest amount accepted from input: 100 billion major units. */
export const MAX_AMOUNT_MINOR: Minor = 10_000_000_000_000 as Minor;

export const AMOUNT_ERRORS = ['AMOUNT_REQUIRED', 'AMOUNT_INVALID', 'AMOUNT_TOO_LARGE'] as const;
export type AmountError = (typeof AMOUNT_ERRORS)[number];

/** Asserts `n` is a safe integer and brands it. Throws on anything else (a broken invariant). */
export function minor(n: number): Minor {
  if (typeof n !== 'number' || !Number.isSafeInteger(n)) {
    throw new RangeError(`minor(): not a safe integer: ${String(n)}`);
  }
  return (n === 0 ? 0 : n) as Minor; // normalise -0
}

/** True for a safe integer (usable as a Minor). */
export function isMinor(n: unknown): n is Minor {
  return typeof n === 'number' && Number.isSafeInteger(n);
}

const DECIMAL = /^([0-9]+)(?:\.([0-9]{1,2}))?$/;
/** Digits of the integer part of MAX_AMOUNT_MINOR / 100 (1e11 has 12). */
const MAX_INTEGER_DIGITS = 12;

/**
 * Parses a positive amount given in major units, exactly, into minor units.
 * Accepts a JS number or a plain decimal string with at most two decimals
 * ("100", "100.5", "100.55"). A number is read through its shortest decimal
 * form (`String(n)`) and must then pass the same rules. No float arithmetic.
 */
export function parseAmount(input: unknown): Result<Minor, AmountError> {
  if (input === undefined || input === null || input === '') return err('AMOUNT_REQUIRED');
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || input <= 0) return err('AMOUNT_INVALID');
    if (input > MAX_AMOUNT_MINOR / MINOR_PER_MAJOR) return err('AMOUNT_TOO_LARGE');
    text = String(input);
  } else if (typeof input === 'string') {
    text = input;
  } else {
    return err('AMOUNT_INVALID');
  }
  const m = DECIMAL.exec(text);
  if (m === null) return err('AMOUNT_INVALID');
  const intDigits = (m[1] ?? '').replace(/^0+(?=[0-9])/, '');
  const fracDigits = (m[2] ?? '').padEnd(2, '0');
  if (intDigits.length > MAX_INTEGER_DIGITS) return err('AMOUNT_TOO_LARGE');
  const value = BigInt(intDigits) * BigInt(MINOR_PER_MAJOR) + BigInt(fracDigits);
  if (value === 0n) return err('AMOUNT_INVALID');
  if (value > BigInt(MAX_AMOUNT_MINOR)) return err('AMOUNT_TOO_LARGE');
  return ok(minor(Number(value)));
}

/** "1234.50", "-3.07", "0.00". For logs, messages and the API boundary only. */
export function formatMinor(m: number | bigint): string {
  // A sum (SQL SUM, a day's total) may pass 2^53 cents: it comes as a bigint and is written exactly.
  const b = typeof m === 'bigint' ? m : BigInt(minor(m));
  const sign = b < 0n ? '-' : '';
  const abs = b < 0n ? -b : b;
  const major = abs / BigInt(MINOR_PER_MAJOR);
  const cents = abs % BigInt(MINOR_PER_MAJOR);
  return `${sign}${major}.${String(cents).padStart(2, '0')}`;
}

/**
 * Major units as a JSON number with at most two decimals (API output only, never for arithmetic). A bigint sum past
 * 2^53 cents (90,071,992,547,409.91) reads as the nearest number JSON can carry (16 significant digits).
 */
export function minorToMajor(m: number | bigint): number {
  return Number(formatMinor(m));
}

export function addMinor(a: number, b: number): Minor {
  return minor(minor(a) + minor(b));
}

export function subMinor(a: number, b: number): Minor {
  return minor(minor(a) - minor(b));
}

/** Sum of many amounts, asserting safety at every step. */
export function sumMinor(values: ReadonlyArray<number>): Minor {
  let total = minor(0);
  for (const v of values) total = addMinor(total, v);
  return total;
}
