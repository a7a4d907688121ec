import { Global, Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { BetMetricsInterceptor } from './bet-metrics.interceptor';
import { HealthProbesController } from './health-probes.controller';
import { LedgerCheckMonitor } from './ledger-check-monitor';
import { MetricsController } from './metrics.controller';
import { OpsMetrics } from './ops-metrics.service';

/** Operations: Prometheus metrics (/metrics), liveness and readiness (/health/live, /health/ready), the in-app ledger check. */
@Global()
@Module({
  imports: [AuditModule],
  controllers: [HealthProbesController, MetricsController],
  providers: [OpsMetrics, LedgerCheckMonitor, BetMetricsInterceptor],
  exports: [OpsMetrics, BetMetricsInterceptor],
})
export class OpsModule {}
