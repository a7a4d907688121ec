import { Inject, Injectable } from '@nestjs/common';
import { CapitalLogEntity, StaffEntity, TxRunner, UserEntity, UserSessionEntity } from '@sum28/database';
import {
  ACCOUNT_STATUS,
  AUDIT_STATUS,
  CAPITAL_TYPE,
  isResetRequestLive,
  minorToMajor,
  RESET_REQUEST_TTL_MS,
  resetHoldUntil,
  resetNeedsSecondStaff,
  validateMobile,
  validateNickname,
  validatePassword,
} from '@sum28/domain';
import { DataSource, type EntityManager, In } from 'typeorm';
import { AuditService } from '../../audit/audit.service';
import type { StaffActor } from '../../audit/audit.types';
import { PasswordHasher } from '../../auth/password-hasher';
import { SessionRevocations } from '../../auth/session-revocations';
import { ApiError, unwrap } from '../../common/api-error';
import { Clock } from '../../common/clock';
import { APP_CONFIG, type AppConfig } from '../../common/config/app-config';
import { ApprovalsService, assertApproverIndependent } from '../../wallet/approvals.service';
import { randomPassword } from '../auth/staff-auth.service';
import { type ListReader, ListService } from '../list/list.service';
import { amountField } from '../common/money';
import { type ResetRequestView, USER_CSV_COLUMNS, USERS_LIST, userAdminView, type UserAdminView } from './user-admin-view';
import type { FreezeDto, GiftDto, ResetPasswordDto, UpdateUserDto } from './users.dto';

export interface ResetPasswordAnswer {
  id: number;
  username: string;
  /** shown once: the player signs in with it and must then choose a new password */
  temporary_password: string;
  sessions_revoked: number;
}

/** A reset waiting for a second staff member (the player has no security code): nothing changed yet. */
export interface ResetRequestAnswer {
  id: number;
  username: string;
  pending: ResetRequestView;
}

/** The player's pending reset request (who asked, when), or null when there is none or it lapsed. */
function liveResetRequest(u: Pick<UserEntity, 'reset_requested_by' | 'reset_requested_at'>, now: number): { by: number; at: number } | null {
  return u.reset_requested_by !== null && u.reset_requested_at !== null && isResetRequestLive(u.reset_requested_at, now)
    ? { by: u.reset_requested_by, at: u.reset_requested_at }
    : null;
}

