import { DEFAULT_LOCALE, isLocale, resolveLocale } from './locale';
import { interpolate, translate } from './translate';

describe('translate', () => {
  it('interpolates params into the locale text', () => {
    expect(translate('en', 'WITHDRAW_FROZEN_FUNDS', { frozen: '150.00' })).toBe('Insufficient withdrawal funds, frozen amount: 150.00');
    expect(translate('en', 'SECURITY_CODE_WRONG', { left: 2 })).toBe('Incorrect security code, 2 attempts left');
    expect(translate('tw', 'WITHDRAW_MIN', { min: 100 })).toBe('最低提現金額 100');
    expect(translate('zh', 'RECHARGE_MIN', { min: '100.00' })).toBe('最低充值金额 100.00');
  });

  it('fills several placeholders', () => {
    expect(translate('en', 'JOIN_LIMIT', { limit: '10.00', other: 'x' })).toBe('Assets insufficient: this room requires a balance of at least 10.00');
  });

  it('leaves a placeholder without a value as it is', () => {
    expect(translate('en', 'JOIN_LIMIT')).toContain('{{limit}}');
    expect(translate('en', 'JOIN_LIMIT', { other: 1 })).toContain('{{limit}}');
  });

  it('falls back to tw for an unknown or missing locale', () => {
    expect(translate('fr', 'ROUND_CLOSED')).toBe('已封盤，停止購買');
    expect(translate(undefined, 'ROUND_CLOSED')).toBe('已封盤，停止購買');
    expect(DEFAULT_LOCALE).toBe('tw');
  });

  it('falls back to the key when no locale has it', () => {
    expect(translate('en', 'NO_SUCH_KEY')).toBe('NO_SUCH_KEY');
    expect(translate('en', 'toString')).toBe('toString');
  });

  it('translates every locale differently from the key', () => {
    for (const l of ['tw', 'zh', 'en', 'jp', 'kor'] as const) {
      expect(translate(l, 'OPPOSITE_BET')).not.toBe('OPPOSITE_BET');
    }
  });
});

describe('interpolate', () => {
  it('accepts spaces inside the braces and repeated placeholders', () => {
    expect(interpolate('{{ a }} and {{a}}', { a: 'x' })).toBe('x and x');
  });

  it('does not read inherited properties', () => {
    expect(interpolate('{{constructor}}', {})).toBe('{{constructor}}');
  });
});

describe('locales', () => {
  it.each(['zh', 'tw', 'en', 'jp', 'kor'])('%s is a locale', (l) => {
    expect(isLocale(l)).toBe(true);
  });

  it.each(['', 'ja', 'ko', 'zh-TW', 'EN', undefined, 3])('%p is not a locale', (l) => {
    expect(isLocale(l)).toBe(false);
  });

  it.each<[unknown, string]>([
    ['kor', 'kor'],
    ['zh-TW', 'tw'],
    ['zh_CN', 'zh'],
    ['ja', 'jp'],
    ['ko-KR', 'kor'],
    ['en-US', 'en'],
    ['EN', 'en'],
    ['fr', 'tw'],
    [undefined, 'tw'],
  ])('resolveLocale(%p) is %s', (lang, locale) => {
    expect(resolveLocale(lang)).toBe(locale);
  });
});
