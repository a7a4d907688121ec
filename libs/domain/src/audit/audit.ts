import type { Minor } from '../money/money';
import { err, ok, type Result } from '../result/result';
import { needsTwoApprovers } from '../wallet/money-limits';

/** Capital log audit status: 0 under review, 1 approved, 2 rejected. */
export const AUDIT_STATUS = { PENDING: 0, APPROVED: 1, REJECTED: 2 } as const;
export type AuditStatus = (typeof AUDIT_STATUS)[keyof typeof AUDIT_STATUS];

export function isAuditStatus(x: unknown): x is AuditStatus {
  return x === 0 || x === 1 || x === 2;
}

export type AuditTransitionError = 'AUDIT_ILLEGAL_TRANSITION' | 'ALREADY_RESOLVED';
export type ApprovalError = 'SAME_APPROVER' | 'MAKER_CHECKER';

/** Only pending -> approved and pending -> rejected; a resolved request never changes again. */
export function transitionAudit(from: number, to: number): Result<AuditStatus, AuditTransitionError> {
  if (!isAuditStatus(from) || !isAuditStatus(to)) return err('AUDIT_ILLEGAL_TRANSITION', { from, to });
  if (from !== AUDIT_STATUS.PENDING) return err('ALREADY_RESOLVED', { status: from });
  if (to === AUDIT_STATUS.PENDING) return err('AUDIT_ILLEGAL_TRANSITION', { from, to });
  return ok(to);
}

export type ApprovalFacts = {
  /** The staff member who created the request (null when the player did). */
  readonly requesterStaffId: number | null;
  readonly approverStaffId: number;
  /** Staff who already approved this request. */
  readonly priorApproverIds: ReadonlyArray<number>;
  readonly amount: Minor;
  /** At or above this amount two distinct approvals are needed; null: one is enough. */
  readonly twoApproverThresholdMinor: number | null;
  /** The player's amount of this type already approved in the platform day; counts toward the threshold (default 0). */
  readonly approvedTodayMinor?: number | bigint;
};

export type ApprovalDecision = 'final' | 'needs_second';

/**
 * Maker-checker: the approver is not the requester; the same staff member cannot approve twice;
 * when the player's amount of this type approved today plus this one reaches the threshold
 * (needsTwoApprovers) the first approval returns 'needs_second' and a second, distinct approver
 * makes it 'final'.
 */
export function decideApproval(f: ApprovalFacts): Result<ApprovalDecision, ApprovalError> {
  if (f.requesterStaffId !== null && f.requesterStaffId === f.approverStaffId) return err('MAKER_CHECKER');
  if (f.priorApproverIds.includes(f.approverStaffId)) return err('SAME_APPROVER');
  const needsTwo =
    f.twoApproverThresholdMinor !== null &&
    needsTwoApprovers({ amountMinor: f.amount, approvedTodayMinor: f.approvedTodayMinor ?? 0, thresholdMinor: f.twoApproverThresholdMinor });
  if (!needsTwo) return ok('final');
  const distinctPrior = new Set(f.priorApproverIds.filter((id) => id !== f.requesterStaffId));
  return ok(distinctPrior.size >= 1 ? 'final' : 'needs_second');
}
