/** Uppercase letters without I and O, plus digits 2-9 (no 0/O, 1/I confusion): 32 symbols. */
export const CAPTCHA_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
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
