import { sha256 } from '@noble/hashes/sha2';
import { hexToBytes, utf8ToBytes } from '@noble/hashes/utils';
import type { PowChallenge } from '@sum28/contracts';

/** Numbers hashed between two yields, so a solver on the main thread never blocks typing for long (~10-50 ms). */
const BATCH = 5000;

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Finds `number` in [0, maxnumber] with SHA-256(salt + number) = challenge (the ALTCHA v1 scheme the API
 * uses, see `PowChallenge`), and answers the `pow` field to send: base64 of JSON
 * {algorithm, challenge, number, salt, signature}. Rejects when no number in range solves it.
 *
 * The hash is @noble/hashes' synchronous SHA-256, not Web Crypto: one awaited `subtle.digest` per number
 * cost ~10x a bot's node:crypto loop (bench/captcha.js), so any work that costs a bot something took a
 * phone far too long. Synchronous hashing is as fast as a bot's; the Worker keeps it off the main thread.
 */
export async function solvePow(pow: PowChallenge): Promise<string> {
  const target = hexToBytes(pow.challenge.toLowerCase());
  for (let start = 0; start <= pow.maxnumber; start += BATCH) {
    const end = Math.min(start + BATCH - 1, pow.maxnumber);
    for (let n = start; n <= end; n++) {
      if (sameBytes(sha256(utf8ToBytes(pow.salt + String(n))), target)) {
        const payload = { algorithm: pow.algorithm, challenge: pow.challenge, number: n, salt: pow.salt, signature: pow.signature };
        return btoa(JSON.stringify(payload));
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  throw new Error('proof of work: no solution in range');
}
