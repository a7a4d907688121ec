import type {
  CapitalLogType,
  Currency,
  Money,
  PayInfoRequest,
  PayInfoType,
  QuantityLogListRequest,
  RechargeQuoteRequest,
  RechargeRequest,
  SetPayInfoRequest,
  SetSafetyRequest,
  WithdrawActionRequest,
} from '@sum28/contracts';
import { CAPITAL_TYPES } from '@sum28/domain';
import { DateField, EnumField, IdempotencyKeyField, IntField, MoneyField, StrField } from '../../common/validation/fields';
import { PlayerRequestDto } from '../../common/validation/player-request.dto';

const PAY_TYPES = [0, 1] as const;

export class RechargeDto extends PlayerRequestDto implements RechargeRequest {
  @MoneyField({ description: 'amount in major units of the currency, at least 100 (JPY: whole units); credited at the rate in force' }) money!: Money;
  /** Checked by the domain (CURRENCY_INVALID), not here, so the player gets the specific message. */
  @StrField({ min: 1, max: 8, description: 'currency: TWD, HKD, MYR, RMB, USDT, USD, GBP, SGD, EUR, JPY, CHF, CAD, AUD, NZD, INR', example: 'TWD' })
  type!: Currency;
  @IdempotencyKeyField() idempotency_key?: string;
}

export class RechargeQuoteDto extends PlayerRequestDto implements RechargeQuoteRequest {
  @MoneyField({ description: 'amount in major units of the currency, at least 100 (JPY: whole units)' }) money!: Money;
  @StrField({ min: 1, max: 8, description: 'currency: one of the enabled recharge currencies', example: 'TWD' })
  type!: Currency;
}

export class WithdrawActionDto extends PlayerRequestDto implements WithdrawActionRequest {
  @EnumField(PAY_TYPES, { description: 'receiving account: 0 the bound bank card, 1 the bound USDT wallet' }) type!: PayInfoType;
  @MoneyField({ description: 'amount in major units, at least 100' }) money!: Money;
  @StrField({ min: 1, max: 16, description: 'the 6-digit security code' }) securityCode!: string;
  @IdempotencyKeyField() idempotency_key?: string;
}

export class QuantityLogListDto extends PlayerRequestDto implements QuantityLogListRequest {
  @DateField({ description: 'first platform day, inclusive' }) begin_date!: string;
  @DateField({ description: 'last platform day, inclusive' }) end_date!: string;
  @EnumField(CAPITAL_TYPES, { optional: true, description: '0 recharge, 1 withdraw, 2 purchase, 3 profit, 4 gift; all when omitted' })
  type?: CapitalLogType;
  @IntField({ optional: true, min: 1, max: 100_000, description: '1-based page' }) page?: number;
  @IntField({ optional: true, min: 1, max: 100, description: 'rows per page, default 20, at most 100' }) pageSize?: number;
}

export class PayInfoDto extends PlayerRequestDto implements PayInfoRequest {
  @EnumField(PAY_TYPES, { description: '0 bank card, 1 USDT wallet' }) type!: PayInfoType;
}

export class SetPayInfoDto extends PlayerRequestDto implements SetPayInfoRequest {
  @EnumField(PAY_TYPES, { description: '0 bank card, 1 USDT wallet' }) type!: PayInfoType;
  @StrField({ min: 1, max: 128, description: 'bank card: holder name; wallet: address' }) acc!: string;
  @StrField({ min: 1, max: 64, description: 'bank card: card number (digits); wallet: trc20, erc20 or omni' }) acc_name!: string;
  @StrField({ optional: true, max: 64, description: 'bank card: bank name; wallet: ignored' }) acc_bank?: string;
  @StrField({ optional: true, max: 255 }) mark?: string;
  @StrField({ optional: true, max: 16, description: 'the 6-digit security code, required when one is set' }) securityCode?: string;
}

export class SetSafetyDto extends PlayerRequestDto implements SetSafetyRequest {
  @StrField({ max: 16, description: 'the new 6-digit code' }) new_code!: string;
  @StrField({ optional: true, max: 16, description: 'the current code, required when one is set' }) after_code?: string;
  @StrField({ optional: true, max: 16, description: 'when sent, must equal new_code' }) confirm_code?: string;
}
