import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { RoundLifecycleService } from './round-lifecycle.service';
import { RoundReader } from './round-reader.service';
import { RoundScheduler } from './round-scheduler.service';
import { SettlementService } from './settlement.service';
import { LedgerModule } from '../ledger/ledger.module';
import { CoreModule } from '../common/core.module';
import { DatabaseModule } from '../common/db/database.module';

/**
 * Round lifecycle (open, close, draw, settle, void) and its scheduler. The console uses
 * `SettlementService.voidRound`; the player calls read rounds through `RoundReader`. Settled rounds are
 * announced on RoundEvents (common/events), not by calling their readers.
 */
@Module({
  imports: [CoreModule, DatabaseModule, ScheduleModule.forRoot(), LedgerModule],
  providers: [RoundReader, SettlementService, RoundLifecycleService, RoundScheduler],
  exports: [RoundReader, SettlementService, RoundLifecycleService],
})
export class RoundsModule {}
