import fc from 'fast-check';
import {
  ALL_PLAY_TYPES,
  BASE_CATEGORIES,
  NUMBER_CATEGORIES,
  OPPOSITE_OF,
  baseLabels,
  categoryKind,
  hitPlayTypes,
  isBaseCategory,
  isHit,
  isNumberCategory,
  isPlayType,
  numberCategory,
  sumOfNumberCategory,
  winningCount,
  type PlayType,
} from './categories';
import { ALL_TRIPLES, SUM_COUNTS, sumOf } from './digits';

const SUMS = Array.from({ length: 28 }, (_, s) => s);

describe('category lists', () => {
  it('there are 10 base categories and 28 number categories, 38 in all, no duplicates', () => {
    expect(BASE_CATEGORIES).toHaveLength(10);
    expect(NUMBER_CATEGORIES).toHaveLength(28);
    expect(ALL_PLAY_TYPES).toHaveLength(38);
    expect(new Set(ALL_PLAY_TYPES).size).toBe(38);
  });

  it.each(SUMS)('number category %i is sum_%i and maps back', (s) => {
    expect(numberCategory(s)).toBe(`sum_${s}`);
    expect(sumOfNumberCategory(numberCategory(s))).toBe(s);
    expect(categoryKind(numberCategory(s))).toBe('num');
  });

  it.each(BASE_CATEGORIES)('%s is a base category', (p) => {
    expect(categoryKind(p)).toBe('base');
    expect(isBaseCategory(p)).toBe(true);
    expect(isNumberCategory(p)).toBe(false);
  });

  it.each<[unknown, boolean]>([
    ['big', true],
    ['sum_0', true],
    ['sum_27', true],
    ['sum_28', false],
    ['sum_-1', false],
    ['BIG', false],
    ['', false],
    [1, false],
    [null, false],
    ['toString', false],
    ['__proto__', false],
  ])('isPlayType(%p) is %p', (x, expected) => {
    expect(isPlayType(x)).toBe(expected);
  });

  it.each([-1, 28, 2.5])('numberCategory(%p) throws', (s) => {
    expect(() => numberCategory(s)).toThrow(RangeError);
  });
});

describe('isHit at every category boundary', () => {
  const table: Array<[PlayType, number, boolean]> = [
    ['small', 0, true],
    ['small', 5, true],
    ['small', 6, true],
    ['small', 13, true],
    ['small', 14, false],
    ['small', 21, false],
    ['small', 22, false],
    ['small', 27, false],
    ['big', 0, false],
    ['big', 5, false],
    ['big', 6, false],
    ['big', 13, false],
    ['big', 14, true],
    ['big', 21, true],
    ['big', 22, true],
    ['big', 27, true],
    ['extreme_small', 0, true],
    ['extreme_small', 5, true],
    ['extreme_small', 6, false],
    ['extreme_small', 13, false],
    ['extreme_small', 14, false],
    ['extreme_small', 27, false],
    ['extreme_big', 0, false],
    ['extreme_big', 13, false],
    ['extreme_big', 14, false],
    ['extreme_big', 21, false],
    ['extreme_big', 22, true],
    ['extreme_big', 27, true],
    ['odd', 0, false],
    ['odd', 5, true],
    ['odd', 6, false],
    ['odd', 13, true],
    ['odd', 14, false],
    ['odd', 27, true],
    ['even', 0, true],
    ['even', 5, false],
    ['even', 6, true],
    ['even', 13, false],
    ['even', 14, true],
    ['even', 27, false],
    ['big_odd', 13, false],
    ['big_odd', 14, false],
    ['big_odd', 15, true],
    ['big_odd', 27, true],
    ['big_even', 13, false],
    ['big_even', 14, true],
    ['big_even', 22, true],
    ['big_even', 27, false],
    ['small_odd', 0, false],
    ['small_odd', 5, true],
    ['small_odd', 13, true],
    ['small_odd', 14, false],
    ['small_odd', 15, false],
    ['small_even', 0, true],
    ['small_even', 6, true],
    ['small_even', 13, false],
    ['small_even', 14, false],
    ['sum_0', 0, true],
    ['sum_0', 1, false],
    ['sum_13', 13, true],
    ['sum_13', 14, false],
    ['sum_27', 27, true],
    ['sum_27', 26, false],
  ];
  it.each(table)('%s with sum %i hits: %p', (p, sum, expected) => {
    expect(isHit(p, sum)).toBe(expected);
  });

  it('small is 0..13 inclusive and big is 14..27 inclusive', () => {
    expect(SUMS.filter((s) => isHit('small', s))).toEqual(SUMS.slice(0, 14));
    expect(SUMS.filter((s) => isHit('big', s))).toEqual(SUMS.slice(14));
  });

  it('extreme small is 0..5 inclusive and extreme big is 22..27 inclusive', () => {
    expect(SUMS.filter((s) => isHit('extreme_small', s))).toEqual([0, 1, 2, 3, 4, 5]);
    expect(SUMS.filter((s) => isHit('extreme_big', s))).toEqual([22, 23, 24, 25, 26, 27]);
  });

  it('each combination is the intersection of its size and parity', () => {
    for (const s of SUMS) {
      expect(isHit('big_odd', s)).toBe(isHit('big', s) && isHit('odd', s));
      expect(isHit('big_even', s)).toBe(isHit('big', s) && isHit('even', s));
      expect(isHit('small_odd', s)).toBe(isHit('small', s) && isHit('odd', s));
      expect(isHit('small_even', s)).toBe(isHit('small', s) && isHit('even', s));
    }
  });

  it('exactly one number category hits each sum', () => {
    for (const s of SUMS) expect(NUMBER_CATEGORIES.filter((p) => isHit(p, s))).toEqual([`sum_${s}`]);
  });

  it.each([-1, 28, 1.5, NaN])('isHit throws on the impossible sum %p', (s) => {
    expect(() => isHit('big', s)).toThrow(RangeError);
  });
});

