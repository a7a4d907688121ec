import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, type AuthProvider, RecordContextProvider } from 'react-admin';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { canRoleAccess } from '../../access';
import { initI18n } from '../../i18n/i18n';
import { i18nProvider } from '../../i18n/i18nProvider';
import { ResetRequestNotice, UserActions } from './UserActions';

function auth(role: 'support' | 'operator' | 'finance' | 'superadmin'): AuthProvider {
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getIdentity: async () => ({ id: 1, fullName: role }),
    getPermissions: async () => role,
    canAccess: async ({ action, resource }) => canRoleAccess(role, resource, action),
  };
}

const player = { id: 42, username: 'alice01', status: 'active' };

function renderAs(role: Parameters<typeof auth>[0]): void {
  render(
    <AdminContext authProvider={auth(role)} i18nProvider={i18nProvider}>
      <RecordContextProvider value={player}>
        <UserActions />
      </RecordContextProvider>
    </AdminContext>,
  );
}

describe("the player's actions", () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('follow the role: support resets passwords, freezes and messages but never gifts; finance gifts only', async () => {
    renderAs('support');
    await screen.findByRole('button', { name: 'Reset password' });
    await screen.findByRole('button', { name: 'Freeze' });
    await screen.findByRole('button', { name: 'Send message' });
    expect(screen.queryByRole('button', { name: 'Gift' })).toBeNull();
    cleanup();
    renderAs('finance');
    await screen.findByRole('button', { name: 'Gift' });
    for (const name of ['Freeze', 'Reset password', 'Send message']) expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('shows the temporary password once, with what the player must do next', async () => {
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ id: 42, username: 'alice01', temporary_password: 'Tmp-9x7Kq2', sessions_revoked: 2 }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetch);
    renderAs('support');
    fireEvent.click(await screen.findByRole('button', { name: 'Reset password' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    expect((await screen.findByTestId('temporary-password')).textContent).toBe('Tmp-9x7Kq2');
    expect(screen.getByText(/must.*choose a new one|asked to choose a new one/)).toBeTruthy();
    expect(screen.getByText(/Signed out of 2 sessions/)).toBeTruthy();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect([url, init.method, init.body]).toEqual(['/admin-api/users/42/reset-password', 'POST', '{}']);
    fireEvent.click(screen.getByRole('button', { name: 'I have passed it on' }));
    await waitFor(() => expect(screen.queryByTestId('temporary-password')).toBeNull());
  });

  it('a reset that needs a second staff member says so and shows no password', async () => {
    const pending = { requested_by: 1, requested_by_username: 'support', requested_at: 1_790_000_000_000, expires_at: 1_790_086_400_000 };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ id: 42, username: 'alice01', pending }), { status: 202 })),
    );
    renderAs('support');
    fireEvent.click(await screen.findByRole('button', { name: 'Reset password' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByTestId('temporary-password')).toBeNull();
  });

  it('a pending reset: its requester may only cancel; another member approves and alone sees the password', async () => {
    const pending = { requested_by: 1, requested_by_username: 'sup1', requested_at: 1_790_000_000_000, expires_at: 1_790_086_400_000 };
    const notice = (by: number): React.ReactElement => (
      <AdminContext authProvider={auth('support')} i18nProvider={i18nProvider}>
        <RecordContextProvider value={{ ...player, reset_request: { ...pending, requested_by: by } }}>
          <ResetRequestNotice />
        </RecordContextProvider>
      </AdminContext>
    );
    render(notice(1)); // the identity is staff 1: the requester
    await waitFor(async () => expect((await screen.findByTestId('reset-request')).textContent).toMatch(/sup1 asked to reset.*You asked for this reset/));
    await screen.findByRole('button', { name: 'Cancel request' });
    expect(screen.queryByRole('button', { name: 'Approve reset' })).toBeNull();
    cleanup();
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ id: 42, username: 'alice01', temporary_password: 'Tmp-5r8Wz1', sessions_revoked: 1 }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetch);
    render(notice(2));
    fireEvent.click(await screen.findByRole('button', { name: 'Approve reset' }));
    expect((await screen.findByTestId('temporary-password')).textContent).toBe('Tmp-5r8Wz1');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect([url, init.method]).toEqual(['/admin-api/users/42/reset-password/approve', 'POST']);
  });

  it("support's message goes to the player's own route (not notices, which support may not write)", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ id: 7, kind: 'message', user_id: 42 }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    renderAs('support');
    fireEvent.click(await screen.findByRole('button', { name: 'Send message' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Title/), { target: { value: 'Your withdrawal' } });
    fireEvent.change(within(dialog).getByLabelText(/Message/), { target: { value: 'It is on its way.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect([url, init.method, init.body]).toEqual(['/admin-api/users/42/message', 'POST', '{"title":"Your withdrawal","content":"It is on its way."}']);
  });

  it('freezing needs a reason: nothing is sent without one; a refusal shows the API message', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ error: 'CONFLICT', message: 'Already frozen' }), { status: 409 }));
    vi.stubGlobal('fetch', fetch);
    renderAs('operator');
    fireEvent.click(await screen.findByRole('button', { name: 'Freeze' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Freeze' }));
    await within(dialog).findByText('Required');
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Chargeback' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Freeze' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Already frozen');
    expect((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body).toBe('{"reason":"Chargeback"}');
  });
});
