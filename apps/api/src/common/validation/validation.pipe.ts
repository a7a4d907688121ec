import { type ArgumentMetadata, Injectable, ValidationPipe, type ValidationError } from '@nestjs/common';
import { ApiError } from '../api-error';
import { bodyShapeProblem } from './body-shape';

function firstError(errors: ValidationError[], prefix = ''): { field: string; reason: string } | null {
  for (const e of errors) {
    const field = prefix ? `${prefix}.${e.property}` : e.property;
    const constraint = Object.keys(e.constraints ?? {})[0];
    if (constraint) return { field, reason: constraint };
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
      validationError: { target: false, value: false },
      exceptionFactory: (errors: ValidationError[]) => {
        const first = firstError(errors) ?? { field: 'body', reason: 'invalid' };
        const fieldErrors = allErrors(errors);
        if (first.reason === 'whitelistValidation') return new ApiError('UNKNOWN_FIELD', { field: first.field }, fieldErrors);
        return new ApiError('VALIDATION_FAILED', first, fieldErrors);
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
