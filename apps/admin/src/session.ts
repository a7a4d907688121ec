import { isRole, type Permission, type Role } from '@sum28/contracts';

/** The signed-in staff member as `/admin-api/auth/me` describes them; kept in localStorage with the bearer token. */
export interface StaffSession {
  token: string;
  id: number;
  username: string;
  role: Role;
  totp_enabled: boolean;
  permissions: Permission[];
}

const KEY = 'sum28.console.session';

export function readSession(): StaffSession | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (raw === null) return null;
    const s = JSON.parse(raw) as Partial<StaffSession>;
    return typeof s.token === 'string' && isRole(s.role) && typeof s.username === 'string' ? (s as StaffSession) : null;
  } catch {
    return null;
  }
}

export function writeSession(s: StaffSession): void {
  localStorage.setItem(KEY, JSON.stringify(s));
}

export function clearSession(): void {
  localStorage.removeItem(KEY);
}

const DEVICE_KEY = 'sum28.console.device';

/**
 * This browser's device token (kept across sign-outs): sent with every console sign-in, it lets a staff member in
 * from a device they used before while strangers' failures from other addresses hold the username's counter.
 */
export function readDeviceToken(): string | null {
  try {
    return localStorage.getItem(DEVICE_KEY);
  } catch {
    return null;
  }
}

export function writeDeviceToken(token: string): void {
  try {
    localStorage.setItem(DEVICE_KEY, token);
  } catch {
    // Storage refused (private mode): the next sign-in is from an unknown device, nothing worse.
  }
}
