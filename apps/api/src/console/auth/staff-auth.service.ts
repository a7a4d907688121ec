import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { isUniqueViolation, StaffEntity, TxRunner } from '@sum28/database';
import { randomInt } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AuditService } from '../../audit/audit.service';
import type { StaffActor } from '../../audit/audit.types';
import { PasswordHasher } from '../../auth/password-hasher';
import { SignInThrottleService } from '../../auth/sign-in-throttle.service';
import { ApiError } from '../../common/api-error';
import { Clock } from '../../common/clock';
import { APP_CONFIG, type AppConfig } from '../../common/config/app-config';
import type { StaffContext } from '../permission';
import { permissionsOf, type Permission, type Role } from '../roles';
import { StaffSessionService } from './staff-session.service';
import { deviceHashOf, deviceOf } from '../../auth/tokens';
import { staffView } from './staff-view';
import { newTotpSecret, otpauthUrl, verifyTotp } from './totp';
import { newStaffRow } from '../staff/staff-row';

const TOTP_ISSUER = 'Sum28 console';
/** No look-alike characters (0/O, 1/l/I). */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random password for a generated first superadmin or a player reset (shown once). */
export function randomPassword(length = 16): string {
  let out = '';
  for (let i = 0; i < length; i++) out += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return out;
}

export interface LoginAnswer {
  token: string;
  /** Sent back with this console's next sign-ins: a known device is not refused for failures strangers caused elsewhere. */
  device_token: string;
  staff: { id: number; username: string; role: string };
}

export interface MeAnswer {
  id: number;
  username: string;
  role: string;
  totp_enabled: boolean;
  permissions: Permission[];
}

/**
 * Staff sign-in (separate from players): argon2id passwords, the same sign-in throttle as players (per
 * username and IP, per IP, per username for strangers' IPs only: nobody can lock a superadmin out of the
 * console from elsewhere), optional TOTP second factor, opaque bearer tokens. Creates the first superadmin at boot when the staff
 * table is empty.
 */
@Injectable()
export class StaffAuthService implements OnApplicationBootstrap {
  private readonly log = new Logger('Console');

  constructor(
    private readonly ds: DataSource,
    private readonly tx: TxRunner,
    private readonly clock: Clock,
    private readonly hasher: PasswordHasher,
    private readonly sessions: StaffSessionService,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly throttle: SignInThrottleService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.ensureFirstSuperadmin();
  }

  /** Idempotent: only when no staff account exists at all. */
  async ensureFirstSuperadmin(): Promise<boolean> {
    if ((await this.ds.getRepository(StaffEntity).count()) > 0) return false;
    const generated = this.cfg.adminPassword === null;
    const password = this.cfg.adminPassword ?? randomPassword();
    const passwordHash = await this.hasher.hash(password);
    const now = this.clock.now();
    let created: boolean;
    try {
      created = await this.tx.write(async (m) => {
        if ((await m.count(StaffEntity)) > 0) return false;
        const staff = m.create(StaffEntity, newStaffRow(this.cfg.adminUsername, passwordHash, 'superadmin', now));
        await m.insert(StaffEntity, staff);
        await this.audit.record(m, null, { action: 'staff.bootstrap', targetType: 'staff', targetId: staff.id, after: staffView(staff) });
        return true;
      });
    } catch (e) {
      if (isUniqueViolation(e)) return false; // another instance created it at the same moment
      throw e;
    }
    if (created && generated) {
      this.log.warn(
        `First console superadmin "${this.cfg.adminUsername}" created with the generated password: ${password}  (shown once; set ADMIN_PASSWORD to choose it)`,
      );
    } else if (created) {
      this.log.log(`First console superadmin "${this.cfg.adminUsername}" created from ADMIN_USERNAME / ADMIN_PASSWORD`);
    }
    return created;
  }

