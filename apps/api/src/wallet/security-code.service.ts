import { Inject, Injectable } from '@nestjs/common';
import type { SafetyInfoResponse } from '@sum28/contracts';
import { TxRunner, UserEntity } from '@sum28/database';
import { codeCheckWindow, isSecurityCode, validateSecurityCodeChange } from '@sum28/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { ApiError, unwrap } from '../common/api-error';
import { Clock } from '../common/clock';
import { PasswordHasher } from '../auth/password-hasher';
import { assertNoResetHold } from '../auth/reset-hold';
import { APP_CONFIG, type AppConfig } from '../common/config/app-config';
import { SettingsService } from '../settings/settings.service';
import type { SetSafetyDto } from './dto/wallet.dto';

/**
 * The 6-digit security code: stored only as an argon2id hash (the same hasher as passwords), with an
 * attempt limit shared by withdrawals and code changes.
 *
 * Attempts: a wrong code is counted on users.security_code_failures in its own write (the request
 * that carried it fails, so its transaction cannot hold the count); at security_code_max_attempts the
 * code locks for security_code_lock_minutes (SECURITY_CODE_LOCKED), and each further wrong attempt
 * extends the lock. A correct code resets the count. Verification (slow) runs outside any
 * transaction; the money transaction then re-reads the lock, so a correct guess that was in flight
 * when the limit was reached is still refused: an attacker gets no more useful guesses than the limit,
 * however many requests run at once.
 */
