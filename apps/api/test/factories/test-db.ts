import { join } from 'node:path';
import { DataSource } from 'typeorm';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const testDbs = require('../../../../scripts/test-databases') as {
  PG_ADMIN_URL: string;
  RUN_DB_PREFIX: string;
  testDbKind: () => 'better-sqlite3' | 'sqlite3' | 'postgres';
  newRunTag: () => string;
};

export type TestDbKind = 'better-sqlite3' | 'sqlite3' | 'postgres';

/** The database the e2e suite runs on: TEST_DB=better-sqlite3 (default), sqlite3 or postgres. */
export const TEST_DB: TestDbKind = testDbs.testDbKind();

let counter = 0;
const runTag = (): string => {
  process.env['SUM28_TEST_RUN'] ??= testDbs.newRunTag();
  return process.env['SUM28_TEST_RUN'];
};

export interface FreshDatabase {
  /** DATABASE_URL (and DB_DRIVER) for loadConfig */
  env: Record<string, string>;
  /** drops it (PostgreSQL); SQLite files go with their temporary directory */
  drop: () => Promise<void>;
}

/**
 * A fresh, empty database of the kind TEST_DB names: a SQLite file in `dir`, or a PostgreSQL database
 * named sum28_run_<run tag>_<pid>_<n> (unique per jest worker and run), created here and dropped by
 * drop() — and by the global teardown when a test never got to drop it.
 */
export async function freshTestDatabase(dir: string): Promise<FreshDatabase> {
  if (TEST_DB !== 'postgres') {
    return { env: { DATABASE_URL: `sqlite:${join(dir, 'test.sqlite')}`, DB_DRIVER: TEST_DB }, drop: async () => undefined };
  }
  const name = `${testDbs.RUN_DB_PREFIX}${runTag()}_${process.pid}_${++counter}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  return {
    env: { DATABASE_URL: testDbs.PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`) },
    drop: () => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

async function adminQuery(sql: string): Promise<void> {
  const admin = new DataSource({ type: 'postgres', url: testDbs.PG_ADMIN_URL });
  await admin.initialize();
  try {
    await admin.query(sql);
  } finally {
    await admin.destroy();
  }
}
