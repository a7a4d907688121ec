import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { throttledSeconds } from '../login/LoginPage';
import { toApiFilter } from './apiFilter';
import { exportCsvUrl } from './csvExport';

describe('filters the console names differently from the API', () => {
  it('finds a player by invite code (id + 100000); a code that cannot be one matches nobody', () => {
    expect(toApiFilter('users', { invite_code: '100042', status: 'active' })).toEqual({ id: 42, status: 'active' });
    expect(toApiFilter('users', { invite_code: 'abc' })).toEqual({ id: [] });
    expect(toApiFilter('users', { invite_code: '99999' })).toEqual({ id: [] });
    expect(toApiFilter('users', { q: 'x' })).toEqual({ q: 'x' });
    expect(toApiFilter('bets', { invite_code: '100042' })).toEqual({ invite_code: '100042' });
  });

  it('the CSV export gets the same rewrite as the list', () => {
    const url = new URL(exportCsvUrl('users', { invite_code: '100007' }), 'http://x');
    expect(JSON.parse(url.searchParams.get('filter') ?? '')).toEqual({ id: 7 });
  });
});

describe('sign-in lockout', () => {
  it('reads the seconds to wait from a 429 SIGN_IN_THROTTLED, else 0', () => {
    expect(throttledSeconds(new HttpError('wait', 429, { error: 'SIGN_IN_THROTTLED', params: { seconds: 42.2 } }))).toBe(43);
    expect(throttledSeconds(new HttpError('bad', 401, { error: 'STAFF_LOGIN_FAILED' }))).toBe(0);
    expect(throttledSeconds(new HttpError('wait', 429, {}))).toBe(0);
    expect(throttledSeconds(new Error('x'))).toBe(0);
  });
});
