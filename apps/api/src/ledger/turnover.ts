import { BetEntity } from '@sum28/database';
import {
  BET_STATUS,
  countedTurnover,
  minor,
  startOfPlatformDay,
  turnoverProgress,
  type Minor,
  type TurnoverHedgeRule,
  type TurnoverProgress,
} from '@sum28/domain';
import type { EntityManager } from 'typeorm';

/** Cancelled bets (void round, refunded); its stake does not count toward turnover. */
const BET_CANCELLED = BET_STATUS.CANCELLED;

/**
 * Today's counted stakes of a player (the turnover 'done'): the bets since the start of the platform day
 * (local midnight in PLATFORM_TZ), cancelled ones excluded, summed in SQL per round, category and odds (a few
 * dozen rows a day at most), then counted by the domain's hedge rule (countedTurnover: 'unhedged' counts per round
 * the smaller of the unpaired stakes and the worst-case loss; 'gross' every stake).
 */
export async function countedStakesToday(m: EntityManager, userId: number, now: number, tz: string, rule: TurnoverHedgeRule): Promise<Minor> {
  const rows = await m
    .createQueryBuilder()
    .select('b.round_id', 'round')
    .addSelect('b.play_type', 'play_type')
    .addSelect('b.odds_milli', 'odds')
    .addSelect('SUM(b.stake_minor)', 'stake')
    .from(BetEntity, 'b')
    .where('b.user_id = :userId AND b.created_at >= :since AND b.status <> :cancelled', {
      userId,
      since: startOfPlatformDay(now, tz),
      cancelled: BET_CANCELLED,
    })
    .groupBy('b.round_id')
    .addGroupBy('b.play_type')
    .addGroupBy('b.odds_milli')
    .getRawMany<{ round: string | number; play_type: string; odds: string | number; stake: string | number }>();
  return countedTurnover(
    rows.map((r) => ({ round: Number(r.round), playType: String(r.play_type), stake: minor(Number(r.stake)), oddsMilli: Number(r.odds) })),
    rule,
  );
}

/** The two operator settings turnover reads (SettingsService provides them). */
export interface TurnoverSettings {
  all(): Promise<{ turnover_multiplier_bps: number; turnover_hedge_rule: TurnoverHedgeRule }>;
}

/** The turnover progress of a player with this balance now (required, done, remaining), by the current settings. */
export async function turnoverNow(
  m: EntityManager,
  settings: TurnoverSettings,
  user: { id: number; money_minor: number },
  now: number,
  tz: string,
): Promise<TurnoverProgress> {
  const s = await settings.all();
  const done = await countedStakesToday(m, user.id, now, tz, s.turnover_hedge_rule);
  return turnoverProgress({ todayStakes: done, balance: user.money_minor, multiplierBps: s.turnover_multiplier_bps });
}
