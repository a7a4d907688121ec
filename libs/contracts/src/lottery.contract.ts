import { PLAN_TIERS } from '@sum28/domain';
import type { EpochSeconds, Issue, Money } from './envelope.contract';

/**
 * A category code, e.g. `'big'`, `'small_odd'`, `'extreme_big'`, `'sum_17'`
 * (`PlayType` of `@sum28/domain`, kept a string here so this file has no build-time dependency).
 */
export type PlayTypeCode = string;

/** Room tiers named in the spec's texts, in rising `join_limit` order. */

/** Room tiers: defined once, in libs/domain. */
export { PLAN_TIERS };
export type PlanTier = (typeof PLAN_TIERS)[number];

/** 1: the game takes bets now (inside opening hours, enabled); 0: closed or discontinued. */
export type GameStatus = 0 | 1;

// POST /api/Lottery/index ------------------------------------------------------------------------

export interface LotteryIndexRequest {
  /** Only this game; all enabled games when omitted. */
  game_id?: number;
}

/** A room of a game. */
export interface Plan {
  id: number;
  game_id: number;
  /** Room title in the request's language (falls back to tw). */
  title: string;
  tier: PlanTier;
  /** Name of the tier in the request's language, e.g. 'Intermediate'. */
  tier_name: string;
  /** Minimum balance to enter the room. */
  join_limit: Money;
}

/** A game is one line (1 Singapore, 2 New Zealand, 3 Kuala Lumpur, 4 Australia). */
export interface Game {
  id: number;
  /** Line name in the request's language (falls back to tw). */
  name: string;
  planList: Plan[];
}

export interface LotteryIndexResponse {
  gameList: Game[];
}

// POST /api/Lottery/heart (polled every 2 s) -----------------------------------------------------

export interface HeartRequest {
  plan_id: number;
  game_id: number;
  /** The round the client shows; omitted or '' on the first poll. */
  issue?: Issue;
  /** Feed cursor: only `message` entries with `id` greater than this. Omitted: the latest entries. */
  since_id?: number;
}

/** The latest drawn round. */
export interface LastIssue {
  issue: Issue;
  site_1: number;
  site_2: number;
  site_3: number;
  /** Sum of the three digits, 0..27. */
  code: number;
  /** `'a b c sum'`, e.g. `'3 8 6 17'`. */
  lottery_code: string;
  /** Size and parity codes of the sum, e.g. `['big', 'odd']`. */
  base: [string, string];
  /** The two categories of `base` named in the request's language, e.g. `['Big', 'Odd']`. */
  base_names: [string, string];
  /** hex(SHA-256(seed)), published before the round opened. */
  hash: string;
  /** Revealed seed (hex) after the draw. */
  seed: string;
}

/** The round taking (or about to take) bets. */
export interface CurrentIssue {
  issue: Issue;
  /** Seconds left until betting closes (0 once closed). */
  openTime1: number;
  /** When betting closes (`drawTime - BET_CLOSE_SECONDS`). */
  closeTime: EpochSeconds;
  /** When the round is drawn. */
  drawTime: EpochSeconds;
  /** True once betting is closed for this round. */
  whether_close: boolean;
  game_status: GameStatus;
  /** hex(SHA-256(seed)) committed before any bet. */
  hash: string;
}

export interface UserQuantity {
  money: Money;
  lock_money: Money;
}

/** One real bet of the room's feed (followable while its round is current). */
export interface FeedMessage {
  /** Bet id: send as `follow_id` to follow it. */
  id: number;
  /** Masked user id, e.g. `'1***7'` (a pseudonym: never the real id). */
  user_id: string;
  /**
   * The spec's inviter of the bettor: always null. Who invited whom is private (it maps a player's
   * team), and following a bet needs only its `id`.
   */
  inviter_id: null;
  /** True for the caller's own bets. */
  is_self: boolean;
  /** Masked nickname, e.g. `'ab***9'`. */
  nickname: string;
  /** Avatar URL. */
  url: string;
  issue: Issue;
  quantity: Money;
  /** Category name in the request's language, e.g. 'Big'. */
  play_method: string;
  play_type: PlayTypeCode;
  createtime: EpochSeconds;
}

/** A winning bet of the round of a win notice: its category, stake and payout (stake included). */
export interface HitNoticeWin {
  play_type: PlayTypeCode;
  stake: Money;
  payout: Money;
}

/**
 * The caller's oldest unseen win (shown as a popup, then acknowledged by `closeGameResult`), with the whole round it
 * belongs to: a round where one option hit and two missed is told as what it was for the player (staked 150, paid 97,
 * net -53), not as the winning order's profit. Stake, payout and profit as libs/domain defines them (`roundNet`).
 */
