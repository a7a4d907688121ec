import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { Observable } from 'rxjs';
import { ApiError } from '../common/api-error';
import type { ConsoleRequest } from './console-request';

/**
 * Two checks the global validation pipe cannot make, for every console route:
 * - a query string on a route that declares no query is refused (UNKNOWN_FIELD), instead of ignored;
 * - a JSON `null` in a body is refused (VALIDATION_FAILED): optional fields are left out, never nulled,
 *   so `{ "title": null }` cannot slip past `@IsOptional()` into a NOT NULL column.
 */
@Injectable()
export class ConsoleInputInterceptor implements NestInterceptor {
  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = ctx.switchToHttp().getRequest<ConsoleRequest>();
    const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, ctx.getClass(), ctx.getHandler().name) ?? {}) as Record<string, unknown>;
    const declaresQuery = Object.keys(args).some((k) => k.startsWith(`${RouteParamtypes.QUERY}:`));
    const query = (req.query ?? {}) as Record<string, unknown>;
    const extra = Object.keys(query);
    if (!declaresQuery && extra.length > 0) {
      const field = (extra[0] ?? '').slice(0, 40);
      throw new ApiError('UNKNOWN_FIELD', { field }, { [field]: 'this route takes no query parameters' });
    }
    const body = req.body;
    if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
      const nulls = Object.entries(body as Record<string, unknown>)
        .filter(([, v]) => v === null)
        .map(([k]) => k.slice(0, 40));
      if (nulls.length > 0) {
        throw new ApiError(
          'VALIDATION_FAILED',
          { field: nulls[0] ?? 'body', reason: 'null' },
          Object.fromEntries(nulls.map((k) => [k, 'must not be null: leave the field out'])),
        );
      }
    }
    return next.handle();
  }
}
