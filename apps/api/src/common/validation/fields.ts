import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import type { ValidationRule } from '@sum28/contracts';
import { Allow, IsBoolean, IsIn, IsInt, IsOptional, IsString, Length, Matches, Max, Min, type ValidationOptions } from 'class-validator';

interface Common {
  optional?: boolean;
  description?: string;
  example?: unknown;
}

const doc = (o: Common, schema: Record<string, unknown>): PropertyDecorator =>
  o.optional
    ? ApiPropertyOptional({ ...schema, description: o.description, example: o.example })
    : ApiProperty({ ...schema, description: o.description, example: o.example });
const opt = (o: Common): PropertyDecorator[] => (o.optional ? [IsOptional()] : []);
/**
 * The rule a check enforces and its params, carried as class-validator's `context`: the validation pipe
 * answers VALIDATION_FAILED with them and the message tables turn them into a sentence
 * (`@sum28/contracts` RULE_TEXTS). A validator's own name never reaches a player.
 */
const rule = (r: ValidationRule, params: Record<string, string | number> = {}): ValidationOptions => ({ context: { rule: r, ...params } });
/** Enum values are listed in the message when there are few of them. */
const MAX_LISTED_VALUES = 6;

/** Integers arrive as JSON numbers or, from form-encoded bodies, as digit strings; nothing else converts. */
const strictInt = ({ value }: { value: unknown }): unknown => (typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : value);
const strictBool = ({ value }: { value: unknown }): unknown => {
  if (value === 'true' || value === '1' || value === 1) return true;
  if (value === 'false' || value === '0' || value === 0) return false;
  return value;
};

export function IntField(o: Common & { min?: number; max?: number } = {}): PropertyDecorator {
  return applyDecorators(
    doc(o, { type: 'integer', minimum: o.min, maximum: o.max }),
    ...opt(o),
    Transform(strictInt),
    IsInt(rule('integer')),
    Min(o.min ?? 0, rule('min', { min: o.min ?? 0 })),
    Max(o.max ?? Number.MAX_SAFE_INTEGER, rule('max', { max: o.max ?? Number.MAX_SAFE_INTEGER })),
  );
}

export function StrField(o: Common & { min?: number; max: number; pattern?: RegExp; patternRule?: ValidationRule }): PropertyDecorator {
  const min = o.min ?? 0;
  return applyDecorators(
    doc(o, { type: 'string', minLength: min, maxLength: o.max, pattern: o.pattern?.source }),
    ...opt(o),
    IsString(rule('text')),
    Length(min, o.max, min > 0 ? rule('length', { min, max: o.max }) : rule('maxLength', { max: o.max })),
    ...(o.pattern ? [Matches(o.pattern, rule(o.patternRule ?? 'format'))] : []),
  );
}

/**
 * One of a fixed list. The message lists the values when there are few of them, unless `listValues` is
 * false: word values (e.g. 'message', 'announcement') would put untranslated English in a player's message.
 */
export function EnumField<T extends string | number>(values: readonly T[], o: Common & { listValues?: boolean } = {}): PropertyDecorator {
  const isNumeric = values.every((v) => typeof v === 'number');
  const listed = values.length <= MAX_LISTED_VALUES && o.listValues !== false ? rule('oneOf', { values: values.join(', ') }) : rule('choice');
  return applyDecorators(doc(o, { enum: [...values] }), ...opt(o), ...(isNumeric ? [Transform(strictInt)] : []), IsIn([...values], listed));
}

export function BoolField(o: Common = {}): PropertyDecorator {
  return applyDecorators(doc(o, { type: 'boolean' }), ...opt(o), Transform(strictBool), IsBoolean(rule('boolean')));
}

/** Dates as YYYY-MM-DD (date pickers of the spec). */
export function DateField(o: Common = {}): PropertyDecorator {
  return StrField({ ...o, max: 10, pattern: /^\d{4}-\d{2}-\d{2}$/, patternRule: 'date', example: '2026-11-22' });
}

/**
 * A money amount in major units ("100", "100.50" or a JSON number). It is left raw here on purpose:
 * the domain's parseAmount is the one exact parser and answers AMOUNT_* codes.
 */
export function MoneyField(o: Common = {}): PropertyDecorator {
  return applyDecorators(doc(o, { oneOf: [{ type: 'string', pattern: '^\\d+(\\.\\d{1,2})?$' }, { type: 'number' }], example: '100.00' }), Allow());
}

/** An idempotency key for money-moving requests (Stripe-style). */
export function IdempotencyKeyField(): PropertyDecorator {
  return StrField({ optional: true, min: 8, max: 128, pattern: /^[A-Za-z0-9_.:-]+$/, description: 'Retry-safe key: the same key replays the first answer' });
}
