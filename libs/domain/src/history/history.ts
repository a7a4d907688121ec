import { addDays, parseDay } from '../game/schedule';

/**
 * The player's history lists (fund history, bet record): one rule for their dates and pages.
 * Days are platform days (YYYYMMDD in PLATFORM_TZ); `today` comes in as an argument.
 */
export const HISTORY_FIRST_DAY = '20180101';
export const HISTORY_PAGE_SIZE = 20;
export const HISTORY_MAX_PAGE_SIZE = 100;

export type HistoryDays = { readonly begin: string; readonly end: string };
/** Why a date is refused, with the bound it broke as a display date (the message's `{{min}}` / `{{max}}`). */
export type HistoryDaysProblem = {
  readonly field: 'begin_date' | 'end_date';
  readonly reason: 'date' | 'min' | 'max' | 'beforeBegin';
  readonly min?: string;
  readonly max?: string;
};

const display = (day: string): string => `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`;

/**
 * Dates from 2018-01-01 to today: each must be a real day (YYYY-MM-DD or YYYYMMDD) on or after the first
 * day; `begin_date` may not be after today; `end_date` is capped at today; then `begin_date <= end_date`.
 */
export function historyDays(
  beginDate: string,
  endDate: string,
  today: string,
): { readonly ok: true; readonly value: HistoryDays } | { readonly ok: false; readonly problem: HistoryDaysProblem } {
  const begin = beginDate.replace(/-/g, '');
  const rawEnd = endDate.replace(/-/g, '');
  for (const [field, day] of [
    ['begin_date', begin],
    ['end_date', rawEnd],
  ] as const) {
    if (parseDay(day) === null) return { ok: false, problem: { field, reason: 'date' } };
    if (day < HISTORY_FIRST_DAY) return { ok: false, problem: { field, reason: 'min', min: display(HISTORY_FIRST_DAY) } };
  }
  if (begin > today) return { ok: false, problem: { field: 'begin_date', reason: 'max', max: display(today) } };
  const end = rawEnd > today ? today : rawEnd;
  if (begin > end) return { ok: false, problem: { field: 'end_date', reason: 'beforeBegin' } };
  return { ok: true, value: { begin, end } };
}

/** The day after `day` (the exclusive end of a history query). */
export function dayAfter(day: string): string {
  return addDays(day, 1);
}

export type HistoryPage = { readonly page: number; readonly pageSize: number; readonly offset: number };

/** 1-based page, `pageSize` default 20, at most 100 (larger asks are capped). */
export function historyPage(page: number | undefined, pageSize: number | undefined): HistoryPage {
  const p = page !== undefined && Number.isSafeInteger(page) && page >= 1 ? page : 1;
  const size = pageSize !== undefined && Number.isSafeInteger(pageSize) && pageSize >= 1 ? Math.min(pageSize, HISTORY_MAX_PAGE_SIZE) : HISTORY_PAGE_SIZE;
  return { page: p, pageSize: size, offset: (p - 1) * size };
}

/** `has_more`: rows exist after this page. */
export function hasMore(p: HistoryPage, rowsOnPage: number, total: number): boolean {
  return p.offset + rowsOnPage < total;
}