function resetRequestView(r: { by: number; at: number }, byUsername: string): ResetRequestView {
  return { requested_by: r.by, requested_by_username: byUsername, requested_at: r.at, expires_at: r.at + RESET_REQUEST_TTL_MS };
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
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {
    this.reads = lists.reader(UserEntity, USERS_LIST, (rows) => this.views(rows), USER_CSV_COLUMNS);
  }

  private async views(rows: UserEntity[]): Promise<UserAdminView[]> {
    const inviterIds = [...new Set(rows.map((u) => u.inviter_id).filter((id): id is number => id !== null))];
    const inviters = inviterIds.length
      ? await this.ds.getRepository(UserEntity).find({ where: { id: In(inviterIds) }, select: { id: true, username: true } })
      : [];
    const names = new Map(inviters.map((u) => [u.id, u.username]));
    const now = this.clock.now();
    const requesterIds = [...new Set(rows.map((u) => liveResetRequest(u, now)?.by).filter((id): id is number => id !== undefined))];
    const requesters = requesterIds.length
      ? await this.ds.getRepository(StaffEntity).find({ where: { id: In(requesterIds) }, select: { id: true, username: true } })
      : [];
    const staffNames = new Map(requesters.map((st) => [st.id, st.username]));
    return rows.map((u) => {
      const live = liveResetRequest(u, now);
      return userAdminView(u, u.inviter_id === null ? null : (names.get(u.inviter_id) ?? null), live && resetRequestView(live, staffNames.get(live.by) ?? ''));
    });
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
   * A staff password reset (docs/reliability.md, "Staff password reset and account takeover"). A player with a
   * security code gets a one-time temporary password at once: whoever reads it is not thereby the player, who must
   * give the code with the first change. A player without one gets a request (202, nothing changed) that a second,
   * independent staff member approves (`approveReset`), who alone is shown the temporary password: no one member
   * both starts a reset and holds the password. The reset itself (`applyReset`) forces a password change at the
   * next sign-in (the player guard allows only userInfo, newPass and logout), ends every session, and starts the
   * 24-hour hold on bets, withdrawals and payout and code changes for a player without a code.
   */
  async resetPassword(actor: StaffActor, id: number, dto: ResetPasswordDto): Promise<ResetPasswordAnswer | ResetRequestAnswer> {
    const plain = await this.ds.getRepository(UserEntity).findOne({ where: { id }, select: { id: true, security_code_hash: true } });
    if (!plain) throw new ApiError('NOT_FOUND');
    const immediate = !resetNeedsSecondStaff(plain.security_code_hash !== null);
    const temp = immediate ? await this.temporaryPassword() : null;
    const now = this.clock.now();
    const answer = await this.tx.write(async (m) => {
      const before = await this.lockUser(m, id);
      if (temp !== null && !resetNeedsSecondStaff(before.security_code_hash !== null)) {
        return this.applyReset(m, actor, before, temp, dto.reason, null);
      }
      const asked = liveResetRequest(before, now);
      // Asked already (by this member or another): the same request, unchanged; the other member approves it.
      if (asked !== null) return this.requestAnswer(m, before, asked);
      await m.update(UserEntity, { id }, { reset_requested_by: actor.id, reset_requested_at: now });
      await this.audit.record(m, actor, {
        action: 'user.reset_request',
        targetType: 'user',
        targetId: id,
        before: { reset_requested_by: before.reset_requested_by, reset_requested_at: before.reset_requested_at },
        after: { reset_requested_by: actor.id, reset_requested_at: now, expires_at: now + RESET_REQUEST_TTL_MS },
        reason: dto.reason,
      });
      return this.requestAnswer(m, before, { by: actor.id, at: now });
    });
    if ('temporary_password' in answer) await this.revocations.revoked(id);
    return answer;
  }

  /**
   * A second staff member approves a pending reset request: not its requester (MAKER_CHECKER), not an account the
   * requester created or changed in the last 24 hours (APPROVER_SET_UP_BY_PARTY). The reset applies and the
   * temporary password is shown to this approver only. ALREADY_RESOLVED when no request is pending (approved,
   * cancelled or lapsed).
   */
  async approveReset(actor: StaffActor, id: number): Promise<ResetPasswordAnswer> {
    const temp = await this.temporaryPassword();
    const now = this.clock.now();
    const answer = await this.tx.write(async (m) => {
      const before = await this.lockUser(m, id);
      const asked = liveResetRequest(before, now);
      if (asked === null) throw new ApiError('ALREADY_RESOLVED');
      if (asked.by === actor.id) throw new ApiError('MAKER_CHECKER');
      await assertApproverIndependent(m, actor.id, [asked.by], now, this.cfg.schedule.tz);
      return this.applyReset(m, actor, before, temp, undefined, asked.by);
    });
    await this.revocations.revoked(id);
    return answer;
  }

  /** Cancels a pending reset request (its requester or another staff member who may reset), with a reason; nothing else changes. */
  async cancelReset(actor: StaffActor, id: number, dto: ResetPasswordDto): Promise<UserAdminView> {
    const now = this.clock.now();
    await this.tx.write(async (m) => {
      const before = await this.lockUser(m, id);
      if (liveResetRequest(before, now) === null) throw new ApiError('ALREADY_RESOLVED');
      await m.update(UserEntity, { id }, { reset_requested_by: null, reset_requested_at: null });
      await this.audit.record(m, actor, {
        action: 'user.reset_cancel',
        targetType: 'user',
        targetId: id,
        before: { reset_requested_by: before.reset_requested_by, reset_requested_at: before.reset_requested_at },
        after: { reset_requested_by: null, reset_requested_at: null },
        reason: dto.reason,
      });
    });
    return this.reads.get(id);
  }

  private async temporaryPassword(): Promise<{ password: string; hash: string }> {
    let password = randomPassword(12);
    while (!validatePassword(password).ok) password = randomPassword(12);
    return { password, hash: await this.hasher.hash(password) };
  }

  private async requestAnswer(m: EntityManager, user: UserEntity, asked: { by: number; at: number }): Promise<ResetRequestAnswer> {
    const requester = await m.findOne(StaffEntity, { where: { id: asked.by }, select: { id: true, username: true } });
    return { id: user.id, username: user.username, pending: resetRequestView(asked, requester?.username ?? '') };
  }

  /** The reset itself, in the caller's transaction on the locked row `before`; `requestedBy` when a second member approved it. */
  private async applyReset(
    m: EntityManager,
    actor: StaffActor,
    before: UserEntity,
    temp: { password: string; hash: string },
    reason: string | undefined,
    requestedBy: number | null,
  ): Promise<ResetPasswordAnswer> {
    const id = before.id;
    const now = this.clock.now();
    const holdUntil = resetHoldUntil(before.security_code_hash !== null, now);
    await m.update(
      UserEntity,
      { id },
      {
        password_hash: temp.hash,
        must_change_password: true,
        login_failures: 0,
        locked_until: null,
        reset_hold_until: holdUntil,
        reset_requested_by: null,
        reset_requested_at: null,
        updated_at: now,
      },
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
      before: {
        must_change_password: before.must_change_password,
        locked_until: before.locked_until,
        reset_hold_until: before.reset_hold_until,
        reset_requested_by: before.reset_requested_by,
      },
      after: {
        must_change_password: after.must_change_password,
        locked_until: after.locked_until,
        reset_hold_until: after.reset_hold_until,
        sessions_revoked: sessionsRevoked,
        ...(requestedBy !== null ? { requested_by: requestedBy, approved_by: actor.id } : {}),
      },
      ...(reason !== undefined ? { reason } : {}),
    });
    return { id, username: after.username, temporary_password: temp.password, sessions_revoked: sessionsRevoked };
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
