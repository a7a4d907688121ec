import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { openDatabase, TxRunner } from '@sum28/database';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ReadDb } from './read-db';

@Injectable()
class DatabaseCloser implements OnApplicationShutdown {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}
  async onApplicationShutdown(): Promise<void> {
    if (this.ds.isInitialized) await this.ds.destroy();
  }
}

/**
 * Opens the database (running pending migrations) and shares one TxRunner, i.e. one SQLite write gate,
 * and ReadDb (committed reads for the hot read paths: feed, heartbeat, player reads).
 */
@Global()
@Module({
  providers: [
    {
      provide: DataSource,
      inject: [APP_CONFIG],
      useFactory: (cfg: AppConfig) => openDatabase({ url: cfg.databaseUrl, sqliteDriver: cfg.sqliteDriver }),
    },
    { provide: TxRunner, inject: [DataSource], useFactory: (ds: DataSource) => new TxRunner(ds) },
    ReadDb,
    DatabaseCloser,
  ],
  exports: [DataSource, TxRunner, ReadDb],
})
export class DatabaseModule {}
