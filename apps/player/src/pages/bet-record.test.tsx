import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { OrderListRequest, OrderListResponse, OrderRow } from '@sum28/contracts';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';
import en from '../i18n/locales/en.json';

const call = vi.fn<(endpoint: string, body: OrderListRequest) => Promise<OrderListResponse>>();
// The page first reads the platform's zone from index/config (its date range is in platform days).
const config = {
  cs: { chat_url: '', hours: '' },
  game: { open_hours: 'always', tz: 'Asia/Taipei', round_seconds: 60, bet_close_seconds: 10, opposite_bet_policy: 'same_amount' },
};
vi.mock('../app/api', () => ({
  api: { call: (endpoint: string, body: OrderListRequest) => (endpoint === 'config' ? Promise.resolve(config) : call(endpoint, body)) },
}));
const { default: BetRecordPage } = await import('./bet-record');

initI18n('en', en);
// jsdom lays nothing out: antd-mobile's InfiniteScroll loads only when its element has an offsetParent.
Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
  configurable: true,
  get(this: HTMLElement) {
    return this.parentElement;
  },
});

const row = (id: number, over: Partial<OrderRow> = {}): OrderRow => ({
  id,
  orderNo: `B${id}`,
  quantity: 10,
  profit: 9.4,
  payout: 19.4,
  status: 1,
  whether_hit: 1,
  odds: 1.94,
  plan_name: 'Basic room',
  play_method: 'Big',
  play_type: 'big',
  lottery_code: '3 8 8 19',
  createtime: 1_790_000_000,
  issue: `2026112200${id}`,
  name: 'Singapore',
  game_id: 1,
  issue_id: id,
  username: `player${id}`,
  ...over,
});
const page = (rows: OrderRow[], hasMore: boolean, p = 1): OrderListResponse => ({ data: rows, total: 99, page: p, pageSize: 20, has_more: hasMore });

function Where(): React.ReactElement {
  const l = useLocation();
  return <div data-testid="where">{l.pathname + l.search}</div>;
}

function show(): void {
  render(
    <MemoryRouter initialEntries={['/betRecord']}>
      <Routes>
        <Route path="/betRecord" element={<BetRecordPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const bodies = (): OrderListRequest[] => call.mock.calls.map((c) => c[1]);

describe('bet record screen', () => {
  beforeEach(() => {
    call.mockReset();
    window.localStorage.clear();
  });
  afterEach(cleanup);

  it('asks page after page with the default filter and shows --END-- only once the server says there is no more', async () => {
    let release: (v: OrderListResponse) => void = () => undefined;
    call.mockResolvedValueOnce(page([row(1), row(2)], true)).mockImplementationOnce(() => new Promise((r) => (release = r)));
    show();
    await waitFor(() => expect(call).toHaveBeenCalledTimes(2));
    expect(bodies()[0]).toMatchObject({ activeTab: 0, page: 1, pageSize: 20 });
    expect(bodies()[0]).not.toHaveProperty('scope');
    expect(bodies()[1]).toMatchObject({ page: 2 });
    expect(screen.queryByText('--END--')).toBeNull();
    await act(async () => release(page([row(3)], false, 2)));
    await screen.findByText('--END--');
    expect(screen.getAllByText(/^Singapore · Big$/)).toHaveLength(3);
  });

  it("shows a winner's payout (stake included) beside its stake, and none for a miss or a pending bet", async () => {
    call.mockResolvedValueOnce(
      page([row(1), row(2, { whether_hit: 0, profit: -10, payout: 0 }), row(3, { status: 0, whether_hit: 0, profit: '----', payout: '----' })], false),
    );
    show();
    await screen.findByText('--END--');
    expect(screen.getAllByText(/^Payout /).map((e) => e.textContent)).toEqual(['Payout 19.40']);
  });

  it('a status tab starts over at page 1 with its activeTab', async () => {
    call.mockResolvedValue(page([row(1)], false));
    show();
    await screen.findByText('--END--');
    fireEvent.click(screen.getByRole('tab', { name: 'Profitable' }));
    await waitFor(() => expect(bodies().at(-1)).toMatchObject({ activeTab: 2, page: 1 }));
  });

  it('the filter drawer sends the chosen status only on Confirm, and Reset goes back to all', async () => {
    call.mockResolvedValue(page([], false));
    show();
    await screen.findByText('No data');
    const before = call.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    const drawer = document.querySelector('.drawer') as HTMLElement;
    fireEvent.click(Array.from(drawer.querySelectorAll('.adm-selector-item')).find((e) => e.textContent === 'Cancelled') as HTMLElement);
    expect(call.mock.calls.length).toBe(before);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(bodies().at(-1)).toMatchObject({ activeTab: 5, page: 1 }));
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(bodies().at(-1)).toMatchObject({ activeTab: 0, page: 1 }));
  });

  it("gives agents the subordinate tab (scope 1) with the bettor's extra fields, and opens a bet's detail with the bet as query", async () => {
    window.localStorage.setItem('userInfo', JSON.stringify({ user_id: 7, username: 'boss', group_id: 3 }));
    call.mockResolvedValue(page([row(4, { username: 'sub4', orderNo: 'B-SUB-4' })], false));
    show();
    await screen.findByText('--END--');
    fireEvent.click(screen.getByRole('tab', { name: 'Subordinates' }));
    await waitFor(() => expect(bodies().at(-1)).toMatchObject({ scope: 1, page: 1 }));
    await screen.findByText('Order B-SUB-4');
    expect(screen.getByText('User sub4')).toBeTruthy();
    fireEvent.click(screen.getByText('Order B-SUB-4'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toMatch(/^\/betDetail\?id=4&orderNo=B-SUB-4/));
  });

  it('members have no account / subordinate tabs', async () => {
    window.localStorage.setItem('userInfo', JSON.stringify({ user_id: 8, username: 'm', group_id: 1 }));
    call.mockResolvedValue(page([], false));
    show();
    await screen.findByText('No data');
    expect(screen.queryByRole('tab', { name: 'Subordinates' })).toBeNull();
  });
});
