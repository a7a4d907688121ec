import { hash, randomBytes } from 'node:crypto';

/** A random opaque session token (shown once to the client) and the hash that is stored. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/** SHA-256 of the token, hex. One-shot `crypto.hash`: no Hash object per call (every authenticated request hashes). */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}
