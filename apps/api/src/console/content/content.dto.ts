import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { BoolField, EnumField, IntField, StrField } from '../../common/validation/fields';
import { MULTI_LINE, SINGLE_LINE } from '../common/fields';
import { ARTICLE_TABS, NOTICE_KINDS } from './content-defs';

/** An image or link: checked by the service with the domain's `isSafeLink` (a /path on this site or an https:// URL). */
/** A per-locale field: `{ zh, en, jp, kor }` of texts (checked by parseLocaleTexts); replaces the stored ones. */
const TEXTS_DOC = {
  type: 'object',
  additionalProperties: { type: 'string' },
  description: "texts per locale (zh, en, jp, kor; tw is the row's own field), each optional; empty: the player sees tw",
} as const;

const URL_DOC = 'a path on this site (/static/...) or an https:// URL; not //host, /\\host or http://';

export class CreateBannerDto {
  @StrField({ min: 1, max: 500, description: URL_DOC }) image!: string;
  @StrField({ optional: true, max: 500, description: `${URL_DOC}, or empty` }) link?: string;
  @StrField({ optional: true, max: 200, pattern: SINGLE_LINE, description: 'the caption in tw, drawn over the image' }) title?: string;
  @ApiPropertyOptional(TEXTS_DOC) @Allow() titles?: unknown;
  @IntField({ optional: true, max: 1_000_000 }) sort?: number;
  @BoolField({ optional: true }) enabled?: boolean;
}

export class UpdateBannerDto {
  @IntField({ optional: true, min: 1 }) id?: number;
  @StrField({ optional: true, min: 1, max: 500, description: URL_DOC }) image?: string;
  @StrField({ optional: true, max: 500, description: `${URL_DOC}, or empty` }) link?: string;
  @StrField({ optional: true, max: 200, pattern: SINGLE_LINE, description: 'the caption in tw, drawn over the image' }) title?: string;
  @ApiPropertyOptional(TEXTS_DOC) @Allow() titles?: unknown;
  @IntField({ optional: true, max: 1_000_000 }) sort?: number;
  @BoolField({ optional: true }) enabled?: boolean;
}

export class CreateArticleDto {
  @EnumField(ARTICLE_TABS) tab!: string;
  @StrField({ min: 1, max: 200, pattern: SINGLE_LINE }) title!: string;
  @StrField({ min: 1, max: 100_000, pattern: MULTI_LINE, description: 'HTML in tw, sanitized on save (allow-list)' }) content!: string;
  @ApiPropertyOptional(TEXTS_DOC) @Allow() titles?: unknown;
  @ApiPropertyOptional(TEXTS_DOC) @Allow() contents?: unknown;
  @BoolField({ optional: true }) is_top?: boolean;
  @IntField({ optional: true, max: 1_000_000 }) sort?: number;
  @BoolField({ optional: true }) published?: boolean;
}

export class UpdateArticleDto {
  @IntField({ optional: true, min: 1 }) id?: number;
  @EnumField(ARTICLE_TABS, { optional: true }) tab?: string;
  @StrField({ optional: true, min: 1, max: 200, pattern: SINGLE_LINE }) title?: string;
  @StrField({ optional: true, min: 1, max: 100_000, pattern: MULTI_LINE }) content?: string;
  @ApiPropertyOptional(TEXTS_DOC) @Allow() titles?: unknown;
  @ApiPropertyOptional(TEXTS_DOC) @Allow() contents?: unknown;
  @BoolField({ optional: true }) is_top?: boolean;
  @IntField({ optional: true, max: 1_000_000 }) sort?: number;
  @BoolField({ optional: true }) published?: boolean;
}

export class CreateNoticeDto {
  @EnumField(NOTICE_KINDS, { description: 'announcement (platform, scrolling on home) or message (in-site)' }) kind!: string;
  @IntField({ optional: true, min: 1, description: 'a message to one player; absent: to everyone' }) user_id?: number;
  @StrField({ min: 1, max: 200, pattern: SINGLE_LINE }) title!: string;
  @StrField({ min: 1, max: 20_000, pattern: MULTI_LINE }) content!: string;
  @ApiPropertyOptional(TEXTS_DOC) @Allow() titles?: unknown;
  @ApiPropertyOptional(TEXTS_DOC) @Allow() contents?: unknown;
  @BoolField({ optional: true }) published?: boolean;
}

export class UpdateNoticeDto {
  @IntField({ optional: true, min: 1 }) id?: number;
  @StrField({ optional: true, min: 1, max: 200, pattern: SINGLE_LINE }) title?: string;
  @StrField({ optional: true, min: 1, max: 20_000, pattern: MULTI_LINE }) content?: string;
  @ApiPropertyOptional(TEXTS_DOC) @Allow() titles?: unknown;
  @ApiPropertyOptional(TEXTS_DOC) @Allow() contents?: unknown;
  @BoolField({ optional: true }) published?: boolean;
}