describe('winningCount', () => {
  it.each<[PlayType, number]>([
    ['big', 500],
    ['small', 500],
    ['odd', 500],
    ['even', 500],
    ['big_odd', 231],
    ['big_even', 269],
    ['small_odd', 269],
    ['small_even', 231],
    ['extreme_big', 56],
    ['extreme_small', 56],
  ])('%s wins on %i of 1000 triples', (p, count) => {
    expect(winningCount(p)).toBe(count);
  });

  it.each(SUMS)('sum_%i wins on SUM_COUNTS[%i] triples', (s) => {
    expect(winningCount(numberCategory(s))).toBe(SUM_COUNTS[s]);
  });

  it.each(ALL_PLAY_TYPES)('%s: the count equals a direct enumeration of all 1000 triples', (p) => {
    expect(ALL_TRIPLES.filter((t) => isHit(p, sumOf(t)))).toHaveLength(winningCount(p));
  });

  it('throws on an unknown play type', () => {
    expect(() => winningCount('nope' as PlayType)).toThrow(RangeError);
  });
});

describe('baseLabels and hitPlayTypes', () => {
  it.each<[number, string, string]>([
    [0, 'small', 'even'],
    [5, 'small', 'odd'],
    [13, 'small', 'odd'],
    [14, 'big', 'even'],
    [27, 'big', 'odd'],
  ])('sum %i is labelled %s %s', (s, size, parity) => {
    expect(baseLabels(s)).toEqual([size, parity]);
  });

  it('property: the base labels are exactly the size and parity categories that hit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 27 }), (s) => {
        const [size, parity] = baseLabels(s);
        expect(isHit(size, s)).toBe(true);
        expect(isHit(parity, s)).toBe(true);
        const hits = hitPlayTypes(s);
        expect(hits).toContain(size);
        expect(hits).toContain(parity);
        expect(hits).toContain(numberCategory(s));
      }),
    );
  });
});

describe('OPPOSITE_OF', () => {
  it('pairs big with small and odd with even, symmetrically, and nothing else', () => {
    expect(OPPOSITE_OF).toEqual({ big: 'small', small: 'big', odd: 'even', even: 'odd' });
    for (const [p, q] of Object.entries(OPPOSITE_OF)) expect(OPPOSITE_OF[q as PlayType]).toBe(p);
  });

  it('opposite categories never hit together and one of them always hits', () => {
    for (const [p, q] of Object.entries(OPPOSITE_OF)) {
      for (const s of SUMS) expect(isHit(p as PlayType, s) !== isHit(q as PlayType, s)).toBe(true);
    }
  });
});
