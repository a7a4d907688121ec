import { Inject, Injectable } from '@nestjs/common';
import type { WithdrawActionResponse, WithdrawInfoResponse } from '@sum28/contracts';
import { CapitalLogEntity, PayInfoEntity, TxRunner, UserEntity } from '@sum28/database';
import {
  ACCOUNT_STATUS,
  AUDIT_STATUS,
  CAPITAL_TYPE,
  checkRequestMax,
  minor,
  type Minor,
  minorToMajor,
  parseAmount,
  type TurnoverHedgeRule,
  validateWithdraw,
  type WithdrawError,
  type WithdrawFacts,
} from '@sum28/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { assertNoResetHold } from '../auth/reset-hold';
import { ApiError, unwrap } from '../common/api-error';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../common/config/app-config';
import { IdempotencyService } from '../idempotency/idempotency.service';
import { IDEMPOTENCY_SCOPE, LEDGER_KIND, capitalKey } from '../ledger/ledger-keys';
import { LedgerService } from '../ledger/ledger.service';
import { SettingsService } from '../settings/settings.service';
import type { WithdrawActionDto } from './dto/wallet.dto';
import { PayInfoService } from './pay-info.service';
import { SecurityCodeService } from './security-code.service';
import { countedStakesToday, turnoverNow } from '../ledger/turnover';

/** What the player sent, as its idempotency key records it (never the security code). */
function keyedRequest(dto: WithdrawActionDto): { type: number; amount_minor: number | null } {
  const amount = parseAmount(dto.money);
  return { type: dto.type, amount_minor: amount.ok ? amount.value : null };
}

/**
 * user/withdrawInfo and user/withdrawAction. A withdrawal is two-phase (reliability rule 7): the request
 * holds the amount (user_available -> user_frozen, capital log type 1 status 0, in ONE transaction),
 * finance later pays or releases it exactly once (ApprovalsService).
 */
