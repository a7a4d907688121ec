import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import type { NoticeListRequest, NoticeListResponse } from '@sum28/contracts';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';
import en from '../i18n/locales/en.json';
import { UNREAD_POLL_MS } from '../features/notice/unread';

const call = vi.fn<(endpoint: string, body: NoticeListRequest) => Promise<NoticeListResponse>>();
vi.mock('../app/api', () => ({ api: { call: (endpoint: string, body: NoticeListRequest) => call(endpoint, body) } }));
const { TabBarNav } = await import('./TabBarNav');

initI18n('en', en);

const answer = (message: number): NoticeListResponse => ({ list: [], total: 0, page: 1, pageSize: 1, unread: { message, announcement: 3 } });

function show(): void {
  render(
    <MemoryRouter initialEntries={['/personal']}>
      <TabBarNav />
    </MemoryRouter>,
  );
}

/** The badge antd-mobile draws on the Personal tab, or null. */
function badge(): string | null {
  const tab = screen.getByText('Me').closest('.adm-tab-bar-item');
  return tab?.querySelector('.adm-badge-content')?.textContent ?? null;
}

describe('the account tab badge (unread in-site messages)', () => {
  beforeEach(() => {
    call.mockReset();
    window.localStorage.setItem('token', 't0k3n');
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    window.localStorage.clear();
  });

  it('shows the unread messages (not announcements) on the Personal tab, with a spoken label', async () => {
    call.mockResolvedValue(answer(2));
    show();
    await waitFor(() => expect(badge()).toBe('2'));
    expect(call).toHaveBeenCalledWith('noticeList', { tab: 'message', page: 1, pageSize: 1 });
    expect(screen.getByText('2 unread messages')).toBeTruthy();
  });

  it('shows no badge when everything is read, and none without a session (no call at all)', async () => {
    call.mockResolvedValue(answer(0));
    show();
    await waitFor(() => expect(call).toHaveBeenCalledTimes(1));
    expect(badge()).toBeNull();
    cleanup();
    window.localStorage.removeItem('token');
    call.mockClear();
    show();
    await act(async () => Promise.resolve());
    expect(call).not.toHaveBeenCalled();
    expect(badge()).toBeNull();
  });

  it('updates without a reload: the next poll shows a new message, and a later one clears it once read', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    call.mockResolvedValueOnce(answer(0)).mockResolvedValueOnce(answer(1)).mockResolvedValue(answer(0));
    show();
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(badge()).toBeNull();
    // nothing more before the poll interval (no hot loop)
    await act(async () => vi.advanceTimersByTimeAsync(UNREAD_POLL_MS - 1000));
    expect(call).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(call).toHaveBeenCalledTimes(2);
    expect(badge()).toBe('1');
    await act(async () => vi.advanceTimersByTimeAsync(UNREAD_POLL_MS));
    expect(call).toHaveBeenCalledTimes(3);
    expect(badge()).toBeNull();
  });
});
