import { Injectable } from '@nestjs/common';
import type { GetMyTeamResponse } from '@sum28/contracts';
import { TxRunner, UserEntity } from '@sum28/database';
import {
  GROUP,
  TEAM_PAGE_SIZE,
  isDefaultAvatar,
  isSecurityCode,
  maskAccount,
  minorToMajor,
  validateMobile,
  validateNickname,
  validatePassword,
  type GroupId,
} from '@sum28/domain';
import { DataSource } from 'typeorm';
import { PasswordHasher } from '../auth/password-hasher';
import { SessionService } from '../auth/session.service';
import { SignInThrottleService } from '../auth/sign-in-throttle.service';
import { PlayerViewService, type PlayerView } from '../auth/player-view.service';
import { ApiError, unwrap } from '../common/api-error';
import { assertNotCommonPassword } from '../common/common-passwords';
import { Clock } from '../common/clock';
import { SecurityCodeService } from '../wallet/security-code.service';
import type { GetMyTeamDto, NewPassDto, ProfileDto } from './dto/accounts.dto';

export type ProfileView = PlayerView;

/** The signed-in player's own account: password change, profile, and (agents) their team. */
@Injectable()
export class AccountsService {
  constructor(
    private readonly ds: DataSource,
    private readonly tx: TxRunner,
    private readonly clock: Clock,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
    private readonly views: PlayerViewService,
    private readonly securityCodes: SecurityCodeService,
    private readonly throttle: SignInThrottleService,
  ) {}

  /**
   * user/newPass. Cheap checks first, without hashing: confirmation, new password rules, new differs from old, (after a
   * staff reset of a player with a security code) the code present and not locked. Then the old password, bounded like
   * a sign-in: the account's sign-in throttle for this IP (a wrong old password counts as a wrong sign-in, so guesses
   * through a stolen session get no more tries than through the sign-in form), one of the player's argon2 checks of the
   * minute (`security_code_checks_per_minute`, whatever the outcome), then argon2. Then the code (its own limit and
   * lock), and the new password is not the security code. Clears must_change_password (after a reset by customer
   * service) and ends every other session of the player; this one stays signed in.
   *
   * The security code is what tells the player from whoever else read the temporary password (the
   * staff member who reset it): without it the restricted session can do nothing but this call, userInfo
   * and logout (docs/reliability.md, "Staff password reset and account takeover").
   */
  async changePassword(userId: number, sessionId: number, dto: NewPassDto, ip: string): Promise<void> {
    if (dto.confirm_pass !== undefined && dto.confirm_pass !== dto.new_pass) throw new ApiError('PASSWORD_MISMATCH');
    unwrap(validatePassword(dto.new_pass));
    if (dto.new_pass === dto.after_pass) throw new ApiError('PASSWORD_SAME_AS_OLD');
    assertNotCommonPassword(dto.new_pass);
    const user = await this.ds.getRepository(UserEntity).findOneByOrFail({ id: userId });
    const codeNeeded = user.must_change_password && user.security_code_hash !== null;
    if (codeNeeded) {
      if (dto.securityCode === undefined || dto.securityCode === '') throw new ApiError('SECURITY_CODE_REQUIRED');
      const at = this.clock.now();
      if (this.securityCodes.isLocked(user, at)) throw this.securityCodes.lockedError(user, at);
    }
    await this.throttle.check('player', user.username, ip, true).catch((e: unknown) => {
      throw e instanceof ApiError && e.key === 'SIGN_IN_THROTTLED' ? new ApiError('PASSWORD_CHECKS_THROTTLED', e.params) : e;
    });
    await this.securityCodes.takeCheck(userId, 'PASSWORD_CHECKS_THROTTLED');
    if (!(await this.hasher.verify(user.password_hash, dto.after_pass))) {
      await this.throttle.failure('player', user.username, ip);
      throw new ApiError('OLD_PASSWORD_WRONG');
    }
    if (codeNeeded && !(await this.securityCodes.verify(user, dto.securityCode))) throw await this.securityCodes.recordFailure(userId);
    // The security code must differ from the login password (spec section 5), whichever changes.
    if (user.security_code_hash !== null && isSecurityCode(dto.new_pass) && (await this.hasher.verify(user.security_code_hash, dto.new_pass))) {
      throw new ApiError('SECURITY_CODE_SAME_AS_PASSWORD');
    }
    const hash = await this.hasher.hash(dto.new_pass);
    const now = this.clock.now();
    await this.tx.write(async (m) => {
      await this.tx.lockRow(m, 'users', userId);
      if (codeNeeded) {
        // A right code still being checked when concurrent guesses reached the limit is refused.
        const fresh = await m.findOneByOrFail(UserEntity, { id: userId });
        if (this.securityCodes.isLocked(fresh, now)) throw this.securityCodes.lockedError(fresh, now);
        if (fresh.security_code_hash !== user.security_code_hash) throw new ApiError('CONFLICT');
        if (fresh.security_code_failures > 0) await this.securityCodes.resetIn(m, userId);
      }
      const res = await m
        .createQueryBuilder()
        .update(UserEntity)
        .set({ password_hash: hash, must_change_password: false, login_failures: 0, locked_until: null, updated_at: now })
        .where('id = :id AND password_hash = :old', { id: userId, old: user.password_hash })
        .execute();
      // Changed meanwhile by another request: the old password checked above is no longer the password.
      if (res.affected !== 1) throw new ApiError('CONFLICT');
    });
    await this.throttle.success('player', user.username, ip);
    await this.sessions.revokeAllOf(userId, sessionId);
  }

