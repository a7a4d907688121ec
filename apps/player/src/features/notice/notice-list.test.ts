import type { NoticeEntry, NoticeListResponse } from '@sum28/contracts';
import { describe, expect, it } from 'vitest';
import { addNoticePage, markNoticeRead } from './notice-list';

const entry = (id: number, read = false): NoticeEntry => ({ id, tab: 'message', title: `t${id}`, content: 'c', personal: true, read, createtime: 0 });
const answer = (list: NoticeEntry[], page: number, total: number): NoticeListResponse => ({
  list,
  total,
  page,
  pageSize: 2,
  unread: { message: 1, announcement: 0 },
});

describe('the notice list (user/noticeList, user/noticeRead)', () => {
  it('pages through a tab and ends when every counted entry is shown', () => {
    const one = addNoticePage({ rows: [], atEnd: false }, answer([entry(1), entry(2)], 1, 3), 1, 2);
    expect(one.atEnd).toBe(false);
    const two = addNoticePage(one, answer([entry(3)], 2, 3), 2, 2);
    expect(two).toEqual({ rows: [entry(1), entry(2), entry(3)], atEnd: true });
  });

  it('marks one entry read, or all of the tab', () => {
    const s = { rows: [entry(1), entry(2)], atEnd: true };
    expect(markNoticeRead(s, 2).rows.map((r) => r.read)).toEqual([false, true]);
    expect(markNoticeRead(s).rows.every((r) => r.read)).toBe(true);
  });
});
