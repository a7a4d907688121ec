import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../common/api-error';

/** The largest id a row can have: ids are 32-bit SERIAL columns (PostgreSQL refuses a larger value in a query). */
export const MAX_ID = 2_147_483_647;

/** A positive integer up to MAX_ID written in plain digits ("1e3", "0x10", "1.0" are refused), else 400 naming `id`. */
export function parseId(value: unknown): number {
  if (typeof value === 'string' && /^[1-9][0-9]{0,9}$/.test(value)) {
    const n = Number(value);
    if (n <= MAX_ID) return n;
  }
  throw new ApiError('VALIDATION_FAILED', { field: 'id', reason: 'positive integer' }, { id: 'must be a positive integer' });
}

/**
 * The `:id` path parameter, read raw from the route (a custom decorator, so the global pipe's implicit
 * number conversion never sees it).
 */
export const IdParam = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): number => parseId((ctx.switchToHttp().getRequest<FastifyRequest>().params as Record<string, unknown>)['id']),
  [
    // documents the path parameter in OpenAPI, as @Param would
    (target: object, key: string | symbol | undefined): void => {
      if (key === undefined) return;
      const descriptor = Object.getOwnPropertyDescriptor(target, key);
      if (descriptor) ApiParam({ name: 'id', type: Number, description: 'positive integer' })(target, key, descriptor);
    },
  ],
);
