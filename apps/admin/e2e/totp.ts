import { createHmac } from 'node:crypto';

/** An authenticator app for the journeys: RFC 6238 codes (SHA-1, 30 s, 6 digits) from a base32 secret. */
export function totpCode(secretBase32: string, step: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const key: number[] = [];
  for (const ch of secretBase32.replace(/[\s=]/g, '').toUpperCase()) {
    value = ((value << 5) | alphabet.indexOf(ch)) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      key.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  const msg = Buffer.alloc(8);
  msg.writeUInt32BE(Math.floor(step / 2 ** 32), 0);
  msg.writeUInt32BE(step % 2 ** 32, 4);
  const h = createHmac('sha1', Buffer.from(key)).update(msg).digest();
  const o = (h[h.length - 1] ?? 0) & 0x0f;
  const code = (((h[o] ?? 0) & 0x7f) << 24) | ((h[o + 1] ?? 0) << 16) | ((h[o + 2] ?? 0) << 8) | (h[o + 3] ?? 0);
  return String(code % 1_000_000).padStart(6, '0');
}

export const currentStep = (): number => Math.floor(Date.now() / 30_000);
