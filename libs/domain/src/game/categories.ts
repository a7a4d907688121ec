import { MAX_SUM, SUM_COUNTS, isSum } from './digits';

/** `rule_base` categories. */
export const BASE_CATEGORIES = ['big', 'small', 'odd', 'even', 'big_odd', 'big_even', 'small_odd', 'small_even', 'extreme_big', 'extreme_small'] as const;
export type BaseCategory = (typeof BASE_CATEGORIES)[number];

/** `rule_num` categories: exact sum 0..27. */
export const NUMBER_CATEGORIES = [
  'sum_0',
  'sum_1',
  'sum_2',
  'sum_3',
  'sum_4',
  'sum_5',
  'sum_6',
  'sum_7',
  'sum_8',
  'sum_9',
  'sum_10',
  'sum_11',
  'sum_12',
  'sum_13',
  'sum_14',
  'sum_15',
  'sum_16',
  'sum_17',
  'sum_18',
  'sum_19',
  'sum_20',
  'sum_21',
  'sum_22',
  'sum_23',
  'sum_24',
  'sum_25',
  'sum_26',
  'sum_27',
] as const;
export type NumberCategory = (typeof NUMBER_CATEGORIES)[number];

export type PlayType = BaseCategory | NumberCategory;
export type CategoryKind = 'base' | 'num';

export const ALL_PLAY_TYPES: ReadonlyArray<PlayType> = [...BASE_CATEGORIES, ...NUMBER_CATEGORIES];

const PLAY_TYPE_SET: ReadonlySet<string> = new Set<string>(ALL_PLAY_TYPES);
const BASE_SET: ReadonlySet<string> = new Set<string>(BASE_CATEGORIES);

export function isPlayType(x: unknown): x is PlayType {
  return typeof x === 'string' && PLAY_TYPE_SET.has(x);
}

export function isBaseCategory(x: unknown): x is BaseCategory {
  return typeof x === 'string' && BASE_SET.has(x);
}

export function isNumberCategory(x: unknown): x is NumberCategory {
  return isPlayType(x) && !BASE_SET.has(x);
}

export function categoryKind(p: PlayType): CategoryKind {
  return isBaseCategory(p) ? 'base' : 'num';
}

/** 'sum_17' for 17. Throws unless s is 0..27. */
export function numberCategory(s: number): NumberCategory {
  const p = isSum(s) ? NUMBER_CATEGORIES[s] : undefined;
  if (p === undefined) throw new RangeError(`not a sum 0..27: ${String(s)}`);
  return p;
}

/** 17 for 'sum_17'. */
export function sumOfNumberCategory(p: NumberCategory): number {
  return NUMBER_CATEGORIES.indexOf(p);
}

/** Extreme big: 22..27; extreme small: 0..5. Big: 14..27; small: 0..13. */
export const BIG_MIN = 14;
export const EXTREME_BIG_MIN = 22;
export const EXTREME_SMALL_MAX = 5;

function assertSum(sum: number): void {
  if (!isSum(sum)) throw new RangeError(`not a sum 0..27: ${String(sum)}`);
}

/** Does a bet on `p` win when the three digits sum to `sum`? Throws unless sum is 0..27. */
export function isHit(p: PlayType, sum: number): boolean {
  assertSum(sum);
  const big = sum >= BIG_MIN;
  const odd = sum % 2 === 1;
  switch (p) {
    case 'big':
      return big;
    case 'small':
      return !big;
    case 'odd':
      return odd;
    case 'even':
      return !odd;
    case 'big_odd':
      return big && odd;
    case 'big_even':
      return big && !odd;
    case 'small_odd':
      return !big && odd;
    case 'small_even':
      return !big && !odd;
    case 'extreme_big':
      return sum >= EXTREME_BIG_MIN;
    case 'extreme_small':
      return sum <= EXTREME_SMALL_MAX;
    default:
      return sumOfNumberCategory(p) === sum;
  }
}

function countWinning(p: PlayType): number {
  let n = 0;
  for (let s = 0; s <= MAX_SUM; s++) if (isHit(p, s)) n += SUM_COUNTS[s] ?? 0;
  return n;
}

const WINNING_COUNTS: ReadonlyMap<PlayType, number> = new Map(ALL_PLAY_TYPES.map((p) => [p, countWinning(p)]));

/** How many of the 1000 equally likely triples win a bet on `p` (probability = count / 1000). */
export function winningCount(p: PlayType): number {
  const c = WINNING_COUNTS.get(p);
  if (c === undefined) throw new RangeError(`unknown play type: ${String(p)}`);
  return c;
}

/** The two category labels shown for a result (the spec's `base`): size and parity. */
export function baseLabels(sum: number): readonly ['big' | 'small', 'odd' | 'even'] {
  assertSum(sum);
  return [sum >= BIG_MIN ? 'big' : 'small', sum % 2 === 1 ? 'odd' : 'even'];
}

/** Every play type that wins for this sum (for settlement summaries and trend marks). */
export function hitPlayTypes(sum: number): PlayType[] {
  return ALL_PLAY_TYPES.filter((p) => isHit(p, sum));
}

/** Opposite categories for the opposite-bet rule: big <-> small, odd <-> even. */
export const OPPOSITE_OF: Partial<Record<PlayType, PlayType>> = Object.freeze({
  big: 'small',
  small: 'big',
  odd: 'even',
  even: 'odd',
});
