import { createTestAppOn, type TestApp } from './test-app';
import { TEST_DB } from './test-db';

/**
 * A database to run a test app on: the default of createTestApp (TEST_DB, SQLite unless told), or a
 * throw-away PostgreSQL database (a copy of the run's template, dropped by `done`). Tests that compare both
 * backends in one run (the money races) iterate over these.
 */
export type Backend = [name: string, open: (env?: Record<string, string>) => Promise<{ t: TestApp; done: () => Promise<void> }>];

const backend = (name: string, kind: typeof TEST_DB): Backend => [
  name,
  async (env = {}) => {
    const t = await createTestAppOn(kind, env);
    return { t, done: () => t.close() };
  },
];

/** The database of this run (TEST_DB): the PostgreSQL run covers PostgreSQL, so files it runs need no explicit leg. */
export const RUN_BACKEND: Backend = backend(TEST_DB === 'postgres' ? 'PostgreSQL' : `SQLite (${TEST_DB})`, TEST_DB);

/** Explicit legs of a test that compares both drivers in one run (the reliability suite's T2). */
export const SQLITE_BACKEND: Backend = backend('SQLite', TEST_DB === 'postgres' ? 'better-sqlite3' : TEST_DB);
export const POSTGRES_BACKEND: Backend = backend('PostgreSQL', 'postgres');
