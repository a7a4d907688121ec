import { Injectable } from '@nestjs/common';
import type { RechargeQuote, RechargeResponse } from '@sum28/contracts';
import { CapitalLogEntity, TxRunner, UserEntity } from '@sum28/database';
import { AUDIT_STATUS, CAPITAL_TYPE, checkRequestMax, minorToMajor, quoteRecharge, type RechargeQuote as DomainQuote } from '@sum28/domain';
import { unwrap } from '../common/api-error';
import { Clock } from '../common/clock';
import { IdempotencyService } from '../idempotency/idempotency.service';
import { IDEMPOTENCY_SCOPE } from '../ledger/ledger-keys';
import { SettingsService } from '../settings/settings.service';
import type { RechargeDto, RechargeQuoteDto } from './dto/wallet.dto';
import { rechargeOrderNo } from './wallet-views';

function quoteView(q: DomainQuote): RechargeQuote {
  return { money: minorToMajor(q.amount), type: q.currency, rate: q.rate.text, credited: minorToMajor(q.credited) };
}

/**
 * user/recharge: records the request (capital log type 0, status 0) and answers its reference. No money
 * moves: finance credits it on approval (ApprovalsService). Visitors are refused; the amount is parsed
 * exactly by the domain and the credit is at most recharge_max_minor; the currency must be one of the spec's 15 and enabled in the settings.
 *
 * The amount is converted at the rate in force (the `currencies` setting) by the domain's
 * `quoteRecharge`: the log keeps the amount paid (`currency_quantity_minor`), the currency, the rate
 * and, as `quantity_minor`, the credit in the platform currency (rounded down to the cent), which is
 * what approval credits. `user/rechargeQuote` answers the same conversion without recording anything.
 */
@Injectable()
export class RechargeService {
  constructor(
    private readonly tx: TxRunner,
    private readonly clock: Clock,
    private readonly idempotency: IdempotencyService,
    private readonly settings: SettingsService,
  ) {}

  private async convert(user: UserEntity, money: unknown, currency: unknown): Promise<DomainQuote> {
    const rates = await this.settings.get('currencies');
    const q = unwrap(quoteRecharge({ amount: money, currency, groupId: user.group_id, rates }));
    unwrap(checkRequestMax(q.credited, await this.settings.get('recharge_max_minor')));
    return q;
  }

  async quote(user: UserEntity, dto: RechargeQuoteDto): Promise<RechargeQuote> {
    return quoteView(await this.convert(user, dto.money, dto.type));
  }

  async request(user: UserEntity, dto: RechargeDto): Promise<RechargeResponse> {
    const q = await this.convert(user, dto.money, dto.type);
    const userId = user.id;
    // The key's request is the parsed amount: "100", 100 and "100.00" are the same request. A replay answers
    // the first request, converted at the rate in force then.
    return this.idempotency.run(IDEMPOTENCY_SCOPE.recharge(userId), dto.idempotency_key, { amount_minor: q.amount, currency: q.currency }, async (m) => {
      await this.tx.lockRow(m, 'users', userId);
      const now = this.clock.now();
      const res = await m.insert(CapitalLogEntity, {
        user_id: userId,
        type: CAPITAL_TYPE.RECHARGE,
        quantity_minor: q.credited,
        // No balance-after until it takes effect (on approval); a rejected one never has one.
        over_minor: null,
        currency: q.currency,
        currency_quantity_minor: q.amount,
        rate: q.rate.text,
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
      return { id, order_no: orderNo, status: AUDIT_STATUS.PENDING, ...quoteView(q) };
    });
  }
}
