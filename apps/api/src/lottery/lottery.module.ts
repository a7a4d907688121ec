import { Module } from '@nestjs/common';
import { RoundsModule } from '../rounds/rounds.module';
import { BettingService } from './betting.service';
import { CatalogService } from './catalog.service';
import { HeartRoute } from './heart-route';
import { PlayOrderRoute } from './play-order-route';
import { HeartService } from './heart.service';
import { LotteryController } from './lottery.controller';
import { LotteryService } from './lottery.service';
import { OrdersController } from './orders.controller';
import { OrdersService } from './orders.service';
import { FeedModule } from '../feed/feed.module';
import { AuthModule } from '../auth/auth.module';
import { LedgerModule } from '../ledger/ledger.module';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { SettingsModule } from '../settings/settings.module';
import { CoreModule } from '../common/core.module';
import { DatabaseModule } from '../common/db/database.module';
import { OpsModule } from '../ops/ops.module';

/** Player calls of the game (spec section 7): rooms, odds, heartbeat, betting, rounds, chart, verify, bet record. */
@Module({
  imports: [CoreModule, DatabaseModule, RoundsModule, FeedModule, AuthModule, LedgerModule, IdempotencyModule, SettingsModule, OpsModule],
  controllers: [LotteryController, OrdersController],
  providers: [CatalogService, LotteryService, HeartService, HeartRoute, PlayOrderRoute, BettingService, OrdersService],
  exports: [CatalogService, OrdersService, HeartService, BettingService],
})
export class LotteryModule {}