export interface HitNotice {
  /** The winning order's profit (payout - stake). */
  profit: Money;
  /** Bet (order) id; `closeGameResult` with it acknowledges every win of its round. */
  id: number;
  /** The round. */
  issue: Issue;
  /** Every stake of the caller's settled bets in this round of this game (every room). */
  staked: Money;
  /** Every payout of them (stake included). */
  paid: Money;
  /** paid - staked: the player's result of the round. */
  net: Money;
  /** The bets that hit, in the order they were placed. */
  wins: HitNoticeWin[];
}

export interface HeartResponse {
  /** Null before the game's first draw. */
  last_issue: LastIssue | null;
  /** Null when no round is scheduled (outside opening hours). */
  issue: CurrentIssue | null;
  game_status: GameStatus;
  /** Outside opening hours (`game_status` 0 of an enabled game): when the next round opens; else null. */
  next_open: EpochSeconds | null;
  user_quantity: UserQuantity;
  /** Oldest first. */
  message: FeedMessage[];
  hit_notice: HitNotice | null;
  server_time: EpochSeconds;
}

// POST /api/Lottery/oddsList ---------------------------------------------------------------------

export interface OddsListRequest {
  plan_id: number;
}

export interface OddsItem {
  id: number;
  class: PlayTypeCode;
  /** Category name in the request's language. */
  class_name: string;
  /** Decimal odds, e.g. 1.94 (3 places at most). */
  odds: number;
  /** Return to player in percent, e.g. 97 (probability x odds x 100, 2 places). */
  rtp: number;
}

export interface OddsListResponse {
  /** Big, small, odd, even, combinations, extremes. */
  rule_base: OddsItem[];
  /** Exact sums 0..27. */
  rule_num: OddsItem[];
}

// POST /api/Lottery/playOrder --------------------------------------------------------------------

/** One bet on one category (the client repeats the call per selected category). */
export interface PlayOrderRequest {
  issue: Issue;
  plan_id: number;
  game_id: number;
  play_type: PlayTypeCode;
  /** Stake. */
  money: Money;
  /** Bet id from the feed when following (its round must be the current one). */
  follow_id?: number;
  /** Client-chosen unique key (e.g. a UUID): a retry with the same key and payload returns the first answer. */
  idempotency_key?: string;
}

export interface PlayOrderResponse {
  /** Available balance after the stake; the client shows it as the new balance. */
  after_quantity: Money;
  order_id: number;
  order_no: string;
}

// POST /api/Lottery/issueList --------------------------------------------------------------------

export interface IssueListRequest {
  game_id: number;
  /** Default 30, at most 100. */
  limit?: number;
}

export type RoundState = 'open' | 'closed' | 'drawn' | 'void';

/** A round, newest first. Draw fields are null until drawn. */
export interface IssueRow {
  game_id: number;
  issue: Issue;
  site_1: number | null;
  site_2: number | null;
  site_3: number | null;
  sum: number | null;
  /** `'a b c sum'` once drawn. */
  lottery_code: string | null;
  hash: string;
  /** Null until the draw reveals it. */
  seed: string | null;
  state: RoundState;
  drawTime: EpochSeconds;
}

export type IssueListResponse = IssueRow[];

// POST /api/Lottery/cand -------------------------------------------------------------------------

export interface CandRequest {
  game_id: number;
  /** Default 30, at most 200. */
  limit?: number;
}

/** One point of the chart, oldest first, drawn rounds only. */
export interface CandRow {
  issue: Issue;
  /** The sum 0..27. */
  cand: number;
  /** `'a b c sum'`. */
  cand_code: string;
}

export type CandResponse = CandRow[];

// POST /api/Lottery/verify -----------------------------------------------------------------------

export interface VerifyRequest {
  game_id: number;
  issue: Issue;
}

export type Triple = [number, number, number];

/**
 * Recomputes a drawn round from its revealed seed (provably fair, architecture section 5):
 * hex(SHA-256(seed)) must equal the published hash, and HMAC-SHA256(seed, "<game_id>:<issue>")
 * must give the stored digits. Refused with ROUND_NOT_DRAWN before the draw.
 */
export interface VerifyResponse {
  game_id: number;
  issue: Issue;
  /** Hash published before the round. */
  hash: string;
  seed: string;
  /** Stored result. */
  triple: Triple;
  /** Result recomputed from the seed. */
  recomputed: Triple;
  /** hex(SHA-256(seed)) recomputed. */
  recomputed_hash: string;
  hash_ok: boolean;
  /** `hash_ok` and stored triple equals recomputed triple. */
  ok: boolean;
}
