import type { Paged } from '@sum28/contracts';
import { dayAfter, hasMore, historyDays, historyPage, platformDate, startOfDay, type HistoryPage } from '@sum28/domain';
import { ApiError } from './api-error';

/** The epoch-ms window [from, to) of a history list's platform days, by the domain's date rule (else VALIDATION_FAILED). */
export function historyWindow(dto: { begin_date: string; end_date: string }, now: number, tz: string): { from: number; to: number } {
  const days = historyDays(dto.begin_date, dto.end_date, platformDate(now, tz));
  if (!days.ok) throw new ApiError('VALIDATION_FAILED', { ...days.problem });
  return { from: startOfDay(days.value.begin, tz), to: startOfDay(dayAfter(days.value.end), tz) };
}

/** The page asked for (default 20 rows, at most 100). */
export function pageOf(dto: { page?: number; pageSize?: number }): HistoryPage {
  return historyPage(dto.page, dto.pageSize);
}

/** The paged answer of a history list. */
export function pagedAnswer<T>(rows: T[], total: number, p: HistoryPage): Paged<T> {
  return { data: rows, total, page: p.page, pageSize: p.pageSize, has_more: hasMore(p, rows.length, total) };
}
