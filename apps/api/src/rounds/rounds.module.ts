import { Global, Module } from '@nestjs/common';
import { ReadDb } from './read-db';
import { RoundLifecycleService } from './round-lifecycle.service';
import { RoundReader } from './round-reader.service';
import { RoundScheduler } from './round-scheduler.service';
import { SettlementService } from './settlement.service';

/**
 * Round lifecycle (open, close, draw, settle, void) and its scheduler. The console uses
 * `SettlementService.voidRound`; the player calls read rounds through `RoundReader`. Global: `ReadDb`
 * (committed reads) is used by the feed, the player calls and the heartbeat.
 */
@Global()
@Module({
  providers: [ReadDb, RoundReader, SettlementService, RoundLifecycleService, RoundScheduler],
  exports: [ReadDb, RoundReader, SettlementService, RoundLifecycleService],
})
export class RoundsModule {}
