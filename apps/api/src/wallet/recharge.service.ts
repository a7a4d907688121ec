import { Injectable } from '@nestjs/common';
import type { RechargeResponse } from '@sum28/contracts';
import { CapitalLogEntity, TxRunner, UserEntity } from '@sum28/database';
import { AUDIT_STATUS, CAPITAL_TYPE, checkRequestMax, validateRecharge } from '@sum28/domain';
import { ApiError, unwrap } from '../common/api-error';
import { Clock } from '../common/clock';
import { IdempotencyService } from '../idempotency/idempotency.service';
import { IDEMPOTENCY_SCOPE } from '../ledger/ledger-keys';
import { SettingsService } from '../settings/settings.service';
import type { RechargeDto } from './dto/wallet.dto';
import { rechargeOrderNo } from './wallet-views';

/**
 * user/recharge: records the request (capital log type 0, status 0) and answers its reference. No money
 * moves: finance credits it on approval (ApprovalsService). Visitors are refused; the amount is parsed
 * exactly by the domain and at most recharge_max_minor; the currency must be one of the spec's 15 and enabled in the settings.
 */
@Injectable()
export class RechargeService {
  constructor(
    private readonly tx: TxRunner,
    private readonly clock: Clock,
    private readonly idempotency: IdempotencyService,
    private readonly settings: SettingsService,
  ) {}

  async request(user: UserEntity, dto: RechargeDto): Promise<RechargeResponse> {
    const v = unwrap(validateRecharge({ amount: dto.money, currency: dto.type, groupId: user.group_id }));
    unwrap(checkRequestMax(v.amount, await this.settings.get('recharge_max_minor')));
    const enabled = await this.settings.get('currencies');
    if (!Object.prototype.hasOwnProperty.call(enabled, v.currency)) throw new ApiError('CURRENCY_INVALID');
    const userId = user.id;
    // The key's request is the parsed amount: "100", 100 and "100.00" are the same request.
    return this.idempotency.run(IDEMPOTENCY_SCOPE.recharge(userId), dto.idempotency_key, { amount_minor: v.amount, currency: v.currency }, async (m) => {
      await this.tx.lockRow(m, 'users', userId);
      const now = this.clock.now();
      const u = await m.findOneOrFail(UserEntity, { where: { id: userId }, select: { id: true, money_minor: true } });
      const res = await m.insert(CapitalLogEntity, {
        user_id: userId,
        type: CAPITAL_TYPE.RECHARGE,
        quantity_minor: v.amount,
        over_minor: u.money_minor,
        currency: v.currency,
        mark: '',
        status: AUDIT_STATUS.PENDING,
        ref_id: null,
        requested_by: null,
        resolved_by: null,
        resolved_at: null,
        remark: '',
        created_at: now,
      });
      const id = Number(res.identifiers[0]?.id);
      const orderNo = rechargeOrderNo(id);
      await m.update(CapitalLogEntity, { id }, { mark: orderNo });
      return { id, order_no: orderNo, status: AUDIT_STATUS.PENDING };
    });
  }
}
