import { Injectable } from '@nestjs/common';
import { UserEntity } from '@sum28/database';
import { isSafeLink } from '@sum28/domain';
import type { StaffActor } from '../../audit/audit.types';
import { ApiError } from '../../common/api-error';
import { Clock } from '../../common/clock';
import { assertSameId, CrudService } from '../common/crud.service';
import { ARTICLES, type ArticleView, BANNERS, type BannerView, NOTICES, type NoticeView } from './content-defs';
import type { CreateArticleDto, CreateBannerDto, CreateNoticeDto, UpdateArticleDto, UpdateBannerDto, UpdateNoticeDto } from './content.dto';
import { sanitizeContentHtml } from './sanitize-content';

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
      sort: d.sort ?? 0,
      enabled: d.enabled ?? true,
      created_at: this.clock.now(),
    });
  }

  updateBanner(actor: StaffActor, id: number, d: UpdateBannerDto): Promise<BannerView> {
    assertSameId(id, d.id);
    return this.crud.update(BANNERS, actor, id, {
      image: safeLink('image', d.image, false),
      link: safeLink('link', d.link, true),
      title: d.title,
      sort: d.sort,
      enabled: d.enabled,
    });
  }

  createArticle(actor: StaffActor, d: CreateArticleDto): Promise<ArticleView> {
    return this.crud.create(ARTICLES, actor, {
      tab: d.tab,
      title: d.title,
      content: safeHtml(d.content),
      is_top: d.is_top ?? false,
      sort: d.sort ?? 0,
      published: d.published ?? true,
      created_at: this.clock.now(),
    });
  }

  updateArticle(actor: StaffActor, id: number, d: UpdateArticleDto): Promise<ArticleView> {
    assertSameId(id, d.id);
    return this.crud.update(ARTICLES, actor, id, {
      tab: d.tab,
      title: d.title,
      content: safeHtml(d.content),
      is_top: d.is_top,
      sort: d.sort,
      published: d.published,
    });
  }

  createNotice(actor: StaffActor, d: CreateNoticeDto): Promise<NoticeView> {
    if (d.kind === 'announcement' && d.user_id !== undefined) {
      throw new ApiError('VALIDATION_FAILED', { field: 'user_id', reason: 'announcements go to everyone' }, { user_id: 'announcements go to everyone' });
    }
    return this.crud.create(
      NOTICES,
      actor,
      { kind: d.kind, user_id: d.user_id ?? null, title: d.title, content: safeHtml(d.content), published: d.published ?? true, created_at: this.clock.now() },
      async (m) => {
        if (d.user_id !== undefined && !(await m.findOne(UserEntity, { where: { id: d.user_id }, select: { id: true } }))) {
          throw new ApiError('VALIDATION_FAILED', { field: 'user_id', reason: 'no such player' }, { user_id: 'no such player' });
        }
      },
    );
  }

  updateNotice(actor: StaffActor, id: number, d: UpdateNoticeDto): Promise<NoticeView> {
    assertSameId(id, d.id);
    return this.crud.update(NOTICES, actor, id, { title: d.title, content: safeHtml(d.content), published: d.published });
  }
}
