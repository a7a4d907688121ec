import { Logger } from '@nestjs/common';
import type { SharedStore } from './shared-store';

/** How often hits counted here are added to the shared counters (REDIS_URL). */
export const RATE_FLUSH_MS = 100;
/** A key with this many unsent hits is sent at once, without waiting for the next flush. */
const RATE_FLUSH_HITS = 50;
/** Keys remembered; beyond this the expired ones are dropped, then the oldest windows. */
const MAX_KEYS = 200_000;

interface Window {
  /** End of the fixed window (the key's first hit + the window) on this instance's clock. */
  end: number;
  /** Hits in the window as far as this instance knows (its own plus the others' at the last flush). */
  count: number;
  /** Hits counted here and not yet added to the shared counter. */
  pending: number;
  /** A flush of this key is in flight. */
  sending: boolean;
}

/** What @fastify/rate-limit expects of a store (`incr`, `child`). */
export interface RateLimitStore {
  incr(key: string, cb: (err: Error | null, res?: { current: number; ttl: number }) => void, timeWindow: number, max: number): void;
  child(): RateLimitStore;
}

/**
 * A store for @fastify/rate-limit: a fixed window per key (it starts at the key's first hit, as the
 * Nest throttler's), counted in this process and decided at once, so a request never waits for Redis.
 *
 * With a shared store (REDIS_URL), this instance's hits are added to the shared counter
 * (`ratelimit:<name>:<key>`, SharedStore.hit with a count) in batches every RATE_FLUSH_MS (or at
 * RATE_FLUSH_HITS unsent hits of one key), and each answer brings back the whole cluster's count and
 * window, which the next decisions use. So a limit holds for the cluster, overshot at most by what the
 * other instances counted in the last RATE_FLUSH_MS, and one Redis round trip serves a whole batch of
 * requests instead of one each. When Redis fails the instance keeps counting alone (a limit per
 * instance rather than failed requests), as SharedThrottlerStorage does.
 */
export class BatchedRateLimitStore implements RateLimitStore {
  private readonly log = new Logger('BatchedRateLimitStore');
  private readonly windows = new Map<string, Window>();
  private readonly dirty = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private degraded = false;
  /** Flushes sent to the shared store (tests and the bench read it). */
  flushes = 0;

  constructor(
    private readonly name: string,
    private readonly shared: SharedStore,
    private readonly now: () => number,
  ) {}

  incr(key: string, cb: (err: Error | null, res?: { current: number; ttl: number }) => void, timeWindow: number, _max?: number): void {
    const now = this.now();
    let w = this.windows.get(key);
    if (w === undefined || w.end <= now) {
      if (w === undefined && this.windows.size >= MAX_KEYS) this.sweep(now);
      w = { end: now + timeWindow, count: 0, pending: 0, sending: false };
      this.windows.set(key, w);
    }
    w.count++;
    if (this.shared.kind !== 'memory') {
      w.pending++;
      if (w.pending >= RATE_FLUSH_HITS) void this.send(key, w, timeWindow);
      else this.later(key, timeWindow);
    }
    cb(null, { current: w.count, ttl: w.end - now });
  }

  child(): RateLimitStore {
    return this;
  }

  /** Sends every key's unsent hits (tests call it to settle the shared count). */
  async flush(timeWindow: number): Promise<void> {
    this.timer = null;
    const sends: Promise<void>[] = [];
    for (const key of this.dirty) {
      const w = this.windows.get(key);
      if (w !== undefined) sends.push(this.send(key, w, timeWindow));
    }
    this.dirty.clear();
    await Promise.all(sends);
  }

  /** Stops the flush timer (shutdown); unsent hits are dropped. */
  close(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private async send(key: string, w: Window, timeWindow: number): Promise<void> {
    if (w.sending || w.pending === 0) return;
    const n = w.pending;
    w.pending = 0;
    w.sending = true;
    this.flushes++;
    try {
      const { hits, msLeft } = await this.shared.hit(`ratelimit:${this.name}:${key}`, timeWindow, n);
      if (this.degraded) this.log.log('shared store answers again: limits count for the whole cluster');
      this.degraded = false;
      // The cluster's count, plus what this instance counted while the answer travelled; the cluster's window.
      const now = this.now();
      if (this.windows.get(key) === w) {
        w.count = Math.max(w.count, hits + w.pending);
        w.end = now + msLeft;
      }
    } catch (e) {
      if (!this.degraded) this.log.warn(`shared store failed (${(e as Error).message}): limits count per instance meanwhile`);
      this.degraded = true;
    } finally {
      w.sending = false;
      if (w.pending > 0) this.later(key, timeWindow);
    }
  }

  /** Marks a key's hits for the next flush, and schedules it. */
  private later(key: string, timeWindow: number): void {
    this.dirty.add(key);
    if (this.timer !== null) return;
    this.timer = setTimeout(() => void this.flush(timeWindow), RATE_FLUSH_MS);
    this.timer.unref();
  }

  private sweep(now: number): void {
    for (const [k, w] of this.windows) if (w.end <= now) this.windows.delete(k);
    // Still full (a flood of distinct keys): drop the oldest windows, the Map keeps insertion order.
    for (const k of this.windows.keys()) {
      if (this.windows.size < MAX_KEYS) break;
      this.windows.delete(k);
    }
  }
}
