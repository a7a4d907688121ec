import fc from 'fast-check';
import { ALL_TRIPLES, SUM_COUNTS, TRIPLE_SPACE, isDigit, isSum, isTriple, lotteryCode, sumCount, sumOf, type Triple } from './digits';

const EXPECTED_COUNTS = [1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 63, 69, 73, 75, 75, 73, 69, 63, 55, 45, 36, 28, 21, 15, 10, 6, 3, 1];

describe('digits', () => {
  it('there are exactly 1000 distinct triples', () => {
    expect(ALL_TRIPLES).toHaveLength(TRIPLE_SPACE);
    expect(new Set(ALL_TRIPLES.map((t) => t.join(''))).size).toBe(1000);
  });

  it('SUM_COUNTS matches the published table of 28 counts', () => {
    expect(SUM_COUNTS).toEqual(EXPECTED_COUNTS);
    expect(SUM_COUNTS.reduce((a, b) => a + b, 0)).toBe(TRIPLE_SPACE);
  });

  it('SUM_COUNTS is symmetric: count(s) = count(27 - s)', () => {
    SUM_COUNTS.forEach((c, s) => expect(c).toBe(SUM_COUNTS[27 - s]));
  });

  it.each(EXPECTED_COUNTS.map((c, s) => [s, c]))('sum %i occurs %i times', (s, c) => {
    expect(sumCount(s)).toBe(c);
    expect(ALL_TRIPLES.filter((t) => sumOf(t) === s)).toHaveLength(c);
  });

  it.each([-1, 28, 1.5, NaN])('sumCount throws on %p', (s) => {
    expect(() => sumCount(s)).toThrow(RangeError);
  });

  it.each<[unknown, boolean]>([
    [0, true],
    [9, true],
    [10, false],
    [-1, false],
    [1.5, false],
    ['1', false],
  ])('isDigit(%p) is %p', (x, expected) => expect(isDigit(x)).toBe(expected));

  it.each<[unknown, boolean]>([
    [[1, 2, 3], true],
    [[0, 0, 0], true],
    [[1, 2], false],
    [[1, 2, 3, 4], false],
    [[1, 2, 10], false],
    ['123', false],
  ])('isTriple(%p) is %p', (x, expected) => expect(isTriple(x)).toBe(expected));

  it('isSum accepts 0..27 only', () => {
    expect(isSum(0)).toBe(true);
    expect(isSum(27)).toBe(true);
    expect(isSum(28)).toBe(false);
    expect(isSum(-1)).toBe(false);
  });

  it('lotteryCode is three digits and the sum, space-separated', () => {
    expect(lotteryCode([3, 5, 9])).toBe('3 5 9 17');
  });

  it('property: the sum of any triple is 0..27', () => {
    const digit = fc.integer({ min: 0, max: 9 });
    fc.assert(
      fc.property(fc.tuple(digit, digit, digit), (t) => {
        const s = sumOf(t as unknown as Triple);
        expect(isSum(s)).toBe(true);
      }),
    );
  });
});
