import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, type AuthProvider, RecordContextProvider, ResourceContextProvider } from 'react-admin';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { canRoleAccess, permissionFor } from '../../access';
import { initI18n } from '../../i18n/i18n';
import { i18nProvider } from '../../i18n/i18nProvider';
import { type ApprovalRecord, approvalState, totalAmount } from './approval';
import { MarkField } from './CapitalLogShow';
import { ResolveButtons } from './ResolveButtons';
import { ResolveDialog } from './ResolveDialog';

const pending = (over: Partial<ApprovalRecord> = {}): ApprovalRecord => ({
  id: 1,
  type: 1,
  status: 0,
  quantity: 100,
  requested_by: null,
  approvals: [],
  ...over,
});
const firstBy = (staff_id: number): ApprovalRecord['approvals'] => [
  { staff_id, staff_username: `fin${staff_id}`, decision: 'approve', created_at: 1_700_000_000_000 },
];

function auth(meId: number, role = 'finance'): AuthProvider {
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getIdentity: async () => ({ id: meId, fullName: `fin${meId}` }),
    getPermissions: async () => role,
    canAccess: async ({ action }) => role === 'finance' || action !== 'resolve',
  };
}

function okFetch(): ReturnType<typeof vi.fn> {
  const f = vi.fn(async () => new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', f);
  return f;
}

describe('capital-logs access (the API path is capital-logs, the permissions capital_logs.*)', () => {
  it('maps list/show/export to capital_logs.read and resolve to capital_logs.resolve', () => {
    expect(['list', 'show', 'export', 'resolve'].map((a) => permissionFor('capital-logs', a))).toEqual([
      'capital_logs.read',
      'capital_logs.read',
      'capital_logs.read',
      'capital_logs.resolve',
    ]);
    expect(permissionFor('capital-logs', 'delete')).toBeNull();
    expect(['support', 'finance', 'operator', 'superadmin'].map((r) => canRoleAccess(r as 'support', 'capital-logs', 'resolve'))).toEqual([
      false,
      true,
      false,
      true,
    ]);
    expect(['support', 'finance', 'operator', 'superadmin'].map((r) => canRoleAccess(r as 'support', 'capital-logs', 'list'))).toEqual([
      true,
      true,
      false,
      true,
    ]);
  });
});

describe('approval state (maker-checker as recorded)', () => {
  it('a pending record without approvals may be approved by anyone but its requester', () => {
    expect(approvalState(pending(), 7)).toEqual({ firstApproval: null, approveBlock: null, rejectBlock: null });
    expect(approvalState(pending({ type: 4, requested_by: 7 }), 7).approveBlock).toBe('requested_by_me');
    expect(approvalState(pending({ type: 4, requested_by: 7 }), 8).approveBlock).toBeNull();
  });

  it('after a first approval: waiting for a second, different approver; the first approver is blocked', () => {
    const r = pending({ approvals: firstBy(7) });
    expect(approvalState(r, 7)).toMatchObject({ approveBlock: 'first_approval_mine', firstApproval: { staff_id: 7 } });
    expect(approvalState(r, 8)).toMatchObject({ approveBlock: null, firstApproval: { staff_id: 7 } });
  });

  it('a resolved record takes no decision', () => {
    expect(approvalState(pending({ status: 1, approvals: firstBy(7) }), 8)).toEqual({ firstApproval: null, approveBlock: 'resolved', rejectBlock: 'resolved' });
  });

  it('adds amounts exactly (in minor units)', () => {
    expect(totalAmount([{ quantity: 0.1 }, { quantity: 0.2 }])).toBe(0.3);
    expect(totalAmount([])).toBe(0);
  });
});

describe('maker-checker buttons and the approve/reject dialogs', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('disables Approve for the staff member who made the first approval, and says why', async () => {
    render(
      <AdminContext authProvider={auth(7)} i18nProvider={i18nProvider}>
        <RecordContextProvider value={pending({ approvals: firstBy(7) })}>
          <ResolveButtons />
        </RecordContextProvider>
      </AdminContext>,
    );
    await screen.findByText('You made the first approval: a different staff member must give the second.');
    expect(screen.getByText(/First approval recorded by fin7/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Reject' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('enables Approve for a second, different finance member', async () => {
    render(
      <AdminContext authProvider={auth(8)} i18nProvider={i18nProvider}>
        <RecordContextProvider value={pending({ approvals: firstBy(7) })}>
          <ResolveButtons />
        </RecordContextProvider>
      </AdminContext>,
    );
    await screen.findByText(/First approval recorded by fin7/);
    await waitFor(() => expect((screen.getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByTestId('approve-blocked')).toBeNull();
  });

  it('shows no decision buttons to a role without capital_logs.resolve', async () => {
    render(
      <AdminContext authProvider={auth(9, 'support')} i18nProvider={i18nProvider}>
        <RecordContextProvider value={pending()}>
          <ResolveButtons />
        </RecordContextProvider>
      </AdminContext>,
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('a rejection needs a reason: nothing is sent without one; the total of the selection is listed', async () => {
    const fetch = okFetch();
    const onDone = vi.fn();
    const records = [pending({ id: 11, quantity: 12.5 }), pending({ id: 12, quantity: 7.25 })];
    render(
      <AdminContext authProvider={auth(8)} i18nProvider={i18nProvider}>
        <ResolveDialog open decision="reject" records={records} onClose={() => undefined} onDone={onDone} />
      </AdminContext>,
    );
    expect((await screen.findByTestId('resolve-summary')).textContent).toBe('2 records, total amount 19.75');
    expect(screen.getByRole('heading', { name: 'Reject 2 records' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm rejection' }));
    await screen.findByText('A reason is required: the player sees it.');
    expect(fetch).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(/Reason for rejecting/), { target: { value: '  name does not match  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm rejection' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ done: [11, 12], failed: [] }));
    const calls = fetch.mock.calls as unknown as [string, RequestInit][];
    expect(calls.map(([url, init]) => [url, init.method, init.body])).toEqual([
      ['/admin-api/capital-logs/11/reject', 'POST', '{"remark":"name does not match"}'],
      ['/admin-api/capital-logs/12/reject', 'POST', '{"remark":"name does not match"}'],
    ]);
  });

  it('an approval may go without a remark; a refusal keeps the API message per record', async () => {
    const fetch = vi.fn(async (url: string) =>
      url.includes('/22/')
        ? new Response(JSON.stringify({ error: 'MAKER_CHECKER', message: 'The requester cannot approve their own request' }), {
            status: 403,
            headers: { 'Content-Type': 'application/json' },
          })
        : new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetch);
    const onDone = vi.fn();
    render(
      <AdminContext authProvider={auth(8)} i18nProvider={i18nProvider}>
        <ResolveDialog
          open
          decision="approve"
          records={[pending({ id: 21, quantity: 1 }), pending({ id: 22, quantity: 2 })]}
          onClose={() => undefined}
          onDone={onDone}
        />
      </AdminContext>,
    );
    expect((await screen.findByTestId('resolve-summary')).textContent).toBe('2 records, total amount 3.00');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm approval' }));
    await waitFor(() =>
      expect(onDone).toHaveBeenCalledWith({ done: [21], failed: [{ id: 22, status: 403, message: 'The requester cannot approve their own request' }] }),
    );
    expect((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body).toBe('{}');
  });
});

describe('the marker of a fund row (never a raw server marker)', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(cleanup);

  it.each([
    ['stake', 'Stake'],
    ['payout', 'Payout of a win'],
    ['refund', 'Refund of a voided round'],
    ['R0000000042', 'Order no. R0000000042'],
    ['bet_void', 'System marker (bet_void)'],
    ['Welcome gift', 'Welcome gift'],
    ['', '-'],
  ])('shows %p as %p', async (mark, shown) => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <ResourceContextProvider value="capital-logs">
          <RecordContextProvider value={{ ...pending(), mark, pay_snapshot: null }}>
            <MarkField />
          </RecordContextProvider>
        </ResourceContextProvider>
      </AdminContext>,
    );
    expect(await screen.findByText(shown)).toBeTruthy();
    expect(screen.getByText('Note')).toBeTruthy();
  });
});
