import { Module, type Provider } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { Clock } from './clock';
import { APP_CONFIG, type AppConfig } from './config/app-config';
import { RoundEvents } from './events/round-events';
import { createSharedStore } from './shared/create-shared-store';
import { SharedEvents } from './shared/shared-events';
import { SHARED_STORE } from './shared/shared-store';

/** Where the root module puts the run's configuration (`CoreModule.runConfig(cfg)`); read once, as APP_CONFIG. */
const RUN_CONFIG = Symbol('RUN_CONFIG');

/**
 * The core every feature imports by name: the run's configuration (APP_CONFIG), the Clock, RoundEvents,
 * and the shared store (Redis when REDIS_URL is set, several instances; else in memory, issue 13) with its
 * SharedEvents. A static module, so every importer shares one instance of each (one Clock, one store).
 *
 * The configuration is a value of the run (`AppModule.forRoot(cfg)`), while the importers are classes
 * decorated when their files load: the root provides it under RUN_CONFIG (`runConfig`) and APP_CONFIG is
 * that value, looked up once across the application. Apps built side by side each read their own.
 */
@Module({
  providers: [
    { provide: APP_CONFIG, inject: [ModuleRef], useFactory: (ref: ModuleRef): AppConfig => ref.get(RUN_CONFIG, { strict: false }) },
    Clock,
    RoundEvents,
    { provide: SHARED_STORE, inject: [APP_CONFIG], useFactory: (cfg: AppConfig) => createSharedStore(cfg.redisUrl, cfg.databaseUrl) },
    SharedEvents,
  ],
  exports: [APP_CONFIG, Clock, RoundEvents, SHARED_STORE, SharedEvents],
})
export class CoreModule {
  /** For the root module's providers only: the configuration CoreModule answers as APP_CONFIG. */
  static runConfig(cfg: AppConfig): Provider {
    return { provide: RUN_CONFIG, useValue: cfg };
  }
}
