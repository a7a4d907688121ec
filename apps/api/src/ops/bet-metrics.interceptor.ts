import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { type Observable, tap } from 'rxjs';
import { OpsMetrics } from './ops-metrics.service';

/** On the bet route: counts a bet when the handler answers success (an error answers nothing here). */
@Injectable()
export class BetMetricsInterceptor implements NestInterceptor {
  constructor(private readonly metrics: OpsMetrics) {}

  intercept(_ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(tap(() => this.metrics.betsPlaced.inc()));
  }
}
