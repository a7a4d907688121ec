import type { StaffEntity } from '@sum28/database';

/** A staff account as the console shows it: never the password hash nor the TOTP secret. */
export interface StaffView {
  id: number;
  username: string;
  role: string;
  enabled: boolean;
  totp_enabled: boolean;
  login_failures: number;
  locked_until: number | null;
  created_at: number;
  updated_at: number;
}

export function staffView(s: StaffEntity): StaffView {
  return {
    id: s.id,
    username: s.username,
    role: s.role,
    enabled: s.enabled,
    totp_enabled: s.totp_enabled,
    login_failures: s.login_failures,
    locked_until: s.locked_until,
    created_at: s.created_at,
    updated_at: s.updated_at,
  };
}
