/** Most bets one transaction carries. */
export const MAX_BATCH = 200;

/** What one item of a batch came to: its answer, or the error its request gets. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

interface Item<I, T> {
  input: I;
  resolve: (v: T) => void;
  reject: (e: unknown) => void;
}

/**
 * Group commit for bets (both databases): the bets that arrive while a batch is being written are placed
 * together in the next one, by `run`, which answers one outcome per item (in order) and commits the
 * accepted ones in one transaction. Nobody is answered before that transaction's COMMIT; if `run` throws,
 * no item of the batch was applied and each is tried again alone (so one bet's unexpected failure, a
 * deadlock or a concurrent duplicate key, never fails the others; alone, its error is its answer).
 *
 * Two items with the same `sameKey` (one player's idempotency key) never share a batch: the second waits for
 * the next one, where it sees the first's committed answer.
 */
export class BetBatcher<I, T> {
  private queue: Item<I, T>[] = [];
  private draining = false;

  constructor(
    private readonly run: (inputs: I[]) => Promise<Outcome<T>[]>,
    private readonly sameKey: (input: I) => string | null,
  ) {}

  submit(input: I): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
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
        const batch = this.take();
        let outcomes: Outcome<T>[];
        try {
          outcomes = await this.run(batch.map((i) => i.input));
        } catch (error) {
          outcomes = batch.length === 1 ? [{ ok: false, error }] : await this.oneByOne(batch);
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

  /** Up to MAX_BATCH items from the queue, in order, leaving for later any whose key is already in the batch. */
  private take(): Item<I, T>[] {
    const batch: Item<I, T>[] = [];
    const keys = new Set<string>();
    const rest: Item<I, T>[] = [];
    for (const item of this.queue) {
      const key = this.sameKey(item.input);
      if (batch.length >= MAX_BATCH || (key !== null && keys.has(key))) rest.push(item);
      else {
        batch.push(item);
        if (key !== null) keys.add(key);
      }
    }
    this.queue = rest;
    return batch;
  }

  private async oneByOne(batch: Item<I, T>[]): Promise<Outcome<T>[]> {
    const out: Outcome<T>[] = [];
    for (const item of batch) {
      try {
        out.push(...(await this.run([item.input])));
      } catch (error) {
        out.push({ ok: false, error });
      }
    }
    return out;
  }
}
