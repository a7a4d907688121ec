import { SUM_COUNTS, TRIPLE_SPACE } from '../game/digits';
import { rtpBps } from '../game/odds';
import type { PlayType } from '../game/categories';

/** Pearson's chi-square statistic: sum of (observed - expected)^2 / expected. */
export function chiSquare(observed: ReadonlyArray<number>, expected: ReadonlyArray<number>): number {
  if (observed.length !== expected.length || observed.length === 0) throw new RangeError('observed and expected must be non-empty and of equal length');
  let stat = 0;
  observed.forEach((o, i) => {
    const e = expected[i] ?? 0;
    if (!(e > 0) || !Number.isFinite(o)) throw new RangeError(`expected counts must be positive: ${e}`);
    stat += (o - e) ** 2 / e;
  });
  return stat;
}

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012,
  9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Gamma(x) for x > 0 (Lanczos, g = 7). */
export function lnGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  const z = x - 1;
  let a = LANCZOS[0] ?? 0;
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += (LANCZOS[i] ?? 0) / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

const EPS = 1e-15;
const MAX_ITER = 10_000;

/** Regularized lower incomplete gamma P(a, x) by its series (for x < a + 1). */
function lowerSeries(a: number, x: number): number {
  let sum = 1 / a;
  let term = sum;
  for (let n = 1; n < MAX_ITER; n++) {
    term *= x / (a + n);
    sum += term;
    if (Math.abs(term) < Math.abs(sum) * EPS) break;
  }
  return sum * Math.exp(-x + a * Math.log(x) - lnGamma(a));
}

/** Regularized upper incomplete gamma Q(a, x) by its continued fraction (modified Lentz, x >= a + 1). */
function upperFraction(a: number, x: number): number {
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < MAX_ITER; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPS) break;
  }
  return Math.exp(-x + a * Math.log(x) - lnGamma(a)) * h;
}

/** Q(a, x) = Gamma(a, x) / Gamma(a). */
export function regularizedUpperGamma(a: number, x: number): number {
  if (!(a > 0) || !(x >= 0)) throw new RangeError(`need a > 0 and x >= 0: a=${a}, x=${x}`);
  if (x === 0) return 1;
  return x < a + 1 ? 1 - lowerSeries(a, x) : upperFraction(a, x);
}

/** P(X >= stat) for a chi-square distribution with `dof` degrees of freedom. */
export function chiSquarePValue(stat: number, dof: number): number {
  if (!Number.isInteger(dof) || dof < 1) throw new RangeError(`dof must be a positive integer: ${dof}`);
  if (!(stat >= 0)) throw new RangeError(`stat must be >= 0: ${stat}`);
  return Math.min(1, Math.max(0, regularizedUpperGamma(dof / 2, stat / 2)));
}

export type ChiSquareTest = { readonly stat: number; readonly dof: number; readonly pValue: number };

/** Uniformity of one digit position: counts of 0..9 against total / 10 each (9 degrees of freedom). */
export function digitFrequencyChiSquare(counts: ReadonlyArray<number>): ChiSquareTest {
  if (counts.length !== 10) throw new RangeError('need the counts of the ten digits');
  const total = counts.reduce((a, b) => a + b, 0);
  const stat = chiSquare(counts, new Array<number>(10).fill(total / 10));
  return { stat, dof: 9, pValue: chiSquarePValue(stat, 9) };
}

/** Sums 0..27 against SUM_COUNTS / 1000 of the total (27 degrees of freedom). */
export function sumFrequencyChiSquare(counts: ReadonlyArray<number>): ChiSquareTest {
  if (counts.length !== SUM_COUNTS.length) throw new RangeError('need the counts of the 28 sums');
  const total = counts.reduce((a, b) => a + b, 0);
  const stat = chiSquare(
    counts,
    SUM_COUNTS.map((c) => (total * c) / TRIPLE_SPACE),
  );
  return { stat, dof: 27, pValue: chiSquarePValue(stat, 27) };
}

/** The theoretical return to player of an odds setting, in basis points (alias of rtpBps). */
export function theoreticalRtpBps(p: PlayType, oddsMilli: number): number {
  return rtpBps(p, oddsMilli);
}
