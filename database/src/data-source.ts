import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities';
import { POSTGRES_MIGRATIONS, SQLITE_MIGRATIONS } from './migrations';

export type DbKind = 'sqlite' | 'postgres';
export type SqliteDriver = 'better-sqlite3' | 'sqlite3';

export interface DbConfig {
  /** `sqlite:<path>` (relative to the working directory), `sqlite::memory:`, or `postgres://...` */
  url: string;
  sqliteDriver?: SqliteDriver;
  logging?: boolean;
}

export function dbKindOf(url: string): DbKind {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return 'postgres';
  if (url.startsWith('sqlite:')) return 'sqlite';
  throw new Error(`DATABASE_URL must start with sqlite: or postgres:// (got "${url.slice(0, 20)}...")`);
}

/**
 * SQLite: WAL, synchronous=FULL, a busy timeout and foreign keys, on every connection; a page cache of up to
 * 64 MiB (the default is 2 MiB): a big round's settlement (and any set-based write) updates index pages all over
 * the bets and ledger tables, and with the default cache it spills and re-reads them (settling 300,000 bets took
 * 1.8 times the CPU time; docs/performance.md). The cache grows only as pages are used.
 */
const SQLITE_PRAGMAS = ['journal_mode = WAL', 'synchronous = FULL', 'busy_timeout = 5000', 'foreign_keys = ON', 'cache_size = -65536'];

export function dataSourceOptions(cfg: DbConfig): DataSourceOptions {
  const kind = dbKindOf(cfg.url);
  const common = { entities: ENTITIES, synchronize: false, logging: cfg.logging ?? false, migrationsRun: false } as const;
  if (kind === 'postgres') {
    return { ...common, type: 'postgres', url: cfg.url, migrations: POSTGRES_MIGRATIONS, extra: { max: 20 } };
  }
  const raw = cfg.url.slice('sqlite:'.length);
  const database = raw === ':memory:' ? ':memory:' : resolve(raw);
  if (database !== ':memory:') mkdirSync(dirname(database), { recursive: true });
  if ((cfg.sqliteDriver ?? 'better-sqlite3') === 'sqlite3') {
    return { ...common, type: 'sqlite', database, migrations: SQLITE_MIGRATIONS, enableWAL: database !== ':memory:', busyTimeout: 5000 };
  }
  return {
    ...common,
    type: 'better-sqlite3',
    database,
    migrations: SQLITE_MIGRATIONS,
    // Prepared statements kept per connection (TypeORM's default is 100, first in first out): the bet batch's
    // multi-row statements differ by their row count, about ten kinds times the batch sizes seen, and with
    // 100 nearly every batch prepared its statements again (3.5% of the API's CPU under load, docs/performance.md).
    statementCacheSize: 1000,
    prepareDatabase: (db: { pragma: (s: string) => unknown }) => {
      for (const p of SQLITE_PRAGMAS) db.pragma(p);
    },
  };
}

export function createDataSource(cfg: DbConfig): DataSource {
  return new DataSource(dataSourceOptions(cfg));
}

export function kindOf(ds: DataSource): DbKind {
  return ds.options.type === 'postgres' ? 'postgres' : 'sqlite';
}

/** Opens the data source and applies pending migrations (never `synchronize`). */
export async function openDatabase(cfg: DbConfig): Promise<DataSource> {
  const ds = createDataSource(cfg);
  await ds.initialize();
  if (kindOf(ds) === 'sqlite' && ds.options.type === 'sqlite') {
    await ds.query('PRAGMA synchronous = FULL');
    await ds.query('PRAGMA foreign_keys = ON');
  }
  await ds.runMigrations({ transaction: 'each' });
  return ds;
}
