import { GROUP } from '@sum28/domain';
import { EnumField, IdempotencyKeyField, IntField, MoneyField, StrField } from '../../common/validation/fields';
import { MULTI_LINE, ReasonField, SINGLE_LINE } from '../common/fields';

/** PUT /admin-api/users/:id (operator): only these fields; `id`, when sent, must be the path's. */
export class UpdateUserDto {
  @IntField({ optional: true, min: 1 }) id?: number;
  @StrField({ optional: true, min: 1, max: 32, pattern: SINGLE_LINE }) nickname?: string;
  @StrField({ optional: true, max: 20, pattern: /^\+?[0-9][0-9 -]{0,18}$|^$/, description: 'digits, spaces, dashes, optional leading +; empty clears it' })
  mobile?: string;
  @EnumField([GROUP.NORMAL, GROUP.VISITOR, GROUP.AGENT], { optional: true, description: '1 member, 2 visitor, 3 agent' }) group_id?: number;
}

export class ResetPasswordDto {
  @ReasonField({ optional: true }) reason?: string;
}

export class FreezeDto {
  @ReasonField() reason!: string;
}

export class GiftDto {
  @MoneyField({ description: 'major units, e.g. "100.50"' }) amount!: unknown;
  @ReasonField() reason!: string;
  @IdempotencyKeyField() idempotency_key?: string;
}

/** POST /admin-api/users/:id/message: an in-site message (a notice of kind `message`) to this one player. */
export class MessageDto {
  @StrField({ min: 1, max: 200, pattern: SINGLE_LINE }) title!: string;
  @StrField({ min: 1, max: 20_000, pattern: MULTI_LINE }) content!: string;
}
