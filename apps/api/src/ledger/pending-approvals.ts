import { AUDIT_STATUS, CAPITAL_TYPE } from '@sum28/domain';
import type { DataSource } from 'typeorm';
import { aggregate, first, rowOf } from '../common/db/sql';

const PendingRow = rowOf({ recharges: aggregate, withdrawals: aggregate });

/** Capital logs awaiting audit, by kind: the console's dashboard and the `/metrics` gauge read the same count. */
export async function pendingApprovals(ds: DataSource): Promise<{ recharges: number; withdrawals: number }> {
  const row = await first(
    PendingRow,
    ds.query(
      `SELECT COALESCE(SUM(CASE WHEN type = ${CAPITAL_TYPE.RECHARGE} THEN 1 ELSE 0 END), 0) AS recharges,
              COALESCE(SUM(CASE WHEN type = ${CAPITAL_TYPE.WITHDRAW} THEN 1 ELSE 0 END), 0) AS withdrawals
         FROM capital_logs WHERE status = ${AUDIT_STATUS.PENDING} AND type IN (${CAPITAL_TYPE.RECHARGE}, ${CAPITAL_TYPE.WITHDRAW})`,
    ),
  );
  return row ?? { recharges: 0, withdrawals: 0 };
}
