import { withPgDatabase } from './postgres';
import { createTestApp, type TestApp } from './test-app';

/**
 * A database to run a test app on: the default of createTestApp (TEST_DB, SQLite unless told), or a
 * throw-away PostgreSQL database (created here, dropped by `done`). Tests that compare both backends
 * in one run (the money races) iterate over these.
 */
export type Backend = [name: string, open: (env?: Record<string, string>) => Promise<{ t: TestApp; done: () => Promise<void> }>];

export const SQLITE_BACKEND: Backend = [
  'SQLite',
  async (env = {}) => {
    const t = await createTestApp(env);
    return { t, done: () => t.close() };
  },
];

export const POSTGRES_BACKEND: Backend = [
  'PostgreSQL',
  async (env = {}) => {
    let release: () => void = () => undefined;
    let dropped: Promise<void> = Promise.resolve();
    const url = await new Promise<string>((resolveUrl, reject) => {
      dropped = withPgDatabase((u) => {
        resolveUrl(u);
        return new Promise<void>((r) => (release = r));
      }).catch(reject);
    });
    const t = await createTestApp({ ...env, DATABASE_URL: url });
    return {
      t,
      done: async () => {
        await t.close();
        release();
        await dropped;
      },
    };
  },
];
