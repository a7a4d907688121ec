import type { NoticeEntry, NoticeListResponse } from '@sum28/contracts';
import { readCountedPage } from '../../app/paged';

/** Entries shown in one tab, and whether the last page has been read. */
export interface NoticeTabState {
  rows: NoticeEntry[];
  atEnd: boolean;
}

/** Adds one answered page of `user/noticeList` (page `page` of `pageSize`) to what the tab shows. */
export function addNoticePage(prev: NoticeTabState, answer: NoticeListResponse, page: number, pageSize: number): NoticeTabState {
  const { rows, atEnd } = readCountedPage({ data: answer.list, total: answer.total }, pageSize, page);
  const seen = new Set(prev.rows.map((r) => r.id));
  return { rows: [...prev.rows, ...rows.filter((r) => !seen.has(r.id))], atEnd };
}

/** After `user/noticeRead`: the entry (or every entry when `id` is undefined) shows as read. */
export function markNoticeRead(state: NoticeTabState, id?: number): NoticeTabState {
  return { ...state, rows: state.rows.map((r) => (id === undefined || r.id === id ? { ...r, read: true } : r)) };
}
