import {
  CONSOLE_HTTP_STATUS,
  ERROR_CODES,
  ERROR_CODE_KEYS,
  SESSION_ERROR_CODES,
  SUCCESS_CODE,
  errorCodeOf,
  isErrorCode,
  isSessionErrorNumber,
  type ErrorCode,
} from './error-codes';

const entries = Object.entries(ERROR_CODES) as [ErrorCode, number][];

describe('ERROR_CODES', () => {
  it('gives every key a distinct number', () => {
    const numbers = entries.map(([, n]) => n);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it.each(entries)('%s is an integer that is neither success (1) nor 200', (_key, n) => {
    expect(Number.isInteger(n)).toBe(true);
    expect(n).not.toBe(SUCCESS_CODE);
    expect(n).not.toBe(200);
  });

  it('keeps the session codes the spec clients reload on', () => {
    expect(ERROR_CODES.SESSION_INVALID).toBe(50008);
    expect(ERROR_CODES.SESSION_REPLACED).toBe(50012);
    expect(ERROR_CODES.SESSION_EXPIRED).toBe(50014);
    expect([...SESSION_ERROR_CODES].sort()).toEqual(['SESSION_EXPIRED', 'SESSION_INVALID', 'SESSION_REPLACED']);
  });

  it('success code is 1', () => {
    expect(SUCCESS_CODE).toBe(1);
  });

  const ranges: [string, number, ErrorCode[]][] = [
    ['generic', 1000, ['VALIDATION_FAILED', 'UNKNOWN_FIELD', 'NOT_FOUND', 'RATE_LIMITED', 'INTERNAL', 'CONFLICT']],
    ['auth/account', 2000, ['LOGIN_FAILED', 'ACCOUNT_LOCKED', 'CAPTCHA_INVALID', 'VISITOR_FORBIDDEN', 'MOBILE_INVALID']],
    ['wallet', 3000, ['AMOUNT_REQUIRED', 'INSUFFICIENT_FUNDS', 'TURNOVER_NOT_MET', 'SECOND_APPROVER_REQUIRED']],
    ['game', 4000, ['GAME_NOT_FOUND', 'ROUND_CLOSED', 'OPPOSITE_BET', 'ODDS_ABOVE_FAIR', 'SCHEDULE_INVALID']],
    ['console', 5000, ['FORBIDDEN', 'STAFF_LOGIN_FAILED', 'STAFF_LOCKED', 'TOTP_REQUIRED', 'TOTP_INVALID']],
  ];
  it.each(ranges)('%s codes are in the %ss', (_name, base, keys) => {
    for (const key of keys) {
      expect(ERROR_CODES[key]).toBeGreaterThan(base);
      expect(ERROR_CODES[key]).toBeLessThan(base + 1000);
    }
  });

  it('puts every non-session code in 1000..5999', () => {
    for (const [key, n] of entries) {
      if ((SESSION_ERROR_CODES as readonly string[]).includes(key)) continue;
      expect(n >= 1000 && n < 6000).toBe(true);
    }
  });

  it('maps numbers back to keys', () => {
    for (const [key, n] of entries) expect(errorCodeOf(n)).toBe(key);
    expect(errorCodeOf(SUCCESS_CODE)).toBeUndefined();
    expect(errorCodeOf(12345)).toBeUndefined();
  });

  it('recognises keys and session numbers', () => {
    expect(isErrorCode('OPPOSITE_BET')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(4009)).toBe(false);
    expect(isSessionErrorNumber(50008)).toBe(true);
    expect(isSessionErrorNumber(50014)).toBe(true);
    expect(isSessionErrorNumber(ERROR_CODES.LOGIN_FAILED)).toBe(false);
    expect(ERROR_CODE_KEYS).toHaveLength(entries.length);
  });
});

describe('CONSOLE_HTTP_STATUS', () => {
  it('has a status for every code and nothing else', () => {
    expect(Object.keys(CONSOLE_HTTP_STATUS).sort()).toEqual([...ERROR_CODE_KEYS].sort());
  });

  it.each<[ErrorCode, number]>([
    ['VALIDATION_FAILED', 400],
    ['UNKNOWN_FIELD', 400],
    ['SESSION_INVALID', 401],
    ['SESSION_REPLACED', 401],
    ['SESSION_EXPIRED', 401],
    ['STAFF_LOGIN_FAILED', 401],
    ['FORBIDDEN', 403],
    ['VISITOR_FORBIDDEN', 403],
    ['MAKER_CHECKER', 403],
    ['SAME_APPROVER', 403],
    ['NOT_FOUND', 404],
    ['CONFLICT', 409],
    ['ALREADY_RESOLVED', 409],
    ['IDEMPOTENCY_IN_PROGRESS', 409],
    ['INSUFFICIENT_FUNDS', 422],
    ['TURNOVER_NOT_MET', 422],
    ['ODDS_ABOVE_FAIR', 422],
    ['ACCOUNT_LOCKED', 423],
    ['STAFF_LOCKED', 423],
    ['RATE_LIMITED', 429],
    ['INTERNAL', 500],
    ['SERVICE_UNAVAILABLE', 503],
  ])('%s answers %i', (key, status) => {
    expect(CONSOLE_HTTP_STATUS[key]).toBe(status);
  });

  it('answers 401 only for sessions and logins (react-admin logs out on 401)', () => {
    const unauthorized = ERROR_CODE_KEYS.filter((k) => CONSOLE_HTTP_STATUS[k] === 401).sort();
    expect(unauthorized).toEqual(
      ['LOGIN_FAILED', 'SESSION_EXPIRED', 'SESSION_INVALID', 'SESSION_REPLACED', 'STAFF_LOGIN_FAILED', 'TOTP_INVALID', 'TOTP_REQUIRED'].sort(),
    );
  });
});
