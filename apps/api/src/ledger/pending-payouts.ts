import { marks } from '../common/db/sql';
import { kindOf, positional } from '@sum28/database';
import { BET_STATUS } from '@sum28/domain';
import type { EntityManager } from 'typeorm';

/**
 * What players' pending bets would pay if every one hit (settlement's own formula, floor(stake x odds /
 * 1000)): the part of the balance cap (domain checkBalanceCap) still to come. A pending bet belongs to a
 * round not yet settled or void and was placed after that round opened (I6a), so only bets since the oldest
 * such round's open_at are read, through the (user_id, created_at) index. Players without pending bets are
 * absent from the map (0). The bet path reads it for a whole batch of bets in one statement.
 */
export async function pendingPayoutsOf(m: EntityManager, userIds: number[], now: number): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (userIds.length === 0) return out;
  const rows = (await m.query(
    positional(
      kindOf(m.connection),
      `SELECT pb.user_id, SUM((pb.stake_minor * pb.odds_milli) / 1000) AS total FROM bets pb
        WHERE pb.user_id IN (${marks(userIds)}) AND pb.status = ${BET_STATUS.PENDING}
          AND pb.created_at >= (SELECT COALESCE(MIN(pr.open_at), ?) FROM rounds pr WHERE pr.state IN ('open', 'closed', 'drawn'))
        GROUP BY pb.user_id`,
    ),
    [...userIds, now],
  )) as { user_id: number | string; total: number | string | null }[];
  for (const r of rows) out.set(Number(r.user_id), pendingPayoutValue(r.total));
  return out;
}

/** A SUM of pending payouts (PostgreSQL answers the bigint sum as a string) as a safe JS number. */
function pendingPayoutValue(v: unknown): number {
  const total = Number(v ?? 0);
  if (!Number.isSafeInteger(total)) throw new Error(`pending payouts out of safe range: ${String(v)}`);
  return total;
}

export async function pendingPayoutOf(m: EntityManager, userId: number, now: number): Promise<number> {
  return (await pendingPayoutsOf(m, [userId], now)).get(userId) ?? 0;
}
