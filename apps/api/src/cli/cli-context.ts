import 'reflect-metadata';
import { openDatabase } from '@sum28/database';
import type { DataSource } from 'typeorm';
import { ConfigError, loadConfig, type AppConfig } from '../common/config/app-config';

/** Opens the configured database (migrating it) for a command-line tool; exits 2 on bad configuration. */
export async function cliDatabase(): Promise<{ cfg: AppConfig; ds: DataSource }> {
  let cfg: AppConfig;
  try {
    cfg = loadConfig(process.env);
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  const ds = await openDatabase({ url: cfg.databaseUrl, sqliteDriver: cfg.sqliteDriver });
  return { cfg, ds };
}
