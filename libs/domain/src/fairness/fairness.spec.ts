import { createHash, createHmac, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { sumOf, type Triple } from '../game/digits';
import {
  FAIRNESS_TEST_VECTORS,
  digitsFromHmacBytes,
  drawFromSeed,
  drawHmacHex,
  drawMessage,
  hashSeedHex,
  isSeedHex,
  seedHexFromBytes,
  verifyDraw,
} from './fairness';

/** Independent reference implementation with node:crypto, written from architecture.md section 5. */
function referenceDraw(seedHex: string, gameId: number, issue: string): number[] {
  const key = Buffer.from(seedHex, 'hex');
  const digits: number[] = [];
  for (let n = 0; digits.length < 3; n++) {
    const msg = n === 0 ? `${gameId}:${issue}` : `${gameId}:${issue}:${n}`;
    for (const byte of createHmac('sha256', key).update(msg, 'utf8').digest()) {
      if (byte < 250 && digits.length < 3) digits.push(byte % 10);
    }
  }
  return digits;
}
const referenceHash = (seedHex: string): string => createHash('sha256').update(Buffer.from(seedHex, 'hex')).digest('hex');

const seedArb = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));
const gameArb = fc.integer({ min: 1, max: 1_000_000 });
const issueArb = fc.stringMatching(/^[0-9]{8,14}$/);

describe('FAIRNESS_TEST_VECTORS', () => {
  it('has at least 6 vectors, including ones whose first HMAC bytes contain a skipped byte', () => {
    expect(FAIRNESS_TEST_VECTORS.length).toBeGreaterThanOrEqual(6);
    const skipping = FAIRNESS_TEST_VECTORS.filter((v) => {
      const first3 = Buffer.from(drawHmacHex(v.seedHex, v.gameId, v.issue), 'hex').subarray(0, 3);
      return [...first3].some((b) => b >= 250);
    });
    expect(skipping.length).toBeGreaterThanOrEqual(1);
  });

  it.each(FAIRNESS_TEST_VECTORS.map((v) => [v.seedHex.slice(0, 8), v.gameId, v.issue, v]))(
    'seed %s… game %i issue %s matches the node:crypto reference',
    (_s, _g, _i, v) => {
      expect(v.hashHex).toBe(referenceHash(v.seedHex));
      expect(hashSeedHex(v.seedHex)).toBe(v.hashHex);
      expect([...v.triple]).toEqual(referenceDraw(v.seedHex, v.gameId, v.issue));
      expect(drawFromSeed(v.seedHex, v.gameId, v.issue)).toEqual({ triple: v.triple, sum: v.sum });
      expect(sumOf(v.triple)).toBe(v.sum);
      expect(verifyDraw(v)).toEqual({ ok: true, value: { sum: v.sum } });
    },
  );

  it('the fixed seeds are 32 zero bytes, 0x01..0x20 and 32 0xff bytes', () => {
    const seeds = new Set(FAIRNESS_TEST_VECTORS.map((v) => v.seedHex));
    expect(seeds).toContain('00'.repeat(32));
    expect(seeds).toContain(Buffer.from(Array.from({ length: 32 }, (_, i) => i + 1)).toString('hex'));
    expect(seeds).toContain('ff'.repeat(32));
  });

  it('the derived seeds are SHA-256 of "sum28-vector-<n>"', () => {
    const derived = [10, 127, 1676].map((n) => createHash('sha256').update(`sum28-vector-${n}`).digest('hex'));
    for (const seed of derived) expect(FAIRNESS_TEST_VECTORS.map((v) => v.seedHex)).toContain(seed);
  });
});

describe('drawFromSeed', () => {
  it('property: agrees with the node:crypto reference for random seeds, games and issues', () => {
    fc.assert(
      fc.property(seedArb, gameArb, issueArb, (seed, game, issue) => {
        const d = drawFromSeed(seed, game, issue);
        expect([...d.triple]).toEqual(referenceDraw(seed, game, issue));
        expect(d.sum).toBe(sumOf(d.triple));
      }),
      { numRuns: 500 },
    );
  });

  it('property: hashSeedHex agrees with node:crypto and ignores the seed letter case', () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        expect(hashSeedHex(seed)).toBe(referenceHash(seed));
        expect(hashSeedHex(seed.toUpperCase())).toBe(referenceHash(seed));
      }),
    );
  });

  it('the message is "<gameId>:<issue>" then ":1", ":2" for continuation blocks', () => {
    expect(drawMessage(3, '20261122001')).toBe('3:20261122001');
    expect(drawMessage(3, '20261122001', 2)).toBe('3:20261122001:2');
    const v = FAIRNESS_TEST_VECTORS[0]!;
    expect(drawHmacHex(v.seedHex, 1, '20261122001')).toBe(createHmac('sha256', Buffer.alloc(32)).update('1:20261122001').digest('hex'));
  });

  it('a different game or issue gives an independent HMAC', () => {
    const seed = '00'.repeat(32);
    expect(drawHmacHex(seed, 1, '20261122001')).not.toBe(drawHmacHex(seed, 2, '20261122001'));
    expect(drawHmacHex(seed, 1, '20261122001')).not.toBe(drawHmacHex(seed, 1, '20261122002'));
  });

  it.each<[string, number, string]>([
    ['00', 1, '20261122001'],
    ['zz'.repeat(32), 1, '20261122001'],
    ['00'.repeat(32), 0, '20261122001'],
    ['00'.repeat(32), 1.5, '20261122001'],
    ['00'.repeat(32), 1, ''],
  ])('throws on seed %p, game %p, issue %p (caller bug)', (seed, game, issue) => {
    expect(() => drawFromSeed(seed, game, issue)).toThrow(RangeError);
  });

  it('each digit is uniform: over 20,000 draws a chi-square on each position stays below the 0.1% critical value', () => {
    const counts = [0, 1, 2].map(() => new Array<number>(10).fill(0));
    const seed = createHash('sha256').update('uniformity').digest('hex');
    for (let i = 0; i < 20_000; i++) {
      const { triple } = drawFromSeed(seed, 1, String(i).padStart(11, '0'));
      triple.forEach((d, pos) => (counts[pos]![d] = counts[pos]![d]! + 1));
    }
    for (const c of counts) {
      const stat = c.reduce((acc, o) => acc + (o - 2000) ** 2 / 2000, 0);
      expect(stat).toBeLessThan(27.877); // chi-square, 9 dof, p = 0.001
    }
  });
});