  /** user/profile: nickname and mobile; the username is read-only (sending another one is refused). */
  async updateProfile(userId: number, dto: ProfileDto, lang: string): Promise<ProfileView> {
    const user = await this.ds.getRepository(UserEntity).findOneByOrFail({ id: userId });
    if (dto.username !== undefined && dto.username !== user.username) throw new ApiError('VALIDATION_FAILED', { field: 'username', reason: 'readOnly' });
    const changes: Partial<Pick<UserEntity, 'nickname' | 'mobile' | 'avatar'>> = {};
    if (dto.avatar !== undefined) {
      if (!isDefaultAvatar(dto.avatar)) throw new ApiError('VALIDATION_FAILED', { field: 'avatar', reason: 'invalid' });
      changes.avatar = dto.avatar;
    }
    if (dto.nickname !== undefined) {
      changes.nickname = unwrap(validateNickname(dto.nickname));
    }
    if (dto.mobile !== undefined) {
      changes.mobile = unwrap(validateMobile(dto.mobile));
    }
    if (Object.keys(changes).length > 0) {
      const now = this.clock.now();
      await this.tx.write(async (m) => {
        await this.tx.lockRow(m, 'users', userId);
        await m.update(UserEntity, { id: userId }, { ...changes, updated_at: now });
      });
    }
    const fresh = await this.ds.getRepository(UserEntity).findOneByOrFail({ id: userId });
    return this.views.of(fresh, lang);
  }

  /** user/getMyTeam: agents only; members are the users the agent invited, newest first. */
  async team(user: UserEntity, dto: GetMyTeamDto): Promise<GetMyTeamResponse> {
    if (user.group_id !== GROUP.AGENT) throw new ApiError('AGENT_ONLY');
    const size = Math.min(dto.pageSize ?? TEAM_PAGE_SIZE, TEAM_PAGE_SIZE);
    const page = dto.page ?? 1;
    const [rows, total] = await this.ds.getRepository(UserEntity).findAndCount({
      where: { inviter_id: user.id },
      select: { id: true, username: true, nickname: true, mobile: true, group_id: true, money_minor: true },
      order: { id: 'DESC' },
      skip: (page - 1) * size,
      take: size,
    });
    return {
      data: rows.map((r) => ({
        id: r.id,
        username: r.username,
        nickname: r.nickname,
        type: r.group_id as GroupId,
        money: minorToMajor(r.money_minor),
        name: r.nickname !== '' ? r.nickname : r.username,
        phone: r.mobile !== '' ? maskAccount(r.mobile) : '',
      })),
      total,
    };
  }
}
