import { Injectable } from '@nestjs/common';
import type { ActivityItem } from '@sum28/contracts';
import { ArticleEntity, BannerEntity, NoticeEntity } from '@sum28/database';
import { DataSource, IsNull } from 'typeorm';
import { FeedService } from '../feed/feed.service';

export const ARTICLE_TABS = ['original', 'recommend', 'wealth'] as const;

/** Home page content and news, read-only for players. */
@Injectable()
export class ContentService {
  constructor(
    private readonly ds: DataSource,
    private readonly feed: FeedService,
  ) {}

  async home(): Promise<{
    banner: { id: number; image: string; link: string; title: string }[];
    notice: { id: number; title: string; content: string; createtime: number }[];
    /** the activity ticker: real recent wins, masked names; empty when there are none */
    activity: ActivityItem[];
  }> {
    const banners = await this.ds.getRepository(BannerEntity).find({ where: { enabled: true }, order: { sort: 'ASC', id: 'ASC' } });
    const notices = await this.ds
      .getRepository(NoticeEntity)
      .find({ where: { kind: 'announcement', published: true, user_id: IsNull() }, order: { created_at: 'DESC' }, take: 10 });
    return {
      banner: banners.map((b) => ({ id: b.id, image: b.image, link: b.link, title: b.title })),
      notice: notices.map((n) => ({ id: n.id, title: n.title, content: n.content, createtime: Math.floor(n.created_at / 1000) })),
      activity: await this.feed.recentWins(),
    };
  }

  async articleList(): Promise<{
    tops: { id: number; title: string }[];
    articleTabs: { id: string; articles: { id: number; title: string; content: string; createtime: number }[] }[];
  }> {
    const articles = await this.ds.getRepository(ArticleEntity).find({ where: { published: true }, order: { sort: 'ASC', created_at: 'DESC' } });
    const view = (a: ArticleEntity): { id: number; title: string; content: string; createtime: number } => ({
      id: a.id,
      title: a.title,
      content: a.content,
      createtime: Math.floor(a.created_at / 1000),
    });
    return {
      tops: articles.filter((a) => a.is_top).map((a) => ({ id: a.id, title: a.title })),
      articleTabs: ARTICLE_TABS.map((tab) => ({ id: tab, articles: articles.filter((a) => a.tab === tab).map(view) })),
    };
  }
}
