import {
  ORDER_TAB,
  type CloseGameResultRequest,
  type GetGameResultRequest,
  type OrderDetailRequest,
  type OrderListRequest,
  type OrderScope,
  type OrderTab,
} from '@sum28/contracts';
import { DateField, EnumField, IntField, StrField } from '../../common/validation/fields';
import { PlayerRequestDto } from '../../common/validation/player-request.dto';

export class OrderListDto extends PlayerRequestDto implements OrderListRequest {
  @DateField({ description: 'first platform day (YYYY-MM-DD, PLATFORM_TZ)' }) begin_date!: string;
  @DateField({ description: 'last platform day, inclusive' }) end_date!: string;
  @EnumField(Object.values(ORDER_TAB), { description: '0 all, 1 unprofitable, 2 profitable, 3 accepted, 4 not accepted, 5 cancelled' })
  activeTab!: OrderTab;
  @EnumField([0, 1] as const, { optional: true, description: '0 own bets (default), 1 subordinates (agents)' }) scope?: OrderScope;
  @IntField({ optional: true, min: 1, max: 100_000, description: '1-based, default 1' }) page?: number;
  @IntField({ optional: true, min: 1, max: 100, description: 'default 20' }) pageSize?: number;
}

export class GetGameResultDto extends PlayerRequestDto implements GetGameResultRequest {
  @IntField({ min: 1, max: 2_147_483_647, example: 1 }) game_id!: number;
}

export class CloseGameResultDto extends PlayerRequestDto implements CloseGameResultRequest {
  @IntField({ min: 1, max: 2_147_483_647 }) order_id!: number;
}

export class OrderDetailDto extends PlayerRequestDto implements OrderDetailRequest {
  /** The round's issue and 18 random digits (betting.service `newOrderNo`): digits only, at most 32. */
  @StrField({ min: 1, max: 32, pattern: /^[0-9]+$/, description: 'order number of a bet (digits)', example: '20261128123400001234567890123456' })
  orderNo!: string;
}
