import type { EntityManager } from 'typeorm';
import type { Row } from './sql';

/**
 * The rows an INSERT / UPDATE / DELETE ... RETURNING statement answers, the same on every driver.
 * TypeORM's `sqlite3` driver runs any statement that starts with `INSERT `, `UPDATE ` or `DELETE ` through
 * node-sqlite3's run(), which throws the returned rows away (it keeps only lastID / changes); a leading
 * comment makes it use all(), which answers them. better-sqlite3 and PostgreSQL answer them as they are.
 */
export async function returningRows(m: EntityManager, text: string, params: unknown[]): Promise<Row[]> {
  const sql = m.connection.options.type === 'sqlite' ? `/* returning */ ${text}` : text;
  if (m.queryRunner === undefined) throw new Error('returningRows must run inside a transaction (TxRunner.write())');
  const res = (await m.queryRunner.query(sql, params, true)) as { records?: unknown[] };
  return (res.records ?? []) as Row[];
}
