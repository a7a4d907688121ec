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
