import { minor } from '../money/money';
import { AUDIT_STATUS, decideApproval, isAuditStatus, transitionAudit, type ApprovalFacts } from './audit';

describe('transitionAudit', () => {
  const all = [0, 1, 2].flatMap((from) => [0, 1, 2].map((to) => [from, to]));
  const expected: Record<string, string> = {
    '0>0': 'AUDIT_ILLEGAL_TRANSITION',
    '0>1': 'ok',
    '0>2': 'ok',
    '1>0': 'ALREADY_RESOLVED',
    '1>1': 'ALREADY_RESOLVED',
    '1>2': 'ALREADY_RESOLVED',
    '2>0': 'ALREADY_RESOLVED',
    '2>1': 'ALREADY_RESOLVED',
    '2>2': 'ALREADY_RESOLVED',
  };
  it.each(all)('%i -> %i: only pending may become approved or rejected', (from, to) => {
    const r = transitionAudit(from!, to!);
    const want = expected[`${from}>${to}`];
    if (want === 'ok') expect(r).toEqual({ ok: true, value: to });
    else expect(r).toMatchObject({ ok: false, error: want });
  });

  it.each([
    [3, 1],
    [0, 3],
    [-1, 0],
    [0.5, 1],
  ])('%p -> %p is illegal', (from, to) => {
    expect(transitionAudit(from!, to!)).toMatchObject({ ok: false, error: 'AUDIT_ILLEGAL_TRANSITION' });
  });

  it('statuses are 0 pending, 1 approved, 2 rejected', () => {
    expect(AUDIT_STATUS).toEqual({ PENDING: 0, APPROVED: 1, REJECTED: 2 });
    expect([0, 1, 2, 3].map(isAuditStatus)).toEqual([true, true, true, false]);
  });
});

describe('decideApproval', () => {
  const base: ApprovalFacts = { requesterStaffId: null, approverStaffId: 7, priorApproverIds: [], amount: minor(10000), twoApproverThresholdMinor: null };

  it.each<[string, Partial<ApprovalFacts>, unknown]>([
    ['a player request approved by one staff member is final', {}, { ok: true, value: 'final' }],
    ['a staff request approved by another staff member is final', { requesterStaffId: 3 }, { ok: true, value: 'final' }],
    ['the requester cannot approve their own request', { requesterStaffId: 7 }, { ok: false, error: 'MAKER_CHECKER' }],
    ['the same staff member cannot approve twice', { priorApproverIds: [7], twoApproverThresholdMinor: 1 }, { ok: false, error: 'SAME_APPROVER' }],
    ['below the threshold one approval is final', { amount: minor(99999), twoApproverThresholdMinor: 100000 }, { ok: true, value: 'final' }],
    ['at the threshold the first approval needs a second', { amount: minor(100000), twoApproverThresholdMinor: 100000 }, { ok: true, value: 'needs_second' }],
    [
      'above the threshold the first approval needs a second',
      { amount: minor(500000), twoApproverThresholdMinor: 100000 },
      { ok: true, value: 'needs_second' },
    ],
    [
      'a second distinct approval above the threshold is final',
      { amount: minor(500000), twoApproverThresholdMinor: 100000, priorApproverIds: [8] },
      { ok: true, value: 'final' },
    ],
    ['maker-checker is checked before the duplicate check', { requesterStaffId: 7, priorApproverIds: [7] }, { ok: false, error: 'MAKER_CHECKER' }],
  ])('%s', (_name, patch, expected) => {
    expect(decideApproval({ ...base, ...patch })).toEqual(expected);
  });
});
