/**
 * Uppercase letters without I and O, plus the digits 3, 4, 7 and 9: 27 symbols. Besides 0/O and 1/I, the
 * captcha's font, once distorted, draws 2 and Z like each other (and Z like 7), 5 like S, 6 like G and 8
 * like B. People misread such pairs, so one of each stays: the letter, but for Z, which passes for 2 and 7.
 */
export const CAPTCHA_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXY3479';
export const CAPTCHA_LENGTH = 4;

/** `randomInt(n)` must return an integer in [0, n) (e.g. node:crypto randomInt). */
export function generateCaptchaText(randomInt: (maxExclusive: number) => number): string {
  let out = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) {
    const k = randomInt(CAPTCHA_ALPHABET.length);
    const ch = Number.isInteger(k) ? CAPTCHA_ALPHABET[k] : undefined;
    if (ch === undefined) throw new RangeError(`randomInt returned ${String(k)} outside [0, ${CAPTCHA_ALPHABET.length})`);
    out += ch;
  }
  return out;
}

/** Case-insensitive, ignores surrounding spaces, exact length. */
export function captchaMatches(expected: string, given: unknown): boolean {
  if (typeof expected !== 'string' || typeof given !== 'string') return false;
  const g = given.trim().toUpperCase();
  return expected.length === CAPTCHA_LENGTH && g.length === CAPTCHA_LENGTH && g === expected.toUpperCase();
}
