import { FIELD_LABELS, RULE_TEXTS, type ValidationRule } from './fields';
import { LOCALES } from './locale';
import { placeholdersOf, translate } from './translate';

/** Names of class-validator's checks: none may ever reach a player. */
const VALIDATOR_NAME = /\b(is[A-Z][A-Za-z]+|matches|min|max|length|whitelistValidation|isLength|isIn)\b/;

describe('field labels and rule sentences', () => {
  it.each(Object.keys(FIELD_LABELS))('field %s has a label in all five locales, distinct from its wire name outside en', (field) => {
    for (const l of LOCALES) expect(FIELD_LABELS[field]?.[l].trim()).not.toBe('');
    for (const l of LOCALES.filter((x) => x !== 'en')) expect(FIELD_LABELS[field]?.[l]).not.toMatch(/[A-Za-z]{2,}/);
  });

  it.each(Object.keys(RULE_TEXTS) as ValidationRule[])('rule %s has a sentence in all five locales with the same placeholders', (rule) => {
    const en = placeholdersOf(RULE_TEXTS[rule].en).sort();
    for (const l of LOCALES) {
      expect(RULE_TEXTS[rule][l].trim()).not.toBe('');
      expect(placeholdersOf(RULE_TEXTS[rule][l]).sort()).toEqual(en);
      expect(RULE_TEXTS[rule][l].replace(/\{\{[^}]*\}\}/g, '')).not.toMatch(VALIDATOR_NAME);
    }
  });

  it('VALIDATION_FAILED reads as the field label and the rule sentence', () => {
    expect(translate('en', 'VALIDATION_FAILED', { field: 'acc_bank', reason: 'maxLength', max: 64 })).toBe('Bank name: at most 64 characters');
    expect(translate('en', 'VALIDATION_FAILED', { field: 'securityCode', reason: 'length', min: 1, max: 16 })).toBe('Security code: 1-16 characters');
    expect(translate('tw', 'VALIDATION_FAILED', { field: 'lang', reason: 'text' })).toBe('語言：須為文字');
    expect(translate('kor', 'VALIDATION_FAILED', { field: 'page', reason: 'min', min: 1 })).toBe('페이지: 1 이상이어야 합니다');
  });

  it('a payout account refusal says which part and what it must be', () => {
    expect(translate('en', 'PAY_INFO_INVALID', { field: 'acc', reason: 'length', min: 1, max: 50 })).toBe('Account holder or wallet address: 1-50 characters');
    expect(translate('tw', 'PAY_INFO_INVALID', { field: 'acc_bank', reason: 'length', min: 1, max: 50 })).toBe('銀行名稱：1-50 個字元');
    expect(translate('en', 'PAY_INFO_INVALID', { field: 'acc', reason: 'lettersDigits', min: 20, max: 100 })).toBe(
      'Account holder or wallet address: 20-100 letters or digits',
    );
  });

  it('an unknown field keeps its wire name and an unknown reason its text', () => {
    expect(translate('en', 'VALIDATION_FAILED', { field: 'mystery', reason: 'some text' })).toBe('mystery: some text');
  });

  it('does not read labels or rules from Object.prototype', () => {
    expect(translate('en', 'VALIDATION_FAILED', { field: 'constructor', reason: 'toString' })).toBe('constructor: toString');
  });
});

describe('plurals', () => {
  it.each<[number, string]>([
    [1, 'Incorrect security code, 1 attempt left'],
    [2, 'Incorrect security code, 2 attempts left'],
    [0, 'Incorrect security code, 0 attempts left'],
  ])('en SECURITY_CODE_WRONG with %d', (left, text) => {
    expect(translate('en', 'SECURITY_CODE_WRONG', { left })).toBe(text);
  });

  it('en ACCOUNT_LOCKED says "1 minute" and "15 minutes"', () => {
    expect(translate('en', 'ACCOUNT_LOCKED', { minutes: 1 })).toMatch(/in 1 minute$/);
    expect(translate('en', 'ACCOUNT_LOCKED', { minutes: 15 })).toMatch(/in 15 minutes$/);
  });

  it('locales without plural forms just show the number', () => {
    expect(translate('tw', 'SECURITY_CODE_WRONG', { left: 1 })).toBe('安全碼錯誤，還可嘗試 1 次');
    expect(translate('jp', 'SECURITY_CODE_WRONG', { left: 1 })).toContain('あと1回');
  });

  it('plural placeholders are still reported by name', () => {
    expect(placeholdersOf('{{left|one:# attempt|other:# attempts}} left')).toEqual(['left']);
  });
});
