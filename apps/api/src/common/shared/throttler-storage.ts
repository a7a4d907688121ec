import type { ThrottlerStorage } from '@nestjs/throttler';
import { Logger } from '@nestjs/common';
import { BatchedRateLimitStore } from './rate-limit-store';
import { MemorySharedStore, type SharedStore } from './shared-store';

/**
 * Limits of at least this many hits per window are counted in batches (BatchedRateLimitStore): decided here at
 * once, added to the shared counters every 100 ms, so a request does not wait for Redis; the cluster may pass
 * such a limit by what the other instances counted in the last 100 ms, a few hits against hundreds. Tighter
 * limits (sign-in, SIGNIN_RATE_LIMIT) count every hit in Redis before answering.
 */
export const BATCHED_FROM_LIMIT = 100;

/** The default limit of every route per client IP and minute (the throttler's; sign-in routes set tighter ones). */
export const DEFAULT_LIMIT_PER_MINUTE = 1200;

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * @nestjs/throttler's storage on the shared store: with Redis, every instance counts the same hits, so
 * a limit of N per minute holds for the whole cluster (fixed window per key, plus the block when over).
 * When Redis does not answer, this instance counts alone (in memory) until it does: a limit per instance
 * rather than a failed request.
 */
export class SharedThrottlerStorage implements ThrottlerStorage {
  private readonly log = new Logger('SharedThrottlerStorage');
  private readonly local = new MemorySharedStore();
  private degraded = false;
  private readonly batched: BatchedRateLimitStore;

  constructor(
    private readonly store: SharedStore,
    now: () => number = Date.now,
  ) {
    this.batched = new BatchedRateLimitStore('throttle', store, now);
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    if (limit >= BATCHED_FROM_LIMIT) return this.countBatched(`${throttlerName}:${key}`, ttl, limit);
    try {
      const r = await this.count(this.store, key, ttl, limit, blockDuration, throttlerName);
      if (this.degraded) this.log.log('shared store answers again: limits count for the whole cluster');
      this.degraded = false;
      return r;
    } catch (e) {
      if (!this.degraded) this.log.warn(`shared store failed (${(e as Error).message}): limits count per instance meanwhile`);
      this.degraded = true;
      return this.count(this.local, key, ttl, limit, blockDuration, throttlerName);
    }
  }

  /** A generous limit, counted in batches: over it, refused until the window ends. */
  private countBatched(key: string, ttl: number, limit: number): ThrottlerStorageRecord {
    let hits = 0;
    let msLeft = ttl;
    this.batched.incr(
      key,
      (_err, res) => {
        hits = res?.current ?? 0;
        msLeft = res?.ttl ?? ttl;
      },
      ttl,
      limit,
    );
    const left = Math.ceil(msLeft / 1000);
    return { totalHits: hits, timeToExpire: left, isBlocked: hits > limit, timeToBlockExpire: hits > limit ? left : 0 };
  }

  /** Stops the batched counters' flush timer (shutdown). */
  close(): void {
    this.batched.close();
  }

  private async count(
    store: SharedStore,
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    const base = `throttle:${throttlerName}:${key}`;
    // the block, and when there is none the hit, in one round trip
    const counted = await store.hitUnlessSet(base, `${base}:blocked`, ttl);
    if ('flagMsLeft' in counted) {
      const left = Math.ceil(counted.flagMsLeft / 1000);
      return { totalHits: limit + 1, timeToExpire: left, isBlocked: true, timeToBlockExpire: left };
    }
    const { hits, msLeft } = counted;
    if (hits > limit) {
      const blockMs = blockDuration > 0 ? blockDuration : msLeft;
      await store.setFor(`${base}:blocked`, '1', blockMs);
      return { totalHits: hits, timeToExpire: Math.ceil(msLeft / 1000), isBlocked: true, timeToBlockExpire: Math.ceil(blockMs / 1000) };
    }
    return { totalHits: hits, timeToExpire: Math.ceil(msLeft / 1000), isBlocked: false, timeToBlockExpire: 0 };
  }
}
