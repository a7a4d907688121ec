import { Injectable } from '@nestjs/common';
import { CapitalLogEntity, TxRunner, UserEntity, UserSessionEntity } from '@sum28/database';
import { ACCOUNT_STATUS, AUDIT_STATUS, CAPITAL_TYPE, minorToMajor, resetHoldUntil, validateMobile, validateNickname, validatePassword } from '@sum28/domain';
import { DataSource, type EntityManager, In } from 'typeorm';
import { AuditService } from '../../audit/audit.service';
import type { StaffActor } from '../../audit/audit.types';
import { PasswordHasher } from '../../auth/password-hasher';
import { SessionRevocations } from '../../auth/session-revocations';
import { ApiError, unwrap } from '../../common/api-error';
import { Clock } from '../../common/clock';
import { ApprovalsService } from '../../wallet/approvals.service';
import { randomPassword } from '../auth/staff-auth.service';
import { type ListReader, ListService } from '../list/list.service';
import { amountField } from '../common/money';
import { USER_CSV_COLUMNS, USERS_LIST, userAdminView, type UserAdminView } from './user-admin-view';
import type { FreezeDto, GiftDto, ResetPasswordDto, UpdateUserDto } from './users.dto';

export interface ResetPasswordAnswer {
  id: number;
  username: string;
  /** shown once: the player signs in with it and must then choose a new password */
  temporary_password: string;
  sessions_revoked: number;
}

/** Players in the console: read (support and up), edit and freeze (operator), reset passwords (support), gifts (finance). */
@Injectable()
export class UsersAdminService {
  /** The players' list, export and show (UsersController's read routes). */
  readonly reads: ListReader<UserAdminView>;

  constructor(
    private readonly ds: DataSource,
    private readonly tx: TxRunner,
    private readonly clock: Clock,
    private readonly lists: ListService,
    private readonly audit: AuditService,
    private readonly hasher: PasswordHasher,
    private readonly approvals: ApprovalsService,
    private readonly revocations: SessionRevocations,
  ) {
    this.reads = lists.reader(UserEntity, USERS_LIST, (rows) => this.views(rows), USER_CSV_COLUMNS);
  }

  private async views(rows: UserEntity[]): Promise<UserAdminView[]> {
    const inviterIds = [...new Set(rows.map((u) => u.inviter_id).filter((id): id is number => id !== null))];
    const inviters = inviterIds.length
      ? await this.ds.getRepository(UserEntity).find({ where: { id: In(inviterIds) }, select: { id: true, username: true } })
      : [];
    const names = new Map(inviters.map((u) => [u.id, u.username]));
    return rows.map((u) => userAdminView(u, u.inviter_id === null ? null : (names.get(u.inviter_id) ?? null)));
  }

  private async lockUser(m: EntityManager, id: number): Promise<UserEntity> {
    await this.tx.lockRow(m, 'users', id);
    const u = await m.findOne(UserEntity, { where: { id } });
    if (!u) throw new ApiError('NOT_FOUND');
    return u;
  }

  async update(actor: StaffActor, id: number, dto: UpdateUserDto): Promise<UserAdminView> {
    if (dto.id !== undefined && dto.id !== id)
      throw new ApiError('VALIDATION_FAILED', { field: 'id', reason: 'differs from the path' }, { id: 'differs from the path' });
    const patch: Partial<UserEntity> = {};
    // The player's own profile rules (libs/domain); the console keeps the mobile as typed (spaces, dashes).
    if (dto.nickname !== undefined) patch.nickname = unwrap(validateNickname(dto.nickname));
    if (dto.mobile !== undefined) {
      unwrap(validateMobile(dto.mobile));
      patch.mobile = dto.mobile.trim();
    }
    if (dto.group_id !== undefined) patch.group_id = dto.group_id;
    await this.tx.write(async (m) => {
      const before = await this.lockUser(m, id);
      if (Object.keys(patch).length === 0) return;
      await m.update(UserEntity, { id }, { ...patch, updated_at: this.clock.now() });
      const after = await m.findOneByOrFail(UserEntity, { id });
      await this.audit.record(m, actor, {
        action: 'user.update',
        targetType: 'user',
        targetId: id,
        before: userAdminView(before),
        after: userAdminView(after),
      });
    });
    return this.reads.get(id);
  }

