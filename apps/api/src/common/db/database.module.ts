import { Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { openDatabase, TxRunner } from '@sum28/database';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { CoreModule } from '../core.module';
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
 * and ReadDb (committed reads for the hot read paths: feed, heartbeat, player reads). A static module:
 * every feature that reads or writes imports it by name and all share the one DataSource and TxRunner.
 */
@Module({
  imports: [CoreModule],
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
