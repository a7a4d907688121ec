import { AUDIT_STATUS, CAPITAL_TYPE, CURRENCIES, PAY_TYPE, WALLET_TYPES } from '@sum28/domain';
import type { DateString, EmptyRequest, EpochSeconds, Money, PageRequest, Paged } from './envelope.contract';

/** These lists are defined once, in libs/domain; the contract names them for the clients. */
export const CAPITAL_LOG_TYPE = CAPITAL_TYPE;
export type CapitalLogType = (typeof CAPITAL_LOG_TYPE)[keyof typeof CAPITAL_LOG_TYPE];

/** Audit status of a capital log: 0 under review, 1 approved, 2 rejected. */
export { AUDIT_STATUS };
export type AuditStatus = (typeof AUDIT_STATUS)[keyof typeof AUDIT_STATUS];

/** Pay info kinds: 0 bank card, 1 virtual (USDT) wallet. */
export const PAY_INFO_TYPE = PAY_TYPE;
export type PayInfoType = (typeof PAY_INFO_TYPE)[keyof typeof PAY_INFO_TYPE];

/** USDT wallet networks offered when adding a virtual wallet. */
export { WALLET_TYPES };
export type WalletType = (typeof WALLET_TYPES)[number];

/** Currencies of the recharge form; each enabled one has a rate (`user/rechargeQuote`). */
export { CURRENCIES };
export type Currency = (typeof CURRENCIES)[number];

// POST /api/user/quantityLogList -----------------------------------------------------------------

export interface QuantityLogListRequest extends PageRequest {
  /** Inclusive platform days from 2018-01-01 to today; `end_date` is capped at today; `begin_date <= end_date`. */
  begin_date: DateString;
  end_date: DateString;
  /** All types when omitted. */
  type?: CapitalLogType;
}

export interface CapitalLogRow {
  id: number;
  type: CapitalLogType;
  /** Amount of the movement, always positive; `type` gives the direction. */
  quantity: Money;
  /**
   * Available balance right after this row's own effect; written once, never changed later. Null while
   * the row has had no effect (a pending or rejected recharge).
   */
  over: Money | null;
  createtime: EpochSeconds;
  /** Remark: a recharge's order number (kept after a rejection), a gift's reason, a bet's marker. */
  mark: string;
  status: AuditStatus;
  /** Why it was rejected (staff's note), beside `mark`; null unless rejected with a note. */
  reason: string | null;
  /** Withdrawals: the receiving account, masked ('Bank ****1234', 'TRC20 ****abcd'); null for other types. */
  pay_account: string | null;
  /**
   * The order the row belongs to: a recharge's ('R0000000042'), a withdrawal's ('W0000000043'), a bet's (purchase and
   * payout rows); null for a gift.
   */
  order_no: string | null;
  /** Purchase and payout rows: the round's issue; null for other types. */
  issue: string | null;
  /**
   * Recharges and withdrawals: when finance first approved it (with two approvers, the first of them); null until then
   * and for other types.
   */
  approved_at: EpochSeconds | null;
  /**
   * Recharges, withdrawals and gifts: when it reached its final state (credited, paid or rejected); null while pending
   * and for other types.
   */
  resolved_at: EpochSeconds | null;
  /** Recharges only: the currency paid in. */
  currency?: Currency;
  /** Recharges only: the amount paid, in `currency` (`quantity` is what it credits). */
  currency_quantity?: Money;
  /** Recharges only: the rate in force when requested, exact decimal text (platform units per unit of `currency`). */
  rate?: string;
}

/** Newest first, one page; `has_more` false means the end ('--END--'). */
export type QuantityLogListResponse = Paged<CapitalLogRow>;

// POST /api/user/payInfo -------------------------------------------------------------------------

export interface PayInfoRequest {
  type: PayInfoType;
}

/**
 * A bound payout account, as the spec names its fields:
 * bank card: `acc` holder, `acc_name` card number, `acc_bank` bank name;
 * wallet: `acc` address, `acc_name` network (`WalletType`), `acc_bank` null.
 * The card number and the address are masked except their last 4 characters.
 */
