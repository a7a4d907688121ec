import { describe, expect, it } from 'vitest';
import { exportCsvUrl } from './csvExport';

describe('exportCsvUrl', () => {
  it('sends the list’s filters and sort to the API’s export.csv', () => {
    const url = new URL(exportCsvUrl('users', { q: 'ann', status: 'frozen', created_at_gte: '2026-01-01' }, { field: 'money', order: 'DESC' }), 'http://x');
    expect(url.pathname).toBe('/admin-api/users/export.csv');
    expect(JSON.parse(url.searchParams.get('filter') ?? '')).toEqual({ q: 'ann', status: 'frozen', created_at_gte: '2026-01-01' });
    expect(JSON.parse(url.searchParams.get('sort') ?? '')).toEqual(['money', 'DESC']);
    expect(url.searchParams.has('range')).toBe(false);
  });

  it('drops cleared inputs the API would refuse', () => {
    const url = new URL(exportCsvUrl('users', { q: '', id: undefined, mobile: null, status: 'active' }), 'http://x');
    expect(JSON.parse(url.searchParams.get('filter') ?? '')).toEqual({ status: 'active' });
    expect(url.searchParams.has('sort')).toBe(false);
  });
});
