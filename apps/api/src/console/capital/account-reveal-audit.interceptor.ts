import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { TxRunner } from '@sum28/database';
import { mergeMap, type Observable } from 'rxjs';
import { AuditService } from '../../audit/audit.service';
import { actorOf, type ConsoleRequest } from '../permission';
import type { Role } from '../roles';
import { revealsPayAccounts } from './capital-log-view';

/** The ids of the records an answer shows with a payout account (list, show, approve: one view or several). */
function withAccounts(body: unknown): number[] {
  const rows = Array.isArray(body) ? body : [body];
  const ids: number[] = [];
  for (const r of rows) {
    if (r === null || typeof r !== 'object') continue;
    const { id, pay_snapshot: pay } = r as { id?: unknown; pay_snapshot?: unknown };
    if (typeof id === 'number' && pay !== null && typeof pay === 'object') ids.push(id);
  }
  return ids;
}

/**
 * A sensitive read is an audit row (issue 24.9): whoever is shown players' payout accounts in full (finance, to pay
 * them) leaves `capital_log.reveal_account` naming the records, whatever the route (list, show, approve). Exports are
 * audited as exports.
 */
@Injectable()
export class AccountRevealAuditInterceptor implements NestInterceptor {
  constructor(
    private readonly audit: AuditService,
    private readonly tx: TxRunner,
  ) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = ctx.switchToHttp().getRequest<ConsoleRequest>();
    return next.handle().pipe(
      mergeMap(async (body: unknown) => {
        const actor = actorOf(req);
        // The same rule as the views: only a role that is shown the accounts unmasked reads them in full.
        const ids = actor !== null && revealsPayAccounts(actor.role as Role) ? withAccounts(body) : [];
        if (ids.length > 0 && actor !== null)
          await this.tx.write((m) =>
            this.audit.record(m, actor, {
              action: 'capital_log.reveal_account',
              targetType: 'capital_log',
              targetId: ids.length === 1 ? (ids[0] ?? null) : null,
              after: { ids, route: req.routeOptions.url ?? req.url },
            }),
          );
        return body;
      }),
    );
  }
}
