import { Injectable } from '@nestjs/common';
import { UserEntity } from '@sum28/database';
import { isSafeLink } from '@sum28/domain';
import type { StaffActor } from '../../audit/audit.types';
import { ApiError } from '../../common/api-error';
import { Clock } from '../../common/clock';
import { assertSameId, CrudService } from '../common/crud.service';
import { ARTICLES, type ArticleView, BANNERS, type BannerView, NOTICES, type NoticeView } from './content-defs';
import type { CreateArticleDto, CreateBannerDto, CreateNoticeDto, UpdateArticleDto, UpdateBannerDto, UpdateNoticeDto } from './content.dto';
import { parseLocaleTexts, storedTexts, type LocaleTexts, type TextRule } from './locale-texts';
import { sanitizeContentHtml } from './sanitize-content';

const CAPTION: TextRule = { max: 200, multiLine: false };
const TITLE: TextRule = { max: 200, multiLine: false };
const ARTICLE_BODY: TextRule = { max: 100_000, multiLine: true, clean: sanitizeContentHtml };
const NOTICE_BODY: TextRule = { max: 20_000, multiLine: true, clean: sanitizeContentHtml };

/**
 * The stored per-locale texts after an edit: the other locales as sent (else as stored) and tw = the row's own text
 * (as sent, else as stored), so the player API (locale, then tw, then the row) never shows a stale tw. Undefined when
 * neither changes.
 */
function nextTexts(sent: LocaleTexts | undefined, stored: LocaleTexts | null, tw: string | undefined, storedTw: string): LocaleTexts | undefined {
  if (sent === undefined && tw === undefined) return undefined;
  const others = sent ?? Object.fromEntries(Object.entries(stored ?? {}).filter(([l]) => l !== 'tw'));
  return storedTexts(others, tw ?? storedTw);
}

/** A banner's image or link: a path on this site or an https URL (domain `isSafeLink`); a link may be empty. */
function safeLink<T extends string | undefined>(field: string, value: T, allowEmpty: boolean): T {
  if (value === undefined || (allowEmpty && value === '') || isSafeLink(value)) return value;
  const reason = 'a path on this site (/...) or an https:// URL';
  throw new ApiError('VALIDATION_FAILED', { field, reason }, { [field]: reason });
}

/** Article or notice HTML through the allow-list; refused when nothing allowed is left. */
function safeHtml<T extends string | undefined>(value: T): T {
  if (value === undefined) return value;
  const clean = sanitizeContentHtml(value);
  if (clean.trim() === '') {
    const reason = 'no allowed content left after removing unsafe HTML';
    throw new ApiError('VALIDATION_FAILED', { field: 'content', reason }, { content: reason });
  }
  return clean as T;
}

/**
 * Banners, news articles and notices (announcements and in-site messages). Stored content is safe to
 * render: article and notice HTML is sanitized on save (`sanitize-content.ts`), banner images and links
 * are same-origin paths or https URLs.
 */
@Injectable()
export class ContentAdminService {
  constructor(
    private readonly crud: CrudService,
    private readonly clock: Clock,
  ) {}

  createBanner(actor: StaffActor, d: CreateBannerDto): Promise<BannerView> {
    return this.crud.create(BANNERS, actor, {
      image: safeLink('image', d.image, false),
      link: safeLink('link', d.link ?? '', true),
      title: d.title ?? '',
      titles: storedTexts(parseLocaleTexts('titles', d.titles, CAPTION) ?? {}, d.title ?? ''),
      sort: d.sort ?? 0,
      enabled: d.enabled ?? true,
      created_at: this.clock.now(),
    });
  }

  updateBanner(actor: StaffActor, id: number, d: UpdateBannerDto): Promise<BannerView> {
    assertSameId(id, d.id);
    const titles = parseLocaleTexts('titles', d.titles, CAPTION);
    return this.crud.update(BANNERS, actor, id, (before) => ({
      image: safeLink('image', d.image, false),
      link: safeLink('link', d.link, true),
      title: d.title,
      titles: nextTexts(titles, before.titles, d.title, before.title),
      sort: d.sort,
      enabled: d.enabled,
    }));
  }

  createArticle(actor: StaffActor, d: CreateArticleDto): Promise<ArticleView> {
    const content = safeHtml(d.content);
    return this.crud.create(ARTICLES, actor, {
      tab: d.tab,
      title: d.title,
      content,
      titles: storedTexts(parseLocaleTexts('titles', d.titles, TITLE) ?? {}, d.title),
      contents: storedTexts(parseLocaleTexts('contents', d.contents, ARTICLE_BODY) ?? {}, content),
      is_top: d.is_top ?? false,
      sort: d.sort ?? 0,
      published: d.published ?? true,
      created_at: this.clock.now(),
    });
  }

  updateArticle(actor: StaffActor, id: number, d: UpdateArticleDto): Promise<ArticleView> {
    assertSameId(id, d.id);
    const content = safeHtml(d.content);
    const titles = parseLocaleTexts('titles', d.titles, TITLE);
    const contents = parseLocaleTexts('contents', d.contents, ARTICLE_BODY);
    return this.crud.update(ARTICLES, actor, id, (before) => ({
      tab: d.tab,
      title: d.title,
      content,
      titles: nextTexts(titles, before.titles, d.title, before.title),
      contents: nextTexts(contents, before.contents, content, before.content),
      is_top: d.is_top,
      sort: d.sort,
      published: d.published,
    }));
  }

  createNotice(actor: StaffActor, d: CreateNoticeDto): Promise<NoticeView> {
    if (d.kind === 'announcement' && d.user_id !== undefined) {
      throw new ApiError('VALIDATION_FAILED', { field: 'user_id', reason: 'announcements go to everyone' }, { user_id: 'announcements go to everyone' });
    }
    const content = safeHtml(d.content);
    return this.crud.create(
      NOTICES,
      actor,
      {
        kind: d.kind,
        user_id: d.user_id ?? null,
        title: d.title,
        content,
        titles: storedTexts(parseLocaleTexts('titles', d.titles, TITLE) ?? {}, d.title),
        contents: storedTexts(parseLocaleTexts('contents', d.contents, NOTICE_BODY) ?? {}, content),
        published: d.published ?? true,
        created_at: this.clock.now(),
      },
      async (m) => {
        if (d.user_id !== undefined && !(await m.findOne(UserEntity, { where: { id: d.user_id }, select: { id: true } }))) {
          throw new ApiError('VALIDATION_FAILED', { field: 'user_id', reason: 'no such player' }, { user_id: 'no such player' });
        }
      },
    );
  }

  updateNotice(actor: StaffActor, id: number, d: UpdateNoticeDto): Promise<NoticeView> {
    assertSameId(id, d.id);
    const content = safeHtml(d.content);
    const titles = parseLocaleTexts('titles', d.titles, TITLE);
    const contents = parseLocaleTexts('contents', d.contents, NOTICE_BODY);
    return this.crud.update(NOTICES, actor, id, (before) => ({
      title: d.title,
      content,
      titles: nextTexts(titles, before.titles, d.title, before.title),
      contents: nextTexts(contents, before.contents, content, before.content),
      published: d.published,
    }));
  }
}
