import { BET_STATUS } from '@sum28/domain';
import type { DateString, EpochSeconds, Issue, Money, PageRequest, Paged } from './envelope.contract';
import type { HitNotice, PlayTypeCode } from './lottery.contract';

/** Bet status: 0 accepted (pending draw), 1 settled, 2 cancelled (round voided, stake refunded). */

/** Bet statuses: defined once, in libs/domain. */
export { BET_STATUS };
export type BetStatus = (typeof BET_STATUS)[keyof typeof BET_STATUS];

/** Status tabs / chips of the bet record (`activeTab`). */
export const ORDER_TAB = {
  ALL: 0,
  /** Settled, lost. */
  UNPROFITABLE: 1,
  /** Settled, won. */
  PROFITABLE: 2,
  /** Accepted, waiting for the draw. */
  ACCEPTED: 3,
  /** Never accepted: stays empty (a refused bet is not stored). */
  NOT_ACCEPTED: 4,
  CANCELLED: 5,
} as const;
export type OrderTab = (typeof ORDER_TAB)[keyof typeof ORDER_TAB];

/** 0 the caller's own bets; 1 the bets of the caller's team (agents only, else AGENT_ONLY). */
export type OrderScope = 0 | 1;

/** Shown as `profit` while a bet is pending. */
export const PROFIT_PENDING = '----';

// POST /api/user/orderList -----------------------------------------------------------------------

/** Dates: platform days from 2018-01-01 to today; `end_date` is capped at today; `begin_date <= end_date`. */
export interface OrderListRequest extends PageRequest {
  begin_date: DateString;
  end_date: DateString;
  activeTab: OrderTab;
  /** Default 0. */
  scope?: OrderScope;
}

export interface OrderRow {
  id: number;
  orderNo: string;
  /** Stake. */
  quantity: Money;
  /** Payout minus stake for a hit, minus the stake for a miss, 0 when cancelled, '----' while pending. */
  profit: Money | typeof PROFIT_PENDING;
  /** Payout (派彩): what a settled bet paid back, stake included (0 for a miss and when cancelled), '----' while pending. */
  payout: Money | typeof PROFIT_PENDING;
  status: BetStatus;
  /** 1 hit, 0 miss (0 while pending). */
  whether_hit: 0 | 1;
  /** Odds in force when the bet was placed. */
  odds: number;
  plan_name: string;
  /** Category name in the request's language. */
  play_method: string;
  play_type: PlayTypeCode;
  /** `'a b c sum'` once drawn, else null. */
  lottery_code: string | null;
  createtime: EpochSeconds;
  issue: Issue;
  /** Game (line) name. */
  name: string;
  /** Game (line) id: with `issue`, the round to verify on the fairness page. */
  game_id: number;
  /** Round id. */
  issue_id: number;
  /** Bettor's username (the caller's own for scope 0). */
  username: string;
}

/** Newest first, one page; `has_more` false means the end ('--END--'). */
export type OrderListResponse = Paged<OrderRow>;

// POST /api/user/orderDetail --------------------------------------------------------------------

/**
 * One bet by its order number, as the bet record lists it: the caller's own, or (for an agent) one of its invitees'.
 * Any other order number answers ORDER_NOT_FOUND, whether or not it exists. The bet detail screen shows this answer,
 * never the figures of its link.
 */
export interface OrderDetailRequest {
  orderNo: string;
}

export type OrderDetailResponse = OrderRow;

// POST /api/user/getGameResult (polled every 2 s) ------------------------------------------------

export interface GetGameResultRequest {
  game_id: number;
}

/**
 * Code 1: the oldest unacknowledged win in this game (the client pops its dialog). With none the answer
 * is the non-1 code `NO_UNSEEN_WIN` (data null), which the client ignores silently.
 */
export type GetGameResultResponse = HitNotice;

// POST /api/user/closeGameResult -----------------------------------------------------------------

/** Acknowledges a win popup so it is not shown again; settled bets only (`BET_NOT_SETTLED` for a pending one). */
export interface CloseGameResultRequest {
  order_id: number;
}

export type CloseGameResultResponse = null;
