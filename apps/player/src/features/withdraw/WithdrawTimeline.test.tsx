import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatTime } from '../../app/format';
import { initI18n } from '../../i18n';
import en from '../../i18n/locales/en.json';
import { WithdrawTimeline, withdrawSteps } from './WithdrawTimeline';

initI18n('en', en);

const T0 = 1_790_000_000;
const base = { createtime: T0, status: 0 as const, approved_at: null, resolved_at: null, reason: null };

/** Each step's title, state and text as drawn. */
function drawn(): Array<[string, string]> {
  return Array.from(document.querySelectorAll('.adm-step')).map((el) => [(el.className.match(/adm-step-status-(\w+)/) ?? [])[1] ?? '', el.textContent ?? '']);
}

describe('the withdrawal status timeline', () => {
  afterEach(cleanup);

  it('a pending withdrawal: submitted (with its time), approval in progress, payout waiting', () => {
    render(<WithdrawTimeline row={base} />);
    expect(drawn()).toEqual([
      ['finish', `Submitted${formatTime(T0)}`],
      ['process', 'ApprovedWaiting'],
      ['wait', 'PaidWaiting'],
    ]);
    expect(screen.getByRole('region', { name: 'Progress' })).toBeTruthy();
  });

  it('a paid withdrawal: submitted -> approved -> paid, each with its time', () => {
    render(<WithdrawTimeline row={{ ...base, status: 1, approved_at: T0 + 60, resolved_at: T0 + 120 }} />);
    expect(drawn()).toEqual([
      ['finish', `Submitted${formatTime(T0)}`],
      ['finish', `Approved${formatTime(T0 + 60)}`],
      ['finish', `Paid${formatTime(T0 + 120)}`],
    ]);
  });

  it('a rejected withdrawal shows the rejection with its time and staff’s reason', () => {
    render(<WithdrawTimeline row={{ ...base, status: 2, resolved_at: T0 + 300, reason: 'account name mismatch' }} />);
    expect(drawn()).toEqual([
      ['finish', `Submitted${formatTime(T0)}`],
      ['error', `Rejected${formatTime(T0 + 300)}Reason: account name mismatch`],
    ]);
  });

  it('with two approvers: the first approval shows while the payout waits; a rejection after it keeps it', () => {
    expect(withdrawSteps({ ...base, approved_at: T0 + 5 }).map((s) => [s.key, s.status, s.time])).toEqual([
      ['submitted', 'finish', T0],
      ['approved', 'finish', T0 + 5],
      ['paid', 'process', null],
    ]);
    expect(withdrawSteps({ ...base, status: 2, approved_at: T0 + 5, resolved_at: T0 + 9 }).map((s) => s.key)).toEqual(['submitted', 'approved', 'rejected']);
  });
});
