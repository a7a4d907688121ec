import type { CapitalLogEntity } from '@sum28/database';
import { AUDIT_STATUS, CAPITAL_TYPES, maskPayDetails, minorToMajor } from '@sum28/domain';
import type { ListSpec } from '../list/list-query';
import { isAllowed, type Role } from '../roles';

export interface ApprovalView {
  staff_id: number;
  staff_username: string | null;
  decision: string;
  created_at: number;
}

/** A fund record in the console: money as decimals, its approvals, the payout account (masked unless the reader pays out). */
export interface CapitalLogView {
  id: number;
  user_id: number;
  username: string | null;
  type: number;
  /** in the platform currency; for a recharge, what it credits */
  quantity: number;
  over: number | null;
  currency: string;
  /** recharges: the amount paid, in `currency` */
  currency_quantity: number | null;
  /** recharges: the rate in force when requested (exact decimal text) */
  rate: string | null;
  mark: string;
  status: number;
  ref_id: number | null;
  pay_snapshot: unknown;
  requested_by: number | null;
  resolved_by: number | null;
  resolved_at: number | null;
  remark: string;
  created_at: number;
  approvals: ApprovalView[];
}

function maskSnapshot(s: unknown): unknown {
  return s === null || typeof s !== 'object' ? s : maskPayDetails(s as Record<string, unknown>, 'staff');
}

/** Who pays the accounts (the matrix's `capital_logs.resolve`) sees them unmasked. */
export function revealsPayAccounts(role: Role): boolean {
  return isAllowed('capital_logs.resolve', role);
}

export function capitalLogView(c: CapitalLogEntity, username: string | null, approvals: ApprovalView[], revealAccount: boolean): CapitalLogView {
  return {
    id: c.id,
    user_id: c.user_id,
    username,
    type: c.type,
    quantity: minorToMajor(c.quantity_minor),
    over: c.over_minor === null ? null : minorToMajor(c.over_minor),
    currency: c.currency,
    currency_quantity: c.currency_quantity_minor === null ? null : minorToMajor(c.currency_quantity_minor),
    rate: c.rate,
    mark: c.mark,
    status: c.status,
    ref_id: c.ref_id,
    pay_snapshot: revealAccount ? c.pay_snapshot : maskSnapshot(c.pay_snapshot),
    requested_by: c.requested_by,
    resolved_by: c.resolved_by,
    resolved_at: c.resolved_at,
    remark: c.remark,
    created_at: c.created_at,
    approvals,
  };
}

export const CAPITAL_LOG_CSV_COLUMNS = [
  'id',
  'user_id',
  'username',
  'type',
  'quantity',
  'over',
  'currency',
  'currency_quantity',
  'rate',
  'status',
  'mark',
  'remark',
  'requested_by',
  'resolved_by',
  'resolved_at',
  'created_at',
] as const satisfies ReadonlyArray<keyof CapitalLogView>;

const AWAITING_SECOND = `(r.status = ${AUDIT_STATUS.PENDING} AND EXISTS (SELECT 1 FROM capital_approvals a WHERE a.capital_log_id = r.id AND a.decision = 'approve'))`;

export const CAPITAL_LOGS_LIST: ListSpec = {
  resource: 'capital-logs',
  fields: {
    id: { column: 'id', kind: 'int', sortable: true, filter: 'eq' },
    user_id: { column: 'user_id', kind: 'int', sortable: true, filter: 'eq' },
    type: { column: 'type', kind: 'int', sortable: true, filter: 'eq', values: CAPITAL_TYPES },
    status: { column: 'status', kind: 'int', sortable: true, filter: 'eq', values: [AUDIT_STATUS.PENDING, AUDIT_STATUS.APPROVED, AUDIT_STATUS.REJECTED] },
    currency: { column: 'currency', kind: 'string', sortable: true, filter: 'eq' },
    quantity: { column: 'quantity_minor', kind: 'money', sortable: true },
    resolved_by: { column: 'resolved_by', kind: 'int', filter: 'eq' },
    requested_by: { column: 'requested_by', kind: 'int', filter: 'eq' },
    ref_id: { column: 'ref_id', kind: 'int', filter: 'eq' },
    resolved_at: { column: 'resolved_at', kind: 'time', sortable: true, filter: 'range' },
    created_at: { column: 'created_at', kind: 'time', sortable: true, filter: 'range' },
    // pending with one approval recorded: waiting for a second, different approver
    awaiting_second: { column: 'id', kind: 'bool', filter: 'eq', predicate: { true: AWAITING_SECOND, false: `NOT ${AWAITING_SECOND}` } },
  },
  search: ['mark', 'remark'],
  defaultSort: ['id', 'DESC'],
};