describe('digitsFromHmacBytes (the continuation rule)', () => {
  it.each<[string, number[][], Triple | null]>([
    ['takes byte % 10 of the first three bytes', [[12, 34, 56, 78]], [2, 4, 6]],
    ['skips bytes 250..255', [[250, 251, 255, 9, 249, 100]], [9, 9, 0]],
    ['keeps 249 (the largest kept byte) and 0', [[249, 0, 10]], [9, 0, 0]],
    [
      'continues into the next block when the first keeps fewer than three',
      [
        [250, 7, 255],
        [251, 3, 4, 5],
      ],
      [7, 3, 4],
    ],
    ['continues over an all-skipped block', [[250, 250], [255], [1, 2, 3]], [1, 2, 3]],
    [
      'ignores later blocks once three digits are kept',
      [
        [1, 2, 3],
        [4, 5, 6],
      ],
      [1, 2, 3],
    ],
    ['returns null when the blocks keep fewer than three bytes', [[250, 1], [2]], null],
    ['returns null for no blocks', [], null],
  ])('%s', (_name, blocks, expected) => {
    expect(digitsFromHmacBytes(blocks)).toEqual(expected);
  });

  it('accepts Uint8Array blocks', () => {
    expect(digitsFromHmacBytes([Uint8Array.from([250, 13, 24, 35])])).toEqual([3, 4, 5]);
  });

  it('throws on a value that is not a byte', () => {
    expect(() => digitsFromHmacBytes([[256, 1, 2]])).toThrow(RangeError);
  });

  it('property: matches the reference on any byte blocks', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 8 }), { maxLength: 6 }), (blocks) => {
        const kept = blocks
          .flatMap((b) => [...b])
          .filter((x) => x < 250)
          .map((x) => x % 10);
        expect(digitsFromHmacBytes(blocks)).toEqual(kept.length >= 3 ? kept.slice(0, 3) : null);
      }),
    );
  });
});

describe('verifyDraw', () => {
  const v = FAIRNESS_TEST_VECTORS[0]!;

  it('accepts a published round and returns the sum', () => {
    expect(verifyDraw({ ...v, seedHex: v.seedHex.toUpperCase(), hashHex: v.hashHex.toUpperCase() })).toEqual({ ok: true, value: { sum: v.sum } });
  });

  it.each<[string, Partial<Parameters<typeof verifyDraw>[0]>, string]>([
    ['a short seed', { seedHex: '00' }, 'SEED_INVALID'],
    ['a non-hex seed', { seedHex: 'g'.repeat(64) }, 'SEED_INVALID'],
    ['a seed that does not hash to the commitment', { seedHex: '11'.repeat(32) }, 'SEED_HASH_MISMATCH'],
    ['a malformed commitment', { hashHex: 'abc' }, 'SEED_HASH_MISMATCH'],
    ['a different result', { triple: [3, 3, 8] }, 'RESULT_MISMATCH'],
    ['a result of the wrong length', { triple: [3, 3] }, 'RESULT_MISMATCH'],
    ['a result with a non-digit', { triple: [3, 3, 19] }, 'RESULT_MISMATCH'],
    ['another issue', { issue: '20261122002' }, 'RESULT_MISMATCH'],
  ])('refuses %s with %s', (_name, patch, code) => {
    expect(verifyDraw({ ...v, ...patch })).toMatchObject({ ok: false, error: code });
  });

  it('property: a round drawn from any seed verifies, and changing one digit fails', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), gameArb, issueArb, fc.integer({ min: 0, max: 2 }), (bytes, game, issue, pos) => {
        const seedHex = seedHexFromBytes(bytes);
        const d = drawFromSeed(seedHex, game, issue);
        const hashHex = hashSeedHex(seedHex);
        expect(verifyDraw({ seedHex, hashHex, gameId: game, issue, triple: d.triple })).toEqual({ ok: true, value: { sum: d.sum } });
        const wrong: number[] = [...d.triple];
        wrong[pos] = ((wrong[pos] ?? 0) + 1) % 10;
        expect(verifyDraw({ seedHex, hashHex, gameId: game, issue, triple: wrong })).toMatchObject({ ok: false, error: 'RESULT_MISMATCH' });
      }),
      { numRuns: 200 },
    );
  });
});

describe('seed helpers', () => {
  it.each<[unknown, boolean]>([
    ['00'.repeat(32), true],
    ['AB'.repeat(32), true],
    ['00'.repeat(31), false],
    ['00'.repeat(33), false],
    ['0x' + '00'.repeat(31), false],
    [42, false],
  ])('isSeedHex(%p) is %p', (s, expected) => expect(isSeedHex(s)).toBe(expected));

  it('seedHexFromBytes hex-encodes exactly 32 bytes', () => {
    const b = randomBytes(32);
    expect(seedHexFromBytes(b)).toBe(b.toString('hex'));
    expect(() => seedHexFromBytes(new Uint8Array(31))).toThrow(RangeError);
  });
});
