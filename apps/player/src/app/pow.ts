import type { PowChallenge } from '@sum28/contracts';

/** Numbers hashed between two yields, so a solver on the main thread never blocks typing for long. */
const BATCH = 500;

function hex(buf: ArrayBuffer): string {
  let s = '';
  for (const b of new Uint8Array(buf)) s += b.toString(16).padStart(2, '0');
  return s;
}

/**
 * Finds `number` in [0, maxnumber] with SHA-256(salt + number) = challenge (the ALTCHA v1 scheme the API
 * uses, see `PowChallenge`) with Web Crypto, and answers the `pow` field to send: base64 of JSON
 * {algorithm, challenge, number, salt, signature}. Rejects when no number in range solves it.
 */
export async function solvePow(pow: PowChallenge, subtle: SubtleCrypto = globalThis.crypto.subtle): Promise<string> {
  const enc = new TextEncoder();
  const target = pow.challenge.toLowerCase();
  for (let start = 0; start <= pow.maxnumber; start += BATCH) {
    const end = Math.min(start + BATCH - 1, pow.maxnumber);
    const hashes = await Promise.all(Array.from({ length: end - start + 1 }, (_, i) => subtle.digest('SHA-256', enc.encode(pow.salt + String(start + i)))));
    const hit = hashes.findIndex((h) => hex(h) === target);
    if (hit >= 0) {
      const payload = { algorithm: pow.algorithm, challenge: pow.challenge, number: start + hit, salt: pow.salt, signature: pow.signature };
      return btoa(JSON.stringify(payload));
    }
  }
  throw new Error('proof of work: no solution in range');
}
