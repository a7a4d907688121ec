import { Injectable } from '@nestjs/common';
import {
  DEFAULT_LOCALE,
  NOTICE_TABS,
  type Locale,
  type NoticeEntry,
  type NoticeListResponse,
  type NoticeReadResponse,
  type NoticeTab,
  type NoticeUnread,
} from '@sum28/contracts';
import { TxRunner } from '@sum28/database';
import { ApiError } from '../common/api-error';
import { Clock } from '../common/clock';
import { ReadDb } from '../common/db/read-db';
import { all, exec, first, int, intOrNull, raw, rowOf, Sql, str, strOrNull } from '../common/db/sql';
import { noticeText } from '../common/server-messages';
import { localised } from './localise';

export const NOTICE_PAGE_SIZE = 20;

/** A notice with the player's read time (NULL: unread); `user_id` NULL: to all players. */
const NoticeRow = rowOf({
  id: int,
  user_id: intOrNull,
  title: str,
  content: str,
  titles: raw,
  contents: raw,
  message_key: strOrNull,
  message_params: strOrNull,
  created_at: int,
  read_at: intOrNull,
});

/** COUNT(*) of a query. */
const CountRow = rowOf({ c: int });

/** Unread entries of one kind (unread). */
const UnreadRow = rowOf({ kind: str, c: int });

/**
 * The Notice screen: in-site messages (`notices.kind = 'message'`, to one player or, with no `user_id`,
 * to all) and platform announcements, as staff published them in the console. Read state is per player
 * (`notice_reads`), so a message to all is read by each player separately.
 */
@Injectable()
export class NoticesService {
  private readonly sql: Sql;

  constructor(
    private readonly db: ReadDb,
    private readonly tx: TxRunner,
    private readonly clock: Clock,
  ) {
    this.sql = new Sql(tx.kind);
  }

  /** `notices n` visible to player `?` (published, addressed to all or to them). */
  private visible(): string {
    return `n.published = ${this.sql.TRUE} AND (n.user_id IS NULL OR n.user_id = ?)`;
  }

  /**
   * One page of a tab, each entry in `locale` (the reading request's language): a message the server wrote (a money
   * event) rendered from its key, staff's texts in that language, else tw, else the row's own text.
   */
  async list(userId: number, tab: NoticeTab, page = 1, pageSize = NOTICE_PAGE_SIZE, locale: Locale = DEFAULT_LOCALE): Promise<NoticeListResponse> {
    const rows = await all(
      NoticeRow,
      this.db.all(
        `SELECT n.id, n.user_id, n.title, n.content, n.titles, n.contents, n.message_key, n.message_params, n.created_at, r.read_at
         FROM notices n LEFT JOIN notice_reads r ON r.notice_id = n.id AND r.user_id = ?
        WHERE n.kind = ? AND ${this.visible()}
        ORDER BY n.created_at DESC, n.id DESC LIMIT ? OFFSET ?`,
        [userId, tab, userId, pageSize, (page - 1) * pageSize],
      ),
    );
    const total = (await first(CountRow, this.db.all(`SELECT COUNT(*) AS c FROM notices n WHERE n.kind = ? AND ${this.visible()}`, [tab, userId])))?.c ?? 0;
    const list = rows.map((r): NoticeEntry => ({
      id: r.id,
      tab,
      ...(r.message_key !== null ? noticeText(locale, r) : { title: localised(r.titles, locale, r.title), content: localised(r.contents, locale, r.content) }),
      personal: r.user_id !== null,
      read: r.read_at !== null,
      createtime: Math.floor(r.created_at / 1000),
    }));
    return { list, total, page, pageSize, unread: await this.unread(userId) };
  }

  /** Marks one entry (which must be visible to the player) or every entry of a tab (or of both) as read. */
  async read(userId: number, id: number | undefined, tab: NoticeTab | undefined): Promise<NoticeReadResponse> {
    const now = this.clock.now();
    const tabs = tab === undefined ? [...NOTICE_TABS] : [tab];
    const found = await this.tx.write(async (m) => {
      const res = await exec(
        m,
        this.sql.q(
          `INSERT INTO notice_reads (user_id, notice_id, read_at)
           SELECT CAST(? AS INTEGER), n.id, CAST(? AS BIGINT) FROM notices n
            WHERE ${this.visible()} AND n.kind IN (${tabs.map(() => '?').join(', ')})${id === undefined ? '' : ' AND n.id = ?'}
              AND NOT EXISTS (SELECT 1 FROM notice_reads r WHERE r.notice_id = n.id AND r.user_id = ?)
           ON CONFLICT DO NOTHING`,
        ),
        [userId, now, userId, ...tabs, ...(id === undefined ? [] : [id]), userId],
      );
      if (id === undefined || res.affected > 0) return true;
      // Nothing inserted for one id: already read (fine) or not the player's to read (refused).
      const seen = (await m.query(
        this.sql.q(`SELECT 1 AS x FROM notices n WHERE n.id = ? AND n.kind IN (${tabs.map(() => '?').join(', ')}) AND ${this.visible()}`),
        [id, ...tabs, userId],
      )) as unknown[];
      return seen.length > 0;
    });
    if (!found) throw new ApiError('NOTICE_NOT_FOUND');
    return { unread: await this.unread(userId) };
  }

  /** Unread entries per tab. */
  async unread(userId: number): Promise<NoticeUnread> {
    const rows = await all(
      UnreadRow,
      this.db.all(
        `SELECT n.kind, COUNT(*) AS c FROM notices n
        WHERE ${this.visible()} AND NOT EXISTS (SELECT 1 FROM notice_reads r WHERE r.notice_id = n.id AND r.user_id = ?)
        GROUP BY n.kind`,
        [userId, userId],
      ),
    );
    const out: NoticeUnread = { message: 0, announcement: 0 };
    for (const r of rows) {
      const kind = r.kind;
      if (kind === 'message' || kind === 'announcement') out[kind] = r.c;
    }
    return out;
  }
}
