import type { ErrorCode } from '../error-codes';

/** Non-error texts the server sends in `msg`. */
export const SUCCESS_MESSAGE_KEYS = [
  'OK',
  'ORDER_SUCCESS',
  'SUBMITTED',
  'SET_SUCCESS',
  'LOGIN_SUCCESS',
  'LOGOUT_SUCCESS',
  'REGISTER_SUCCESS',
  'NO_DATA',
  'NOTICE_PAY_INFO_CHANGED_TITLE',
  'NOTICE_BANK_CARD_CHANGED',
  'NOTICE_WALLET_CHANGED',
  'NOTICE_RECHARGE_CREDITED_TITLE',
  'NOTICE_RECHARGE_CREDITED',
  'NOTICE_RECHARGE_REJECTED_TITLE',
  'NOTICE_RECHARGE_REJECTED',
  'NOTICE_RECHARGE_REJECTED_NOTE',
  'NOTICE_WITHDRAW_PAID_TITLE',
  'NOTICE_WITHDRAW_PAID',
  'NOTICE_WITHDRAW_REJECTED_TITLE',
  'NOTICE_WITHDRAW_REJECTED',
  'NOTICE_WITHDRAW_REJECTED_NOTE',
] as const;
export type SuccessMessageKey = (typeof SUCCESS_MESSAGE_KEYS)[number];

/** Every key a server-side message exists for: each `ErrorCode` plus the success texts. */
export type MessageKey = ErrorCode | SuccessMessageKey;

/** Values for `{{name}}` placeholders. Money is passed already formatted (e.g. `'100.00'`). */
export type MessageParams = Readonly<Record<string, string | number>>;

/** A locale's full message table: a missing or extra key fails to compile. */
export type MessageTable = Readonly<Record<MessageKey, string>>;
