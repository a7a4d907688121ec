import type { AccountError } from '../account/account-rules';
import type { ApprovalError, AuditTransitionError } from '../audit/audit';
import type { FairnessError } from '../fairness/fairness';
import type { OddsError } from '../game/odds';
import type { BetSlipError, JoinLimitError } from '../game/bet-slip';
import type { OppositeBetError } from '../game/opposite-bet';
import type { ScheduleError } from '../game/schedule';
import type { AmountError } from '../money/money';
import type { RechargeError, WithdrawError } from '../wallet/wallet-rules';
import type { MoneyLimitError } from '../wallet/money-limits';

/** Every error code a domain function can return in a Result. */
export const DOMAIN_ERROR_CODES = [
  // money
  'AMOUNT_REQUIRED',
  'AMOUNT_INVALID',
  'AMOUNT_TOO_LARGE',
  // odds
  'ODDS_INVALID',
  'ODDS_ABOVE_FAIR',
  // betting
  'OPPOSITE_BET',
  'JOIN_LIMIT',
  // schedule
  'OPEN_HOURS_INVALID',
  'SCHEDULE_INVALID',
  // fairness
  'SEED_INVALID',
  'SEED_HASH_MISMATCH',
  'RESULT_MISMATCH',
  // wallet
  'VISITOR_FORBIDDEN',
  'RECHARGE_MIN',
  'CURRENCY_INVALID',
  'WITHDRAW_FROZEN_FUNDS',
  'PAY_INFO_MISSING',
  'SECURITY_CODE_NOT_SET',
  'SECURITY_CODE_LOCKED',
  'SECURITY_CODE_WRONG',
  'WITHDRAW_MIN',
  'INSUFFICIENT_FUNDS',
  'TURNOVER_NOT_MET',
  'ACCOUNT_FROZEN',
  // audit
  'AUDIT_ILLEGAL_TRANSITION',
  'ALREADY_RESOLVED',
  'SAME_APPROVER',
  'MAKER_CHECKER',
  // account
  'INVITE_CODE_INVALID',
  'USERNAME_INVALID',
  'PASSWORD_INVALID',
  'SECURITY_CODE_INVALID',
  'SECURITY_CODE_OLD_REQUIRED',
  'SECURITY_CODE_MISMATCH',
  'SECURITY_CODE_SAME_AS_PASSWORD',
  'PAY_INFO_INVALID',
  'CARD_NUMBER_INVALID',
  'WALLET_TYPE_INVALID',
  'WITHDRAW_AMOUNT_REQUIRED',
  'NICKNAME_INVALID',
  'MOBILE_INVALID',
  'BALANCE_CAP_EXCEEDED',
  'STAFF_DAILY_LIMIT',
] as const;

export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

const CODE_SET: ReadonlySet<string> = new Set(DOMAIN_ERROR_CODES);

export function isDomainErrorCode(x: unknown): x is DomainErrorCode {
  return typeof x === 'string' && CODE_SET.has(x);
}

/** The union of the error types the modules declare. */
export type ModuleErrorCode =
  | AmountError
  | OddsError
  | OppositeBetError
  | BetSlipError
  | JoinLimitError
  | ScheduleError
  | FairnessError
  | RechargeError
  | WithdrawError
  | AuditTransitionError
  | ApprovalError
  | AccountError
  | MoneyLimitError;

type Equal<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
/** Compile-time proof that DOMAIN_ERROR_CODES lists exactly the codes the modules can return. */
export type ErrorCodesAreExhaustive = Assert<Equal<ModuleErrorCode, DomainErrorCode>>;
