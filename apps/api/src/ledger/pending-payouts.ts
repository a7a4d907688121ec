import { kindOf, positional } from '@sum28/database';
import { BET_STATUS } from '@sum28/domain';
import type { EntityManager } from 'typeorm';

/**
 * What the player's pending bets would pay if every one hit (settlement's own formula, floor(stake x
 * odds / 1000)): the part of the balance cap (domain checkBalanceCap) still to come. A pending bet
 * belongs to a round not yet settled or void and was placed after that round opened (I6a), so only
 * bets since the oldest such round's open_at are read, through the (user_id, created_at) index.
 *
 * As an SQL expression with two `?` parameters, in this order: the player's id, then `now`. The bet path
 * reads it as a column of another statement (one round trip less); pendingPayoutOf runs it alone.
 */
export const PENDING_PAYOUT_SQL = `(SELECT COALESCE(SUM((pb.stake_minor * pb.odds_milli) / 1000), 0) FROM bets pb
      WHERE pb.user_id = ? AND pb.status = ${BET_STATUS.PENDING}
        AND pb.created_at >= (SELECT COALESCE(MIN(pr.open_at), ?) FROM rounds pr WHERE pr.state IN ('open', 'closed', 'drawn')))`;

/** PENDING_PAYOUT_SQL's answer (PostgreSQL answers the bigint sum as a string) as a safe JS number. */
export function pendingPayoutValue(v: unknown): number {
  const total = Number(v ?? 0);
  if (!Number.isSafeInteger(total)) throw new Error(`pending payouts out of safe range: ${String(v)}`);
  return total;
}

export async function pendingPayoutOf(m: EntityManager, userId: number, now: number): Promise<number> {
  const rows = (await m.query(positional(kindOf(m.connection), `SELECT ${PENDING_PAYOUT_SQL} AS total`), [userId, now])) as { total: number | string }[];
  return pendingPayoutValue(rows[0]?.total);
}
