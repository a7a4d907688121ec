import type { UserEntity } from '@sum28/database';
import { isResetHoldActive, zonedParts } from '@sum28/domain';
import { ApiError } from '../common/api-error';

const pad = (n: number): string => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:mm` on the platform's wall clock. */
export function wallClockText(epochMs: number, tz: string): string {
  const w = zonedParts(epochMs, tz);
  return `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}`;
}

/** PASSWORD_RESET_HOLD saying until when (platform time, and exact ms for clients). */
export function resetHoldError(until: number | null, tz: string): ApiError {
  const at = until ?? 0;
  return new ApiError('PASSWORD_RESET_HOLD', { until: wallClockText(at, tz), until_ms: at });
}

/**
 * Refuses bets, withdrawals, payout-account and security-code changes while the hold a staff password
 * reset started is running (docs/reliability.md, "Staff password reset and account takeover").
 */
export function assertNoResetHold(user: Pick<UserEntity, 'reset_hold_until'>, now: number, tz: string): void {
  if (isResetHoldActive(user.reset_hold_until, now)) throw resetHoldError(user.reset_hold_until, tz);
}