@Injectable()
export class WithdrawService {
  constructor(
    private readonly ds: DataSource,
    private readonly tx: TxRunner,
    private readonly clock: Clock,
    private readonly ledger: LedgerService,
    private readonly idempotency: IdempotencyService,
    private readonly settings: SettingsService,
    private readonly payInfos: PayInfoService,
    private readonly securityCodes: SecurityCodeService,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  async info(userId: number): Promise<WithdrawInfoResponse> {
    const now = this.clock.now();
    const user = await this.ds.getRepository(UserEntity).findOneByOrFail({ id: userId });
    const [payList, progress] = await Promise.all([this.payInfos.list(userId), turnoverNow(this.ds.manager, this.settings, user, now, this.cfg.schedule.tz)]);
    return {
      money: minorToMajor(user.money_minor),
      lock_money: minorToMajor(user.lock_money_minor),
      pay_list: payList,
      isTrue: user.security_code_hash !== null,
      water_limit: minorToMajor(progress.remaining),
      turnover: { required: minorToMajor(progress.required), done: minorToMajor(progress.done), remaining: minorToMajor(progress.remaining) },
    };
  }

  /**
   * 1. A repeat of an earlier key answers what it answered (before any check: the first request changed
   *    the very balances the checks read).
   * 2. Every cheap check on a plain read, the code assumed right: the reset hold, then the domain's rules
   *    (visitor, frozen funds, pay info, code set, amount, minimum, funds, turnover, account frozen, code
   *    locked). Nothing here hashes, so a stream of bad requests costs no argon2 (issue 8, point 3).
   * 3. The code, verified with argon2 outside any transaction, after taking one of the player's
   *    verifications of this minute (SECURITY_CODE_RATE_LIMITED before hashing); a wrong one is counted
   *    in its own write.
   * 4. ONE transaction (user row locked on PostgreSQL, the write gate on SQLite): every check again on
   *    fresh data, the capital log with the pay snapshot, the hold posting, the attempt count reset.
   */
  async request(userId: number, dto: WithdrawActionDto): Promise<WithdrawActionResponse> {
    const scope = IDEMPOTENCY_SCOPE.withdraw(userId);
    const keyed = keyedRequest(dto);
    const replay = await this.idempotency.peek<WithdrawActionResponse>(scope, dto.idempotency_key, keyed);
    if (replay) return replay.value;

    const now = this.clock.now();
    const user = await this.ds.getRepository(UserEntity).findOneByOrFail({ id: userId });
    assertNoResetHold(user, now, this.cfg.schedule.tz);
    const pay = await this.ds.getRepository(PayInfoEntity).findOneBy({ user_id: userId, type: dto.type });
    // Settings are read before the transaction: inside it only its own connection may be used (on
    // PostgreSQL a second pool connection, wanted while others wait on this user's row, can deadlock the pool).
    const bps = await this.settings.get('turnover_multiplier_bps');
    const hedge = await this.settings.get('turnover_hedge_rule');
    const stakes = bps > 0 ? await countedStakesToday(this.ds.manager, userId, now, this.cfg.schedule.tz, hedge) : minor(0);
    const early = validateWithdraw(this.facts(dto, user, pay !== null, now, { securityCodeCorrect: true, todayStakes: stakes, multiplierBps: bps }));
    if (!early.ok) throw this.refusal(early.error, early.params, user, now);
    // the per-request maximum (issue 8), before the code is checked so a refused amount costs no attempt
    if (keyed.amount_minor !== null) unwrap(checkRequestMax(keyed.amount_minor, await this.settings.get('withdraw_max_minor')));

    if (!(await this.securityCodes.verify(user, dto.securityCode))) throw await this.securityCodes.recordFailure(userId);

    try {
      return await this.idempotency.run(scope, dto.idempotency_key, keyed, (m) => this.hold(m, userId, dto, user.security_code_hash, now, { bps, hedge }));
    } catch (e) {
      // The code was right: clear earlier failures even though another rule refused the request.
      if (e instanceof ApiError && e.key !== 'SECURITY_CODE_LOCKED' && e.key !== 'SECURITY_CODE_WRONG' && user.security_code_failures > 0) {
        await this.securityCodes.reset(userId);
      }
      throw e;
    }
  }

  private async hold(
    m: EntityManager,
    userId: number,
    dto: WithdrawActionDto,
    verifiedHash: string | null,
    now: number,
    turnover: { bps: number; hedge: TurnoverHedgeRule },
  ): Promise<WithdrawActionResponse> {
    const bps = turnover.bps;
    await this.tx.lockRow(m, 'users', userId);
    const u = await m.findOneByOrFail(UserEntity, { id: userId });
    assertNoResetHold(u, now, this.cfg.schedule.tz);
    // The code changed between the check and now: the verified one is no longer the code.
    if (u.security_code_hash !== verifiedHash) throw new ApiError('SECURITY_CODE_WRONG', { left: 0 });
    const pay = await m.findOneBy(PayInfoEntity, { user_id: userId, type: dto.type });
    const stakes = await countedStakesToday(m, userId, now, this.cfg.schedule.tz, turnover.hedge);
    const checked = validateWithdraw(this.facts(dto, u, pay !== null, now, { securityCodeCorrect: true, todayStakes: stakes, multiplierBps: bps }));
    if (!checked.ok) throw this.refusal(checked.error, checked.params, u, now);
    const amount = checked.value.amount;
    if (pay === null) throw new ApiError('PAY_INFO_MISSING');
    const res = await m.insert(CapitalLogEntity, {
      user_id: userId,
      type: CAPITAL_TYPE.WITHDRAW,
      quantity_minor: amount,
      over_minor: u.money_minor - amount,
      currency: '',
      mark: '',
      status: AUDIT_STATUS.PENDING,
      ref_id: pay.id,
      // Full details for finance (the player only ever sees them masked).
      pay_snapshot: { pay_info_id: pay.id, type: pay.type, acc: pay.acc, acc_name: pay.acc_name, acc_bank: pay.acc_bank, mark: pay.mark },
      requested_by: null,
      resolved_by: null,
      resolved_at: null,
      remark: '',
      created_at: now,
    });
    const id = Number(res.identifiers[0]?.id);
    const balances = await this.ledger.post(
      m,
      {
        uniqueKey: capitalKey(id, 'hold'),
        kind: LEDGER_KIND.WITHDRAW_HOLD,
        userId,
        refType: 'capital',
        refId: id,
        lines: [
          { account: 'user_available', userId, amount: -amount },
          { account: 'user_frozen', userId, amount },
        ],
      },
      now,
    );
    const after = balances.get(userId);
    if (!after || after.money !== u.money_minor - amount) throw new Error(`withdrawal ${id}: balance after hold does not match`);
    if (u.security_code_failures > 0 || u.security_code_locked_until !== null) await this.securityCodes.resetIn(m, userId);
    return { id, money: minorToMajor(after.money), lock_money: minorToMajor(after.lock), status: AUDIT_STATUS.PENDING };
  }

  private facts(
    dto: WithdrawActionDto,
    u: UserEntity,
    hasPayInfo: boolean,
    now: number,
    rest: { securityCodeCorrect: boolean; todayStakes: Minor; multiplierBps: number },
  ): WithdrawFacts {
    return {
      amountInput: dto.money,
      available: minor(u.money_minor),
      frozen: minor(u.lock_money_minor),
      hasPayInfo,
      securityCodeSet: u.security_code_hash !== null,
      securityCodeLocked: this.securityCodes.isLocked(u, now),
      securityCodeCorrect: rest.securityCodeCorrect,
      todayStakes: rest.todayStakes,
      turnoverMultiplierBps: rest.multiplierBps,
      accountFrozen: u.status === ACCOUNT_STATUS.FROZEN,
      groupId: u.group_id,
    };
  }

  private refusal(error: WithdrawError, params: Readonly<Record<string, string | number>> | undefined, u: UserEntity, now: number): ApiError {
    if (error === 'SECURITY_CODE_LOCKED') return this.securityCodes.lockedError(u, now);
    return new ApiError(error, params ? { ...params } : undefined);
  }
}
