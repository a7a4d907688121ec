import { Inject, Injectable } from '@nestjs/common';
import { AuditLogEntity, CapitalApprovalEntity, CapitalLogEntity, TxRunner, UserEntity, isUniqueViolation } from '@sum28/database';
import {
  APPROVER_COOLING_MS,
  AUDIT_STATUS,
  CAPITAL_TYPE,
  MAX_AMOUNT_MINOR,
  checkBalanceCap,
  checkRequestMax,
  checkStaffDailyLimit,
  decideApproval,
  formatMinor,
  isMinor,
  minor,
  platformDayBounds,
  transitionAudit,
  type ApprovalDecision,
} from '@sum28/domain';
import { In, MoreThan, type EntityManager } from 'typeorm';
import { ApiError, unwrap } from '../common/api-error';
import { aggregateBig, EXACT_SUM } from '../common/db/sql';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../common/config/app-config';
import { IdempotencyService } from '../idempotency/idempotency.service';
import { LEDGER_KIND, capitalKey } from '../ledger/ledger-keys';
import { DuplicatePostingError, LedgerService, type Posting } from '../ledger/ledger.service';
import { pendingPayoutOf } from '../ledger/pending-payouts';
import { wallClockText } from '../auth/reset-hold';
import { isAllowed, isRole } from '../console/roles';
import { SettingsService } from '../settings/settings.service';
import { writeServerMessage, type ServerMessageKey, type ServerMessageParams } from '../common/server-messages';
import { rechargeOrderNo, withdrawOrderNo } from './wallet-views';

/** The staff member acting (from the console session). */
export interface StaffRef {
  id: number;
  role: string;
}

/** Whether a staff role may resolve recharges and withdrawals and make gifts: the console matrix's `capital_logs.resolve`. */
export function isFinanceRole(role: string): boolean {
  return isRole(role) && isAllowed('capital_logs.resolve', role);
}

/** A capital log and its player's balances at one moment, for the console's audit row. */
export interface CapitalLogSnapshot {
  capital_log: {
    id: number;
    user_id: number;
    type: number;
    status: number;
    quantity_minor: number;
    over_minor: number | null;
    requested_by: number | null;
    resolved_by: number | null;
    resolved_at: number | null;
    remark: string;
    approvals: number[];
  } | null;
  balances: { user_id: number; money_minor: number; lock_money_minor: number };
}

export interface ApprovalOutcome {
  /** 'final': resolved now; 'needs_second': first of two approvals recorded, still status 0; 'gift': a gift request created (status 0). */
  decision: ApprovalDecision | 'rejected' | 'gift';
  capitalLogId: number;
  status: number;
  before: CapitalLogSnapshot;
  after: CapitalLogSnapshot;
}

const APPROVE = 'approve';

/**
 * Finance's side of the two-phase money flows, for the console to call (it writes the audit row from
 * the before/after snapshots). Each resolution is ONE transaction: the user row locked first (PostgreSQL;
 * SQLite is serialized by the gate), then the capital log row; the status moves with a conditional
 * UPDATE (... WHERE status = 0) and the posting carries the unique key capital:<id>:resolve, so a
 * request is credited, paid or released exactly once, and of a concurrent approve and reject exactly
 * one wins (the other answers ALREADY_RESOLVED and moves nothing).
 *
 * Maker-checker (domain decideApproval): staff cannot approve what they requested, so nobody alone
 * creates money. A gift is a request (type 4, status 0) that a different finance or superadmin member
 * approves. A withdrawal or recharge needs two different approvers once the player's amount of that
 * type already approved in the platform day plus this one reaches withdraw_ / recharge_two_approver_
 * threshold_minor (<= 0 turns it off): the first approval is recorded in capital_approvals and answers
 * 'needs_second', the second resolves; the same staff member twice is SAME_APPROVER. Every approval
 * counts toward the approver's staff_daily_approval_limit_minor (by amount, per platform day; on by
 * default, the console cannot set 0; a 0 stored before that still reads as off: STAFF_DAILY_LIMIT past it), and a credit (recharge, gift) that would take the player past max_balance
 * is refused (BALANCE_CAP_EXCEEDED; the request stays pending and can be rejected). An account the requester or an
 * earlier approver created or changed in the last 24 hours may not approve (APPROVER_SET_UP_BY_PARTY).
 */
