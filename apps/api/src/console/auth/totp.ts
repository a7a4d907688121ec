import { createHmac, randomBytes } from 'node:crypto';

/** RFC 6238 TOTP (HMAC-SHA1, 30-second steps, 6 digits) over RFC 4226 HOTP, with RFC 4648 base32 secrets. */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Accept the previous and the next step too (clock drift of up to 30 s either way). */
export const TOTP_WINDOW = 1;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32 (case-insensitive, spaces and padding ignored); null when it is not base32. */
export function base32Decode(text: string): Buffer | null {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const v = ALPHABET.indexOf(ch);
    if (v < 0) return null;
    value = ((value << 5) | v) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** HOTP(key, counter) truncated to `digits` (RFC 4226 section 5.3). */
export function hotp(key: Uint8Array, counter: number, digits: number = TOTP_DIGITS): string {
  if (!Number.isSafeInteger(counter) || counter < 0) throw new RangeError(`counter must be a non-negative safe integer: ${counter}`);
  const msg = Buffer.alloc(8);
  msg.writeUInt32BE(Math.floor(counter / 2 ** 32), 0);
  msg.writeUInt32BE(counter % 2 ** 32, 4);
  const h = createHmac('sha1', key).update(msg).digest();
  const offset = (h[h.length - 1] ?? 0) & 0x0f;
  const code = (((h[offset] ?? 0) & 0x7f) << 24) | ((h[offset + 1] ?? 0) << 16) | ((h[offset + 2] ?? 0) << 8) | (h[offset + 3] ?? 0);
  return String(code % 10 ** digits).padStart(digits, '0');
}

export function totpStep(epochMs: number): number {
  return Math.floor(epochMs / 1000 / TOTP_STEP_SECONDS);
}

export function totpAt(key: Uint8Array, epochMs: number, digits: number = TOTP_DIGITS): string {
  return hotp(key, totpStep(epochMs), digits);
}

/**
 * Checks a code against the steps around `epochMs` and answers the matching step, or null. A step at or
 * below `lastStep` is refused, so each code works once.
 */
export function verifyTotp(secretBase32: string, code: string, epochMs: number, lastStep: number | null = null): number | null {
  if (!/^[0-9]{6}$/.test(code)) return null;
  const key = base32Decode(secretBase32);
  if (!key || key.length === 0) return null;
  const now = totpStep(epochMs);
  for (let d = -TOTP_WINDOW; d <= TOTP_WINDOW; d++) {
    const step = now + d;
    if (step < 0 || (lastStep !== null && step <= lastStep)) continue;
    if (timingSafeEqualText(hotp(key, step), code)) return step;
  }
  return null;
}

/** A new 160-bit secret (RFC 4226 recommends at least 128), base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The `otpauth://` URI that authenticator apps read from a QR code. */
export function otpauthUrl(issuer: string, account: string, secretBase32: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  return `otpauth://totp/${label}?secret=${secretBase32}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=${TOTP_DIGITS}&period=${TOTP_STEP_SECONDS}`;
}

function timingSafeEqualText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
