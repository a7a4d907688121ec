import { isRole, type Permission } from '@sum28/contracts';
import { type AuthProvider, fetchUtils, HttpError } from 'react-admin';
import { canRoleAccess } from './access';
import { API_ROOT, apiHeaders } from './api';
import { clearSession, readDeviceToken, readSession, writeDeviceToken, writeSession } from './session';

/** Thrown by `login` when the account has TOTP on and no code was sent: the login page then asks for the code. */
export class TotpRequiredError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TotpRequiredError';
  }
}

export interface LoginParams {
  username: string;
  password: string;
  otp?: string;
}

interface MeAnswer {
  id: number;
  username: string;
  role: string;
  totp_enabled: boolean;
  permissions: Permission[];
}

async function call<T>(path: string, init: RequestInit, token: string | null): Promise<T> {
  const headers = apiHeaders(token);
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  const { json } = await fetchUtils.fetchJson(`${API_ROOT}${path}`, { ...init, headers });
  return json as T;
}

/**
 * Staff sign-in against /admin-api/auth: username and password, then the 6-digit code when the API answers
 * TOTP_REQUIRED. The token and the staff member's role live in localStorage; a 401 from any call ends the session
 * and returns to the login page; a 403 stays on the page (the API's message is shown).
 */
export const authProvider: AuthProvider = {
  async login({ username, password, otp }: LoginParams) {
    let token: string;
    try {
      const device = readDeviceToken();
      const body = JSON.stringify({
        username,
        password,
        ...(otp !== undefined && otp !== '' ? { otp } : {}),
        ...(device !== null ? { device_token: device } : {}),
      });
      let deviceToken: string;
      ({ token, device_token: deviceToken } = await call<{ token: string; device_token: string }>('/auth/login', { method: 'POST', body }, null));
      writeDeviceToken(deviceToken);
    } catch (e) {
      if (e instanceof HttpError && (e.body as { error?: string } | undefined)?.error === 'TOTP_REQUIRED') throw new TotpRequiredError(e.message);
      throw e;
    }
    const me = await call<MeAnswer>('/auth/me', { method: 'GET' }, token);
    if (!isRole(me.role)) throw new Error(`unknown role ${me.role}`);
    writeSession({ token, id: me.id, username: me.username, role: me.role, totp_enabled: me.totp_enabled, permissions: me.permissions });
  },

  async logout() {
    const s = readSession();
    clearSession();
    if (s !== null) {
      // Revokes the token server-side; an expired token (401) is already as good as revoked.
      await call('/auth/logout', { method: 'POST', body: '{}' }, s.token).catch(() => undefined);
    }
  },

  async checkAuth() {
    // Not signed in: straight to the login page, without an error notification (`message: false`).
    if (readSession() === null) throw { message: false };
  },

  async checkError(error: { status?: number }) {
    // react-admin then shows "session ended" (only while checkAuth still passes) and calls logout(), which forgets it.
    if (error.status === 401) throw new Error('ra.notification.logged_out');
  },

  async getIdentity() {
    const s = readSession();
    if (s === null) throw new Error('ra.auth.auth_check_error');
    return { id: s.id, fullName: s.username, role: s.role };
  },

  async getPermissions() {
    return readSession()?.role ?? null;
  },

  async canAccess({ action, resource }) {
    return canRoleAccess(readSession()?.role ?? null, resource, action);
  },
};