@Injectable()
export class ApprovalsService {
  constructor(
    private readonly tx: TxRunner,
    private readonly clock: Clock,
    private readonly ledger: LedgerService,
    private readonly settings: SettingsService,
    private readonly idempotency: IdempotencyService,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  async approveCapitalLog(id: number, staff: StaffRef, remark = ''): Promise<ApprovalOutcome> {
    assertFinance(staff);
    const note = cleanRemark(remark);
    const settings = await this.settings.all();
    return this.tx.write(async (m) => {
      const log = await this.lockLog(m, id);
      const before = await snapshot(m, log);
      unwrap(transitionAudit(log.status, AUDIT_STATUS.APPROVED));
      if (!APPROVABLE.includes(log.type)) throw new ApiError('AUDIT_ILLEGAL_TRANSITION', { from: log.status, to: 1 });
      const now = this.clock.now();
      const day = platformDayBounds(now, this.cfg.schedule.tz);
      const threshold =
        log.type === CAPITAL_TYPE.WITHDRAW
          ? settings.withdraw_two_approver_threshold_minor
          : log.type === CAPITAL_TYPE.RECHARGE
            ? settings.recharge_two_approver_threshold_minor
            : 0;
      const decision = unwrap(
        decideApproval({
          requesterStaffId: log.requested_by,
          approverStaffId: staff.id,
          priorApproverIds: before.capital_log?.approvals ?? [],
          amount: minor(log.quantity_minor),
          twoApproverThresholdMinor: threshold > 0 ? threshold : null,
          approvedTodayMinor: threshold > 0 ? await approvedToday(m, log.user_id, log.type, day) : 0,
        }),
      );
      // The approver's row is locked too (PostgreSQL), so two approvals by one staff member cannot both pass the limit.
      await this.tx.lockRow(m, 'staff', staff.id);
      await assertApproverIndependent(m, staff.id, [log.requested_by, ...(before.capital_log?.approvals ?? [])], now, this.cfg.schedule.tz);
      unwrap(
        checkStaffDailyLimit({
          approvedTodayMinor: await staffApprovedToday(m, staff.id, day),
          amountMinor: log.quantity_minor,
          limitMinor: settings.staff_daily_approval_limit_minor,
        }),
      );
      if (log.type !== CAPITAL_TYPE.WITHDRAW) await assertWithinCap(m, log.user_id, log.quantity_minor, settings.max_balance_minor, now);
      try {
        await m.insert(CapitalApprovalEntity, { capital_log_id: id, staff_id: staff.id, decision: APPROVE, created_at: now });
      } catch (e) {
        if (isUniqueViolation(e)) throw new ApiError('SAME_APPROVER');
        throw e;
      }
      if (decision === 'needs_second') {
        return { decision, capitalLogId: id, status: log.status, before, after: await snapshot(m, log) };
      }
      const posting: Posting =
        log.type === CAPITAL_TYPE.RECHARGE
          ? resolvePosting(log, LEDGER_KIND.RECHARGE, [
              { account: 'house_cash', amount: -log.quantity_minor },
              { account: 'user_available', userId: log.user_id, amount: log.quantity_minor },
            ])
          : log.type === CAPITAL_TYPE.GIFT
            ? resolvePosting(log, LEDGER_KIND.GIFT, [
                { account: 'house_bonus', amount: -log.quantity_minor },
                { account: 'user_available', userId: log.user_id, amount: log.quantity_minor },
              ])
            : resolvePosting(log, LEDGER_KIND.WITHDRAW_PAY, [
                { account: 'user_frozen', userId: log.user_id, amount: -log.quantity_minor },
                { account: 'house_cash', amount: log.quantity_minor },
              ]);
      const after = await this.resolve(m, log, AUDIT_STATUS.APPROVED, staff, note, posting, now);
      return { decision, capitalLogId: id, status: AUDIT_STATUS.APPROVED, before, after };
    });
  }

  async rejectCapitalLog(id: number, staff: StaffRef, remark = ''): Promise<ApprovalOutcome> {
    assertFinance(staff);
    const note = cleanRemark(remark);
    return this.tx.write(async (m) => {
      const log = await this.lockLog(m, id);
      const before = await snapshot(m, log);
      unwrap(transitionAudit(log.status, AUDIT_STATUS.REJECTED));
      if (!APPROVABLE.includes(log.type)) throw new ApiError('AUDIT_ILLEGAL_TRANSITION', { from: log.status, to: 2 });
      const posting =
        log.type === CAPITAL_TYPE.WITHDRAW
          ? resolvePosting(log, LEDGER_KIND.WITHDRAW_RELEASE, [
              { account: 'user_frozen', userId: log.user_id, amount: -log.quantity_minor },
              { account: 'user_available', userId: log.user_id, amount: log.quantity_minor },
            ])
          : null;
      const after = await this.resolve(m, log, AUDIT_STATUS.REJECTED, staff, note, posting, this.clock.now());
      return { decision: 'rejected', capitalLogId: id, status: AUDIT_STATUS.REJECTED, before, after };
    });
  }

  /**
   * A gift request (capital log type 4, status 0, requested_by = the staff member) with a reason the
   * player sees; nothing moves until a different finance or superadmin member approves it
   * (approveCapitalLog: house_bonus -> user_available). Refused above gift_max_minor and when the credit
   * would already pass max_balance. `idempotencyKey` (optional) makes a console retry safe: the same key
   * answers the first outcome and requests nothing more.
   */
  async gift(userId: number, amountMinor: number, staff: StaffRef, reason: string, idempotencyKey?: string): Promise<ApprovalOutcome> {
    assertFinance(staff);
    if (!isMinor(amountMinor) || amountMinor <= 0) throw new ApiError('AMOUNT_INVALID');
    if (amountMinor > MAX_AMOUNT_MINOR) throw new ApiError('AMOUNT_TOO_LARGE');
    const why = typeof reason === 'string' ? reason.trim() : '';
    if (why.length === 0 || why.length > 500)
      throw new ApiError('VALIDATION_FAILED', { field: 'reason', reason: why.length === 0 ? 'isNotEmpty' : 'maxLength' });
    const settings = await this.settings.all();
    const request = { user_id: userId, amount_minor: amountMinor, reason: why };
    return this.idempotency.run(`gift:staff:${staff.id}`, idempotencyKey, request, async (m) => {
      unwrap(checkRequestMax(amountMinor, settings.gift_max_minor));
      await this.tx.lockRow(m, 'users', userId);
      const user = await m.findOne(UserEntity, { where: { id: userId }, select: { id: true, money_minor: true, lock_money_minor: true } });
      if (!user) throw new ApiError('NOT_FOUND');
      const now = this.clock.now();
      await assertWithinCap(m, userId, amountMinor, settings.max_balance_minor, now);
      const before: CapitalLogSnapshot = { capital_log: null, balances: balancesOf(user) };
      const res = await m.insert(CapitalLogEntity, {
        user_id: userId,
        type: CAPITAL_TYPE.GIFT,
        quantity_minor: amountMinor,
        // No balance-after until it takes effect (on approval), like a recharge request.
        over_minor: null,
        currency: '',
        mark: why,
        status: AUDIT_STATUS.PENDING,
        ref_id: null,
        requested_by: staff.id,
        resolved_by: null,
        resolved_at: null,
        remark: why,
        created_at: now,
      });
      const id = Number(res.identifiers[0]?.id);
      return { decision: 'gift', capitalLogId: id, status: AUDIT_STATUS.PENDING, before, after: await snapshot(m, { id, user_id: userId }) };
    });
  }

  /** Locks the player's row, then the log's (PostgreSQL), in that order everywhere; answers the fresh log. */
  private async lockLog(m: EntityManager, id: number): Promise<CapitalLogEntity> {
    if (!Number.isSafeInteger(id) || id <= 0) throw new ApiError('NOT_FOUND');
    const head = await m.findOne(CapitalLogEntity, { where: { id }, select: { id: true, user_id: true } });
    if (!head) throw new ApiError('NOT_FOUND');
    await this.tx.lockRow(m, 'users', head.user_id);
    await this.tx.lockRow(m, 'capital_logs', id);
    return m.findOneByOrFail(CapitalLogEntity, { id });
  }

  /** The conditional status change (the row that wins does the work), then the posting and the balance after. */
  private async resolve(
    m: EntityManager,
    log: CapitalLogEntity,
    status: 1 | 2,
    staff: StaffRef,
    remark: string,
    posting: Posting | null,
    now: number,
  ): Promise<CapitalLogSnapshot> {
    const won = await m
      .createQueryBuilder()
      .update(CapitalLogEntity)
      .set({ status, resolved_by: staff.id, resolved_at: now, remark })
      .where('id = :id AND status = :pending', { id: log.id, pending: AUDIT_STATUS.PENDING })
      .execute();
    if (won.affected !== 1) throw new ApiError('ALREADY_RESOLVED');
    // The player's message, in this transaction: no message without the event, no event without its message.
    const told = moneyEventMessage(log, status, remark);
    if (told !== null) await writeServerMessage(m, log.user_id, told.key, told.params, now);
    if (posting) {
      try {
        await this.ledger.post(m, posting, now);
      } catch (e) {
        if (e instanceof DuplicatePostingError) throw new ApiError('ALREADY_RESOLVED');
        throw e;
      }
    }
    // A row's balance-after is written once, when the row takes effect on the available balance: a
    // recharge on approval (its only effect); a withdrawal already has it from its hold (paying out
    // moves only the frozen amount; a rejection's release is not this row's effect).
    if (status === AUDIT_STATUS.APPROVED && log.over_minor === null) {
      const balances = await this.ledger.balances(m, log.user_id);
      await m
        .createQueryBuilder()
        .update(CapitalLogEntity)
        .set({ over_minor: balances.money })
        .where('id = :id AND over_minor IS NULL', { id: log.id })
        .execute();
    }
    return snapshot(m, log);
  }
}

/**
 * What the player is told when a recharge is credited or rejected or a withdrawal paid or rejected (a gift: nothing,
 * its reason is on the fund row): the order number, the amount and, for a rejection, staff's note when there is one.
 */
export function moneyEventMessage(
  log: Pick<CapitalLogEntity, 'id' | 'type' | 'quantity_minor'>,
  status: 1 | 2,
  note: string,
): { key: ServerMessageKey; params: ServerMessageParams } | null {
  const amount = formatMinor(log.quantity_minor);
  const noted = status === AUDIT_STATUS.REJECTED && note !== '';
  if (log.type === CAPITAL_TYPE.RECHARGE) {
    const key = status === AUDIT_STATUS.APPROVED ? 'NOTICE_RECHARGE_CREDITED' : noted ? 'NOTICE_RECHARGE_REJECTED_NOTE' : 'NOTICE_RECHARGE_REJECTED';
    return { key, params: { order_no: rechargeOrderNo(log.id), amount, ...(noted ? { note } : {}) } };
  }
  if (log.type === CAPITAL_TYPE.WITHDRAW) {
    const key = status === AUDIT_STATUS.APPROVED ? 'NOTICE_WITHDRAW_PAID' : noted ? 'NOTICE_WITHDRAW_REJECTED_NOTE' : 'NOTICE_WITHDRAW_REJECTED';
    return { key, params: { order_no: withdrawOrderNo(log.id), amount, ...(noted ? { note } : {}) } };
  }
  return null;
}

/** Capital log types finance approves or rejects: recharge, withdrawal, gift. */
const APPROVABLE: readonly number[] = [CAPITAL_TYPE.RECHARGE, CAPITAL_TYPE.WITHDRAW, CAPITAL_TYPE.GIFT];

/** The player's amount of `type` approved (status 1) within the platform day. */
async function approvedToday(m: EntityManager, userId: number, type: number, day: { start: number; end: number }): Promise<bigint> {
  const rows = await m
    .createQueryBuilder(CapitalLogEntity, 'c')
    .select(EXACT_SUM('c.quantity_minor'), 'total')
    .where('c.user_id = :userId AND c.type = :type AND c.status = :approved AND c.resolved_at >= :start AND c.resolved_at < :end', {
      userId,
      type,
      approved: AUDIT_STATUS.APPROVED,
      ...day,
    })
    .getRawOne<{ total: number | string }>();
  return aggregateBig(rows?.total);
}

/** What the staff member approved (every approval recorded, first or second) within the platform day, by amount. */
async function staffApprovedToday(m: EntityManager, staffId: number, day: { start: number; end: number }): Promise<bigint> {
  const rows = await m
    .createQueryBuilder(CapitalApprovalEntity, 'a')
    .innerJoin(CapitalLogEntity, 'c', 'c.id = a.capital_log_id')
    .select(EXACT_SUM('c.quantity_minor'), 'total')
    .where('a.staff_id = :staffId AND a.decision = :approve AND a.created_at >= :start AND a.created_at < :end', { staffId, approve: APPROVE, ...day })
    .getRawOne<{ total: number | string }>();
  return aggregateBig(rows?.total);
}

/**
 * Refuses (BALANCE_CAP_EXCEEDED) a credit that would take available + frozen + the payouts of the
 * player's pending bets past max_balance. Call with the user row locked.
 */
async function assertWithinCap(m: EntityManager, userId: number, creditMinor: number, maxBalanceMinor: number, now: number): Promise<void> {
  const user = await m.findOne(UserEntity, { where: { id: userId }, select: { id: true, money_minor: true, lock_money_minor: true } });
  if (!user) throw new ApiError('NOT_FOUND');
  unwrap(
    checkBalanceCap({
      availableMinor: user.money_minor,
      frozenMinor: user.lock_money_minor,
      pendingPayoutMinor: await pendingPayoutOf(m, userId, now),
      creditMinor,
      maxBalanceMinor,
    }),
  );
}

function assertFinance(staff: StaffRef): void {
  if (!staff || !Number.isSafeInteger(staff.id) || staff.id <= 0 || !isFinanceRole(staff.role)) throw new ApiError('FORBIDDEN');
}

function cleanRemark(remark: unknown): string {
  const text = typeof remark === 'string' ? remark.trim() : '';
  if (text.length > 500) throw new ApiError('VALIDATION_FAILED', { field: 'remark', reason: 'maxLength' });
  return text;
}

function resolvePosting(log: CapitalLogEntity, kind: string, lines: Posting['lines']): Posting {
  return { uniqueKey: capitalKey(log.id, 'resolve'), kind, userId: log.user_id, refType: 'capital', refId: log.id, lines };
}

function balancesOf(u: Pick<UserEntity, 'id' | 'money_minor' | 'lock_money_minor'>): CapitalLogSnapshot['balances'] {
  return { user_id: u.id, money_minor: u.money_minor, lock_money_minor: u.lock_money_minor };
}

async function snapshot(m: EntityManager, log: Pick<CapitalLogEntity, 'id' | 'user_id'>): Promise<CapitalLogSnapshot> {
  const c = await m.findOneByOrFail(CapitalLogEntity, { id: log.id });
  const u = await m.findOneOrFail(UserEntity, { where: { id: log.user_id }, select: { id: true, money_minor: true, lock_money_minor: true } });
  const approvals = await m.find(CapitalApprovalEntity, { where: { capital_log_id: log.id, decision: APPROVE }, order: { id: 'ASC' } });
  return {
    capital_log: {
      id: c.id,
      user_id: c.user_id,
      type: c.type,
      status: c.status,
      quantity_minor: c.quantity_minor,
      over_minor: c.over_minor,
      requested_by: c.requested_by,
      resolved_by: c.resolved_by,
      resolved_at: c.resolved_at,
      remark: c.remark,
      approvals: approvals.map((a) => a.staff_id),
    },
    balances: balancesOf(u),
  };
}

/**
 * Two people means two independent people: an account that the requester or an earlier approver of this request
 * created or changed (its role, its password, its second factor: any `staff.create` or `staff.update` of it in the audit
 * log) in the last 24 hours answers to them, so it may not approve the request (APPROVER_SET_UP_BY_PARTY, with when
 * it may). A superadmin alone can no longer create a finance account and approve their own gift through it.
 */
export async function assertApproverIndependent(
  m: EntityManager,
  approverId: number,
  parties: ReadonlyArray<number | null>,
  now: number,
  tz: string,
): Promise<void> {
  const others = [...new Set(parties.filter((p): p is number => p !== null && p !== approverId))];
  if (others.length === 0) return;
  const latest = await m.findOne(AuditLogEntity, {
    where: {
      target_type: 'staff',
      target_id: String(approverId),
      action: In(['staff.create', 'staff.update']),
      staff_id: In(others),
      created_at: MoreThan(now - APPROVER_COOLING_MS),
    },
    select: { id: true, created_at: true },
    order: { created_at: 'DESC' },
  });
  if (latest !== null) {
    const until = latest.created_at + APPROVER_COOLING_MS;
    throw new ApiError('APPROVER_SET_UP_BY_PARTY', { until: wallClockText(until, tz), until_ms: until });
  }
}
