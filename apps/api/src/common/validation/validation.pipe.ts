import { type ArgumentMetadata, Injectable, ValidationPipe, type ValidationError } from '@nestjs/common';
import { isValidationRule, type ValidationRule } from '@sum28/contracts';
import { ApiError } from '../api-error';
import { bodyShapeProblem } from './body-shape';

type FailedRule = { field: string; reason: ValidationRule | 'unknown'; params: Record<string, string | number> };

/** Rules of checks declared without our `context` (plain class-validator decorators). */
const FALLBACK_RULES: Readonly<Record<string, ValidationRule>> = {
  isString: 'text',
  isInt: 'integer',
  isNumber: 'integer',
  isBoolean: 'boolean',
  isIn: 'choice',
  isEnum: 'choice',
  isDefined: 'required',
  isNotEmpty: 'required',
};
/** When a value breaks several checks, the most useful one is told: missing, then wrong type, then the rest. */
const PRIORITY: readonly ValidationRule[] = ['required', 'text', 'integer', 'boolean', 'oneOf', 'choice', 'date'];

function ruleOf(e: ValidationError): 'unknown' | { reason: ValidationRule; params: Record<string, string | number> } | null {
  const constraints = Object.keys(e.constraints ?? {});
  if (constraints.length === 0) return null;
  if (constraints.includes('whitelistValidation')) return 'unknown';
  if (e.value === undefined) return { reason: 'required', params: {} };
  const found = constraints.map((c) => {
    const ctx = (e.contexts?.[c] ?? {}) as Record<string, unknown>;
    const { rule, ...params } = ctx;
    const reason: ValidationRule = isValidationRule(rule) ? rule : (FALLBACK_RULES[c] ?? 'invalid');
    return { reason, params: params as Record<string, string | number> };
  });
  const rank = (r: ValidationRule): number => {
    const i = PRIORITY.indexOf(r);
    return i === -1 ? PRIORITY.length : i;
  };
  return found.sort((a, b) => rank(a.reason) - rank(b.reason))[0] ?? null;
}

function firstError(errors: ValidationError[], prefix = ''): FailedRule | null {
  for (const e of errors) {
    const field = prefix ? `${prefix}.${e.property}` : e.property;
    const r = ruleOf(e);
    if (r === 'unknown') return { field, reason: 'unknown', params: {} };
    if (r !== null) return { field, reason: r.reason, params: r.params };
    const nested = firstError(e.children ?? [], field);
    if (nested) return nested;
  }
  return null;
}

function allErrors(errors: ValidationError[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) {
    const msg = Object.values(e.constraints ?? {})[0];
    if (msg) out[e.property] = msg;
  }
  return out;
}

/**
 * Whitelist validation: unknown fields are refused (UNKNOWN_FIELD), wrong types and sizes give
 * VALIDATION_FAILED naming the field. A missing body counts as an empty object.
 */
@Injectable()
export class RequestValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
      transform: true,
      // The value is read only to tell a missing field (`required`) from a wrong one; it is never sent back.
      validationError: { target: false, value: true },
      exceptionFactory: (errors: ValidationError[]) => {
        const first = firstError(errors) ?? { field: 'body', reason: 'invalid', params: {} };
        const fieldErrors = allErrors(errors);
        if (first.reason === 'unknown') return new ApiError('UNKNOWN_FIELD', { field: first.field }, fieldErrors);
        return new ApiError('VALIDATION_FAILED', { ...first.params, field: first.field, reason: first.reason }, fieldErrors);
      },
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if ((metadata.type === 'body' || metadata.type === 'query') && (value === undefined || value === null || value === '')) value = {};
    if ((metadata.type === 'body' || metadata.type === 'query') && (typeof value !== 'object' || Array.isArray(value))) {
      throw new ApiError('VALIDATION_FAILED', { field: 'body', reason: 'notAnObject' });
    }
    if (metadata.type === 'body' || metadata.type === 'query') {
      const problem = bodyShapeProblem(value);
      if (problem?.kind === 'tooDeep') throw new ApiError('VALIDATION_FAILED', { field: 'body', reason: 'tooDeep' });
      if (problem?.kind === 'prototypeKey') throw new ApiError('UNKNOWN_FIELD', { field: problem.key }, { [problem.key]: 'unknown field' });
    }
    return super.transform(value, metadata);
  }
}
