import type { SignedInUserInfo } from '@sum28/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearSession, deviceField, getToken, getUser, saveLogin } from './session';

const signedIn = { token: 'tok-1', device_token: 'dev-1', user_id: 7, username: 'ann' } as unknown as SignedInUserInfo;

describe('session storage', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps the device token apart from the user, across sign-out, for the next sign-in', () => {
    expect(deviceField()).toEqual({});
    saveLogin(signedIn);
    expect(getToken()).toBe('tok-1');
    expect(getUser()).toEqual({ user_id: 7, username: 'ann' });
    clearSession();
    expect(getToken()).toBeNull();
    expect(deviceField()).toEqual({ device_token: 'dev-1' });
  });
});
