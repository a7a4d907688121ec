import { openDatabase, seedDatabase } from '@sum28/database';
import { copyFileSync, existsSync, mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const testDbs = require('../../../../scripts/test-databases') as {
  PG_ADMIN_URL: string;
  RUN_DB_PREFIX: string;
  testDbKind: () => 'better-sqlite3' | 'sqlite3' | 'postgres';
  newRunTag: () => string;
  runTemplateDir: (tag: string) => string;
  testTmpRoot: () => string;
};

export type TestDbKind = 'better-sqlite3' | 'sqlite3' | 'postgres';

/** The database the e2e suite runs on: TEST_DB=better-sqlite3 (default), sqlite3 or postgres. */
export const TEST_DB: TestDbKind = testDbs.testDbKind();

/**
 * The default run (better-sqlite3, with the unit tests): the parts of an e2e file that do not depend on the database
 * (a real-time scheduler run, a statistics test) are registered only here, so `npm test` runs them once, not once per
 * database. They are not skipped elsewhere: they do not exist in the other runs, as DB_INDEPENDENT_SPECS do not.
 */
export const DEFAULT_RUN = TEST_DB === 'better-sqlite3';

let counter = 0;
const runTag = (): string => {
  process.env['SUM28_TEST_RUN'] ??= testDbs.newRunTag();
  return process.env['SUM28_TEST_RUN'];
};

/** Where test apps keep their files (scripts/test-databases.js: /dev/shm where there is one). */
export const testTmpRoot: () => string = testDbs.testTmpRoot;

export interface FreshDatabase {
  /** DATABASE_URL (and DB_DRIVER) for loadConfig */
  env: Record<string, string>;
  /** drops it (PostgreSQL); SQLite files go with their temporary directory */
  drop: () => Promise<void>;
}

/** The seed a test app's database starts with: demo content, seeded once per template. */
async function buildTemplate(url: string, driver: TestDbKind): Promise<void> {
  const ds = await openDatabase({ url, ...(driver === 'postgres' ? {} : { sqliteDriver: driver }) });
  try {
    await seedDatabase(ds, { now: Date.now(), demo: true });
    if (driver !== 'postgres') await ds.query('PRAGMA wal_checkpoint(TRUNCATE)');
  } finally {
    await ds.destroy();
  }
}

const sqliteTemplates = new Map<TestDbKind, Promise<string>>();
/**
 * One migrated and seeded SQLite file per run and driver, shared by the jest workers: the first to need it
 * builds it under a name of its own and renames it into place (atomic), so a worker never copies a half-built file.
 */
function sqliteTemplate(driver: TestDbKind): Promise<string> {
  let p = sqliteTemplates.get(driver);
  if (p === undefined) {
    p = (async () => {
      const dir = testDbs.runTemplateDir(runTag());
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `template-${driver}.sqlite`);
      if (existsSync(file)) return file;
      const own = join(dir, `building-${process.pid}-${driver}`);
      mkdirSync(own, { recursive: true });
      await buildTemplate(`sqlite:${join(own, 'db.sqlite')}`, driver);
      renameSync(join(own, 'db.sqlite'), file);
      return file;
    })();
    sqliteTemplates.set(driver, p);
  }
  return p;
}

let pgTemplate: Promise<string> | null = null;
/**
 * One migrated and seeded PostgreSQL database per run (sum28_run_<tag>_template), built under an advisory lock
 * by the first worker that needs it; the others wait for the lock and find it done.
 */
function postgresTemplate(): Promise<string> {
  pgTemplate ??= (async () => {
    const name = `${testDbs.RUN_DB_PREFIX}${runTag()}_template`;
    const c = await admin();
    await c.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    try {
      const { rowCount } = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (rowCount === 0) {
        await c.query(`CREATE DATABASE "${name}.building"`);
        try {
          await buildTemplate(pgUrl(`${name}.building`), 'postgres');
          await c.query(`ALTER DATABASE "${name}.building" RENAME TO "${name}"`);
        } catch (e) {
          await c.query(`DROP DATABASE IF EXISTS "${name}.building" WITH (FORCE)`);
          throw e;
        }
      }
    } finally {
      await c.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    }
    return name;
  })();
  return pgTemplate;
}

const pgUrl = (db: string): string => testDbs.PG_ADMIN_URL.replace(/\/[^/]*$/, `/${encodeURIComponent(db)}`);

/**
 * A fresh database of the kind `kind` (TEST_DB by default), migrated and seeded with demo content: a copy of the
 * run's template (SQLite: a file copy into `dir`; PostgreSQL: `CREATE DATABASE ... TEMPLATE`, named
 * sum28_run_<run tag>_<pid>_<n>, with `synchronous_commit = off`), created here and dropped by drop() — and by the
 * global teardown when a test never got to drop it.
 */
export async function freshTestDatabase(dir: string, kind: TestDbKind = TEST_DB): Promise<FreshDatabase> {
  if (kind !== 'postgres') {
    const file = join(dir, 'test.sqlite');
    copyFileSync(await sqliteTemplate(kind), file);
    return { env: { DATABASE_URL: `sqlite:${file}`, DB_DRIVER: kind }, drop: async () => undefined };
  }
  const template = await postgresTemplate();
  const name = `${testDbs.RUN_DB_PREFIX}${runTag()}_${process.pid}_${++counter}`;
  const c = await admin();
  // Two copies of one template at the same instant may find it "being accessed" by the other: try again.
  for (let attempt = 0; ; attempt++) {
    try {
      await c.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
      break;
    } catch (e) {
      if (attempt >= 50 || !/being accessed by other users/.test(String(e))) throw e;
      await new Promise((r) => setTimeout(r, 20 + 20 * attempt));
    }
  }
  await c.query(`ALTER DATABASE "${name}" SET synchronous_commit = off`);
  return {
    env: { DATABASE_URL: pgUrl(name) },
    drop: async () => {
      await (await admin()).query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

type AdminHolder = { __sum28PgAdmin?: Promise<Client> | null };
const holder = globalThis as AdminHolder;
/** One connection to the PostgreSQL server per test file for creating and dropping test databases (closed after the file by test/support/after-file.ts). */
function admin(): Promise<Client> {
  holder.__sum28PgAdmin ??= (async () => {
    const c = new Client({ connectionString: testDbs.PG_ADMIN_URL });
    c.on('error', () => {
      holder.__sum28PgAdmin = null;
    });
    await c.connect();
    return c;
  })().catch((e: unknown) => {
    holder.__sum28PgAdmin = null;
    throw e;
  });
  return holder.__sum28PgAdmin;
}
