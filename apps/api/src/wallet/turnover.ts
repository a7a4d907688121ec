import { BetEntity } from '@sum28/database';
import { minor, startOfPlatformDay, type Minor } from '@sum28/domain';
import type { EntityManager } from 'typeorm';

/** Bet status 2: cancelled (void round, refunded); its stake does not count toward turnover. */
const BET_CANCELLED = 2;

/**
 * Today's stakes of a player: SUM(bets.stake_minor) since the start of the platform day (local
 * midnight in PLATFORM_TZ), cancelled bets excluded. The turnover rule compares it with the balance.
 */
export async function todayStakes(m: EntityManager, userId: number, now: number, tz: string): Promise<Minor> {
  const row = await m
    .createQueryBuilder()
    .select('COALESCE(SUM(b.stake_minor), 0)', 'total')
    .from(BetEntity, 'b')
    .where('b.user_id = :userId AND b.created_at >= :since AND b.status <> :cancelled', {
      userId,
      since: startOfPlatformDay(now, tz),
      cancelled: BET_CANCELLED,
    })
    .getRawOne<{ total: string | number | null }>();
  return minor(Number(row?.total ?? 0));
}
