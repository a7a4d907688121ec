import { ERROR_CODE_KEYS } from '../error-codes';
import { LOCALES } from './locale';
import { SUCCESS_MESSAGE_KEYS, type MessageKey } from './message-keys';
import { MESSAGES, placeholdersOf } from './translate';

const ALL_KEYS: readonly MessageKey[] = [...ERROR_CODE_KEYS, ...SUCCESS_MESSAGE_KEYS];
const sorted = (xs: readonly string[]): string[] => [...new Set(xs)].sort();

describe('MESSAGES', () => {
  it('has the five locales', () => {
    expect(Object.keys(MESSAGES).sort()).toEqual([...LOCALES].sort());
  });

  it.each(LOCALES)('%s has a non-empty text for every key and no other key', (locale) => {
    const table = MESSAGES[locale];
    expect(Object.keys(table).sort()).toEqual([...ALL_KEYS].sort());
    for (const key of ALL_KEYS) expect(table[key].trim()).not.toBe('');
  });

  it.each(LOCALES)('%s uses the same placeholders as en for every key', (locale) => {
    for (const key of ALL_KEYS) {
      expect({ key, placeholders: sorted(placeholdersOf(MESSAGES[locale][key])) }).toEqual({
        key,
        placeholders: sorted(placeholdersOf(MESSAGES.en[key])),
      });
    }
  });

  it.each(LOCALES)('%s has no malformed placeholder braces', (locale) => {
    for (const key of ALL_KEYS) {
      const withoutPlaceholders = MESSAGES[locale][key].replace(/\{\{[A-Za-z0-9_]+(\|[a-z]+:[^|{}]*)*\}\}/g, '');
      expect({ key, text: withoutPlaceholders }).toEqual({ key, text: expect.not.stringMatching(/[{}]/) });
    }
  });

  it.each<[MessageKey, string[]]>([
    ['WITHDRAW_FROZEN_FUNDS', ['frozen']],
    ['TURNOVER_NOT_MET', ['water_limit']],
    ['JOIN_LIMIT', ['limit']],
    ['RECHARGE_MIN', ['min']],
    ['WITHDRAW_MIN', ['min']],
    ['ACCOUNT_LOCKED', ['minutes']],
    ['SECURITY_CODE_WRONG', ['left']],
    ['VALIDATION_FAILED', ['field', 'reason']],
    ['SIGN_IN_THROTTLED', ['seconds']],
  ])('%s takes the params %j', (key, params) => {
    expect(sorted(placeholdersOf(MESSAGES.en[key]))).toEqual(sorted(params));
  });

  it.each<[MessageKey, string]>([
    ['ROUND_CLOSED', 'Closed, stop buying'],
    ['FOLLOW_CURRENT_ONLY', 'Only the current round can be followed'],
    ['INSUFFICIENT_FUNDS', 'Your assets are insufficient, please deposit'],
    ['WITHDRAW_FROZEN_FUNDS', 'Insufficient withdrawal funds, frozen amount: {{frozen}}'],
    ['PASSWORD_MISMATCH', 'The two passwords are inconsistent'],
    ['GAME_DISABLED', 'The product is discontinued'],
    ['VISITOR_FORBIDDEN', 'Please register as a full member'],
    ['ORDER_SUCCESS', 'Order success'],
    ['SUBMITTED', 'Submitted successfully'],
    ['NO_DATA', 'No data'],
  ])('en %s follows the spec wording', (key, text) => {
    expect(MESSAGES.en[key]).toBe(text);
  });
});
