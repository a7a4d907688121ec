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

/** A device token as clients keep it: the 43 base64url characters of `newToken`. */
const DEVICE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The hash of a well-formed device token a client sent (null for none or a malformed one). */
export function deviceHashOf(sent: unknown): string | null {
  return typeof sent === 'string' && DEVICE_TOKEN.test(sent) ? hashToken(sent) : null;
}

/**
 * The device a successful sign-in comes from: the client's own token when it sent a well-formed one (a device
 * stays one device over many sign-ins and accounts), else a new one for the client to keep. Only its hash is
 * stored, on the session; it proves nothing but "this browser signed in to this account before", which lets the
 * owner past the per-username throttle that strangers elsewhere fill (libs/domain sign-in-throttle).
 */
export function deviceOf(sent: unknown): { token: string; hash: string } {
  const hash = deviceHashOf(sent);
  return hash !== null && typeof sent === 'string' ? { token: sent, hash } : newToken();
}
