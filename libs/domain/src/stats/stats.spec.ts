import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { drawFromSeed } from '../fairness/fairness';
import { rtpBps } from '../game/odds';
import { chiSquare, chiSquarePValue, digitFrequencyChiSquare, lnGamma, regularizedUpperGamma, sumFrequencyChiSquare, theoreticalRtpBps } from './stats';

describe('chi-square', () => {
  it("computes Pearson's statistic", () => {
    expect(chiSquare([10, 20, 30], [20, 20, 20])).toBeCloseTo(10, 12);
    expect(chiSquare([5, 5], [5, 5])).toBe(0);
  });

  it.each<[number[], number[]]>([
    [[1, 2], [1]],
    [[], []],
    [[1], [0]],
  ])('throws on observed %p, expected %p', (o, e) => {
    expect(() => chiSquare(o, e)).toThrow(RangeError);
  });

  it.each<[number, number, number]>([
    // statistic, dof, p (standard chi-square table)
    [3.841, 1, 0.05],
    [6.635, 1, 0.01],
    [10.828, 1, 0.001],
    [5.991, 2, 0.05],
    [16.919, 9, 0.05],
    [21.666, 9, 0.01],
    [27.877, 9, 0.001],
    [14.684, 9, 0.1],
    [8.343, 9, 0.5],
    [2.088, 9, 0.99],
    [40.113, 27, 0.05],
    [46.963, 27, 0.01],
    [124.342, 100, 0.05],
  ])('chi-square %p with %i dof has p ≈ %p', (stat, dof, p) => {
    expect(chiSquarePValue(stat, dof)).toBeCloseTo(p, 3);
  });

  it('with 2 dof, p = exp(-stat / 2) exactly', () => {
    fc.assert(fc.property(fc.double({ min: 0, max: 200, noNaN: true }), (x) => expect(chiSquarePValue(x, 2)).toBeCloseTo(Math.exp(-x / 2), 12)));
  });

  it('p is 1 at 0 and decreases with the statistic', () => {
    expect(chiSquarePValue(0, 9)).toBe(1);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 100, noNaN: true }), fc.double({ min: 0, max: 100, noNaN: true }), fc.integer({ min: 1, max: 50 }), (a, b, dof) => {
        const [lo, hi] = a < b ? [a, b] : [b, a];
        expect(chiSquarePValue(lo, dof)).toBeGreaterThanOrEqual(chiSquarePValue(hi, dof) - 1e-12);
      }),
    );
  });

  it('lnGamma matches factorials', () => {
    expect(lnGamma(1)).toBeCloseTo(0, 12);
    expect(lnGamma(5)).toBeCloseTo(Math.log(24), 12);
    expect(lnGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12);
    expect(regularizedUpperGamma(1, 1)).toBeCloseTo(Math.exp(-1), 12);
  });

  it.each<[number, number]>([
    [-1, 9],
    [1, 0],
    [1, 1.5],
  ])('chiSquarePValue(%p, %p) throws', (stat, dof) => {
    expect(() => chiSquarePValue(stat, dof)).toThrow(RangeError);
  });
});

describe('frequency tests', () => {
  it('perfectly uniform digits give stat 0 and p 1', () => {
    expect(digitFrequencyChiSquare(new Array(10).fill(100))).toEqual({ stat: 0, dof: 9, pValue: 1 });
  });

  it('a heavily biased digit count is rejected', () => {
    expect(digitFrequencyChiSquare([200, 100, 100, 100, 100, 100, 100, 100, 100, 0]).pValue).toBeLessThan(1e-10);
  });

  it('sums in exact proportion to SUM_COUNTS give stat 0', () => {
    const counts = [1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 63, 69, 73, 75, 75, 73, 69, 63, 55, 45, 36, 28, 21, 15, 10, 6, 3, 1];
    expect(sumFrequencyChiSquare(counts.map((c) => c * 7))).toEqual({ stat: 0, dof: 27, pValue: 1 });
  });

  it('the production draw passes both tests on 30,000 rounds at the 0.1% level (deterministic seed)', () => {
    const seed = createHash('sha256').update('stats').digest('hex');
    const positions = [0, 1, 2].map(() => new Array<number>(10).fill(0));
    const sums = new Array<number>(28).fill(0);
    for (let i = 0; i < 30_000; i++) {
      const d = drawFromSeed(seed, 1 + (i % 4), String(20260101000 + i));
      d.triple.forEach((x, pos) => positions[pos]![x]!++);
      sums[d.sum]!++;
    }
    for (const c of positions) expect(digitFrequencyChiSquare(c).pValue).toBeGreaterThan(0.001);
    expect(sumFrequencyChiSquare(sums).pValue).toBeGreaterThan(0.001);
  });

  it('theoreticalRtpBps is rtpBps', () => {
    expect(theoreticalRtpBps('big', 1940)).toBe(rtpBps('big', 1940));
    expect(theoreticalRtpBps('big', 1940)).toBe(9700);
  });

  it('throws on the wrong number of counts', () => {
    expect(() => digitFrequencyChiSquare([1, 2, 3])).toThrow(RangeError);
    expect(() => sumFrequencyChiSquare([1, 2, 3])).toThrow(RangeError);
  });
});
