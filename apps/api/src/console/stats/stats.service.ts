import { Inject, Injectable } from '@nestjs/common';
import {
  addDays,
  ALL_PLAY_TYPES,
  AUDIT_STATUS,
  BET_STATUS,
  CAPITAL_TYPE,
  digitFrequencyChiSquare,
  isPlayType,
  minorToMajor,
  platformDate,
  startOfDay,
  sumFrequencyChiSquare,
  SUM_COUNTS,
  theoreticalRtpBps,
} from '@sum28/domain';
import type { DashboardStats, RtpRow, WindowStats } from '@sum28/contracts';
import { kindOf, positional } from '@sum28/database';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock';
import { APP_CONFIG, type AppConfig } from '../../common/config/app-config';
import { aggregate, aggregateBig, all, EXACT_SUM, first, rowOf, str, type RowDecoder } from '../../common/db/sql';
import { pendingApprovals } from '../../ledger/pending-approvals';

// Money sums are exact bigints (EXACT_SUM / aggregateBig): a window's total may pass 2^53 cents.
/** Approved money movements of a window. */
const MoneyRow = rowOf({ recharges: aggregateBig, withdrawals: aggregateBig, gifts: aggregateBig });
/** Bets placed in a window and by how many players. */
const PlacedRow = rowOf({ turnover: aggregateBig, active: aggregate });
/** Bets settled in a window. */
const SettledRow = rowOf({ stakes: aggregateBig, payouts: aggregateBig });
/** COUNT(*) of a query. */
const CountRow = rowOf({ n: aggregate });
/** Requests waiting for an approval. */
/** Settled bets per category and odds (rtp). */
const PlayTypeRow = rowOf({ play_type: str, odds_milli: aggregate, n: aggregate, stakes: aggregateBig, payouts: aggregateBig });
/** How often a digit (or sum) was drawn. */
const FrequencyRow = rowOf({ v: aggregate, n: aggregate });

/** round(n / d) for non-negative n and positive d, half up, exact. */
function roundedRatio(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d);
}

