import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils';
import { isTriple, sumOf, type Digit, type Triple } from '../game/digits';
import { err, ok, type Result } from '../result/result';

/**
 * Provably fair draw (architecture section 5).
 *
 *   seed  = 32 random bytes (CSPRNG), chosen when the round opens
 *   hash  = hex(SHA-256(seed))            published before any bet
 *   h     = HMAC-SHA256(key = seed, message = "<gameId>:<issue>")
 *   digits: read the bytes of h in order, skip bytes >= 250, take byte % 10 of the first three kept
 *           (if fewer than three are kept, continue with "<gameId>:<issue>:1", ":2", ...)
 *
 * Skipping 250..255 keeps each digit exactly uniform (250 = 25 x 10).
 * The same code runs in Node and the browser (noble hashes, no node:crypto).
 */

export const SEED_BYTES = 32;
/** Bytes at or above this are skipped so that byte % 10 is uniform. */
export const REJECT_FROM = 250;

export const FAIRNESS_ERRORS = ['SEED_INVALID', 'SEED_HASH_MISMATCH', 'RESULT_MISMATCH'] as const;
export type FairnessError = (typeof FAIRNESS_ERRORS)[number];

const SEED_HEX = /^[0-9a-fA-F]{64}$/;
const HASH_HEX = /^[0-9a-fA-F]{64}$/;

/** 64 hex characters (32 bytes), either case. */
export function isSeedHex(s: unknown): s is string {
  return typeof s === 'string' && SEED_HEX.test(s);
}

function seedBytes(seedHex: string): Uint8Array {
  if (!isSeedHex(seedHex)) throw new RangeError('seed must be 64 hex characters');
  return hexToBytes(seedHex.toLowerCase());
}

/** Lower-case hex of a seed given as raw bytes (e.g. from crypto.getRandomValues). */
export function seedHexFromBytes(bytes: Uint8Array): string {
  if (bytes.length !== SEED_BYTES) throw new RangeError(`a seed is ${SEED_BYTES} bytes`);
  return bytesToHex(bytes);
}

/** hex(SHA-256(seed bytes)), lower case: the commitment published before betting. */
export function hashSeedHex(seedHex: string): string {
  return bytesToHex(sha256(seedBytes(seedHex)));
}

/** The HMAC message for block n: "<gameId>:<issue>" for n = 0, then "<gameId>:<issue>:<n>". */
export function drawMessage(gameId: number, issue: string, block = 0): string {
  if (!Number.isSafeInteger(gameId) || gameId <= 0) throw new RangeError(`gameId must be a positive integer: ${String(gameId)}`);
  if (typeof issue !== 'string' || issue === '') throw new RangeError('issue must be a non-empty string');
  return block === 0 ? `${gameId}:${issue}` : `${gameId}:${issue}:${block}`;
}

/** hex of HMAC-SHA256(key = seed, message) for one block (shown on the verify page). */
export function drawHmacHex(seedHex: string, gameId: number, issue: string, block = 0): string {
  return bytesToHex(hmac(sha256, seedBytes(seedHex), utf8ToBytes(drawMessage(gameId, issue, block))));
}

/** Appends byte % 10 of each byte < 250, in order, until `into` holds three digits. */
function collectDigits(bytes: ArrayLike<number>, into: Digit[]): void {
  for (let i = 0; i < bytes.length && into.length < 3; i++) {
    const b = bytes[i];
    if (b === undefined || !Number.isInteger(b) || b < 0 || b > 255) throw new RangeError(`not a byte: ${String(b)}`);
    if (b < REJECT_FROM) into.push((b % 10) as Digit);
  }
}

/**
 * The digit rule on its own: given the HMAC blocks in order (block 0, then :1, :2 ...), the first
 * three kept digits. Returns null when the blocks hold fewer than three kept bytes.
 */
export function digitsFromHmacBytes(blocks: ReadonlyArray<ArrayLike<number>>): Triple | null {
  const digits: Digit[] = [];
  for (const block of blocks) {
    collectDigits(block, digits);
    if (digits.length === 3) break;
  }
  const [a, b, c] = digits;
  return a === undefined || b === undefined || c === undefined ? null : [a, b, c];
}

export type Draw = { readonly triple: Triple; readonly sum: number };

/** The draw of a round from its seed: deterministic, so anyone holding the seed can recompute it. */
export function drawFromSeed(seedHex: string, gameId: number, issue: string): Draw {
  const key = seedBytes(seedHex);
  const digits: Digit[] = [];
  for (let block = 0; digits.length < 3; block++) {
    if (block > 1000) throw new Error('draw did not converge'); // probability ~0: a block keeps 3+ of 32 bytes
    collectDigits(hmac(sha256, key, utf8ToBytes(drawMessage(gameId, issue, block))), digits);
  }
  const [a = 0, b = 0, c = 0] = digits;
  const triple: Triple = [a, b, c];
  return { triple, sum: sumOf(triple) };
}

