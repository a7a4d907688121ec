import type { DataSource, EntityManager } from 'typeorm';
import { Sql } from '../../src/common/db/sql';

type Queryable = DataSource | EntityManager;

function kindOf(x: Queryable): 'postgres' | 'sqlite' {
  const options = 'options' in x ? x.options : x.connection.options;
  return options.type === 'postgres' ? 'postgres' : 'sqlite';
}

/** The app's SQL dialect helper for the database `x` is on (TRUE / FALSE, `?` -> `$n`). */
export function sqlOf(x: Queryable): Sql {
  return new Sql(kindOf(x));
}

/** PostgreSQL answers bigint (the schema's `*_minor` amounts and `*_at` times) and COUNT(*) as strings. */
const BIGINT_KEY = /(_minor|_at|^n)$/;

/**
 * Test SQL written once for every database (TEST_DB): `?` placeholders (rewritten to `$n` on PostgreSQL),
 * and the rows with bigint columns as numbers, as SQLite answers them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of any table, as ds.query answers them
export async function query<T = any>(x: Queryable, text: string, params: unknown[] = []): Promise<T[]> {
  const pg = kindOf(x) === 'postgres';
  const rows = (await x.query(sqlOf(x).q(text), params)) as Record<string, unknown>[];
  if (!pg) return rows as T[];
  return rows.map((r) => {
    const out: Record<string, unknown> = { ...r };
    for (const [k, v] of Object.entries(out)) if (BIGINT_KEY.test(k) && typeof v === 'string' && /^-?\d+$/.test(v)) out[k] = Number(v);
    return out as T;
  });
}
