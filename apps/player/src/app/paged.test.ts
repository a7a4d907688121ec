import { describe, expect, it } from 'vitest';
import { readCountedPage, readPage } from './paged';

describe('paged histories', () => {
  it("ends ('--END--') only when the server says has_more is false", () => {
    expect(readPage({ data: [1, 2], total: 99, page: 1, pageSize: 2, has_more: false })).toEqual({ rows: [1, 2], atEnd: true });
    expect(readPage({ data: [1], total: 1, page: 1, pageSize: 20, has_more: true }).atEnd).toBe(false);
  });

  it('a counted list ends once every counted row is shown', () => {
    expect(readCountedPage({ data: [1, 2], total: 4 }, 2, 1).atEnd).toBe(false);
    expect(readCountedPage({ data: [3, 4], total: 4 }, 2, 2).atEnd).toBe(true);
  });
});
