/**
 * What several API instances must share (issue 13): counters of rate limits, and notices that one
 * instance sends to every other (a session revoked, a round changed, a bet landed, a balance changed).
 * One small interface with two implementations: in memory (one process, the default; nothing to run)
 * and Redis (`REDIS_URL`, see redis-shared-store.ts) when several instances serve the same database.
 */
export interface SharedStore {
  /** 'memory' (this process only) or 'redis' (shared by every instance that names the same server) */
  readonly kind: 'memory' | 'redis';
  /**
   * Counts one hit (or `by` hits) on `key` in a fixed window of `windowMs` that starts at the key's first
   * hit; answers the hits so far (these included) and the milliseconds left in the window.
   */
  hit(key: string, windowMs: number, by?: number): Promise<{ hits: number; msLeft: number }>;
  /**
   * `get(flagKey)` then, when the flag is not set, `hit(key, windowMs)`, in one step (one round trip on Redis):
   * answers the flag's milliseconds to live when it is set (nothing counted), else the hit's answer.
   */
  hitUnlessSet(key: string, flagKey: string, windowMs: number): Promise<{ flagMsLeft: number } | { hits: number; msLeft: number }>;
  /** Sets `key` for `ttlMs` (a block, say). */
  setFor(key: string, value: string, ttlMs: number): Promise<void>;
  /** The value of `key` and its milliseconds to live, or null when absent or expired. */
  get(key: string): Promise<{ value: string; msLeft: number } | null>;
  /**
   * Sends `message` to the subscribers of `channel` on every OTHER instance (this one acted already);
   * answers how many other instances it reached.
   */
  publish(channel: string, message: string): Promise<number>;
  /** Calls `handler` for every message of `channel` that another instance published. */
  subscribe(channel: string, handler: (message: string) => void): void;
  /** Closes connections (on shutdown). */
  close(): Promise<void>;
}

export const SHARED_STORE = Symbol('SHARED_STORE');

/** One process: counters in a Map (expired ones swept); there is no other instance to send notices to. */
export class MemorySharedStore implements SharedStore {
  readonly kind = 'memory' as const;
  private readonly values = new Map<string, { value: string; expiresAt: number }>();
  private lastSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  hit(key: string, windowMs: number, by = 1): Promise<{ hits: number; msLeft: number }> {
    const now = this.now();
    this.sweep(now);
    const cur = this.values.get(key);
    if (cur === undefined || cur.expiresAt <= now) {
      this.values.set(key, { value: String(by), expiresAt: now + windowMs });
      return Promise.resolve({ hits: by, msLeft: windowMs });
    }
    const hits = Number(cur.value) + by;
    cur.value = String(hits);
    return Promise.resolve({ hits, msLeft: cur.expiresAt - now });
  }

  async hitUnlessSet(key: string, flagKey: string, windowMs: number): Promise<{ flagMsLeft: number } | { hits: number; msLeft: number }> {
    const flag = await this.get(flagKey);
    return flag !== null ? { flagMsLeft: flag.msLeft } : this.hit(key, windowMs);
  }

  setFor(key: string, value: string, ttlMs: number): Promise<void> {
    this.values.set(key, { value, expiresAt: this.now() + ttlMs });
    return Promise.resolve();
  }

  get(key: string): Promise<{ value: string; msLeft: number } | null> {
    const now = this.now();
    const cur = this.values.get(key);
    return Promise.resolve(cur === undefined || cur.expiresAt <= now ? null : { value: cur.value, msLeft: cur.expiresAt - now });
  }

  publish(): Promise<number> {
    return Promise.resolve(0);
  }

  subscribe(): void {
    // no other instance publishes
  }

  close(): Promise<void> {
    this.values.clear();
    return Promise.resolve();
  }

  /** At most once a second: drops expired counters so the map stays as small as the live ones. */
  private sweep(now: number): void {
    if (now - this.lastSweep < 1000) return;
    this.lastSweep = now;
    for (const [k, v] of this.values) if (v.expiresAt <= now) this.values.delete(k);
  }
}
