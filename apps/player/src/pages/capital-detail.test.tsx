import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { CapitalLogRow } from '@sum28/contracts';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';
import en from '../i18n/locales/en.json';
import tw from '../i18n/locales/tw.json';

const rows: CapitalLogRow[] = [];
// The page first reads the platform's zone from index/config (its date range is in platform days).
const config = {
  cs: { chat_url: '', hours: '' },
  game: { open_hours: 'always', tz: 'Asia/Taipei', round_seconds: 60, bet_close_seconds: 10, opposite_bet_policy: 'same_amount' },
};
vi.mock('../app/api', () => ({
  api: {
    call: (endpoint: string) => Promise.resolve(endpoint === 'config' ? config : { data: rows, total: rows.length, page: 1, pageSize: 20, has_more: false }),
  },
}));
const { default: CapitalDetailPage } = await import('./capital-detail');

// jsdom lays nothing out: antd-mobile's InfiniteScroll loads only when its element has an offsetParent.
Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
  configurable: true,
  get(this: HTMLElement) {
    return this.parentElement;
  },
});

const row = (id: number, type: CapitalLogRow['type'], mark: string): CapitalLogRow => ({
  id,
  type,
  quantity: 10,
  over: 100,
  createtime: 1_790_000_000,
  mark,
  status: 1,
  reason: null,
  pay_account: null,
  order_no: null,
  issue: null,
  approved_at: null,
  resolved_at: null,
});

/** Every marker the server writes, and an unknown one a newer server might send. */
const MARKERS = ['stake', 'payout', 'refund', 'bet_void'];

describe('capital detail: the fund rows in the player\u2019s words', () => {
  beforeEach(() => {
    rows.splice(
      0,
      rows.length,
      row(1, 2, 'stake'),
      row(2, 3, 'payout'),
      row(3, 3, 'refund'),
      row(4, 3, 'bet_void'),
      row(5, 0, 'R0000000042'),
      row(6, 4, '開幕禮金'),
    );
  });
  afterEach(cleanup);

  it.each([
    ['tw', tw, ['投注', '中獎派彩', '作廢退款', '訂單號 R0000000042', '備註：開幕禮金']],
    ['en', en, ['Stake', 'Payout of a win', 'Refund of a voided round', 'Order no. R0000000042', 'Note: 開幕禮金']],
  ] as const)('in %s: translates the known markers, labels order numbers and notes, and never shows a raw marker', async (lang, res, shown) => {
    initI18n(lang, res);
    render(
      <MemoryRouter>
        <CapitalDetailPage />
      </MemoryRouter>,
    );
    for (const text of shown) expect(await screen.findByText(text)).toBeTruthy();
    await waitFor(() => expect(document.body.textContent).toContain(shown[0]));
    const text = document.body.textContent ?? '';
    for (const raw of MARKERS) expect(text).not.toMatch(new RegExp(`\\b${raw}\\b`));
  });
});
