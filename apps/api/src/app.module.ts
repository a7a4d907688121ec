import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { AccountsModule } from './accounts/accounts.module';
import { AuthModule } from './auth/auth.module';
import type { AppConfig } from './common/config/app-config';
import { CoreModule } from './common/core.module';
import { Clock } from './common/clock';
import { DatabaseModule } from './common/db/database.module';
import { ConsoleModule } from './console/console.module';
import { AllExceptionsFilter } from './common/http/exception.filter';
import { RequestValidationPipe } from './common/validation/validation.pipe';
import { SHARED_STORE, type SharedStore } from './common/shared/shared-store';
import { DEFAULT_LIMIT_PER_MINUTE, SharedThrottlerStorage } from './common/shared/throttler-storage';
import { ContentModule } from './content/content.module';
import { FeedModule } from './feed/feed.module';
import { HealthController } from './health/health.controller';
import { IdempotencyModule } from './idempotency/idempotency.module';
import { LedgerModule } from './ledger/ledger.module';
import { LotteryModule } from './lottery/lottery.module';
import { OpsModule } from './ops/ops.module';
import { RoundsModule } from './rounds/rounds.module';
import { SettingsModule } from './settings/settings.module';
import { WalletModule } from './wallet/wallet.module';

/** Feature modules, in dependency order. */
const FEATURES: Type[] = [
  SettingsModule,
  IdempotencyModule,
  AuthModule,
  LedgerModule,
  FeedModule,
  ContentModule,
  WalletModule,
  AccountsModule,
  RoundsModule,
  LotteryModule,
  ConsoleModule,
  OpsModule,
];

@Module({})
export class AppModule {
  /** `extra`: modules a test mounts beside the features (e.g. a reference route to compare with). */
  static forRoot(cfg: AppConfig, extra: Type[] = []): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule,
        DatabaseModule,
        // The default is generous, sign-in routes set their own tighter limits. Counters per instance, or
        // in the shared store (Redis) when there is one, so a limit holds for the whole cluster.
        ThrottlerModule.forRootAsync({
          imports: [CoreModule],
          inject: [SHARED_STORE, Clock],
          useFactory: (store: SharedStore, clock: Clock) => ({
            throttlers: [{ name: 'default', ttl: 60_000, limit: DEFAULT_LIMIT_PER_MINUTE }],
            ...(store.kind === 'redis' ? { storage: new SharedThrottlerStorage(store, () => clock.now()) } : {}),
          }),
        }),
        ...FEATURES,
        ...extra,
      ],
      controllers: [HealthController],
      providers: [
        CoreModule.runConfig(cfg),
        { provide: APP_GUARD, useClass: ThrottlerGuard },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        { provide: APP_PIPE, useClass: RequestValidationPipe },
      ],
    };
  }
}
