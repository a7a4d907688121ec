import { resolve } from 'node:path';
import type { Row } from './sql';

interface Sqlite3Database {
  all: (sql: string, params: unknown[], cb: (err: Error | null, rows: Row[]) => void) => void;
  configure: (option: 'busyTimeout', value: number) => void;
  close: (cb?: (err: Error | null) => void) => void;
}
interface Sqlite3Module {
  OPEN_READONLY: number;
  Database: new (file: string, mode: number, cb: (err: Error | null) => void) => Sqlite3Database;
}

/**
 * A second, read-only connection for the `sqlite3` driver (node-sqlite3), the counterpart of ReadDb's
 * better-sqlite3 one: TypeORM's sqlite3 driver also has ONE connection, so a read through it while a
 * write transaction is open (across awaits) would see that transaction's uncommitted rows. In WAL mode
 * this connection sees exactly the last committed state and never blocks the writer.
 */
export class Sqlite3Reader {
  private constructor(private readonly db: Sqlite3Database) {}

  static open(sqlite3: Sqlite3Module, file: string): Promise<Sqlite3Reader> {
    return new Promise((ok, fail) => {
      const db = new sqlite3.Database(resolve(file), sqlite3.OPEN_READONLY, (err) => {
        if (err) return fail(err);
        db.configure('busyTimeout', 5000);
        ok(new Sqlite3Reader(db));
      });
    });
  }

  all(sql: string, params: unknown[]): Promise<Row[]> {
    return new Promise((ok, fail) => this.db.all(sql, params, (err, rows) => (err ? fail(err) : ok(rows))));
  }

  close(): Promise<void> {
    return new Promise((ok) => this.db.close(() => ok()));
  }
}
