import { TxRunner } from '@sum28/database';
import type { EntityManager } from 'typeorm';

/** Most bets one transaction carries. */
export const MAX_BATCH = 200;

interface Item<T> {
  run: (m: EntityManager) => Promise<T>;
  resolve: (v: T) => void;
  reject: (e: unknown) => void;
}

/**
 * Group commit for SQLite (one writer, reliability rule 6): the bets that arrive while a transaction is
 * being written are placed together in the next one, each inside its own SAVEPOINT, and the whole batch
 * is committed (and fsynced) once. A bet that is refused rolls back to its savepoint and leaves nothing;
 * the others are unaffected. Nobody is answered before the COMMIT succeeds; if it fails, every bet of
 * the batch fails and none was applied. Each bet still reads `now` and every row it checks inside the
 * transaction that writes it. On PostgreSQL there is no batcher: bets run concurrently, one transaction
 * each, with row locks.
 */
export class BetBatcher<T> {
  private queue: Item<T>[] = [];
  private draining = false;

  constructor(private readonly tx: TxRunner) {}

  submit(run: (m: EntityManager) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ run, resolve, reject });
      if (!this.draining) {
        this.draining = true;
        // Let the requests of this turn of the event loop join the first batch.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        const outcomes: ({ ok: true; value: T } | { ok: false; error: unknown })[] = [];
        try {
          await this.tx.write(async (m) => {
            for (const item of batch) {
              await m.query('SAVEPOINT bet');
              try {
                const value = await item.run(m);
                await m.query('RELEASE bet');
                outcomes.push({ ok: true, value });
              } catch (error) {
                await m.query('ROLLBACK TO bet');
                await m.query('RELEASE bet');
                outcomes.push({ ok: false, error });
              }
            }
          });
        } catch (error) {
          for (const item of batch) item.reject(error);
          continue;
        }
        batch.forEach((item, i) => {
          const o = outcomes[i];
          if (o === undefined) item.reject(new Error('bet batch lost an outcome'));
          else if (o.ok) item.resolve(o.value);
          else item.reject(o.error);
        });
      }
    } finally {
      this.draining = false;
    }
  }
}