export interface PayInfoItem {
  id: number;
  type: PayInfoType;
  acc: string;
  acc_name: string;
  acc_bank: string | null;
  mark: string;
}

/** The bound item of this kind (one per kind), or null. */
export type PayInfoResponse = PayInfoItem | null;

// POST /api/user/setPayInfo ----------------------------------------------------------------------

/** Binds (or replaces) the caller's account of this kind. Field meaning as in `PayInfoItem`, unmasked. */
export interface SetPayInfoRequest {
  type: PayInfoType;
  /** Bank card: holder name. Wallet: address. */
  acc: string;
  /** Bank card: card number (digits only). Wallet: one of `WALLET_TYPES`. */
  acc_name: string;
  /** Bank card: bank name (required). Wallet: omitted. */
  acc_bank?: string;
  mark?: string;
  /** The 6-digit security code: required when one is set (SECURITY_CODE_REQUIRED), counted like withdrawals. */
  securityCode?: string;
}

export type SetPayInfoResponse = PayInfoItem;

// POST /api/user/safetyInfo ----------------------------------------------------------------------

export type SafetyInfoRequest = EmptyRequest;

export interface SafetyInfoResponse {
  /** True when a security code is set. */
  isTrue: boolean;
}

// POST /api/user/setSafety -----------------------------------------------------------------------

export interface SetSafetyRequest {
  /** 6 digits. */
  new_code: string;
  /** The old code: required when one is set. */
  after_code?: string;
  /** When sent, must equal `new_code` (SECURITY_CODE_MISMATCH). */
  confirm_code?: string;
}

export type SetSafetyResponse = null;

// POST /api/user/withdrawInfo --------------------------------------------------------------------

export type WithdrawInfoRequest = EmptyRequest;

/** Today's wagering progress toward the withdrawal rule (platform day, reset at midnight). */
export interface TurnoverProgress {
  /** Multiplier x balance, fixed for the day. */
  required: Money;
  /** Stakes placed today. */
  done: Money;
  /** `max(0, required - done)`: same as `water_limit`. */
  remaining: Money;
}

export interface WithdrawInfoResponse {
  money: Money;
  lock_money: Money;
  /** Bound accounts (masked); items with `acc_bank` null are USDT wallets. */
  pay_list: PayInfoItem[];
  /** Security code set. */
  isTrue: boolean;
  /** Amount still to wager before a withdrawal (0 when met). */
  water_limit: Money;
  turnover: TurnoverProgress;
}

// POST /api/user/withdrawAction ------------------------------------------------------------------

export interface WithdrawActionRequest {
  /** Which bound account receives the money: 0 the bank card, 1 the wallet. */
  type: PayInfoType;
  money: Money;
  /** 6 digits. */
  securityCode: string;
  idempotency_key?: string;
}

/** The request is recorded (capital log type 1, status 0) and the amount moved to `lock_money`. */
export interface WithdrawActionResponse {
  id: number;
  money: Money;
  lock_money: Money;
  status: AuditStatus;
}

// POST /api/user/recharge ------------------------------------------------------------------------

export interface RechargeRequest {
  money: Money;
  /** Currency. */
  type: Currency;
  idempotency_key?: string;
}

/**
 * What a recharge of `money` in `type` credits: `money` x `rate`, rounded down to the cent, in the platform
 * currency. Amounts in any currency are entered in major units with at most 2 decimals; JPY in whole
 * units. `rate` is exact decimal text (platform units per unit of the currency).
 */
export interface RechargeQuote {
  /** The amount paid, in `type`. */
  money: Money;
  type: Currency;
  rate: string;
  /** What finance credits on approval, in the platform currency. */
  credited: Money;
}

/** The request is recorded (capital log type 0, status 0); no money moves until finance approves. */
export interface RechargeResponse extends RechargeQuote {
  id: number;
  /** Reference the player quotes with the payment. */
  order_no: string;
  status: AuditStatus;
}

// POST /api/user/rechargeQuote -------------------------------------------------------------------

/** Same fields and checks as `user/recharge`; records nothing. The recharge page shows the answer before confirming. */
export interface RechargeQuoteRequest {
  money: Money;
  type: Currency;
}

export type RechargeQuoteResponse = RechargeQuote;
