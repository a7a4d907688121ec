import { Injectable } from '@nestjs/common';
import { BetEntity, RoundEntity, TxRunner, UserEntity } from '@sum28/database';
import { BET_STATUS } from '@sum28/domain';
import { DataSource, type EntityManager, In } from 'typeorm';
import { AuditService } from '../../audit/audit.service';
import type { StaffActor } from '../../audit/audit.types';
import { SettlementService } from '../../rounds/settlement.service';
import { type ListReader, ListService } from '../list/list.service';
import { BET_CSV_COLUMNS, BETS_LIST, betView, type BetView, ROUND_CSV_COLUMNS, ROUNDS_LIST, roundView, type RoundTotals, type RoundView } from './game-views';
import { aggregate, rowOf, type Row } from '../../common/db/sql';

const NO_BETS: RoundTotals = { bet_count: 0, turnover_minor: 0, settled_stake_minor: 0, payout_minor: 0 };

/** Bet totals of a round (roundViews; PostgreSQL answers the sums as strings). */
const RoundTotalsRow = rowOf({ round_id: aggregate, n: aggregate, turnover: aggregate, settled: aggregate, payout: aggregate });

/** Bets and rounds in the console: read-only, except voiding a round (with refunds) through the engine. */
@Injectable()
export class GameAdminService {
  /** Bets and rounds by the list protocol (the read routes of BetsController and RoundsController). */
  readonly bets: ListReader<BetView>;
  readonly rounds: ListReader<RoundView>;

  constructor(
    private readonly ds: DataSource,
    private readonly tx: TxRunner,
    private readonly lists: ListService,
    private readonly audit: AuditService,
    private readonly settlement: SettlementService,
  ) {
    this.bets = lists.reader(BetEntity, BETS_LIST, (rows) => this.betViews(rows), BET_CSV_COLUMNS);
    this.rounds = lists.reader(RoundEntity, ROUNDS_LIST, (rows) => this.roundViews(rows), ROUND_CSV_COLUMNS, 'ROUND_NOT_FOUND');
  }

  // bets ----------------------------------------------------------------------------------------------

  private async betViews(rows: BetEntity[]): Promise<BetView[]> {
    const userIds = [...new Set(rows.map((b) => b.user_id))];
    const users = userIds.length ? await this.ds.getRepository(UserEntity).find({ where: { id: In(userIds) }, select: { id: true, username: true } }) : [];
    const names = new Map(users.map((u) => [u.id, u.username]));
    return rows.map((b) => betView(b, names.get(b.user_id) ?? null));
  }

  // rounds --------------------------------------------------------------------------------------------

  private async roundViews(rows: RoundEntity[], m: EntityManager = this.ds.manager): Promise<RoundView[]> {
    const ids = rows.map((r) => r.id);
    const totals = new Map<number, RoundTotals>();
    if (ids.length > 0) {
      const raw = (await m
        .getRepository(BetEntity)
        .createQueryBuilder('b')
        .select('b.round_id', 'round_id')
        .addSelect('COUNT(*)', 'n')
        .addSelect(`SUM(CASE WHEN b.status <> ${BET_STATUS.CANCELLED} THEN b.stake_minor ELSE 0 END)`, 'turnover')
        .addSelect(`SUM(CASE WHEN b.status = ${BET_STATUS.SETTLED} THEN b.stake_minor ELSE 0 END)`, 'settled')
        .addSelect(`SUM(CASE WHEN b.status = ${BET_STATUS.SETTLED} THEN COALESCE(b.payout_minor, 0) ELSE 0 END)`, 'payout')
        .where('b.round_id IN (:...ids)', { ids })
        .groupBy('b.round_id')
        .getRawMany()) as Row[];
      for (const r of raw.map(RoundTotalsRow)) {
        totals.set(r.round_id, { bet_count: r.n, turnover_minor: r.turnover, settled_stake_minor: r.settled, payout_minor: r.payout });
      }
    }
    return rows.map((r) => roundView(r, totals.get(r.id) ?? NO_BETS));
  }

  /** Voids a round that is not final and refunds every pending stake (the engine's SettlementService.voidRound). */
  async voidRound(actor: StaffActor, id: number, reason: string): Promise<RoundView> {
    await this.lists.get(RoundEntity, id, 'ROUND_NOT_FOUND');
    const snap = async (m: EntityManager): Promise<unknown> => {
      const [v] = await this.roundViews([await m.findOneByOrFail(RoundEntity, { id })], m);
      // never the seed in the audit log (AuditService redacts it too)
      return v ? { ...v, seed: undefined } : null;
    };
    await this.audit.capture(
      {
        actor,
        entry: { action: 'round.void', targetType: 'round', targetId: id, reason },
        before: async (m) => {
          await this.tx.lockRow(m, 'rounds', id);
          return snap(m);
        },
        after: snap,
      },
      () => this.settlement.voidRound(id, actor.id, reason),
    );
    return this.rounds.get(id);
  }
}
