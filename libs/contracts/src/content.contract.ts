import type { OppositeBetPolicy } from '@sum28/domain';
import type { EmptyRequest, EpochSeconds, Money } from './envelope.contract';

// GET /api/index/index -------------------------------------------------------------------------

export type IndexRequest = EmptyRequest;

export interface Banner {
  id: number;
  /** Image URL (absolute or site-relative); the image carries no words. */
  image: string;
  /** Where a tap leads: a path on this site (/fairness) or an https URL; '' for none. */
  link: string;
  /** The caption the app draws over the image, in the request's language (else tw); '' for none. */
  title: string;
}

/** A platform announcement for the home page's scrolling notice, in the request's language (else tw). */
export interface NoticeItem {
  id: number;
  title: string;
  content: string;
  createtime: EpochSeconds;
}

/**
 * One entry of the home activity ticker: a real recent win (honest product: nothing fabricated),
 * the player's nickname masked (e.g. `ab***9`). An empty list when there are none.
 */
export interface ActivityItem {
  id: number;
  nickname: string;
  /** Game (line) name in the request's language. */
  game_name: string;
  /** Payout of the win. */
  amount: Money;
  createtime: EpochSeconds;
}

export interface IndexResponse {
  banner: Banner[];
  notice: NoticeItem[];
  activity: ActivityItem[];
}

// GET /api/index/articleList ---------------------------------------------------------------------

export type ArticleListRequest = EmptyRequest;

export interface Article {
  id: number;
  title: string;
  /** HTML, sanitised by the server when saved (no scripts, no event handlers). */
  content: string;
  createtime: EpochSeconds;
}

/** Tabs 'original', 'recommend', 'wealth' in the seed. */
export interface ArticleTab {
  id: number;
  name: string;
  articles: Article[];
}

export interface ArticleListResponse {
  /** Hot topics. */
  tops: Article[];
  articleTabs: ArticleTab[];
}

// GET /api/index/config --------------------------------------------------------------------------

export type ConfigRequest = EmptyRequest;

/** Customer service as the console set it (the deployment's environment gives the defaults). */
export interface CustomerService {
  /** The external chat page (https), or '' when none is configured. */
  chat_url: string;
  /** Opening hours, `HH:MM-HH:MM` platform time (the end may be past midnight), or '' when not set. */
  hours: string;
}

/** The round schedule the server runs (its environment), for the lottery explain screen. */
export interface GameSchedule {
  /** `'always'` or `HH:MM-HH:MM` platform time (the end may be past midnight, e.g. `'10:00-02:00'`). */
  open_hours: string;
  /** The platform time zone (IANA), e.g. `'Asia/Taipei'`. */
  tz: string;
  /** Length of a round in seconds (a round opens as the previous one draws). */
  round_seconds: number;
  /** Betting closes this many seconds before the draw. */
  bet_close_seconds: number;
}

/** The schedule and the betting rules a player's app needs to know before a bet. */
export interface PlayerGameRules extends GameSchedule {
  /**
   * The opposite-bet rule in force (libs/domain `checkOppositeBet`): the app warns before a bet that would break it,
   * which freezes the account for review.
   */
  opposite_bet_policy: OppositeBetPolicy;
}

export interface ConfigResponse {
  cs: CustomerService;
  game: PlayerGameRules;
}

// POST /api/user/noticeList, /api/user/noticeRead (auth) -----------------------------------------

/** The Notice screen's tabs: in-site messages (to the player or to all) and platform announcements. */
export const NOTICE_TABS = ['message', 'announcement'] as const;
export type NoticeTab = (typeof NOTICE_TABS)[number];

export interface NoticeListRequest {
  tab: NoticeTab;
  /** 1-based, default 1. */
  page?: number;
  /** Default 20, at most 100. */
  pageSize?: number;
}

/** One in-site message or announcement, newest first. */
export interface NoticeEntry {
  id: number;
  tab: NoticeTab;
  title: string;
  /**
   * Plain text as staff wrote it; a message the server wrote (a recharge credited or rejected, a withdrawal paid or
   * rejected) comes in the request's language (`lang` / X-Lang), with the order number and the amount.
   */
  content: string;
  /** True for a message addressed to the caller alone (false: to every player). */
  personal: boolean;
  /** Whether the caller has read it. */
  read: boolean;
  createtime: EpochSeconds;
}

/** Unread entries per tab (the badges). */
export interface NoticeUnread {
  message: number;
  announcement: number;
}

export interface NoticeListResponse {
  list: NoticeEntry[];
  /** Entries in the tab. */
  total: number;
  page: number;
  pageSize: number;
  unread: NoticeUnread;
}

export interface NoticeReadRequest {
  /** One entry; omitted: every entry of `tab` (both tabs when `tab` is omitted too). */
  id?: number;
  tab?: NoticeTab;
}

export interface NoticeReadResponse {
  unread: NoticeUnread;
}
