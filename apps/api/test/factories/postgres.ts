import { execFileSync } from 'node:child_process';
import { DataSource } from 'typeorm';

/** The PostgreSQL server of this machine (see DEVELOPERS.md); override with PG_ADMIN_URL. */
export const PG_ADMIN_URL = process.env['PG_ADMIN_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let available: boolean | null = null;
/** Whether a PostgreSQL server answers; tests of the PostgreSQL path fail when not (requirePostgres). */
export function pgAvailable(): boolean {
  if (available === null) {
    try {
      execFileSync('pg_isready', ['-q', '-d', PG_ADMIN_URL], { stdio: 'ignore', timeout: 5000 });
      available = true;
    } catch {
      available = false;
    }
  }
  return available;
}

/** Creates a throw-away database, hands its URL to fn, and drops it afterwards. */
export async function withPgDatabase<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const name = `sum28_t_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new DataSource({ type: 'postgres', url: PG_ADMIN_URL });
  await admin.initialize();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    return await fn(PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.destroy();
  }
}

/**
 * Fails the calling test (or hook) when no PostgreSQL server answers: a test that could not run is a failure, never
 * a skip (`npm test` starts the machine's server first, scripts/test-prereqs.js).
 */
export function requirePostgres(): void {
  if (!pgAvailable()) throw new Error(`PostgreSQL does not answer at ${PG_ADMIN_URL}: start it (or set PG_ADMIN_URL); this test needs it`);
}