  async login(input: { username: string; password: string; otp?: string; device_token?: string }, ip: string): Promise<LoginAnswer> {
    const staff = await this.ds.getRepository(StaffEntity).findOne({ where: { username: input.username } });
    const knownPlace = await this.sessions.hasSignedInFrom(staff?.id, ip, deviceHashOf(input.device_token));
    await this.throttle.check('staff', input.username, ip, knownPlace);
    const now = this.clock.now();
    const ok = await this.hasher.verify(staff?.password_hash, input.password);
    // A disabled account answers as a wrong password does (and counts as one): the answer never tells a guesser that
    // the password of a disabled account was right.
    if (!staff || !ok || !staff.enabled) {
      await this.throttle.failure('staff', input.username, ip);
      await this.recordFailure(input.username, staff?.id ?? null, ip, !staff ? 'unknown username' : !ok ? 'wrong password' : 'account disabled');
      throw new ApiError('STAFF_LOGIN_FAILED');
    }
    let step: number | null = null;
    if (staff.totp_enabled) {
      if (input.otp === undefined || input.otp === '') throw new ApiError('TOTP_REQUIRED');
      step = verifyTotp(staff.totp_secret ?? '', input.otp, now, staff.totp_last_step);
      if (step === null) {
        await this.throttle.failure('staff', input.username, ip);
        await this.recordFailure(input.username, staff.id, ip, 'wrong second-factor code');
        throw new ApiError('TOTP_INVALID');
      }
    }
    const actor: StaffActor = { id: staff.id, username: staff.username, role: staff.role, ip };
    const device = deviceOf(input.device_token);
    const token = await this.tx.write(async (m) => {
      if (step !== null) {
        // A code is accepted once: a concurrent sign-in with the same code loses this conditional update.
        const spent = await m
          .createQueryBuilder()
          .update(StaffEntity)
          .set({ totp_last_step: step })
          .where('id = :id AND (totp_last_step IS NULL OR totp_last_step < :step)', { id: staff.id, step })
          .execute();
        if (spent.affected !== 1) throw new ApiError('TOTP_INVALID');
      }
      const session = await this.sessions.create(m, staff.id, ip, device.hash);
      await this.audit.record(m, actor, { action: 'auth.login', targetType: 'staff', targetId: staff.id, after: { second_factor: step !== null } });
      return session.token;
    });
    await this.throttle.success('staff', input.username, ip);
    return { token, device_token: device.token, staff: { id: staff.id, username: staff.username, role: staff.role } };
  }

  /**
   * A failed console sign-in in the audit log (by no one signed in: the actor is `system`), with the name tried, the
   * address and why; the answer to the caller stays the same for every reason. Attempts the throttle refuses are not
   * recorded (they reach no password check), which bounds the rows a guesser can add.
   */
  private async recordFailure(username: string, staffId: number | null, ip: string, reason: string): Promise<void> {
    await this.tx.write((m) =>
      this.audit.record(m, null, {
        action: 'auth.login_failed',
        targetType: 'staff',
        targetId: staffId,
        after: { username: username.slice(0, 64), ip },
        reason,
      }),
    );
  }

  me(sc: StaffContext): MeAnswer {
    const role: Role = sc.staff.role;
    return { id: sc.staff.id, username: sc.staff.username, role, totp_enabled: sc.staff.totp_enabled, permissions: permissionsOf(role) };
  }

  async logout(sc: StaffContext, actor: StaffActor): Promise<{ id: number }> {
    await this.tx.write(async (m) => {
      await this.sessions.revoke(m, sc.sessionId);
      await this.audit.record(m, actor, { action: 'auth.logout', targetType: 'staff', targetId: sc.staff.id });
    });
    return { id: sc.staff.id };
  }

  /** Starts (or restarts) enrolment: a new pending secret, shown once. Refused while TOTP is on. */
  async totpSetup(sc: StaffContext, actor: StaffActor): Promise<{ secret: string; otpauth_url: string }> {
    const secret = newTotpSecret();
    await this.tx.write(async (m) => {
      const r = await m
        .createQueryBuilder()
        .update(StaffEntity)
        .set({ totp_secret: secret, totp_last_step: null, updated_at: this.clock.now() })
        .where('id = :id AND totp_enabled = :off', { id: sc.staff.id, off: false })
        .execute();
      if (r.affected !== 1) throw new ApiError('CONFLICT', { reason: 'totp already enabled' });
      await this.audit.record(m, actor, {
        action: 'auth.totp_setup',
        targetType: 'staff',
        targetId: sc.staff.id,
        before: { totp_enabled: false },
        after: { totp_enabled: false, totp_pending: true },
      });
    });
    return { secret, otpauth_url: otpauthUrl(TOTP_ISSUER, sc.staff.username, secret) };
  }

  /** Turns TOTP on once a code from the pending secret checks out. */
  async totpEnable(sc: StaffContext, actor: StaffActor, otp: string): Promise<MeAnswer> {
    const now = this.clock.now();
    await this.tx.write(async (m) => {
      const staff = await m.findOne(StaffEntity, { where: { id: sc.staff.id } });
      if (!staff || staff.totp_enabled) throw new ApiError('CONFLICT', { reason: 'totp already enabled' });
      if (!staff.totp_secret) throw new ApiError('CONFLICT', { reason: 'call totp/setup first' });
      const step = verifyTotp(staff.totp_secret, otp, now, staff.totp_last_step);
      if (step === null) throw new ApiError('VALIDATION_FAILED', { field: 'otp', reason: 'incorrect code' }, { otp: 'incorrect code' });
      await m.update(StaffEntity, { id: staff.id }, { totp_enabled: true, totp_last_step: step, updated_at: now });
      // Sessions opened with the password alone (perhaps by whoever else knew it) end: only this one stays.
      const revoked = await this.sessions.revokeAllOf(m, staff.id, sc.sessionId);
      await this.audit.record(m, actor, {
        action: 'auth.totp_enable',
        targetType: 'staff',
        targetId: staff.id,
        before: { totp_enabled: false },
        after: { totp_enabled: true, other_sessions_ended: revoked },
      });
    });
    sc.staff.totp_enabled = true;
    return this.me(sc);
  }
}
