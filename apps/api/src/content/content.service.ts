import { Inject, Injectable } from '@nestjs/common';
import type { ActivityItem, ConfigResponse, IndexResponse } from '@sum28/contracts';
import { ArticleEntity, BannerEntity, NoticeEntity } from '@sum28/database';
import { formatOpenHours } from '@sum28/domain';
import { DataSource, IsNull } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../common/config/app-config';
import { FeedService } from '../feed/feed.service';
import { SettingsService } from '../settings/settings.service';
import { CatalogService, gameName } from '../lottery/catalog.service';
import { localised } from './localise';

export const ARTICLE_TABS = ['original', 'recommend', 'wealth'] as const;

/** Home page content and news, read-only for players. */
@Injectable()
export class ContentService {
  constructor(
    private readonly ds: DataSource,
    private readonly feed: FeedService,
    private readonly catalog: CatalogService,
    private readonly settings: SettingsService,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  /** Client settings: customer service as the console set it, else the deployment's defaults; the round schedule. */
  async config(): Promise<ConfigResponse> {
    const s = await this.settings.all();
    const { tz, roundSeconds, betCloseSeconds } = this.cfg.schedule;
    return {
      cs: { chat_url: s.cs_chat_url || this.cfg.csChatUrl, hours: s.cs_hours || this.cfg.csHours },
      game: {
        open_hours: formatOpenHours(this.cfg.schedule.openHours),
        tz,
        round_seconds: roundSeconds,
        bet_close_seconds: betCloseSeconds,
        opposite_bet_policy: s.opposite_bet_policy,
      },
    };
  }

  /** Banners (image plus caption) and announcements in `lang`, else tw, else the row's own text. */
  async home(lang: string): Promise<IndexResponse> {
    const banners = await this.ds.getRepository(BannerEntity).find({ where: { enabled: true }, order: { sort: 'ASC', id: 'ASC' } });
    const notices = await this.ds
      .getRepository(NoticeEntity)
      .find({ where: { kind: 'announcement', published: true, user_id: IsNull() }, order: { created_at: 'DESC' }, take: 10 });
    return {
      banner: banners.map((b) => ({ id: b.id, image: b.image, link: b.link, title: localised(b.titles, lang, b.title) })),
      notice: notices.map((n) => ({
        id: n.id,
        title: localised(n.titles, lang, n.title),
        content: localised(n.contents, lang, n.content),
        createtime: Math.floor(n.created_at / 1000),
      })),
      activity: await this.activity(lang),
    };
  }

  /** The home ticker with each game named in the caller's language. */
  private async activity(lang: string): Promise<ActivityItem[]> {
    const [wins, c] = await Promise.all([this.feed.recentWins(), this.catalog.get()]);
    return wins.map(({ game_id, ...w }) => ({ ...w, game_name: gameName(c, game_id, lang, w.game_name) }));
  }

  /** News in `lang`, else tw, else the row's own text. */
  async articleList(lang: string): Promise<{
    tops: { id: number; title: string }[];
    articleTabs: { id: string; articles: { id: number; title: string; content: string; createtime: number }[] }[];
  }> {
    const articles = await this.ds.getRepository(ArticleEntity).find({ where: { published: true }, order: { sort: 'ASC', created_at: 'DESC' } });
    const view = (a: ArticleEntity): { id: number; title: string; content: string; createtime: number } => ({
      id: a.id,
      title: localised(a.titles, lang, a.title),
      content: localised(a.contents, lang, a.content),
      createtime: Math.floor(a.created_at / 1000),
    });
    return {
      tops: articles.filter((a) => a.is_top).map((a) => ({ id: a.id, title: localised(a.titles, lang, a.title) })),
      articleTabs: ARTICLE_TABS.map((tab) => ({ id: tab, articles: articles.filter((a) => a.tab === tab).map(view) })),
    };
  }
}
