import type { EmptyRequest, EpochSeconds, Money } from './envelope.contract';

// GET /api/index/index -------------------------------------------------------------------------

export type IndexRequest = EmptyRequest;

export interface Banner {
  id: number;
  /** Image URL (absolute or site-relative). */
  image: string;
  /** Where a tap leads, or null for none. */
  url: string | null;
}

/** A platform announcement for the home page's scrolling notice. */
export interface NoticeItem {
  id: number;
  title: string;
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
