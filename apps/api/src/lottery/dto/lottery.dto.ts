import type {
  CandRequest,
  HeartRequest,
  IssueListRequest,
  LotteryIndexRequest,
  Money,
  OddsListRequest,
  PlayOrderRequest,
  VerifyRequest,
} from '@sum28/contracts';
import { IdempotencyKeyField, IntField, MoneyField, StrField } from '../../common/validation/fields';
import { PlayerRequestDto } from '../../common/validation/player-request.dto';

const ISSUE = /^[0-9]{8,16}$/;
const ID = { min: 1, max: 2_147_483_647 };

export class LotteryIndexDto extends PlayerRequestDto implements LotteryIndexRequest {
  @IntField({ optional: true, ...ID, description: 'only this game' }) game_id?: number;
}

export class HeartDto extends PlayerRequestDto implements HeartRequest {
  @IntField({ ...ID, example: 1 }) plan_id!: number;
  @IntField({ ...ID, example: 1 }) game_id!: number;
  @StrField({ optional: true, max: 16, pattern: /^([0-9]{8,16})?$/, description: 'the round the client shows; empty on the first poll' }) issue?: string;
  @IntField({ optional: true, min: 0, description: 'feed cursor: only bets with a greater id' }) since_id?: number;
}

export class OddsListDto extends PlayerRequestDto implements OddsListRequest {
  @IntField({ ...ID, example: 1 }) plan_id!: number;
}

export class PlayOrderDto extends PlayerRequestDto implements PlayOrderRequest {
  @StrField({ min: 8, max: 16, pattern: ISSUE, example: '20261122001' }) issue!: string;
  @IntField({ ...ID, example: 1 }) plan_id!: number;
  @IntField({ ...ID, example: 1 }) game_id!: number;
  @StrField({ min: 1, max: 16, example: 'big', description: 'category code: big, small, odd, even, big_odd, ..., extreme_big, sum_0..sum_27' })
  play_type!: string;
  @MoneyField({ description: 'stake in major units, at most 2 decimals' }) money!: Money;
  @IntField({ optional: true, ...ID, description: 'bet id from the feed to follow (current round only)' }) follow_id?: number;
  @IdempotencyKeyField() idempotency_key?: string;
}

export class IssueListDto extends PlayerRequestDto implements IssueListRequest {
  @IntField({ ...ID, example: 1 }) game_id!: number;
  @IntField({ optional: true, min: 1, max: 100, description: 'default 30' }) limit?: number;
}

export class CandDto extends PlayerRequestDto implements CandRequest {
  @IntField({ ...ID, example: 1 }) game_id!: number;
  @IntField({ optional: true, min: 1, max: 200, description: 'default 30' }) limit?: number;
}

export class VerifyDto extends PlayerRequestDto implements VerifyRequest {
  @IntField({ ...ID, example: 1 }) game_id!: number;
  @StrField({ min: 8, max: 16, pattern: ISSUE, example: '20261122001' }) issue!: string;
}
