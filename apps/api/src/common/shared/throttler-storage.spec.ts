import { BATCHED_FROM_LIMIT, SharedThrottlerStorage } from './throttler-storage';
import type { SharedStore } from './shared-store';
import { sharedCounter } from './shared-store.fake';

/** The shared store of `sharedCounter` that also counts the calls that count one hit each (hitUnlessSet). */
function counted(now: () => number): { store: SharedStore; batches: () => number; single: () => number } {
  const shared = sharedCounter(now);
  let single = 0;
  const store: SharedStore = {
    ...shared.store,
    hitUnlessSet: (k, f, w) => {
      single++;
      return shared.store.hitUnlessSet(k, f, w);
    },
  };
  return { store, batches: shared.calls, single: () => single };
}

describe('SharedThrottlerStorage', () => {
  it('counts a tight limit (sign-in) in the shared store on every hit, so two instances share it exactly', async () => {
    const now = 1_000_000;
    const shared = counted(() => now);
    const a = new SharedThrottlerStorage(shared.store, () => now);
    const b = new SharedThrottlerStorage(shared.store, () => now);
    const hits = [];
    for (let i = 0; i < 3; i++) {
      hits.push((await a.increment('ip', 60_000, 5, 0, 'default')).totalHits);
      hits.push((await b.increment('ip', 60_000, 5, 0, 'default')).totalHits);
    }
    expect(hits).toEqual([1, 2, 3, 4, 5, 6]);
    expect([shared.single(), shared.batches()]).toEqual([6, 0]);
    expect((await a.increment('ip', 60_000, 5, 0, 'default')).isBlocked).toBe(true);
    a.close();
    b.close();
  });

  it(`counts a generous limit (>= ${BATCHED_FROM_LIMIT}) here at once and in the shared store in batches; over it, refused until the window ends`, async () => {
    let now = 1_000_000;
    const shared = counted(() => now);
    const s = new SharedThrottlerStorage(shared.store, () => now);
    const limit = BATCHED_FROM_LIMIT;
    for (let i = 1; i <= limit; i++) {
      const r = await s.increment('ip', 60_000, limit, 0, 'default');
      expect([r.totalHits, r.isBlocked]).toEqual([i, false]);
    }
    const over = await s.increment('ip', 60_000, limit, 0, 'default');
    expect([over.totalHits, over.isBlocked, over.timeToBlockExpire]).toEqual([limit + 1, true, 60]);
    expect(shared.single()).toBe(0); // no request waited for the shared store
    expect(shared.batches()).toBe(limit / 50); // one call per 50 hits (RATE_FLUSH_HITS) of the key
    now += 60_000;
    expect((await s.increment('ip', 60_000, limit, 0, 'default')).isBlocked).toBe(false);
    s.close();
  });
});
