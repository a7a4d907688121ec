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
    if (this.kind === 'sqlite') return this.gate.run(() => this.ds.transaction(fn));
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
