import fc from 'fast-check';
import { CAPTCHA_ALPHABET, CAPTCHA_LENGTH, captchaMatches, generateCaptchaText } from './captcha';

describe('captcha', () => {
  it('the alphabet is A-Y without I and O plus 3, 4, 7, 9: no pair a distorted glyph turns into the other', () => {
    expect(CAPTCHA_ALPHABET).toHaveLength(27);
    expect(CAPTCHA_ALPHABET).not.toMatch(/[IOZ012568]/);
    expect(new Set(CAPTCHA_ALPHABET).size).toBe(27);
    expect(CAPTCHA_LENGTH).toBe(4);
  });

  it('uses the injected random source', () => {
    expect(generateCaptchaText(() => 0)).toBe('AAAA');
    expect(generateCaptchaText(() => 26)).toBe('9999');
    let i = 0;
    expect(generateCaptchaText(() => i++)).toBe('ABCD');
  });

  it.each([-1, 27, 1.5, NaN])('throws when the random source returns %p', (k) => {
    expect(() => generateCaptchaText(() => k)).toThrow(RangeError);
  });

  it('property: generated text is 4 symbols of the alphabet', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 26 }), { minLength: 4, maxLength: 4 }), (ks) => {
        let i = 0;
        const text = generateCaptchaText(() => ks[i++] ?? 0);
        expect(text).toMatch(/^[A-HJ-NP-Y3479]{4}$/);
      }),
    );
  });

  it.each<[string, unknown, boolean]>([
    ['AB3K', 'AB3K', true],
    ['AB3K', 'ab3k', true],
    ['AB3K', ' ab3K ', true],
    ['AB3K', 'AB3', false],
    ['AB3K', 'AB3KX', false],
    ['AB3K', 'AB3L', false],
    ['AB3K', '', false],
    ['AB3K', undefined, false],
    ['AB3K', 1234, false],
    ['', '', false],
  ])('expected %p, given %p: matches %p', (expected, given, result) => {
    expect(captchaMatches(expected, given)).toBe(result);
  });
});
