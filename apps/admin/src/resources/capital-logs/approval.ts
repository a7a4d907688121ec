import { addMinor, AUDIT_STATUS, MINOR_PER_MAJOR, minorToMajor } from '@sum28/domain';

/** The parts of the API's CapitalLogView the approval screens read. */
export interface ApprovalRecord {
  id: number;
  type: number;
  status: number;
  quantity: number;
  requested_by: number | null;
  approvals: { staff_id: number; staff_username: string | null; decision: string; created_at: number }[];
}

export type ApprovalBlock = 'resolved' | 'requested_by_me' | 'first_approval_mine' | null;

export interface ApprovalState {
  /** the first approval recorded on a still pending record: waiting for a second, different approver */
  firstApproval: ApprovalRecord['approvals'][number] | null;
  /** why this staff member may not approve (the API would answer 409 or 403 MAKER_CHECKER / SAME_APPROVER); null: may */
  approveBlock: ApprovalBlock;
  /** why this staff member may not reject (only a resolved record) */
  rejectBlock: 'resolved' | null;
}

/**
 * What the approve and reject buttons show for one record and the signed-in staff member: the API decides (it answers
 * 403/409 whatever the screen shows), the screen only mirrors the recorded state: a resolved record takes no decision,
 * the requester of a gift is not its approver, and whoever made the first of two approvals waits for someone else.
 */
export function approvalState(r: ApprovalRecord, meId: number | null): ApprovalState {
  if (r.status !== AUDIT_STATUS.PENDING) return { firstApproval: null, approveBlock: 'resolved', rejectBlock: 'resolved' };
  const firstApproval = r.approvals.find((a) => a.decision === 'approve') ?? null;
  let approveBlock: ApprovalBlock = null;
  if (meId !== null && r.requested_by === meId) approveBlock = 'requested_by_me';
  else if (meId !== null && r.approvals.some((a) => a.decision === 'approve' && a.staff_id === meId)) approveBlock = 'first_approval_mine';
  return { firstApproval, approveBlock, rejectBlock: null };
}

/** The sum of the selected records' amounts, in minor units to add exactly, back to a decimal amount. */
export function totalAmount(records: readonly { quantity: number }[]): number {
  return minorToMajor(records.reduce<number>((s, r) => addMinor(s, Math.round(r.quantity * MINOR_PER_MAJOR)), 0));
}
