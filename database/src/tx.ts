import { open, type FileHandle } from 'node:fs/promises';
import type { DataSource, EntityManager } from 'typeorm';
import { kindOf, sqliteFileOf } from './data-source';

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

/**
 * One flush shared by the callers that need it: a call while none runs starts one; a call while one runs waits
 * for the NEXT one (the running flush may have started before the caller's commit), which every such caller
 * shares. So N commits that land during one fdatasync cost one more fdatasync, not N.
 */
export class CoalescedFlush {
  private running: Promise<void> | null = null;
  private next: Promise<void> | null = null;
  /** Flushes started (tests). */
  flushes = 0;

  constructor(private readonly flush: () => Promise<void>) {}

  run(): Promise<void> {
    if (this.running === null) {
      this.flushes++;
      this.running = this.flush().finally(() => (this.running = null));
      return this.running;
    }
    this.next ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.next = null;
        return this.run();
      });
    return this.next;
  }
}

/**
 * The durability of the SQLite writer (better-sqlite3, a database file). Its connection runs in WAL mode with
 * `synchronous=NORMAL` (data-source.ts): a COMMIT writes its frames to the WAL and returns without an fsync, so
 * it no longer stalls the event loop on the disk (with FULL, a COMMIT's fsync was the largest part of a bet
 * batch's SQL time). `sync` then fdatasyncs the WAL file in libuv's thread pool, and TxRunner.write resolves
 * only after it: nobody is answered before their transaction is on disk, as with FULL. NORMAL itself keeps the
 * file consistent on a power loss (SQLite syncs the WAL before each checkpoint and the database after it); what
 * it gives up is that another connection may read a commit a few milliseconds before it is on disk (a power
 * loss in that window rolls back a transaction nobody was answered for: a retry with its idempotency key
 * places it again). A failed fdatasync fails the write's promise: a disk that cannot sync is not written on.
 */
export class WalDurability {
  private handle: Promise<FileHandle> | null = null;
  private readonly flush = new CoalescedFlush(() => this.datasync());

  constructor(readonly walPath: string) {}

  /** Resolves once every transaction committed before the call is on disk. */
  sync(): Promise<void> {
    return this.flush.run();
  }

  get syncs(): number {
    return this.flush.flushes;
  }

  async close(): Promise<void> {
    const h = this.handle;
    this.handle = null;
    await (await h?.catch(() => null))?.close();
  }

  private async datasync(): Promise<void> {
    // The WAL file exists once the database has been written in WAL mode (migrations did) and stays while a
    // connection is open; a checkpoint resets it in place, so one handle serves the process.
    this.handle ??= open(this.walPath, 'r');
    try {
      await (await this.handle).datasync();
    } catch (e) {
      await this.close().catch(() => undefined);
      throw e;
    }
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
  /** better-sqlite3 on a file: commits made durable off the event loop (WalDurability). */
  readonly durability: WalDurability | null;

  constructor(readonly ds: DataSource) {
    this.kind = kindOf(ds);
    const file = ds.options.type === 'better-sqlite3' ? sqliteFileOf(ds) : null;
    this.durability = file === null ? null : new WalDurability(`${file}-wal`);
  }

  async write<T>(fn: (m: EntityManager) => Promise<T>): Promise<T> {
    if (this.kind === 'sqlite') {
      // The gate is released at COMMIT, so the next transaction runs while this one's WAL is synced.
      const out = await this.gate.run(() => this.ds.transaction(fn));
      await this.durability?.sync();
      return out;
    }
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

  /** Releases the WAL file handle (the app's shutdown, before the DataSource closes). */
  async close(): Promise<void> {
    await this.durability?.close();
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
