export const DIGITS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export type Digit = (typeof DIGITS)[number];
/** The three drawn digits: site_1, site_2, site_3. */
export type Triple = readonly [Digit, Digit, Digit];

/** Number of equally likely triples. */
export const TRIPLE_SPACE = 1000;
export const MIN_SUM = 0;
export const MAX_SUM = 27;

export function isDigit(x: unknown): x is Digit {
  return typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= 9;
}

export function isTriple(x: unknown): x is Triple {
  return Array.isArray(x) && x.length === 3 && x.every(isDigit);
}

/** True for an integer 0..27. */
export function isSum(x: unknown): x is number {
  return typeof x === 'number' && Number.isInteger(x) && x >= MIN_SUM && x <= MAX_SUM;
}

export function sumOf(t: Triple): number {
  return t[0] + t[1] + t[2];
}

/** All 1000 triples in order 000, 001, ..., 999. */
export const ALL_TRIPLES: ReadonlyArray<Triple> = Object.freeze(DIGITS.flatMap((a) => DIGITS.flatMap((b) => DIGITS.map((c): Triple => [a, b, c]))));

function countSums(): ReadonlyArray<number> {
  const counts = new Array<number>(MAX_SUM + 1).fill(0);
  for (const t of ALL_TRIPLES) counts[sumOf(t)] = (counts[sumOf(t)] ?? 0) + 1;
  return Object.freeze(counts);
}

/** SUM_COUNTS[s] = how many of the 1000 triples sum to s (s = 0..27), derived by enumeration. */
export const SUM_COUNTS: ReadonlyArray<number> = countSums();

/** Number of triples with sum s; throws if s is not an integer 0..27. */
export function sumCount(s: number): number {
  const c = isSum(s) ? SUM_COUNTS[s] : undefined;
  if (c === undefined) throw new RangeError(`not a sum 0..27: ${String(s)}`);
  return c;
}

/** "3 5 9 17": the spec's lottery_code (three digits and the sum, space-separated). */
export function lotteryCode(t: Triple | readonly [number, number, number]): string {
  return `${t[0]} ${t[1]} ${t[2]} ${t[0] + t[1] + t[2]}`;
}
