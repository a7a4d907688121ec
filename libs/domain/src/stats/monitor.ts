import { winningCount, type PlayType } from '../game/categories';

/**
 * The fairness monitor's bounds (console dashboard). A figure is flagged when chance alone would produce a deviation
 * this large less than once in 1000 checks (two-sided for RTP), and left unjudged on too small a sample.
 */
export const FAIRNESS_ALPHA = 0.001;
/** |z| beyond which an observed RTP is flagged: the two-sided 0.1% point of the normal distribution. */
export const RTP_Z_BOUND = 3.2905;
/** Fewer settled bets (or drawn rounds) than this: not enough data to judge. */
export const FAIRNESS_MIN_SAMPLE = 30;

export type FairnessVerdict = 'ok' | 'flagged' | 'insufficient';

/** The chance that one bet of this play type hits: winning triples out of 1000. */
export function hitProbability(p: PlayType): number {
  return winningCount(p) / 1000;
}

/**
 * Observed vs theoretical RTP (both percent) over `bets` settled bets of one play type: the z-score of the
 * difference, taking each bet as one equal stake paying `theoretical / probability` on a hit (standard error
 * = theoretical x sqrt((1 - p) / (p x bets))), and the verdict against RTP_Z_BOUND.
 */
export function rtpDeviation(
  p: PlayType,
  bets: number,
  observedPercent: number | null,
  theoreticalPercent: number | null,
): { z: number | null; verdict: FairnessVerdict } {
  if (observedPercent === null || theoreticalPercent === null || !(bets >= FAIRNESS_MIN_SAMPLE) || !(theoreticalPercent > 0)) {
    return { z: null, verdict: 'insufficient' };
  }
  const q = hitProbability(p);
  const se = theoreticalPercent * Math.sqrt((1 - q) / (q * bets));
  const z = (observedPercent - theoreticalPercent) / se;
  return { z, verdict: Math.abs(z) > RTP_Z_BOUND ? 'flagged' : 'ok' };
}

/** A chi-square test's verdict: flagged when its p-value is below FAIRNESS_ALPHA; unjudged on a small sample. */
export function chiSquareVerdict(pValue: number | null, sample: number): FairnessVerdict {
  if (pValue === null || !(sample >= FAIRNESS_MIN_SAMPLE)) return 'insufficient';
  return pValue < FAIRNESS_ALPHA ? 'flagged' : 'ok';
}
