import { execFileSync } from 'node:child_process';
import { DataSource } from 'typeorm';

/** The PostgreSQL server of this machine (see DEVELOPERS.md); override with PG_ADMIN_URL. */
export const PG_ADMIN_URL = process.env['PG_ADMIN_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let available: boolean | null = null;
/** Whether a PostgreSQL server answers; tests of the PostgreSQL path skip (with a notice) when not. */
export function pgAvailable(): boolean {
  if (available === null) {
    try {
      execFileSync('pg_isready', ['-q', '-h', '127.0.0.1', '-p', '5432'], { stdio: 'ignore', timeout: 5000 });
      available = true;
    } catch {
      available = false;
      console.warn('PostgreSQL is not reachable on 127.0.0.1:5432: PostgreSQL-path tests are skipped');
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
