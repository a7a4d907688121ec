import { Inject, Injectable } from '@nestjs/common';
import type { QuantityLogListResponse } from '@sum28/contracts';
import { BetEntity, CapitalApprovalEntity, CapitalLogEntity } from '@sum28/database';
import { CAPITAL_TYPE } from '@sum28/domain';
import { DataSource, In } from 'typeorm';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../common/config/app-config';
import { historyWindow, pageOf, pagedAnswer } from '../common/history-query';
import type { QuantityLogListDto } from './dto/wallet.dto';
import { capitalLogRow } from './wallet-views';

/** Fund rows of a bet: its stake (purchase) and its payout or refund. */
const BET_ROWS: readonly number[] = [CAPITAL_TYPE.PURCHASE, CAPITAL_TYPE.PROFIT];

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
    const bets = await this.betsOf(rows);
    const approved = await this.firstApprovals(rows);
    return pagedAnswer(
      rows.map((c) =>
        capitalLogRow(c, { bet: BET_ROWS.includes(c.type) && c.ref_id !== null ? bets.get(c.ref_id) : undefined, approvedAt: approved.get(c.id) ?? null }),
      ),
      total,
      page,
    );
  }

  /** The bets of the page's purchase and payout rows (`ref_id`), by id: their order number and round issue. */
  private async betsOf(rows: CapitalLogEntity[]): Promise<Map<number, { order_no: string; issue: string }>> {
    const ids = [...new Set(rows.filter((c) => BET_ROWS.includes(c.type) && c.ref_id !== null).map((c) => c.ref_id as number))];
    if (ids.length === 0) return new Map();
    const bets = await this.ds.getRepository(BetEntity).find({ where: { id: In(ids) }, select: { id: true, order_no: true, issue: true } });
    return new Map(bets.map((b) => [b.id, { order_no: b.order_no, issue: b.issue }]));
  }

  /** When finance first approved each of the page's recharges and withdrawals (ms), by capital log id. */
  private async firstApprovals(rows: CapitalLogEntity[]): Promise<Map<number, number>> {
    const ids = rows.filter((c) => c.type === CAPITAL_TYPE.RECHARGE || c.type === CAPITAL_TYPE.WITHDRAW).map((c) => c.id);
    if (ids.length === 0) return new Map();
    const approvals = await this.ds.getRepository(CapitalApprovalEntity).find({
      where: { capital_log_id: In(ids), decision: 'approve' },
      select: { capital_log_id: true, created_at: true },
    });
    const first = new Map<number, number>();
    for (const a of approvals) first.set(a.capital_log_id, Math.min(a.created_at, first.get(a.capital_log_id) ?? Number.POSITIVE_INFINITY));
    return first;
  }
}
