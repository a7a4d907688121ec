import type { SignedInUserInfo, UserInfo, UserSummary } from '@sum28/contracts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@sum28/domain';

/** What the app keeps between visits (spec section 3, session state), in localStorage. */
const KEYS = {
  token: 'token',
  user: 'userInfo',
  locale: 'locale',
  line: 'activeRoute',
  vibration: 'profitVibration',
  device: 'deviceToken',
  largeCaptcha: 'largeCaptcha',
} as const;

export type StoredUser = Omit<UserInfo, 'token'> & Partial<Pick<UserSummary, 'water_limit' | 'is_frozen'>>;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Private mode without storage: the session lasts as long as the page.
  }
}

export function getToken(): string | null {
  return read(KEYS.token);
}

export function hasSession(): boolean {
  return getToken() !== null;
}

/**
 * Login and register store the token and the user; the balance then comes from userInfo. The device token is kept
 * apart and outlives sign-out: sent with the next sign-ins, it lets the owner in while strangers elsewhere have
 * filled the account's failure counter.
 */
export function saveLogin(user: SignedInUserInfo | UserInfo): void {
  const { token, ...rest } = user;
  if ('device_token' in rest) {
    const { device_token: device, ...summary } = rest;
    write(KEYS.device, device);
    write(KEYS.user, JSON.stringify(summary));
  } else {
    write(KEYS.user, JSON.stringify(rest));
  }
  write(KEYS.token, token);
}

/** `{ device_token }` for a register or login request, when this device has one. */
export function deviceField(): { device_token?: string } {
  const device = read(KEYS.device);
  return device !== null ? { device_token: device } : {};
}

export function saveUser(user: StoredUser): void {
  write(KEYS.user, JSON.stringify(user));
}

export function getUser(): StoredUser | null {
  const raw = read(KEYS.user);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as StoredUser;
  } catch {
    return null;
  }
}

/** Logout and a dead session clear the user; locale and local settings stay. */
export function clearSession(): void {
  write(KEYS.token, null);
  write(KEYS.user, null);
}

export function getLocale(): Locale {
  const l = read(KEYS.locale);
  return isLocale(l) ? l : DEFAULT_LOCALE;
}

export function setLocale(l: Locale): void {
  write(KEYS.locale, l);
}

/** Active route (line 1 or 2 of the change-route screen): 0 or 1. */
export function getLine(): 0 | 1 {
  return read(KEYS.line) === '1' ? 1 : 0;
}

export function setLine(line: 0 | 1): void {
  write(KEYS.line, String(line));
}

export function isVibrationOn(): boolean {
  return read(KEYS.vibration) !== '0';
}

export function setVibration(on: boolean): void {
  write(KEYS.vibration, on ? '1' : '0');
}

/** Whoever asked once for the larger captcha picture gets it on every sign-in screen after. */
export function isLargeCaptcha(): boolean {
  return read(KEYS.largeCaptcha) === '1';
}

export function setLargeCaptcha(on: boolean): void {
  write(KEYS.largeCaptcha, on ? '1' : null);
}
