import { ALL_PLAY_TYPES, PLAN_TIERS } from '@sum28/domain';
import { Allow } from 'class-validator';
import { BoolField, EnumField, IntField, MoneyField, StrField } from '../../common/validation/fields';
import { SINGLE_LINE } from '../common/fields';

export class CreateGameDto {
  @IntField({ min: 1, max: 9999, description: 'the line number (ids are chosen, not generated)' }) id!: number;
  @StrField({ min: 1, max: 64, pattern: SINGLE_LINE }) name!: string;
  @IntField({ optional: true, max: 1_000_000 }) sort?: number;
  @BoolField({ optional: true }) enabled?: boolean;
}

export class UpdateGameDto {
  @IntField({ optional: true, min: 1 }) id?: number;
  @StrField({ optional: true, min: 1, max: 64, pattern: SINGLE_LINE }) name?: string;
  @IntField({ optional: true, max: 1_000_000 }) sort?: number;
  @BoolField({ optional: true }) enabled?: boolean;
  /** `{ tw, zh, en, jp, kor }` names (checked by parseLocaleNames); replaces the stored ones */
  @Allow() names?: unknown;
}

export class CreatePlanDto {
  @IntField({ min: 1 }) game_id!: number;
  @StrField({ min: 1, max: 64, pattern: SINGLE_LINE }) title!: string;
  @EnumField(PLAN_TIERS) tier!: string;
  @MoneyField({ description: 'entry balance in major units (0 allowed)' }) join_limit!: unknown;
  @IntField({ optional: true, max: 1_000_000 }) sort?: number;
  @BoolField({ optional: true }) enabled?: boolean;
}

export class UpdatePlanDto {
  @IntField({ optional: true, min: 1 }) id?: number;
  @StrField({ optional: true, min: 1, max: 64, pattern: SINGLE_LINE }) title?: string;
  @EnumField(PLAN_TIERS, { optional: true }) tier?: string;
  @MoneyField({ optional: true }) join_limit?: unknown;
  @IntField({ optional: true, max: 1_000_000 }) sort?: number;
  @BoolField({ optional: true }) enabled?: boolean;
  /** `{ tw, zh, en, jp, kor }` titles (checked by parseLocaleNames); replaces the stored ones */
  @Allow() titles?: unknown;
}

export class CreateOddsDto {
  @IntField({ min: 1 }) plan_id!: number;
  @EnumField(ALL_PLAY_TYPES) play_type!: string;
  @Allow() odds!: unknown;
}

export class UpdateOddsDto {
  @IntField({ optional: true, min: 1 }) id?: number;
  @Allow() odds!: unknown;
}