/** The console dashboard: money and players per window, pending approvals, observed vs theoretical RTP, draw statistics. */
@Injectable()
export class StatsService {
  constructor(
    private readonly ds: DataSource,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  /** The one row of an aggregate query (all zeros should it answer none). */
  private async one<T>(row: RowDecoder<T>, sql: string, params: unknown[]): Promise<T> {
    return (await first(row, this.ds.query(positional(kindOf(this.ds), sql), params))) ?? row({});
  }

  private async window(name: WindowStats['window'], since: number): Promise<WindowStats> {
    const money = await this.one(
      MoneyRow,
      `SELECT ${EXACT_SUM(`CASE WHEN type = ${CAPITAL_TYPE.RECHARGE} THEN quantity_minor ELSE 0 END`)} AS recharges,
              ${EXACT_SUM(`CASE WHEN type = ${CAPITAL_TYPE.WITHDRAW} THEN quantity_minor ELSE 0 END`)} AS withdrawals,
              ${EXACT_SUM(`CASE WHEN type = ${CAPITAL_TYPE.GIFT} THEN quantity_minor ELSE 0 END`)} AS gifts
         FROM capital_logs WHERE status = ${AUDIT_STATUS.APPROVED} AND type IN (${CAPITAL_TYPE.RECHARGE}, ${CAPITAL_TYPE.WITHDRAW}, ${CAPITAL_TYPE.GIFT}) AND resolved_at >= ?`,
      [since],
    );
    const placed = await this.one(
      PlacedRow,
      `SELECT ${EXACT_SUM('stake_minor')} AS turnover, COUNT(DISTINCT user_id) AS active FROM bets WHERE created_at >= ? AND status <> ${BET_STATUS.CANCELLED}`,
      [since],
    );
    const settled = await this.one(
      SettledRow,
      `SELECT ${EXACT_SUM('stake_minor')} AS stakes, ${EXACT_SUM('COALESCE(payout_minor, 0)')} AS payouts FROM bets WHERE status = ${BET_STATUS.SETTLED} AND settled_at >= ?`,
      [since],
    );
    // user 1 is the house agent of the seed, not a player
    const players = await this.one(CountRow, `SELECT COUNT(*) AS n FROM users WHERE created_at >= ? AND id <> 1`, [since]);
    const payouts = settled.payouts;
    return {
      window: name,
      since,
      recharges: minorToMajor(money.recharges),
      withdrawals: minorToMajor(money.withdrawals),
      gifts: minorToMajor(money.gifts),
      turnover: minorToMajor(placed.turnover),
      payouts: minorToMajor(payouts),
      ggr: minorToMajor(settled.stakes - payouts),
      new_players: players.n,
      active_players: placed.active,
    };
  }

  private async rtp(): Promise<RtpRow[]> {
    const rows = await all(
      PlayTypeRow,
      this.ds.query(
        `SELECT play_type, odds_milli, COUNT(*) AS n, ${EXACT_SUM('stake_minor')} AS stakes, ${EXACT_SUM('COALESCE(payout_minor, 0)')} AS payouts
         FROM bets WHERE status = ${BET_STATUS.SETTLED} GROUP BY play_type, odds_milli`,
      ),
    );
    // Exact in bigint: stakes x basis points passes 2^53 long before the stakes do.
    const acc = new Map<string, { bets: number; stakes: bigint; payouts: bigint; weighted: bigint }>();
    for (const r of rows) {
      const pt = r.play_type;
      if (!isPlayType(pt)) continue;
      const a = acc.get(pt) ?? { bets: 0, stakes: 0n, payouts: 0n, weighted: 0n };
      a.bets += r.n;
      a.stakes += r.stakes;
      a.payouts += r.payouts;
      a.weighted += r.stakes * BigInt(theoreticalRtpBps(pt, r.odds_milli));
      acc.set(pt, a);
    }
    return ALL_PLAY_TYPES.map((pt) => {
      const a = acc.get(pt);
      if (!a || a.stakes === 0n) return { play_type: pt, bets: a?.bets ?? 0, stakes: 0, payouts: 0, observed_rtp_percent: null, theoretical_rtp_percent: null };
      return {
        play_type: pt,
        bets: a.bets,
        stakes: minorToMajor(a.stakes),
        payouts: minorToMajor(a.payouts),
        // percent with two decimals, rounded half up: round(x / stakes x 10000) / 100
        observed_rtp_percent: Number(roundedRatio(a.payouts * 10_000n, a.stakes)) / 100,
        theoretical_rtp_percent: Number(roundedRatio(a.weighted, a.stakes)) / 100,
      };
    });
  }

  private async counts(column: 'site_1' | 'site_2' | 'site_3' | 'sum', size: number): Promise<number[]> {
    const rows = await all(FrequencyRow, this.ds.query(`SELECT ${column} AS v, COUNT(*) AS n FROM rounds WHERE sum IS NOT NULL GROUP BY ${column}`));
    const out = new Array<number>(size).fill(0);
    for (const r of rows) if (r.v >= 0 && r.v < size) out[r.v] = r.n;
    return out;
  }

  async dashboard(): Promise<DashboardStats> {
    const now = this.clock.now();
    const tz = this.cfg.schedule.tz;
    const today = platformDate(now, tz);
    const windows = [
      await this.window('today', startOfDay(today, tz)),
      await this.window('7d', startOfDay(addDays(today, -6), tz)),
      await this.window('30d', startOfDay(addDays(today, -29), tz)),
    ];
    const pending = await pendingApprovals(this.ds);
    const positions: DashboardStats['digits']['positions'] = [];
    let rounds = 0;
    for (const [i, column] of (['site_1', 'site_2', 'site_3'] as const).entries()) {
      const counts = await this.counts(column, 10);
      rounds = counts.reduce((a, b) => a + b, 0);
      const t = rounds > 0 ? digitFrequencyChiSquare(counts) : null;
      positions.push({ position: i + 1, counts, chi_square: t?.stat ?? null, dof: 9, p_value: t?.pValue ?? null });
    }
    const sumCounts = await this.counts('sum', SUM_COUNTS.length);
    const s = rounds > 0 ? sumFrequencyChiSquare(sumCounts) : null;
    const { recharges, withdrawals } = pending;
    return {
      generated_at: now,
      timezone: tz,
      windows,
      pending_approvals: { total: recharges + withdrawals, recharges, withdrawals },
      rtp: await this.rtp(),
      digits: { rounds, positions, sums: { counts: sumCounts, chi_square: s?.stat ?? null, dof: 27, p_value: s?.pValue ?? null } },
    };
  }
}