@Injectable()
export class SecurityCodeService {
  constructor(
    private readonly ds: DataSource,
    private readonly tx: TxRunner,
    private readonly clock: Clock,
    private readonly hasher: PasswordHasher,
    private readonly settings: SettingsService,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  info(user: UserEntity): SafetyInfoResponse {
    return { isTrue: user.security_code_hash !== null };
  }

  isLocked(user: Pick<UserEntity, 'security_code_locked_until'>, now: number): boolean {
    return user.security_code_locked_until !== null && user.security_code_locked_until > now;
  }

  lockedError(user: Pick<UserEntity, 'security_code_locked_until'>, now: number): ApiError {
    const until = user.security_code_locked_until ?? now;
    return new ApiError('SECURITY_CODE_LOCKED', { minutes: Math.max(1, Math.ceil((until - now) / 60_000)) });
  }

  /** argon2id check of an attempt against the stored hash; a malformed attempt is simply wrong. */
  async matches(user: Pick<UserEntity, 'security_code_hash'>, code: unknown): Promise<boolean> {
    if (user.security_code_hash === null || !isSecurityCode(code)) return false;
    return this.hasher.verify(user.security_code_hash, code);
  }

  /**
   * The one way callers check a code: takes one of the player's `security_code_checks_per_minute`
   * verifications (SECURITY_CODE_RATE_LIMITED when none is left, before any hashing), then `matches`.
   * A check counts whatever its outcome: the limit bounds the argon2 work one player can cause, which
   * the failure count (wrong codes only) does not.
   */
  async verify(user: Pick<UserEntity, 'id' | 'security_code_hash'>, code: unknown): Promise<boolean> {
    await this.takeCheck(user.id);
    return this.matches(user, code);
  }

  /**
   * Takes one of the player's `security_code_checks_per_minute` argon2 checks of their secrets (security code, or the
   * old password of user/newPass, which answers `refused` instead). One atomic conditional UPDATE (no lock, same
   * statement on SQLite and PostgreSQL): a new minute restarts the count, otherwise it goes up only while under the limit.
   */
  async takeCheck(userId: number, refused: 'SECURITY_CODE_RATE_LIMITED' | 'PASSWORD_CHECKS_THROTTLED' = 'SECURITY_CODE_RATE_LIMITED'): Promise<void> {
    const limit = await this.settings.get('security_code_checks_per_minute');
    const now = this.clock.now();
    const window = codeCheckWindow(now);
    const res = await this.tx.write((m) =>
      m
        .createQueryBuilder()
        .update(UserEntity)
        .set({
          security_code_checks: () => `CASE WHEN security_code_check_window = :window THEN security_code_checks + 1 ELSE 1 END`,
          security_code_check_window: window,
        })
        .where('id = :id AND (security_code_check_window <> :window OR security_code_checks < :limit)', { id: userId, window, limit })
        .execute(),
    );
    if (res.affected !== 1) throw new ApiError(refused, { seconds: Math.max(1, Math.ceil(((window + 1) * 60_000 - now) / 1000)) });
  }

  /**
   * Counts one wrong attempt (its own transaction) and answers the error for it: SECURITY_CODE_WRONG
   * with the attempts left, or SECURITY_CODE_LOCKED when this attempt reached the limit.
   */
  async recordFailure(userId: number): Promise<ApiError> {
    const { security_code_max_attempts: max, security_code_lock_minutes: minutes } = await this.settings.all();
    const now = this.clock.now();
    const after = await this.tx.write(async (m) => {
      await this.tx.lockRow(m, 'users', userId);
      const u = await m.findOneOrFail(UserEntity, {
        where: { id: userId },
        select: { id: true, security_code_failures: true, security_code_locked_until: true },
      });
      const expired = u.security_code_locked_until !== null && u.security_code_locked_until <= now;
      const failures = (expired ? 0 : u.security_code_failures) + 1;
      const lockedUntil = failures >= max ? now + minutes * 60_000 : expired ? null : u.security_code_locked_until;
      await m.update(UserEntity, { id: userId }, { security_code_failures: failures, security_code_locked_until: lockedUntil });
      return { failures, lockedUntil };
    });
    if (after.lockedUntil !== null && after.lockedUntil > now) return this.lockedError({ security_code_locked_until: after.lockedUntil }, now);
    return new ApiError('SECURITY_CODE_WRONG', { left: Math.max(0, max - after.failures) });
  }

  /** Clears the attempt count inside the caller's transaction (after a correct code). */
  async resetIn(m: EntityManager, userId: number): Promise<void> {
    await m.update(UserEntity, { id: userId }, { security_code_failures: 0, security_code_locked_until: null });
  }

  /** Clears the attempt count in its own transaction. */
  async reset(userId: number): Promise<void> {
    await this.tx.write(async (m) => {
      await this.tx.lockRow(m, 'users', userId);
      await this.resetIn(m, userId);
    });
  }

  /**
   * user/setSafety. Checks in the domain's order: old code present (when one is set), new code of 6
   * digits, confirmation, old code correct (counted, locked like withdrawals), not the login password.
   * The write is a compare-and-set on the stored hash, so two first-time sets cannot both win.
   */
  async set(userId: number, dto: SetSafetyDto): Promise<void> {
    const now = this.clock.now();
    const user = await this.ds.getRepository(UserEntity).findOneByOrFail({ id: userId });
    const hasExisting = user.security_code_hash !== null;
    const facts = { hasExisting, oldCode: dto.after_code, newCode: dto.new_code, confirmCode: dto.confirm_code };
    // Format checks first, without any hashing.
    unwrap(validateSecurityCodeChange({ ...facts, oldCodeCorrect: true, equalsLoginPassword: false }));
    assertNoResetHold(user, now, this.cfg.schedule.tz);
    if (hasExisting) {
      if (this.isLocked(user, now)) throw this.lockedError(user, now);
      if (!(await this.verify(user, dto.after_code))) throw await this.recordFailure(userId);
    } else {
      // A first code: the comparison with the login password below is argon2 work, one of the minute's checks too.
      await this.takeCheck(userId);
    }
    const equalsLoginPassword = await this.hasher.verify(user.password_hash, dto.new_code);
    const newCode = unwrap(validateSecurityCodeChange({ ...facts, oldCodeCorrect: true, equalsLoginPassword }));
    const hash = await this.hasher.hash(newCode);
    await this.tx.write(async (m) => {
      await this.tx.lockRow(m, 'users', userId);
      const fresh = await m.findOneOrFail(UserEntity, {
        where: { id: userId },
        select: { id: true, security_code_hash: true, security_code_locked_until: true },
      });
      if (fresh.security_code_hash !== user.security_code_hash) throw new ApiError('CONFLICT');
      if (hasExisting && this.isLocked(fresh, now)) throw this.lockedError(fresh, now);
      await m.update(UserEntity, { id: userId }, { security_code_hash: hash, security_code_failures: 0, security_code_locked_until: null, updated_at: now });
    });
  }
}
