/**
 * A page of a list answer. Today's API answers a bare array for histories; the paged form
 * `{ data, total, page, pageSize }` is on its way: both are read.
 */
export interface PageOf<T> {
  rows: T[];
  /** True when no further page exists. */
  atEnd: boolean;
}

export function readPage<T>(answer: unknown, pageSize: number, page: number): PageOf<T> {
  if (Array.isArray(answer)) return { rows: answer as T[], atEnd: answer.length < pageSize };
  if (answer !== null && typeof answer === 'object' && Array.isArray((answer as { data?: unknown }).data)) {
    const a = answer as { data: T[]; total?: number };
    const seen = (page - 1) * pageSize + a.data.length;
    return { rows: a.data, atEnd: typeof a.total === 'number' ? seen >= a.total : a.data.length < pageSize };
  }
  return { rows: [], atEnd: true };
}
