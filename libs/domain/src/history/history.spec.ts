import { hasMore, historyDays, historyPage } from './history';

describe('history lists: dates and pages', () => {
  const today = '20261123';
  it.each([
    ['2026-11-01', '2026-11-23', { begin: '20261101', end: '20261123' }],
    ['2018-01-01', '2018-01-01', { begin: '20180101', end: '20180101' }],
    ['2026-11-23', '2030-01-01', { begin: '20261123', end: '20261123' }],
    ['20261120', '20261121', { begin: '20261120', end: '20261121' }],
  ])('accepts %s..%s as %j (end_date capped at today)', (b, e, want) => {
    expect(historyDays(b, e, today)).toEqual({ ok: true, value: want });
  });
  it.each([
    ['2017-12-31', '2026-11-01', { field: 'begin_date', reason: 'min', min: '2018-01-01' }],
    ['2026-11-01', '2017-12-31', { field: 'end_date', reason: 'min', min: '2018-01-01' }],
    ['2026-02-30', '2026-11-01', { field: 'begin_date', reason: 'date' }],
    ['2026-11-01', 'soon', { field: 'end_date', reason: 'date' }],
    ['2026-11-24', '2026-11-30', { field: 'begin_date', reason: 'max', max: `${today.slice(0, 4)}-${today.slice(4, 6)}-${today.slice(6)}` }],
    ['2026-11-10', '2026-11-09', { field: 'end_date', reason: 'beforeBegin' }],
  ])('refuses %s..%s (%j)', (b, e, problem) => {
    expect(historyDays(b, e, today)).toEqual({ ok: false, problem });
  });
  it('pages default to 20 rows, are capped at 100, and tell whether more rows follow', () => {
    expect(historyPage(undefined, undefined)).toEqual({ page: 1, pageSize: 20, offset: 0 });
    expect(historyPage(3, 500)).toEqual({ page: 3, pageSize: 100, offset: 200 });
    expect(hasMore(historyPage(1, 20), 20, 21)).toBe(true);
    expect(hasMore(historyPage(2, 20), 1, 21)).toBe(false);
    expect(hasMore(historyPage(1, 20), 0, 0)).toBe(false);
  });
});
