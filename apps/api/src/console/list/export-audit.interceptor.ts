import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { TxRunner } from '@sum28/database';
import type { FastifyReply } from 'fastify';
import { mergeMap, type Observable } from 'rxjs';
import { AuditService } from '../../audit/audit.service';
import { actorOf, type ConsoleRequest } from '../permission';

/**
 * Every CSV export is an audit row (issue 24.9): who took which list out of the console, with which filter, and how
 * many rows (`<resource>.export`, written once the file is made, before it is sent).
 */
@Injectable()
export class ExportAuditInterceptor implements NestInterceptor {
  constructor(
    private readonly audit: AuditService,
    private readonly tx: TxRunner,
  ) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = ctx.switchToHttp().getRequest<ConsoleRequest>();
    const reply = ctx.switchToHttp().getResponse<FastifyReply>();
    return next.handle().pipe(
      mergeMap(async (body: unknown) => {
        const resource = /filename="([^"]+)\.csv"/.exec(String(reply.getHeader('content-disposition') ?? ''))?.[1] ?? 'unknown';
        const query = req.query as Record<string, unknown>;
        await this.tx.write((m) =>
          this.audit.record(m, actorOf(req), {
            action: `${resource}.export`,
            targetType: resource,
            targetId: null,
            after: {
              rows: Number(reply.getHeader('x-export-rows') ?? 0),
              truncated: reply.getHeader('x-export-truncated') === 'true',
              filter: query['filter'] ?? null,
              sort: query['sort'] ?? null,
            },
          }),
        );
        return body;
      }),
    );
  }
}
