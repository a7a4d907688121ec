import { ArticleEntity, BannerEntity, NoticeEntity } from '@sum28/database';
import type { CrudDef } from '../common/crud.service';
import { type LocaleTexts, viewTexts } from './locale-texts';

export const ARTICLE_TABS = ['original', 'recommend', 'wealth'] as const;
export const NOTICE_KINDS = ['announcement', 'message'] as const;

export interface BannerView {
  id: number;
  image: string;
  link: string;
  /** the caption in tw (the image carries no text) */
  title: string;
  /** the caption in the other locales (zh, en, jp, kor), each optional: absent, the player sees tw */
  titles: LocaleTexts;
  sort: number;
  enabled: boolean;
  created_at: number;
}

export const BANNERS: CrudDef<BannerEntity, BannerView> = {
  entity: BannerEntity,
  type: 'banner',
  view: (b) => ({
    id: b.id,
    image: b.image,
    link: b.link,
    title: b.title,
    titles: viewTexts(b.titles),
    sort: b.sort,
    enabled: b.enabled,
    created_at: b.created_at,
  }),
  csvColumns: ['id', 'image', 'link', 'title', 'sort', 'enabled', 'created_at'],
  list: {
    resource: 'banners',
    fields: {
      id: { column: 'id', kind: 'int', sortable: true, filter: 'eq' },
      title: { column: 'title', kind: 'string', sortable: true },
      sort: { column: 'sort', kind: 'int', sortable: true },
      enabled: { column: 'enabled', kind: 'bool', sortable: true, filter: 'eq' },
      created_at: { column: 'created_at', kind: 'time', sortable: true, filter: 'range' },
    },
    search: ['title', 'image'],
    defaultSort: ['sort', 'ASC'],
  },
};

export interface ArticleView {
  id: number;
  tab: string;
  /** title and HTML body in tw */
  title: string;
  content: string;
  /** title and body in the other locales (zh, en, jp, kor), each optional: absent, the player sees tw */
  titles: LocaleTexts;
  contents: LocaleTexts;
  is_top: boolean;
  sort: number;
  published: boolean;
  created_at: number;
}

export const ARTICLES: CrudDef<ArticleEntity, ArticleView> = {
  entity: ArticleEntity,
  type: 'article',
  view: (a) => ({
    id: a.id,
    tab: a.tab,
    title: a.title,
    content: a.content,
    titles: viewTexts(a.titles),
    contents: viewTexts(a.contents),
    is_top: a.is_top,
    sort: a.sort,
    published: a.published,
    created_at: a.created_at,
  }),
  csvColumns: ['id', 'tab', 'title', 'is_top', 'sort', 'published', 'created_at'],
  list: {
    resource: 'articles',
    fields: {
      id: { column: 'id', kind: 'int', sortable: true, filter: 'eq' },
      tab: { column: 'tab', kind: 'string', sortable: true, filter: 'eq', values: ARTICLE_TABS },
      title: { column: 'title', kind: 'string', sortable: true },
      is_top: { column: 'is_top', kind: 'bool', sortable: true, filter: 'eq' },
      sort: { column: 'sort', kind: 'int', sortable: true },
      published: { column: 'published', kind: 'bool', sortable: true, filter: 'eq' },
      created_at: { column: 'created_at', kind: 'time', sortable: true, filter: 'range' },
    },
    search: ['title'],
    defaultSort: ['id', 'DESC'],
  },
};

export interface NoticeView {
  id: number;
  kind: string;
  user_id: number | null;
  /** title and body in tw */
  title: string;
  content: string;
  /** title and body in the other locales (zh, en, jp, kor), each optional: absent, the player sees tw */
  titles: LocaleTexts;
  contents: LocaleTexts;
  published: boolean;
  created_at: number;
}

export const NOTICES: CrudDef<NoticeEntity, NoticeView> = {
  entity: NoticeEntity,
  type: 'notice',
  view: (n) => ({
    id: n.id,
    kind: n.kind,
    user_id: n.user_id,
    title: n.title,
    content: n.content,
    titles: viewTexts(n.titles),
    contents: viewTexts(n.contents),
    published: n.published,
    created_at: n.created_at,
  }),
  csvColumns: ['id', 'kind', 'user_id', 'title', 'published', 'created_at'],
  list: {
    resource: 'notices',
    fields: {
      id: { column: 'id', kind: 'int', sortable: true, filter: 'eq' },
      kind: { column: 'kind', kind: 'string', sortable: true, filter: 'eq', values: NOTICE_KINDS },
      user_id: { column: 'user_id', kind: 'int', sortable: true, filter: 'eq' },
      title: { column: 'title', kind: 'string', sortable: true },
      published: { column: 'published', kind: 'bool', sortable: true, filter: 'eq' },
      created_at: { column: 'created_at', kind: 'time', sortable: true, filter: 'range' },
    },
    search: ['title'],
    defaultSort: ['id', 'DESC'],
  },
};
