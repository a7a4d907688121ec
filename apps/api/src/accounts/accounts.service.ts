import { Inject, Injectable } from '@nestjs/common';
import type { GetMyTeamResponse } from '@sum28/contracts';
import { TxRunner, UserEntity } from '@sum28/database';
import { GROUP, TEAM_PAGE_SIZE, isSecurityCode, minorToMajor, turnoverProgress, validateNickname, validatePassword, type GroupId } from '@sum28/domain';
import { DataSource } from 'typeorm';
import { PasswordHasher } from '../auth/password-hasher';
import { SessionService } from '../auth/session.service';
import { userInfoView } from '../auth/user-view';
import { ApiError, unwrap } from '../common/api-error';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../common/config/app-config';
import { SettingsService } from '../settings/settings.service';
import { todayStakes } from '../wallet/turnover';
import type { GetMyTeamDto, NewPassDto, ProfileDto } from './dto/accounts.dto';

export type ProfileView = ReturnType<typeof userInfoView> & { water_limit: number };

const MOBILE = /^\+?[0-9]{6,20}$/;

/** The signed-in player's own account: password change, profile, and (agents) their team. */
@Injectable()
export class AccountsService {
  constructor(
    private readonly ds: DataSource,
    private readonly tx: TxRunner,
    private readonly clock: Clock,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
    private readonly settings: SettingsService,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  /**
   * user/newPass. Order: confirmation, new password rules, old password correct, new differs from old,
   * new is not the security code. Clears must_change_password (after a reset by customer service) and
   * ends every other session of the player; this one stays signed in.
   */
  async changePassword(userId: number, sessionId: number, dto: NewPassDto): Promise<void> {
    if (dto.confirm_pass !== undefined && dto.confirm_pass !== dto.new_pass) throw new ApiError('PASSWORD_MISMATCH');
    unwrap(validatePassword(dto.new_pass));
    const user = await this.ds.getRepository(UserEntity).findOneByOrFail({ id: userId });
    if (!(await this.hasher.verify(user.password_hash, dto.after_pass))) throw new ApiError('OLD_PASSWORD_WRONG');
    if (dto.new_pass === dto.after_pass) throw new ApiError('PASSWORD_SAME_AS_OLD');
    // The security code must differ from the login password (spec section 5), whichever changes.
    if (user.security_code_hash !== null && isSecurityCode(dto.new_pass) && (await this.hasher.verify(user.security_code_hash, dto.new_pass))) {
      throw new ApiError('SECURITY_CODE_SAME_AS_PASSWORD');
    }
    const hash = await this.hasher.hash(dto.new_pass);
    const now = this.clock.now();
    await this.tx.write(async (m) => {
      await this.tx.lockRow(m, 'users', userId);
      const res = await m
        .createQueryBuilder()
        .update(UserEntity)
        .set({ password_hash: hash, must_change_password: false, login_failures: 0, locked_until: null, updated_at: now })
        .where('id = :id AND password_hash = :old', { id: userId, old: user.password_hash })
        .execute();
      // Changed meanwhile by another request: the old password checked above is no longer the password.
      if (res.affected !== 1) throw new ApiError('CONFLICT');
    });
    await this.sessions.revokeAllOf(userId, sessionId);
  }

  /** user/profile: nickname and mobile; the username is read-only (sending another one is refused). */
  async updateProfile(userId: number, dto: ProfileDto): Promise<ProfileView> {
    const user = await this.ds.getRepository(UserEntity).findOneByOrFail({ id: userId });
    if (dto.username !== undefined && dto.username !== user.username) throw new ApiError('VALIDATION_FAILED', { field: 'username', reason: 'readOnly' });
    const changes: Partial<Pick<UserEntity, 'nickname' | 'mobile'>> = {};
    if (dto.nickname !== undefined) {
      changes.nickname = unwrap(validateNickname(dto.nickname));
    }
    if (dto.mobile !== undefined) {
      const mobile = dto.mobile.trim().replace(/[\s-]/g, '');
      if (mobile !== '' && !MOBILE.test(mobile)) throw new ApiError('MOBILE_INVALID');
      changes.mobile = mobile;
    }
    if (Object.keys(changes).length > 0) {
      const now = this.clock.now();
      await this.tx.write(async (m) => {
        await this.tx.lockRow(m, 'users', userId);
        await m.update(UserEntity, { id: userId }, { ...changes, updated_at: now });
      });
    }
    const fresh = await this.ds.getRepository(UserEntity).findOneByOrFail({ id: userId });
    const now = this.clock.now();
    const [stakes, bps] = await Promise.all([todayStakes(this.ds.manager, userId, now, this.cfg.schedule.tz), this.settings.get('turnover_multiplier_bps')]);
    const progress = turnoverProgress({ todayStakes: stakes, balance: fresh.money_minor, multiplierBps: bps });
    return { ...userInfoView(fresh), water_limit: minorToMajor(progress.remaining) };
  }

  /** user/getMyTeam: agents only; members are the users the agent invited, newest first. */
  async team(user: UserEntity, dto: GetMyTeamDto): Promise<GetMyTeamResponse> {
    if (user.group_id !== GROUP.AGENT) throw new ApiError('AGENT_ONLY');
    const size = Math.min(dto.pageSize ?? TEAM_PAGE_SIZE, TEAM_PAGE_SIZE);
    const page = dto.page ?? 1;
    const [rows, total] = await this.ds.getRepository(UserEntity).findAndCount({
      where: { inviter_id: user.id },
      select: { id: true, username: true, nickname: true, group_id: true, money_minor: true },
      order: { id: 'DESC' },
      skip: (page - 1) * size,
      take: size,
    });
    return {
      data: rows.map((r) => ({ id: r.id, username: r.username, nickname: r.nickname, type: r.group_id as GroupId, money: minorToMajor(r.money_minor) })),
      total,
    };
  }
}
