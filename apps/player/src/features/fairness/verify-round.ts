import type { IssueRow } from '@sum28/contracts';
import { drawFromSeed, hashSeedHex, isSeedHex, MAX_SUM, SUM_COUNTS, sumFrequencyChiSquare, TRIPLE_SPACE, verifyDraw, type FairnessError } from '@sum28/domain';

/** A round as the fairness page shows it: its published commitment and, once drawn, the revealed seed and digits. */
export interface RoundToVerify {
  gameId: number;
  issue: string;
  hash: string;
  seed: string | null;
  triple: readonly [number, number, number] | null;
}

export type Verification =
  /** Not drawn yet: only the commitment exists. */
  | { kind: 'pending'; hash: string }
  /** The seed hashes to the commitment and reproduces the published digits. */
  | { kind: 'ok'; sum: number; computedHash: string; computed: readonly number[] }
  /** It does not: which check failed, and what this browser computed. */
  | { kind: 'failed'; error: FairnessError; computedHash: string | null; computed: readonly number[] | null };

/** A round of `issueList` in the shape the page verifies. */
export function roundFromIssueRow(row: IssueRow): RoundToVerify {
  const { site_1: a, site_2: b, site_3: c } = row;
  return {
    gameId: row.game_id,
    issue: row.issue,
    hash: row.hash,
    seed: row.seed,
    triple: a !== null && b !== null && c !== null ? [a, b, c] : null,
  };
}

/**
 * Verifies a round in the browser with the very function the server draws with (libs/domain `verifyDraw`, on noble
 * hashes): no server answer is trusted beyond the published hash, seed and digits themselves.
 */
export function verifyRound(round: RoundToVerify): Verification {
  if (round.seed === null || round.triple === null) return { kind: 'pending', hash: round.hash };
  const valid = isSeedHex(round.seed);
  const computedHash = valid ? hashSeedHex(round.seed) : null;
  const computed = valid ? drawFromSeed(round.seed, round.gameId, round.issue).triple : null;
  const r = verifyDraw({ seedHex: round.seed, hashHex: round.hash, gameId: round.gameId, issue: round.issue, triple: round.triple });
  if (r.ok && computedHash !== null && computed !== null) return { kind: 'ok', sum: r.value.sum, computedHash, computed };
  return { kind: 'failed', error: r.ok ? 'SEED_INVALID' : r.error, computedHash, computed };
}

export interface SumFrequency {
  sum: number;
  count: number;
  /** Share of the observed rounds, 0..1 (0 when there are none). */
  observed: number;
  /** The theory: ways to make the sum out of the 1000 equally likely triples, / 1000. */
  theory: number;
}

/** How often each sum 0..27 came up in `sums`, beside its theoretical probability. */
export function sumFrequencies(sums: readonly number[]): SumFrequency[] {
  const counts = new Array<number>(MAX_SUM + 1).fill(0);
  for (const s of sums) if (Number.isInteger(s) && s >= 0 && s <= MAX_SUM) counts[s] = (counts[s] ?? 0) + 1;
  const n = counts.reduce((a, b) => a + b, 0);
  return counts.map((count, sum) => ({ sum, count, observed: n === 0 ? 0 : count / n, theory: (SUM_COUNTS[sum] ?? 0) / TRIPLE_SPACE }));
}

/** Pearson's chi-square of the observed sums against the theory (null without rounds). */
export function sumsChiSquare(freq: readonly SumFrequency[]): { stat: number; pValue: number } | null {
  if (freq.every((f) => f.count === 0)) return null;
  const t = sumFrequencyChiSquare(freq.map((f) => f.count));
  return { stat: t.stat, pValue: t.pValue };
}