export type VerifyInput = {
  readonly seedHex: string;
  readonly hashHex: string;
  readonly gameId: number;
  readonly issue: string;
  readonly triple: ReadonlyArray<number>;
};

/** Checks a published round: the seed matches the commitment and reproduces the published digits. */
export function verifyDraw(input: VerifyInput): Result<{ sum: number }, FairnessError> {
  if (!isSeedHex(input.seedHex)) return err('SEED_INVALID');
  const hash = hashSeedHex(input.seedHex);
  if (typeof input.hashHex !== 'string' || !HASH_HEX.test(input.hashHex) || input.hashHex.toLowerCase() !== hash) {
    return err('SEED_HASH_MISMATCH', { expected: hash });
  }
  const draw = drawFromSeed(input.seedHex, input.gameId, input.issue);
  const given = input.triple;
  if (!isTriple(given) || given[0] !== draw.triple[0] || given[1] !== draw.triple[1] || given[2] !== draw.triple[2]) {
    return err('RESULT_MISMATCH', { expected: draw.triple.join(' ') });
  }
  return ok({ sum: draw.sum });
}

export type FairnessVector = {
  readonly seedHex: string;
  readonly hashHex: string;
  readonly gameId: number;
  readonly issue: string;
  readonly triple: Triple;
  readonly sum: number;
};

const SEED_ZERO = '00'.repeat(32);
const SEED_COUNTING = '0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20';
const SEED_FF = 'ff'.repeat(32);
/** Seeds 7-9 are hex(SHA-256("sum28-vector-<n>")) for n = 10, 127, 1676: their first HMAC bytes include a skipped byte (>= 250). */
const SEED_V10 = '9d9c8e10713bdfb49e06a7cf76c7c35af2efe5707380aa97182853a4273186d4';
const SEED_V127 = '791de8bca257b4f8c085910c2550af765e5eb01fc99d188ce92aee6c7afb6556';
const SEED_V1676 = '5f574b3b650836990e0a919a3b018f4c904fd8b1a6a4565f46c8f81c9115c53b';

const HASH_ZERO = '66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925';
const HASH_COUNTING = 'ae216c2ef5247a3782c135efa279a3e4cdc61094270f5d2be58c6204b7a612c9';
const HASH_FF = 'af9613760f72635fbdb44a5a0a63c39f12af30f950a6ee5c971be188e89c4051';

/**
 * Published test vectors (also in docs/fairness.md). The spec checks each one against an
 * independent node:crypto implementation.
 */
export const FAIRNESS_TEST_VECTORS: ReadonlyArray<FairnessVector> = [
  { seedHex: SEED_ZERO, hashHex: HASH_ZERO, gameId: 1, issue: '20261122001', triple: [3, 3, 9], sum: 15 },
  { seedHex: SEED_COUNTING, hashHex: HASH_COUNTING, gameId: 1, issue: '20261122001', triple: [7, 8, 5], sum: 20 },
  { seedHex: SEED_FF, hashHex: HASH_FF, gameId: 1, issue: '20261122001', triple: [2, 2, 5], sum: 9 },
  { seedHex: SEED_ZERO, hashHex: HASH_ZERO, gameId: 4, issue: '20261122274', triple: [9, 2, 8], sum: 19 },
  { seedHex: SEED_COUNTING, hashHex: HASH_COUNTING, gameId: 4, issue: '20261122274', triple: [3, 7, 8], sum: 18 },
  { seedHex: SEED_FF, hashHex: HASH_FF, gameId: 4, issue: '20261122274', triple: [2, 9, 1], sum: 12 },
  {
    seedHex: SEED_V10,
    hashHex: '74b4b4c543c581024f35540186723ec995fa75d8ca51b984cd980b8df819c7d4',
    gameId: 2,
    issue: '20261122001',
    triple: [3, 8, 8],
    sum: 19,
  },
  {
    seedHex: SEED_V127,
    hashHex: '1d2c812e61e761efa4290c17380309f94da68b65a33e447d8bb50d78f658718a',
    gameId: 2,
    issue: '20261122001',
    triple: [9, 9, 9],
    sum: 27,
  },
  {
    seedHex: SEED_V1676,
    hashHex: '00a76c1dc60b709f97efd94e11155609e894555e759625411cf47951e6bf17da',
    gameId: 2,
    issue: '20261122001',
    triple: [0, 0, 0],
    sum: 0,
  },
];
