import { Injectable } from '@nestjs/common';
import { TxRunner, UserEntity } from '@sum28/database';
import { ACCOUNT_STATUS, GROUP, inviterIdFromCode, usernameKey, validatePassword, validateUsername } from '@sum28/domain';
import { DataSource } from 'typeorm';
import { ApiError, unwrap } from '../common/api-error';
import { assertNotCommonPassword } from '../common/common-passwords';
import { Clock } from '../common/clock';
import { isUniqueViolation } from '@sum28/database';
import { CaptchaService } from './captcha.service';
import type { LoginDto, RegisterDto } from './dto/auth.dto';
import { PasswordHasher } from './password-hasher';
import { SessionService } from './session.service';
import { SignInThrottleService } from './sign-in-throttle.service';
import { lookupText } from '../common/db/pg-text';
import { deviceHashOf, deviceOf } from './tokens';

/** A new session: the player, its token, and the device token the client keeps for its next sign-ins. */
export interface SignedIn {
  user: UserEntity;
  token: string;
  deviceToken: string;
}

/** Sign-up and sign-in of players. */
@Injectable()
export class AccountService {
  constructor(
    private readonly ds: DataSource,
    private readonly tx: TxRunner,
    private readonly clock: Clock,
    private readonly hasher: PasswordHasher,
    private readonly captcha: CaptchaService,
    private readonly sessions: SessionService,
    private readonly throttle: SignInThrottleService,
  ) {}

  async register(dto: RegisterDto, ip: string): Promise<SignedIn> {
    if (dto.adult !== true) throw new ApiError('AGE_CONSENT_REQUIRED');
    const username = unwrap(validateUsername(dto.username));
    unwrap(validatePassword(dto.password));
    assertNotCommonPassword(dto.password);
    const groupId = dto.group_id ?? GROUP.NORMAL;
    if (groupId !== GROUP.NORMAL && groupId !== GROUP.VISITOR) throw new ApiError('GROUP_NOT_ALLOWED');
    const inviterId = dto.inviter_id ?? (dto.invite_code !== undefined ? unwrap(inviterIdFromCode(dto.invite_code)) : undefined);
    if (inviterId === undefined) throw new ApiError('INVITE_CODE_INVALID');
    await this.captcha.verify(dto.captcha_id, dto.captcha, dto.pow);
    const inviter = await this.ds.getRepository(UserEntity).findOne({ where: { id: inviterId }, select: { id: true, group_id: true, status: true } });
    if (!inviter || inviter.group_id === GROUP.VISITOR) throw new ApiError('INVITE_CODE_INVALID');
    // Unique case-insensitively (`Abc` is `ABC`): told before the costly hash; the UNIQUE index on
    // lower(username) settles a race (isUniqueViolation below).
    if (
      (await this.ds
        .getRepository(UserEntity)
        .createQueryBuilder('u')
        .where('lower(u.username) = :key', { key: usernameKey(username) })
        .getCount()) > 0
    ) {
      throw new ApiError('USERNAME_TAKEN');
    }
    const passwordHash = await this.hasher.hash(dto.password);
    const now = this.clock.now();
    let userId: number;
    try {
      userId = await this.tx.write(async (m) => {
        const res = await m.insert(UserEntity, {
          username,
          nickname: username,
          mobile: '',
          password_hash: passwordHash,
          security_code_hash: null,
          group_id: groupId,
          inviter_id: inviterId,
          status: ACCOUNT_STATUS.ACTIVE,
          money_minor: 0,
          lock_money_minor: 0,
          adult_consent_at: now,
          created_at: now,
          updated_at: now,
        });
        return Number(res.identifiers[0]?.id);
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new ApiError('USERNAME_TAKEN');
      throw e;
    }
    const device = deviceOf(dto.device_token);
    const token = await this.sessions.create(userId, ip, device.hash);
    const user = await this.ds.getRepository(UserEntity).findOneOrFail({ where: { id: userId } });
    return { user, token, deviceToken: device.token };
  }

  /**
   * One path for every attempt, whether the username exists or not: captcha and proof of work, the
   * throttle (pair, IP, username; see the domain's sign-in-throttle), one argon2 verify (against a dummy
   * hash for unknown usernames), and the same LOGIN_FAILED for an unknown user and a wrong password.
   */
  async login(input: LoginDto, ip: string): Promise<SignedIn> {
    const dto = { ...input, account: lookupText(input.account) };
    await this.captcha.verify(dto.captcha_id, dto.captcha, dto.pow);
    const user = await this.ds.getRepository(UserEntity).findOne({ where: { username: dto.account } });
    const knownPlace = await this.sessions.hasSignedInFrom(user?.id, ip, deviceHashOf(dto.device_token));
    await this.throttle.check('player', dto.account, ip, knownPlace);
    const ok = await this.hasher.verify(user?.password_hash, dto.password);
    if (!user || !ok) {
      await this.throttle.failure('player', dto.account, ip);
      throw new ApiError('LOGIN_FAILED');
    }
    await this.throttle.success('player', dto.account, ip);
    const device = deviceOf(dto.device_token);
    const token = await this.sessions.create(user.id, ip, device.hash);
    return { user, token, deviceToken: device.token };
  }
}
