import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { BigIntColumn, JsonTextColumn } from '../columns';

/** Text per locale (tw, zh, en, jp, kor), each optional; readers fall back to tw, then the row's own text. */
export type LocaleTexts = Partial<Record<string, string>>;

@Entity('banners')
export class BannerEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'varchar', length: 500 }) image!: string;
  @Column({ type: 'varchar', length: 500, default: '' }) link!: string;
  @Column({ type: 'varchar', length: 200, default: '' }) title!: string;
  /** the caption per locale (the image carries no text) */
  @JsonTextColumn() titles!: LocaleTexts | null;
  @Column({ type: 'integer', default: 0 }) sort!: number;
  @Column({ type: 'boolean', default: true }) enabled!: boolean;
  @BigIntColumn() created_at!: number;
}

/** News. tab: original | recommend | wealth. */
@Entity('articles')
@Index('ix_articles_tab', ['tab', 'sort'])
export class ArticleEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'varchar', length: 32 }) tab!: string;
  @Column({ type: 'varchar', length: 200 }) title!: string;
  @Column({ type: 'text' }) content!: string;
  /** title and HTML body per locale */
  @JsonTextColumn() titles!: LocaleTexts | null;
  @JsonTextColumn() contents!: LocaleTexts | null;
  @Column({ type: 'boolean', default: false }) is_top!: boolean;
  @Column({ type: 'integer', default: 0 }) sort!: number;
  @Column({ type: 'boolean', default: true }) published!: boolean;
  @BigIntColumn() created_at!: number;
}

/** kind: announcement (platform, scrolling on home) | message (in-site, to one user or all). */
@Entity('notices')
export class NoticeEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'varchar', length: 16 }) kind!: string;
  @Column({ type: 'integer', nullable: true }) user_id!: number | null;
  @Column({ type: 'varchar', length: 200 }) title!: string;
  @Column({ type: 'text' }) content!: string;
  /** title and body per locale */
  @JsonTextColumn() titles!: LocaleTexts | null;
  @JsonTextColumn() contents!: LocaleTexts | null;
  @Column({ type: 'boolean', default: true }) published!: boolean;
  @BigIntColumn() created_at!: number;
  /**
   * A message the server wrote (a recharge credited, a withdrawal paid...): its message key and JSON params, rendered
   * in the reading request's language (`title` and `content` then hold the default locale's text). NULL: staff's text.
   */
  @Column({ type: 'varchar', length: 64, nullable: true }) message_key!: string | null;
  @Column({ type: 'text', nullable: true }) message_params!: string | null;
}

/** A player has read a notice (one row per player and notice, so a message to all is read per player). */
@Entity('notice_reads')
@Index('ix_notice_reads_notice', ['notice_id'])
export class NoticeReadEntity {
  @PrimaryColumn({ type: 'integer' }) user_id!: number;
  @PrimaryColumn({ type: 'integer' }) notice_id!: number;
  @BigIntColumn() read_at!: number;
}
