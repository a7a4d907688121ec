import type { IssueRow } from '@sum28/contracts';
import { FAIRNESS_TEST_VECTORS, SUM_COUNTS } from '@sum28/domain';
import { describe, expect, it } from 'vitest';
import { roundFromIssueRow, sumFrequencies, sumsChiSquare, verifyRound, type RoundToVerify } from './verify-round';

const v = FAIRNESS_TEST_VECTORS[6]!; // vector 7 of docs/fairness.md: a skipped byte among the first HMAC bytes
const published: RoundToVerify = { gameId: v.gameId, issue: v.issue, hash: v.hashHex, seed: v.seedHex, triple: v.triple };

describe('verifyRound (in the browser, libs/domain)', () => {
  it('verifies a published round: hash and digits recomputed from the seed', () => {
    expect(verifyRound(published)).toEqual({ kind: 'ok', sum: 19, computedHash: v.hashHex, computed: [3, 8, 8] });
  });

  it('shows only the hash before the draw', () => {
    expect(verifyRound({ ...published, seed: null, triple: null })).toEqual({ kind: 'pending', hash: v.hashHex });
  });

  it('fails a seed that does not hash to the commitment', () => {
    expect(verifyRound({ ...published, hash: 'ab'.repeat(32) })).toMatchObject({ kind: 'failed', error: 'SEED_HASH_MISMATCH', computedHash: v.hashHex });
  });

  it('fails digits the seed does not give, showing the digits it gives', () => {
    expect(verifyRound({ ...published, triple: [3, 8, 9] })).toMatchObject({ kind: 'failed', error: 'RESULT_MISMATCH', computed: [3, 8, 8] });
  });

  it('fails the same seed and digits claimed for another round', () => {
    expect(verifyRound({ ...published, issue: '20261122002' })).toMatchObject({ kind: 'failed', error: 'RESULT_MISMATCH' });
  });

  it('fails a malformed seed without throwing', () => {
    expect(verifyRound({ ...published, seed: 'not-hex' })).toEqual({ kind: 'failed', error: 'SEED_INVALID', computedHash: null, computed: null });
  });

  it('reads an issueList row (null digits until drawn)', () => {
    const row: IssueRow = {
      game_id: 2,
      issue: v.issue,
      site_1: 3,
      site_2: 8,
      site_3: 8,
      sum: 19,
      lottery_code: '3 8 8 19',
      hash: v.hashHex,
      seed: v.seedHex,
      state: 'drawn',
      drawTime: 0,
    };
    expect(verifyRound(roundFromIssueRow(row)).kind).toBe('ok');
    expect(roundFromIssueRow({ ...row, site_1: null, site_2: null, site_3: null, sum: null, seed: null, state: 'open' }).triple).toBeNull();
  });
});

describe('sumFrequencies', () => {
  it('counts each sum beside its theoretical share', () => {
    const f = sumFrequencies([13, 13, 14, 0]);
    expect(f).toHaveLength(28);
    expect(f[13]).toEqual({ sum: 13, count: 2, observed: 0.5, theory: 0.075 });
    expect(f[0]).toEqual({ sum: 0, count: 1, observed: 0.25, theory: 0.001 });
    expect(f[27]).toMatchObject({ count: 0, observed: 0 });
    expect(f.reduce((a, x) => a + x.theory, 0)).toBeCloseTo(1, 12);
  });

  it('ignores values that are not sums, and has no test without rounds', () => {
    expect(sumFrequencies([28, -1, 2.5]).every((x) => x.count === 0)).toBe(true);
    expect(sumsChiSquare(sumFrequencies([]))).toBeNull();
  });

  it('gives a high p-value for sums in exactly the theoretical shares and a tiny one for a rigged run', () => {
    const fair = SUM_COUNTS.flatMap((c, s) => new Array<number>(c).fill(s));
    expect(sumsChiSquare(sumFrequencies(fair))?.pValue).toBeCloseTo(1, 6);
    expect(sumsChiSquare(sumFrequencies(new Array<number>(200).fill(27)))?.pValue).toBeLessThan(1e-6);
  });
});
