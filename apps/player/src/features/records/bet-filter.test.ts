import { ORDER_TAB } from '@sum28/contracts';
import { describe, expect, it } from 'vitest';
import { confirmedFilter, defaultBetFilter, ORDER_TABS, orderListParams } from './bet-filter';

describe('bet record filter -> orderList request', () => {
  const may1 = new Date(2026, 4, 1);
  const may9 = new Date(2026, 4, 9);

  it('sends the dates as YYYY-MM-DD, the status as activeTab, the page and its size; no scope for own bets', () => {
    expect(orderListParams({ begin: may1, end: may9, tab: ORDER_TAB.PROFITABLE }, 0, 3)).toEqual({
      begin_date: '2026-05-01',
      end_date: '2026-05-09',
      activeTab: 2,
      page: 3,
      pageSize: 20,
    });
  });

  it('asks for the subordinates with scope 1 (agents)', () => {
    expect(orderListParams({ begin: may1, end: may9, tab: ORDER_TAB.CANCELLED }, 1, 1)).toMatchObject({ scope: 1, activeTab: 5, page: 1 });
  });

  it('swaps a range picked backwards instead of sending begin after end', () => {
    expect(orderListParams({ begin: may9, end: may1, tab: ORDER_TAB.ALL }, 0, 1)).toMatchObject({ begin_date: '2026-05-01', end_date: '2026-05-09' });
    expect(confirmedFilter({ begin: may9, end: may1, tab: ORDER_TAB.ACCEPTED })).toEqual({ begin: may1, end: may9, tab: ORDER_TAB.ACCEPTED });
  });

  it('defaults to the last 30 days, all statuses', () => {
    const f = defaultBetFilter(may9);
    expect(orderListParams(f, 0, 1)).toMatchObject({ begin_date: '2026-04-09', end_date: '2026-05-09', activeTab: 0 });
  });

  it('offers the six statuses of the spec in order, each a distinct activeTab', () => {
    expect(ORDER_TABS).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
