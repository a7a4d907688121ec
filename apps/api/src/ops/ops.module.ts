import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { HealthProbesController } from './health-probes.controller';
import { LedgerCheckMonitor } from './ledger-check-monitor';
import { MetricsController } from './metrics.controller';
import { OpsMetrics } from './ops-metrics.service';
import { CoreModule } from '../common/core.module';
import { DatabaseModule } from '../common/db/database.module';

/** Operations: Prometheus metrics (/metrics), liveness and readiness (/health/live, /health/ready), the in-app ledger check. */
@Module({
  imports: [CoreModule, DatabaseModule, AuditModule],
  controllers: [HealthProbesController, MetricsController],
  providers: [OpsMetrics, LedgerCheckMonitor],
  exports: [OpsMetrics],
})
export class OpsModule {}
