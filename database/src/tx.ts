import type { DataSource, EntityManager } from 'typeorm';
import { kindOf } from './data-source';

/**
 * A FIFO async mutex. On SQLite, TypeORM shares ONE connection, so a second concurrent `transaction()`
 * silently becomes a SAVEPOINT inside the first (typeorm#307, #8668): one request's failure could roll
 * back another's acknowledged work. Every write transaction therefore passes through this gate.
 */
export class WriteGate {
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  run<T>(fn: () => Promise<T>): Promise<T> {
    this.waiting++;
    const result = this.tail.then(fn, fn);
    this.tail = result.then(
      () => this.waiting--,
      () => this.waiting--,
    );
    return result;
  }

  get queued(): number {
    return this.waiting;
  }
}

/** The transaction state of TypeORM's SQLite query runner (one per data source on SQLite). */
interface SqliteRunnerState {
  isTransactionActive: boolean;
  transactionDepth: number;
}

const RETRYABLE_PG = new Set(['40001', '40P01']);

/**
 * Runs `fn` in one database transaction. SQLite: serialized through the gate (one writer).
 * PostgreSQL: concurrent; callers lock the rows they change (`lockUser`) and serialization failures or
 * deadlocks are retried with the same function a bounded number of times.
 */
export class TxRunner {
  readonly kind: 'sqlite' | 'postgres';
  private readonly gate = new WriteGate();

  constructor(readonly ds: DataSource) {
    this.kind = kindOf(ds);
  }

  async write<T>(fn: (m: EntityManager) => Promise<T>): Promise<T> {
    if (this.kind === 'sqlite') return this.gate.run(() => this.sqliteTransaction(fn));
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.ds.transaction(fn);
      } catch (e) {
        const code = (e as { driverError?: { code?: string }; code?: string }).driverError?.code ?? (e as { code?: string }).code;
        if (attempt < 5 && code !== undefined && RETRYABLE_PG.has(code)) continue;
        throw e;
      }
    }
  }

  /**
   * One transaction on SQLite's shared connection, leaving the connection and TypeORM's runner with no
   * transaction open whatever happened. When a statement or the COMMIT fails with SQLITE_FULL or SQLITE_IOERR
   * (a full or failing disk), SQLite may roll the whole transaction back itself; TypeORM's ROLLBACK then fails,
   * its error is swallowed, and its runner stays "in a transaction" (isTransactionActive, transactionDepth 1).
   * Every later `transaction()` then runs as a SAVEPOINT, and after the next rollback to one of those, SQLite
   * itself stays inside a transaction that is never committed: each later write is answered as committed
   * while nothing reaches the file (found by T12 on SQLite: 1,432 of 1,821 acknowledged bets lost after one
   * full disk). So the state is checked after every transaction and reset when it is wrong (every write on the
   * shared connection passes here, so the next one starts clean).
   */
  private async sqliteTransaction<T>(fn: (m: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.ds.transaction(fn);
    } finally {
      await this.endStrayTransaction();
    }
  }

  /** Rolls back whatever transaction the SQLite connection still holds and resets TypeORM's runner (no-op when clean). */
  private async endStrayTransaction(): Promise<void> {
    const driver = this.ds.driver as unknown as { queryRunner?: SqliteRunnerState; databaseConnection?: { inTransaction?: boolean } };
    const runner = driver.queryRunner;
    const open = driver.databaseConnection?.inTransaction === true;
    if (!open && (runner === undefined || (!runner.isTransactionActive && runner.transactionDepth === 0))) return;
    if (runner !== undefined) {
      runner.isTransactionActive = false;
      runner.transactionDepth = 0;
    }
    // better-sqlite3 tells whether a transaction is open; the sqlite3 driver does not, so it always tries.
    if (open || driver.databaseConnection?.inTransaction === undefined) {
      try {
        await this.ds.query('ROLLBACK');
      } catch {
        // no transaction was open
      }
    }
  }

  /** Locks a row for the rest of the transaction on PostgreSQL (SQLite is already serialized). */
  async lockRow(m: EntityManager, table: string, id: number): Promise<void> {
    if (this.kind === 'postgres') await m.query(`SELECT id FROM ${table} WHERE id = $1 FOR UPDATE`, [id]);
  }
}

/** True when a driver error is a UNIQUE violation (SQLite or PostgreSQL). */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; driverError?: { code?: string }; message?: string };
  const code = err.driverError?.code ?? err.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(err.message ?? '');
}
