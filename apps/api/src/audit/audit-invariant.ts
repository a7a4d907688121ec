import type { DataSource } from 'typeorm';
import { CAPITAL_TYPE } from '@sum28/domain';
import type { Row } from '../common/db/sql';
import type { CheckResult } from '../ledger/ledger-check';
import { verifyAuditChain } from './audit.service';

/** The rows `sql` finds: each one a missing audit row, reported as read (samples), never read field by field. */
async function rows(ds: DataSource, sql: string): Promise<Row[]> {
  return (await ds.query(sql)) as Row[];
}

/**
 * A staff account the system knew when the action happened (`at`, when the data has a time for it): a staff
 * row created by then, or an id that appears in the audit log by then (a deleted account). Ids that never
 * belonged to a console account (service-level tests calling the wallet or the engine directly) are not
 * console actions and have no audit row to find.
 */
const known = (col: string, at?: string): string =>
  `(EXISTS (SELECT 1 FROM staff s WHERE s.id = ${col}${at ? ` AND s.created_at <= ${at}` : ''})
    OR EXISTS (SELECT 1 FROM audit_logs k WHERE k.staff_id = ${col}${at ? ` AND k.created_at <= ${at}` : ''}))`;

/**
 * I10 of reliability.md: the audit hash chain is valid, and every staff mutation that leaves a trace in
 * the data has its audit row: each staff approval, each capital log resolved or created by staff
 * (resolved_by / requested_by > 0; 0 and null are the system and the player), each voided round and each
 * staff account, for the staff ids the system knew at the time (see `known`).
 */
export async function auditInvariant(ds: DataSource): Promise<CheckResult[]> {
  const chain = await verifyAuditChain(ds);
  const missing: Row[] = [];
  missing.push(
    ...(await rows(
      ds,
      `SELECT 'capital_approval' AS what, ca.id, ca.capital_log_id, ca.staff_id FROM capital_approvals ca
        WHERE ${known('ca.staff_id', 'ca.created_at')}
          AND NOT EXISTS (SELECT 1 FROM audit_logs a WHERE a.target_type = 'capital_log' AND a.target_id = CAST(ca.capital_log_id AS VARCHAR(64))
                            AND a.staff_id = ca.staff_id AND a.action IN ('capital_log.approve', 'capital_log.reject'))`,
    )),
    ...(await rows(
      ds,
      `SELECT 'capital_resolved' AS what, c.id, c.resolved_by FROM capital_logs c
        WHERE c.resolved_by > 0 AND c.type IN (${CAPITAL_TYPE.RECHARGE}, ${CAPITAL_TYPE.WITHDRAW}, ${CAPITAL_TYPE.GIFT}) AND c.resolved_at IS NOT NULL AND ${known('c.resolved_by', 'c.resolved_at')}
          AND NOT EXISTS (SELECT 1 FROM audit_logs a WHERE a.target_type = 'capital_log' AND a.target_id = CAST(c.id AS VARCHAR(64))
                            AND a.staff_id = c.resolved_by AND a.action IN ('capital_log.approve', 'capital_log.reject'))`,
    )),
    ...(await rows(
      ds,
      `SELECT 'gift' AS what, c.user_id, COUNT(*) AS gifts FROM capital_logs c
        WHERE c.type = ${CAPITAL_TYPE.GIFT} AND c.requested_by > 0 AND ${known('c.requested_by', 'c.created_at')}
        GROUP BY c.user_id
       HAVING COUNT(*) > (SELECT COUNT(*) FROM audit_logs a WHERE a.action = 'user.gift' AND a.target_type = 'user' AND a.target_id = CAST(c.user_id AS VARCHAR(64)))`,
    )),
    ...(await rows(
      ds,
      `SELECT 'round_void' AS what, r.id, r.voided_by FROM rounds r
        WHERE r.voided_by > 0 AND ${known('r.voided_by')}
          AND NOT EXISTS (SELECT 1 FROM audit_logs a WHERE a.target_type = 'round' AND a.target_id = CAST(r.id AS VARCHAR(64)) AND a.action = 'round.void')`,
    )),
    ...(await rows(
      ds,
      `SELECT 'staff' AS what, s.id FROM staff s
        WHERE NOT EXISTS (SELECT 1 FROM audit_logs a WHERE a.target_type = 'staff' AND a.target_id = CAST(s.id AS VARCHAR(64)) AND a.action IN ('staff.create', 'staff.bootstrap'))`,
    )),
  );
  return [
    {
      id: 'I10',
      name: 'the audit hash chain is valid and every staff mutation has its audit row',
      violations: (chain.ok ? 0 : 1) + missing.length,
      samples: [...(chain.ok ? [] : [{ chain: chain.message }]), ...missing].slice(0, 5),
    },
  ];
}