  /**
   * A one-time temporary password (random, shown once): the player must change it at the next sign-in
   * (the player guard refuses everything but userInfo, newPass and logout), and every session ends now.
   * Whoever reads the temporary password is not thereby the player (docs/reliability.md, "Staff password
   * reset and account takeover"): a player with a security code must give it with that first change; a
   * player without one gets `reset_hold_until` (24 h) during which bets, withdrawals, payout-account and
   * security-code changes are refused with the reason and the time.
   */
  async resetPassword(actor: StaffActor, id: number, dto: ResetPasswordDto): Promise<ResetPasswordAnswer> {
    let temporary = randomPassword(12);
    while (!validatePassword(temporary).ok) temporary = randomPassword(12);
    const hash = await this.hasher.hash(temporary);
    const now = this.clock.now();
    const answer = await this.tx.write(async (m) => {
      const before = await this.lockUser(m, id);
      const holdUntil = resetHoldUntil(before.security_code_hash !== null, now);
      await m.update(
        UserEntity,
        { id },
        { password_hash: hash, must_change_password: true, login_failures: 0, locked_until: null, reset_hold_until: holdUntil, updated_at: now },
      );
      // Same statement as SessionService.revokeAllOf, here inside this transaction so the reset and the sign-out are one change.
      const revoked = await m
        .createQueryBuilder()
        .update(UserSessionEntity)
        .set({ revoked_at: now })
        .where('user_id = :id AND revoked_at IS NULL', { id })
        .execute();
      const after = await m.findOneByOrFail(UserEntity, { id });
      const sessionsRevoked = revoked.affected ?? 0;
      await this.audit.record(m, actor, {
        action: 'user.reset_password',
        targetType: 'user',
        targetId: id,
        before: { must_change_password: before.must_change_password, locked_until: before.locked_until, reset_hold_until: before.reset_hold_until },
        after: {
          must_change_password: after.must_change_password,
          locked_until: after.locked_until,
          reset_hold_until: after.reset_hold_until,
          sessions_revoked: sessionsRevoked,
        },
        reason: dto.reason,
      });
      return { id, username: after.username, temporary_password: temporary, sessions_revoked: sessionsRevoked };
    });
    await this.revocations.revoked(id);
    return answer;
  }

  /** Freezes (cannot bet or withdraw, can still sign in and look) or unfreezes a player, with a reason. */
  async setFrozen(actor: StaffActor, id: number, frozen: boolean, dto: FreezeDto): Promise<UserAdminView> {
    await this.tx.write(async (m) => {
      const before = await this.lockUser(m, id);
      if ((before.status === ACCOUNT_STATUS.FROZEN) === frozen) throw new ApiError('CONFLICT', { reason: frozen ? 'already frozen' : 'not frozen' });
      await m.update(
        UserEntity,
        { id },
        {
          status: frozen ? ACCOUNT_STATUS.FROZEN : ACCOUNT_STATUS.ACTIVE,
          frozen_reason: frozen ? dto.reason.slice(0, 255) : null,
          updated_at: this.clock.now(),
        },
      );
      const after = await m.findOneByOrFail(UserEntity, { id });
      await this.audit.record(m, actor, {
        action: frozen ? 'user.freeze' : 'user.unfreeze',
        targetType: 'user',
        targetId: id,
        before: { status: before.status, frozen_reason: before.frozen_reason },
        after: { status: after.status, frozen_reason: after.frozen_reason },
        reason: dto.reason,
      });
    });
    return this.reads.get(id);
  }

  /**
   * A gift request through the wallet's ApprovalsService (capital log type 4, pending until a different
   * finance or superadmin member approves it at /capital-logs/:id/approve); the audit row is written
   * inside its transaction. Answers the player (balances unchanged) and the request.
   */
  async gift(actor: StaffActor, id: number, dto: GiftDto): Promise<GiftAnswer> {
    const amount = amountField('amount', dto.amount);
    await this.reads.get(id);
    const state = async (m: EntityManager): Promise<GiftState | null> => {
      const u = await m.findOne(UserEntity, { where: { id }, select: { id: true, money_minor: true, lock_money_minor: true } });
      if (!u) return null;
      const gifts = await m.countBy(CapitalLogEntity, { user_id: id, type: CAPITAL_TYPE.GIFT });
      return { money_minor: u.money_minor, lock_money_minor: u.lock_money_minor, gift_requests: gifts };
    };
    const out = await this.audit.capture(
      {
        actor,
        entry: { action: 'user.gift', targetType: 'user', targetId: id, reason: dto.reason },
        before: async (m) => {
          await this.tx.lockRow(m, 'users', id);
          return state(m);
        },
        after: async (m) => ({ amount_minor: amount, status: AUDIT_STATUS.PENDING, ...(await state(m)) }),
        // an idempotent replay (same key) requests nothing and gets no second row
        unchanged: (b, a) => (b as GiftState | null)?.gift_requests === (a as GiftState | null)?.gift_requests,
      },
      () => this.approvals.gift(id, amount, actor, dto.reason, dto.idempotency_key),
    );
    return { ...(await this.reads.get(id)), gift: { capital_log_id: out.capitalLogId, status: out.status, amount: minorToMajor(amount) } };
  }
}

interface GiftState {
  money_minor: number;
  lock_money_minor: number;
  gift_requests: number;
}

/** The answer of POST /users/:id/gift: the player, and the gift request waiting for a second staff member. */
export type GiftAnswer = UserAdminView & { gift: { capital_log_id: number; status: number; amount: number } };
