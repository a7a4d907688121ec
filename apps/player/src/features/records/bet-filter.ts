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

/** A history's date range (inclusive days), as the record screens' filter drawers set it. */
export interface DateRange {
  begin: Date;
  end: Date;
}

/** The default range of a record screen: the last 30 days up to today. */
export function lastThirtyDays(today: Date): DateRange {
  return { begin: new Date(today.getFullYear(), today.getMonth(), today.getDate() - 30), end: today };
}

/** The default filter: the last 30 days up to today, all statuses. */
export function defaultBetFilter(today: Date): BetFilter {
  return { ...lastThirtyDays(today), tab: ORDER_TAB.ALL };
}

/** Confirm of a drawer: a range picked backwards is swapped, never sent as `begin_date > end_date`. */
export function confirmedFilter<F extends DateRange>(draft: F): F {
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
