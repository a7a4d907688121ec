import { Steps } from 'antd-mobile';
import type { CapitalLogRow } from '@sum28/contracts';
import { AUDIT_STATUS } from '@sum28/domain';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../app/format';

type StepStatus = 'wait' | 'process' | 'finish' | 'error';

export interface TimelineStep {
  key: 'submitted' | 'approved' | 'paid' | 'rejected';
  status: StepStatus;
  /** Epoch seconds, when known. */
  time: number | null;
  reason?: string;
}

/**
 * A withdrawal's steps: submitted -> approved -> paid, or submitted -> (approved by a first reviewer) -> rejected with
 * the reason. Paying out is the final approval, so a paid withdrawal's approval has a time even with one approver.
 */
export function withdrawSteps(row: Pick<CapitalLogRow, 'createtime' | 'status' | 'approved_at' | 'resolved_at' | 'reason'>): TimelineStep[] {
  const submitted: TimelineStep = { key: 'submitted', status: 'finish', time: row.createtime };
  if (row.status === AUDIT_STATUS.REJECTED) {
    const rejected: TimelineStep = { key: 'rejected', status: 'error', time: row.resolved_at, ...(row.reason !== null ? { reason: row.reason } : {}) };
    return row.approved_at !== null ? [submitted, { key: 'approved', status: 'finish', time: row.approved_at }, rejected] : [submitted, rejected];
  }
  if (row.status === AUDIT_STATUS.APPROVED) {
    return [
      submitted,
      { key: 'approved', status: 'finish', time: row.approved_at ?? row.resolved_at },
      { key: 'paid', status: 'finish', time: row.resolved_at },
    ];
  }
  const approved = row.approved_at !== null;
  return [
    submitted,
    { key: 'approved', status: approved ? 'finish' : 'process', time: row.approved_at },
    { key: 'paid', status: approved ? 'process' : 'wait', time: null },
  ];
}

const TITLE_KEY: Record<TimelineStep['key'], string> = {
  submitted: 'capital.stepSubmitted',
  approved: 'capital.stepApproved',
  paid: 'capital.stepPaid',
  rejected: 'capital.stepRejected',
};

/** The withdrawal status timeline (antd-mobile Steps, vertical), each step with its time where known. */
export function WithdrawTimeline({ row }: { row: Pick<CapitalLogRow, 'createtime' | 'status' | 'approved_at' | 'resolved_at' | 'reason'> }): ReactElement {
  const { t } = useTranslation();
  const steps = withdrawSteps(row);
  // Each step carries its own status, so `current` only has to be a valid index.
  return (
    <section aria-label={t('capital.progress')}>
      <Steps direction="vertical" current={0}>
        {steps.map((s) => (
          <Steps.Step
            key={s.key}
            status={s.status}
            title={t(TITLE_KEY[s.key])}
            description={
              <>
                <div>{s.time !== null ? formatTime(s.time) : s.status === 'finish' || s.status === 'error' ? '' : t('capital.stepWaiting')}</div>
                {s.reason !== undefined ? <div>{t('capital.reason', { reason: s.reason })}</div> : null}
              </>
            }
          />
        ))}
      </Steps>
    </section>
  );
}
