import type { StaffEntity } from '@sum28/database';

/** The columns of a new staff account: enabled, no second factor yet, no failures. */
export function newStaffRow(username: string, passwordHash: string, role: string, now: number): Omit<StaffEntity, 'id'> {
  return {
    username,
    password_hash: passwordHash,
    role,
    enabled: true,
    totp_secret: null,
    totp_enabled: false,
    totp_last_step: null,
    login_failures: 0,
    locked_until: null,
    created_at: now,
    updated_at: now,
  };
}
