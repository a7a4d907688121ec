import { kindOf, positional } from '@sum28/database';
import { BET_STATUS } from '@sum28/domain';
import type { EntityManager } from 'typeorm';

/**
 * What the player's pending bets would pay if every one hit (settlement's own formula, floor(stake x
 * odds / 1000)): the part of the balance cap (domain checkBalanceCap) still to come. A pending bet
 * belongs to a round not yet settled or void and was placed after that round opened (I6a), so only
 * bets since the oldest such round's open_at are read, through the (user_id, created_at) index.
 */
export async function pendingPayoutOf(m: EntityManager, userId: number, now: number): Promise<number> {
  const rows = (await m.query(
    positional(
      kindOf(m.connection),
      `SELECT COALESCE(SUM((b.stake_minor * b.odds_milli) / 1000), 0) AS total FROM bets b
      WHERE b.user_id = ? AND b.status = ${BET_STATUS.PENDING}
        AND b.created_at >= (SELECT COALESCE(MIN(r.open_at), ?) FROM rounds r WHERE r.state IN ('open', 'closed', 'drawn'))`,
    ),
    [userId, now],
  )) as { total: number | string }[];
  const total = Number(rows[0]?.total ?? 0);
  if (!Number.isSafeInteger(total)) throw new Error(`pending payouts out of safe range: ${String(rows[0]?.total)}`);
  return total;
}
