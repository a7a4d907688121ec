import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { TxRunner } from '@sum28/database';
import { resolve } from 'node:path';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Sql, type Row } from './sql';
import { Sqlite3Reader } from './sqlite3-reader';

interface Statement {
  all: (...params: unknown[]) => Row[];
}
interface SqliteHandle {
  prepare: (sql: string) => Statement;
  pragma: (s: string) => unknown;
  close: () => void;
}

/**
 * Committed reads for what players see (results, seeds, feeds, balances, bet records).
 *
 * On SQLite, TypeORM has ONE connection, and a write transaction stays open across awaits: a read made
 * through it in between (any other request) sees that transaction's uncommitted rows, e.g. a draw not yet
 * committed or a bet that is about to be rolled back. So on better-sqlite3 these reads go through a
 * second, read-only connection to the same file: in WAL mode it sees exactly the last committed state,
 * never blocks the writer, and its prepared statements skip the ORM (the heartbeat reads through here).
 * The `sqlite3` driver gets its own read-only connection the same way (Sqlite3Reader). On PostgreSQL
 * (read committed, a pool of connections) it is the DataSource.
 */
@Injectable()
export class ReadDb implements OnModuleDestroy {
  private readonly sql: Sql;
  private handle: SqliteHandle | null | undefined;
  private readonly statements = new Map<string, Statement>();
  private reader3: Promise<Sqlite3Reader | null> | undefined;

  constructor(
    private readonly ds: DataSource,
    tx: TxRunner,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {
    this.sql = new Sql(tx.kind);
  }

  /** Rows of a SELECT written with `?` placeholders. */
  async all(text: string, params: unknown[] = []): Promise<Row[]> {
    const h = this.sqlite();
    if (h === null) {
      const r = await this.sqlite3Reader();
      if (r !== null) return r.all(text, params);
      return (await this.ds.query(this.sql.q(text), params)) as Row[];
    }
    let stmt = this.statements.get(text);
    if (stmt === undefined) {
      stmt = h.prepare(text);
      if (this.statements.size > 500) this.statements.clear();
      this.statements.set(text, stmt);
    }
    return stmt.all(...params);
  }

  async one(text: string, params: unknown[] = []): Promise<Row | undefined> {
    return (await this.all(text, params))[0];
  }

  async onModuleDestroy(): Promise<void> {
    this.handle?.close();
    this.handle = null;
    const r = await this.reader3;
    this.reader3 = Promise.resolve(null);
    await r?.close();
  }

  /** The read-only connection of the `sqlite3` driver (null on the other drivers and in memory). */
  private sqlite3Reader(): Promise<Sqlite3Reader | null> {
    if (this.reader3 === undefined) {
      const url = this.cfg.databaseUrl;
      const file = url.startsWith('sqlite:') ? url.slice('sqlite:'.length) : '';
      const sqlite3 = (this.ds.driver as unknown as { sqlite: Parameters<typeof Sqlite3Reader.open>[0] }).sqlite;
      this.reader3 = this.ds.options.type !== 'sqlite' || file === '' || file === ':memory:' ? Promise.resolve(null) : Sqlite3Reader.open(sqlite3, file);
    }
    return this.reader3;
  }

  private sqlite(): SqliteHandle | null {
    if (this.handle !== undefined) return this.handle;
    const url = this.cfg.databaseUrl;
    const file = url.startsWith('sqlite:') ? url.slice('sqlite:'.length) : '';
    if (this.ds.options.type !== 'better-sqlite3' || file === '' || file === ':memory:') {
      this.handle = null;
      return null;
    }
    // The DataSource has opened (and migrated) the file by now; this connection only reads it.
    const Database = (this.ds.driver as unknown as { sqlite: new (path: string, opts: { readonly: boolean; fileMustExist: boolean }) => SqliteHandle }).sqlite;
    const h = new Database(resolve(file), { readonly: true, fileMustExist: true });
    h.pragma('busy_timeout = 5000');
    this.handle = h;
    return h;
  }
}
