import { ORDER_TAB, type OrderListRequest, type OrderScope, type OrderTab } from '@sum28/contracts';
import { formatDate } from '../../app/format';
import { HISTORY_PAGE_SIZE } from '@sum28/domain';

/** The bet record's status chips and top tabs, in the spec's order (all, unprofitable, profitable, accepted, not accepted, cancelled). */
export const ORDER_TABS: readonly OrderTab[] = [
  ORDER_TAB.ALL,
  ORDER_TAB.UNPROFITABLE,
  ORDER_TAB.PROFITABLE,
  ORDER_TAB.ACCEPTED,
  ORDER_TAB.NOT_ACCEPTED,
  ORDER_TAB.CANCELLED,
];

/** What the filter drawer sets: a date range (inclusive days) and a status. */
export interface BetFilter {
  begin: Date;
  end: Date;
  tab: OrderTab;
}

/** The default filter: the last 30 days up to today, all statuses. */
export function defaultBetFilter(today: Date): BetFilter {
  return { begin: new Date(today.getFullYear(), today.getMonth(), today.getDate() - 30), end: today, tab: ORDER_TAB.ALL };
}

/** Confirm of the drawer: a range picked backwards is swapped, never sent as `begin_date > end_date`. */
export function confirmedFilter(draft: BetFilter): BetFilter {
  return draft.begin > draft.end ? { ...draft, begin: draft.end, end: draft.begin } : draft;
}

/** The `orderList` request of one page of the record for a filter, a scope (0 own bets, 1 subordinates) and a page. */
export function orderListParams(filter: BetFilter, scope: OrderScope, page: number, pageSize = HISTORY_PAGE_SIZE): OrderListRequest {
  const f = confirmedFilter(filter);
  return {
    begin_date: formatDate(f.begin),
    end_date: formatDate(f.end),
    activeTab: f.tab,
    page,
    pageSize,
    ...(scope === 1 ? { scope } : {}),
  };
}
