import type { Paged } from '@sum28/contracts';

/** A page of a list answer, as the screens use it. */
export interface PageOf<T> {
  rows: T[];
  /** True when no further page exists ('--END--'). */
  atEnd: boolean;
}

/** A history page (`quantityLogList`, `orderList`): the server's `has_more` alone says whether it is the last. */
export function readPage<T>(answer: Paged<T>): PageOf<T> {
  return { rows: answer.data, atEnd: !answer.has_more };
}

/** A counted list without `has_more` (`getMyTeam`): the end is reached once every counted row is shown. */
export function readCountedPage<T>(answer: { data: T[]; total: number }, pageSize: number, page: number): PageOf<T> {
  return { rows: answer.data, atEnd: (page - 1) * pageSize + answer.data.length >= answer.total || answer.data.length === 0 };
}
