import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { DataSource, QueryFailedError, QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { isDatabaseUnavailable } from './unavailable';

/** Errors as the drivers really raise them, where they can be made here; the rest in node-postgres's shape. */
describe('isDatabaseUnavailable', () => {
  it('is true for a PostgreSQL server that does not listen (a real node-postgres connect error)', async () => {
    const c = new Client({ host: '127.0.0.1', port: 1, user: 'x', database: 'x', connectionTimeoutMillis: 2000 });
    const err = await c.connect().then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).not.toBeNull();
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it('is true for a server shutting down or not yet accepting connections, and a dropped connection, also wrapped by TypeORM', () => {
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    const starting = Object.assign(new Error('the database system is starting up'), { code: '57P03' });
    const dropped = new Error('Connection terminated unexpectedly');
    for (const e of [shutdown, starting, dropped]) {
      expect(isDatabaseUnavailable(e)).toBe(true);
      expect(isDatabaseUnavailable(new QueryFailedError('SELECT 1', [], e))).toBe(true);
      expect(isDatabaseUnavailable(new Error('outer', { cause: e }))).toBe(true);
    }
  });

  it('is true for a statement on a PostgreSQL query runner that TypeORM released when its connection dropped (a real TypeORM runner)', async () => {
    const ds = new DataSource({ type: 'postgres', host: '127.0.0.1', port: 1, username: 'x', database: 'x' });
    const runner = ds.createQueryRunner();
    await runner.release(); // what the runner's connection 'error' handler does mid-transaction
    const failed = (p: Promise<unknown>): Promise<unknown> =>
      p.then(
        () => null,
        (e: unknown) => e,
      );
    const viaManager = await failed(runner.manager.query('SELECT 1')); // a service's next statement
    const viaRunner = await failed(runner.query('COMMIT')); // the transaction's COMMIT
    expect(viaManager).toBeInstanceOf(QueryRunnerProviderAlreadyReleasedError);
    expect(viaRunner).toBeInstanceOf(QueryRunnerAlreadyReleasedError);
    expect(isDatabaseUnavailable(viaManager)).toBe(true);
    expect(isDatabaseUnavailable(viaRunner)).toBe(true);
  });

  it('is true for a SQLite file that cannot be written (a real better-sqlite3 error)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sum28-unavail-'));
    try {
      const file = join(dir, 'x.sqlite');
      new Database(file).exec('CREATE TABLE t (a INTEGER)');
      const ro = new Database(file, { readonly: true });
      let err: unknown = null;
      try {
        ro.exec('INSERT INTO t VALUES (1)');
      } catch (e) {
        err = e;
      }
      ro.close();
      expect((err as { code?: string }).code).toMatch(/^SQLITE_READONLY/);
      expect(isDatabaseUnavailable(err)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is false for bugs and bad queries: a syntax error, a constraint, a plain error, non-errors', () => {
    const syntax = Object.assign(new Error('syntax error at or near "SELEC"'), { code: '42601' });
    const unique = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
    const constraint = Object.assign(new Error('UNIQUE constraint failed: t.a'), { code: 'SQLITE_CONSTRAINT_UNIQUE' });
    for (const e of [syntax, unique, constraint, new QueryFailedError('x', [], syntax), new TypeError('x is undefined'), null, 'ECONNREFUSED', 42])
      expect(isDatabaseUnavailable(e)).toBe(false);
  });
});
