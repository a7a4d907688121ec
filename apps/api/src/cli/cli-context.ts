import 'reflect-metadata';
import { openDatabase } from '@sum28/database';
import type { DataSource } from 'typeorm';
import { loadConfigOrExit, type AppConfig } from '../common/config/app-config';

/** Opens the configured database (migrating it) for a command-line tool; exits 2 on bad configuration. */
export async function cliDatabase(): Promise<{ cfg: AppConfig; ds: DataSource }> {
  const cfg = loadConfigOrExit();
  const ds = await openDatabase({ url: cfg.databaseUrl, sqliteDriver: cfg.sqliteDriver });
  return { cfg, ds };
}
