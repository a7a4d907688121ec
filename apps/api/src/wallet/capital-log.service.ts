import { Inject, Injectable } from '@nestjs/common';
import type { QuantityLogListResponse } from '@sum28/contracts';
import { CapitalLogEntity } from '@sum28/database';
import { DataSource } from 'typeorm';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../common/config/app-config';
import { historyWindow, pageOf, pagedAnswer } from '../common/history-query';
import type { QuantityLogListDto } from './dto/wallet.dto';
import { capitalLogRow } from './wallet-views';

/** user/quantityLogList: the caller's own fund history, newest first, by platform days (PLATFORM_TZ), one page. */
@Injectable()
export class CapitalLogService {
  constructor(
    private readonly ds: DataSource,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  async list(userId: number, dto: QuantityLogListDto): Promise<QuantityLogListResponse> {
    const { from, to } = historyWindow(dto, this.clock.now(), this.cfg.schedule.tz);
    const page = pageOf(dto);
    const qb = this.ds
      .getRepository(CapitalLogEntity)
      .createQueryBuilder('c')
      .where('c.user_id = :userId AND c.created_at >= :from AND c.created_at < :to', { userId, from, to });
    if (dto.type !== undefined) qb.andWhere('c.type = :type', { type: dto.type });
    // Newest first in the order the rows took effect: a player's rows are written under the player's row
    // lock, so their ids follow the balance; created_at is taken when the request started and, on
    // PostgreSQL, two concurrent bets of one player can commit in the other order (SQLite's one writer
    // cannot). Ordering by id shows every running balance right after its own move on both databases.
    const [rows, total] = await qb.orderBy('c.id', 'DESC').skip(page.offset).take(page.pageSize).getManyAndCount();
    return pagedAnswer(rows.map(capitalLogRow), total, page);
  }
}
