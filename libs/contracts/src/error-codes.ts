/**
 * Every error the system can answer, by stable key, with its numeric envelope code.
 *
 * - Player API (spec section 7/8): `{ code, msg, time, data, error, params }`, HTTP 200; `code` is
 *   the number below, `error` the key, `msg` the key translated by `lang` (see `./i18n`).
 * - Console API: HTTP status from `CONSOLE_HTTP_STATUS` and `{ message, errors, error, code }`.
 *
 * Numbers are part of the public contract: never renumber or reuse a code; add new keys at the
 * end of their range. Success is `SUCCESS_CODE` (1). Ranges: 1000s generic, 2000s auth/account,
 * 3000s wallet, 4000s game, 5000s console, 5000x session codes fixed by the spec's clients.
 */
export const ERROR_CODES = {
  // Session (spec section 8: the clients reload the page on these three)
  /** No token, or a token we do not know. */
  SESSION_INVALID: 50008,
  /** The token was revoked (logged out, or ended by the server). */
  SESSION_REPLACED: 50012,
  SESSION_EXPIRED: 50014,

  // 1000s generic
  VALIDATION_FAILED: 1001,
  UNKNOWN_FIELD: 1002,
  NOT_FOUND: 1003,
  RATE_LIMITED: 1004,
  INTERNAL: 1005,
  CONFLICT: 1006,
  /** The idempotency key was already used with a different payload. */
  IDEMPOTENCY_MISMATCH: 1007,
  /** The first request with this idempotency key has not finished yet. */
  IDEMPOTENCY_IN_PROGRESS: 1008,
  SERVICE_UNAVAILABLE: 1009,

  // 2000s auth and account
  LOGIN_FAILED: 2001,
  ACCOUNT_LOCKED: 2002,
  CAPTCHA_REQUIRED: 2003,
  CAPTCHA_INVALID: 2004,
  USERNAME_INVALID: 2005,
  USERNAME_TAKEN: 2006,
  PASSWORD_INVALID: 2007,
  PASSWORD_MISMATCH: 2008,
  OLD_PASSWORD_WRONG: 2009,
  PASSWORD_SAME_AS_OLD: 2010,
  PASSWORD_CHANGE_REQUIRED: 2011,
  INVITE_CODE_INVALID: 2012,
  GROUP_NOT_ALLOWED: 2013,
  AGE_CONSENT_REQUIRED: 2014,
  VISITOR_FORBIDDEN: 2015,
  AGENT_ONLY: 2016,
  NICKNAME_INVALID: 2017,
  MOBILE_INVALID: 2018,
  /** The captcha id is unknown, already used or past `expires_in`. */
  CAPTCHA_EXPIRED: 2019,
  /** Too many failed sign-ins for this username and IP, this IP or this username: wait `seconds` (players and staff). */
  SIGN_IN_THROTTLED: 2020,
  /** The sign-in or sign-up needs the proof of work (`pow`) of its captcha challenge. */
  POW_REQUIRED: 2021,
  /** The proof of work is malformed, forged, or not the one of this captcha challenge. */
  POW_INVALID: 2022,
  /** Too many wrong passwords given to change the password (or too many checks a minute): wait `seconds`. */
  PASSWORD_CHECKS_THROTTLED: 2024,
  /** The password is one of the most common in leaked lists (`password`, `12345678`, ...): choose another. */
  PASSWORD_TOO_COMMON: 2025,
  /** A staff password reset of a player without a security code holds bets, withdrawals, payout and code changes for 24 h (`until`). */
  PASSWORD_RESET_HOLD: 2023,

  // 3000s wallet
  AMOUNT_REQUIRED: 3001,
  AMOUNT_INVALID: 3002,
  AMOUNT_TOO_LARGE: 3003,
  RECHARGE_MIN: 3004,
  WITHDRAW_MIN: 3005,
  CURRENCY_INVALID: 3006,
  INSUFFICIENT_FUNDS: 3007,
  WITHDRAW_FROZEN_FUNDS: 3008,
  PAY_INFO_MISSING: 3009,
  PAY_INFO_INVALID: 3010,
  CARD_NUMBER_INVALID: 3011,
  WALLET_TYPE_INVALID: 3012,
  SECURITY_CODE_NOT_SET: 3013,
  SECURITY_CODE_INVALID: 3014,
  SECURITY_CODE_WRONG: 3015,
  SECURITY_CODE_LOCKED: 3016,
  SECURITY_CODE_OLD_REQUIRED: 3017,
  SECURITY_CODE_MISMATCH: 3018,
  SECURITY_CODE_SAME_AS_PASSWORD: 3019,
  TURNOVER_NOT_MET: 3020,
  ACCOUNT_FROZEN: 3021,
  AUDIT_ILLEGAL_TRANSITION: 3022,
  ALREADY_RESOLVED: 3023,
  /** The second approval of a large amount came from the first approver. */
  SAME_APPROVER: 3024,
  /** The approver's account was created or changed in the last 24 hours by the requester or a prior approver: `until`. */
  APPROVER_SET_UP_BY_PARTY: 3032,
  /** Staff may not approve a request they created themselves. */
  MAKER_CHECKER: 3025,
  SECOND_APPROVER_REQUIRED: 3026,
  /** The call needs the security code (payout-account change, first sign-in after a staff reset). */
  SECURITY_CODE_REQUIRED: 3027,
  /** More security-code verifications this minute than `security_code_checks_per_minute`, whatever their outcome. */
  SECURITY_CODE_RATE_LIMITED: 3028,
  /** A withdrawal without an amount (the spec's own text, distinct from a recharge's). */
  WITHDRAW_AMOUNT_REQUIRED: 3029,
  /** A credit or bet would take the player's balance (with pending payouts) past the `max_balance` setting. */
  BALANCE_CAP_EXCEEDED: 3030,
  /** The staff member's approvals today would pass `staff_daily_approval_limit_minor`. */
  STAFF_DAILY_LIMIT: 3031,

  // 4000s game
  GAME_NOT_FOUND: 4001,
  PLAN_NOT_FOUND: 4002,
  ROUND_NOT_FOUND: 4003,
  /** Betting closed for this round (`whether_close`). */
  ROUND_CLOSED: 4004,
  ROUND_NOT_OPEN: 4005,
  /** Outside `OPEN_HOURS` (`game_status` not 1). */
  PLATFORM_CLOSED: 4006,
  PLAY_TYPE_INVALID: 4007,
  /** Balance below the room's `join_limit`. */
  JOIN_LIMIT: 4008,
  OPPOSITE_BET: 4009,
  FOLLOW_CURRENT_ONLY: 4010,
  FOLLOW_NOT_FOUND: 4011,
  GAME_DISABLED: 4012,
  ODDS_INVALID: 4013,
  ODDS_ABOVE_FAIR: 4014,
  SEED_INVALID: 4015,
  SEED_HASH_MISMATCH: 4016,
  RESULT_MISMATCH: 4017,
  OPEN_HOURS_INVALID: 4018,
  SCHEDULE_INVALID: 4019,
  ORDER_NOT_FOUND: 4020,
  /** Verify or reveal asked for a round whose seed is not published yet. */
  ROUND_NOT_DRAWN: 4021,
  /** getGameResult: no unseen win in this game (the app ignores this code silently; only code 1 pops the win dialog). */
  NO_UNSEEN_WIN: 4022,
  /** closeGameResult on a bet that is not settled yet (closing it would hide its later win). */
  BET_NOT_SETTLED: 4023,

  // 5000s console
  FORBIDDEN: 5001,
  STAFF_LOGIN_FAILED: 5002,
  STAFF_LOCKED: 5003,
  TOTP_REQUIRED: 5004,
  TOTP_INVALID: 5005,
  STAFF_DISABLED: 5006,
  /** The last active superadmin cannot be disabled, deleted or demoted. */
  LAST_SUPERADMIN: 5007,
  /** A superadmin may not delete, disable or demote its own account. */
  STAFF_SELF_CHANGE: 5008,
  NOTICE_NOT_FOUND: 1010,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;
export type ErrorNumber = (typeof ERROR_CODES)[ErrorCode];

/** Envelope `code` of every successful player API answer. (The spec's clients also accept 200; we never send it.) */
export const SUCCESS_CODE = 1;

/** The three codes on which the spec's clients drop the session and reload. */
export const SESSION_ERROR_CODES = ['SESSION_INVALID', 'SESSION_REPLACED', 'SESSION_EXPIRED'] as const;
export type SessionErrorCode = (typeof SESSION_ERROR_CODES)[number];

export const ERROR_CODE_KEYS: readonly ErrorCode[] = Object.freeze(Object.keys(ERROR_CODES) as ErrorCode[]);

const KEY_BY_NUMBER: ReadonlyMap<number, ErrorCode> = new Map(ERROR_CODE_KEYS.map((k) => [ERROR_CODES[k], k]));

export function isErrorCode(x: unknown): x is ErrorCode {
  return typeof x === 'string' && Object.prototype.hasOwnProperty.call(ERROR_CODES, x);
}

/** The key of an envelope `code`, or undefined for success and unknown numbers. */
export function errorCodeOf(code: number): ErrorCode | undefined {
  return KEY_BY_NUMBER.get(code);
}

/** True for 50008 / 50012 / 50014. */
export function isSessionErrorNumber(code: number): boolean {
  const key = KEY_BY_NUMBER.get(code);
  return key !== undefined && (SESSION_ERROR_CODES as readonly string[]).includes(key);
}

/** HTTP statuses the console API may answer for an error. */
export type ConsoleHttpStatus = 400 | 401 | 403 | 404 | 409 | 422 | 423 | 429 | 500 | 503;

/**
 * The one code-to-status map of the console API (exhaustive: a new key fails to compile until
 * it is mapped). Only sessions and logins answer 401 (react-admin logs out on 401/403), so
 * wrong old passwords or security codes are 422, not 401.
 */
export const CONSOLE_HTTP_STATUS: Readonly<Record<ErrorCode, ConsoleHttpStatus>> = {
  SESSION_INVALID: 401,
  SESSION_REPLACED: 401,
  SESSION_EXPIRED: 401,

  VALIDATION_FAILED: 400,
  UNKNOWN_FIELD: 400,
  NOT_FOUND: 404,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  CONFLICT: 409,
  IDEMPOTENCY_MISMATCH: 422,
  IDEMPOTENCY_IN_PROGRESS: 409,
  SERVICE_UNAVAILABLE: 503,

  LOGIN_FAILED: 401,
  ACCOUNT_LOCKED: 423,
  CAPTCHA_REQUIRED: 400,
  CAPTCHA_INVALID: 400,
  USERNAME_INVALID: 400,
  USERNAME_TAKEN: 409,
  PASSWORD_INVALID: 400,
  PASSWORD_MISMATCH: 400,
  OLD_PASSWORD_WRONG: 422,
  PASSWORD_SAME_AS_OLD: 422,
  PASSWORD_CHANGE_REQUIRED: 403,
  INVITE_CODE_INVALID: 400,
  GROUP_NOT_ALLOWED: 400,
  AGE_CONSENT_REQUIRED: 400,
  VISITOR_FORBIDDEN: 403,
  AGENT_ONLY: 403,
  NICKNAME_INVALID: 400,
  MOBILE_INVALID: 400,
  CAPTCHA_EXPIRED: 400,

  AMOUNT_REQUIRED: 400,
  AMOUNT_INVALID: 400,
  AMOUNT_TOO_LARGE: 400,
  RECHARGE_MIN: 422,
  WITHDRAW_MIN: 422,
  CURRENCY_INVALID: 400,
  INSUFFICIENT_FUNDS: 422,
  WITHDRAW_FROZEN_FUNDS: 422,
  PAY_INFO_MISSING: 422,
  PAY_INFO_INVALID: 400,
  CARD_NUMBER_INVALID: 400,
  WALLET_TYPE_INVALID: 400,
  SECURITY_CODE_NOT_SET: 422,
  SECURITY_CODE_INVALID: 400,
  SECURITY_CODE_WRONG: 422,
  SECURITY_CODE_LOCKED: 423,
  SECURITY_CODE_OLD_REQUIRED: 400,
  SECURITY_CODE_MISMATCH: 400,
  SECURITY_CODE_SAME_AS_PASSWORD: 422,
  TURNOVER_NOT_MET: 422,
  ACCOUNT_FROZEN: 423,
  AUDIT_ILLEGAL_TRANSITION: 409,
  ALREADY_RESOLVED: 409,
  SAME_APPROVER: 403,
  APPROVER_SET_UP_BY_PARTY: 403,
  MAKER_CHECKER: 403,
  SECOND_APPROVER_REQUIRED: 403,
  BALANCE_CAP_EXCEEDED: 422,
  STAFF_DAILY_LIMIT: 403,

  GAME_NOT_FOUND: 404,
  PLAN_NOT_FOUND: 404,
  ROUND_NOT_FOUND: 404,
  ROUND_CLOSED: 422,
  ROUND_NOT_OPEN: 422,
  PLATFORM_CLOSED: 422,
  PLAY_TYPE_INVALID: 400,
  JOIN_LIMIT: 422,
  OPPOSITE_BET: 422,
  FOLLOW_CURRENT_ONLY: 422,
  FOLLOW_NOT_FOUND: 404,
  GAME_DISABLED: 422,
  ODDS_INVALID: 400,
  ODDS_ABOVE_FAIR: 422,
  SEED_INVALID: 400,
  SEED_HASH_MISMATCH: 422,
  RESULT_MISMATCH: 422,
  OPEN_HOURS_INVALID: 400,
  SCHEDULE_INVALID: 400,
  ORDER_NOT_FOUND: 404,
  ROUND_NOT_DRAWN: 422,
  NO_UNSEEN_WIN: 404,
  BET_NOT_SETTLED: 422,

  FORBIDDEN: 403,
  STAFF_LOGIN_FAILED: 401,
  STAFF_LOCKED: 423,
  TOTP_REQUIRED: 401,
  TOTP_INVALID: 401,
  STAFF_DISABLED: 403,
  LAST_SUPERADMIN: 409,
  SIGN_IN_THROTTLED: 429,
  POW_REQUIRED: 400,
  POW_INVALID: 400,
  PASSWORD_RESET_HOLD: 423,
  SECURITY_CODE_REQUIRED: 400,
  PASSWORD_CHECKS_THROTTLED: 429,
  PASSWORD_TOO_COMMON: 400,
  SECURITY_CODE_RATE_LIMITED: 429,
  WITHDRAW_AMOUNT_REQUIRED: 400,
  STAFF_SELF_CHANGE: 409,
  NOTICE_NOT_FOUND: 404,
};
