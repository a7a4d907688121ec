import { authenticator, hotp as hotpGenerator } from 'otplib';

/**
 * RFC 6238 TOTP (HMAC-SHA1, 30-second steps, 6 digits) with RFC 4648 base32 secrets, through otplib
 * (HOTP, base32, secret generation). What stays here is this API's policy: the clock comes in as an
 * argument (the injected Clock, so tests can move time), one step of drift either way, and each step
 * accepted once (replay protection through `lastStep`).
 */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Accept the previous and the next step too (clock drift of up to 30 s either way). */
export const TOTP_WINDOW = 1;

const BASE32 = /^[A-Z2-7]*$/;
/** Keys travel to otplib as hex, the authenticator's own key encoding. */
const HEX = authenticator.allOptions().encoding;

export function base32Encode(bytes: Uint8Array): string {
  return authenticator.encode(Buffer.from(bytes).toString(HEX));
}

/** Decodes base32 (case-insensitive, spaces and padding ignored); null when it is not base32. */
export function base32Decode(text: string): Buffer | null {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  if (!BASE32.test(clean)) return null;
  return Buffer.from(authenticator.decode(clean), HEX);
}

/** HOTP(key, counter) truncated to `digits` (RFC 4226 section 5.3). */
export function hotp(key: Uint8Array, counter: number, digits: number = TOTP_DIGITS): string {
  if (!Number.isSafeInteger(counter) || counter < 0) throw new RangeError(`counter must be a non-negative safe integer: ${counter}`);
  return hotpGenerator.clone({ encoding: HEX, digits }).generate(Buffer.from(key).toString(HEX), counter);
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
  return authenticator.generateSecret(20);
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
