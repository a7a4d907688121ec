import { REDIS_URL, requireRedis } from '../../../test/factories/redis';
import { RedisSharedStore } from './redis-shared-store';
import { SharedEvents } from './shared-events';
import { MemorySharedStore, type SharedStore } from './shared-store';
import { SharedThrottlerStorage } from './throttler-storage';

describe('MemorySharedStore', () => {
  it('counts hits in a fixed window that starts at the first hit, then starts again', async () => {
    let now = 1_000_000;
    const s = new MemorySharedStore(() => now);
    expect(await s.hit('k', 60_000)).toEqual({ hits: 1, msLeft: 60_000 });
    now += 10_000;
    expect(await s.hit('k', 60_000)).toEqual({ hits: 2, msLeft: 50_000 });
    expect(await s.hit('other', 60_000)).toEqual({ hits: 1, msLeft: 60_000 });
    now += 50_000;
    expect(await s.hit('k', 60_000)).toEqual({ hits: 1, msLeft: 60_000 });
  });

  it('keeps a value for its time to live only', async () => {
    let now = 0;
    const s = new MemorySharedStore(() => now);
    await s.setFor('b', 'x', 1000);
    now = 999;
    expect(await s.get('b')).toEqual({ value: 'x', msLeft: 1 });
    now = 1000;
    expect(await s.get('b')).toBeNull();
  });
});

describe('SharedThrottlerStorage', () => {
  it('allows `limit` hits per window for one key, then blocks for blockDuration (or the rest of the window)', async () => {
    let now = 0;
    const t = new SharedThrottlerStorage(new MemorySharedStore(() => now));
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await t.increment('ip', 60_000, 3, 0, 'default'));
    expect(results.map((r) => [r.totalHits, r.isBlocked])).toEqual([
      [1, false],
      [2, false],
      [3, false],
      [4, true],
    ]);
    expect(results[3]?.timeToBlockExpire).toBe(60);
    expect((await t.increment('other-ip', 60_000, 3, 0, 'default')).isBlocked).toBe(false);
    now = 30_000;
    expect((await t.increment('ip', 60_000, 3, 0, 'default')).isBlocked).toBe(true);
    now = 60_000;
    expect(await t.increment('ip', 60_000, 3, 0, 'default')).toMatchObject({ totalHits: 1, isBlocked: false });
  });
});

/** Two "instances" wired through one in-test bus, as Redis would wire them. */
function linkedStores(): [SharedStore, SharedStore] {
  const subs: Array<Map<string, Array<(m: string) => void>>> = [new Map(), new Map()];
  const make = (me: 0 | 1): SharedStore => {
    const base = new MemorySharedStore();
    return Object.assign(base, {
      kind: 'redis' as const,
      publish: async (channel: string, message: string) => {
        const handlers = subs[1 - me]?.get(channel) ?? [];
        // delivered after the publisher's await, as over a network
        setTimeout(() => handlers.forEach((h) => h(message)), 5);
        return handlers.length > 0 ? 1 : 0;
      },
      subscribe: (channel: string, handler: (m: string) => void) => {
        const m = subs[me]!;
        m.set(channel, [...(m.get(channel) ?? []), handler]);
      },
    });
  };
  return [make(0), make(1)];
}

describe('SharedEvents', () => {
  it('runs the same local method on the other instance, and does not send the handler own emit back', async () => {
    const [a, b] = linkedStores();
    const ea = new SharedEvents(a);
    const eb = new SharedEvents(b);
    const seen: string[] = [];
    // each instance: a local method that emits, registered as the handler of the same event
    const makeRevoke = (name: string, e: SharedEvents) => {
      const revoke = (userId: number): void => {
        e.emit('revoked', userId);
        seen.push(`${name}:${userId}`);
      };
      e.on('revoked', revoke);
      return revoke;
    };
    const revokeA = makeRevoke('A', ea);
    makeRevoke('B', eb);
    revokeA(7);
    await new Promise((r) => setTimeout(r, 30));
    expect(seen).toEqual(['A:7', 'B:7']); // B ran it once, and nothing came back to A
  });

  it('emitConfirmed resolves once the other instance ran its handler (or after maxWaitMs when nobody answers)', async () => {
    const [a, b] = linkedStores();
    const ea = new SharedEvents(a);
    const eb = new SharedEvents(b);
    const seen: number[] = [];
    eb.on('revoked', (u) => seen.push(u));
    // A long maxWaitMs, and a bound of half of it: a call that waited for it fails, a slow (loaded) machine does not.
    const maxWaitMs = 20_000;
    let started = Date.now();
    await ea.emitConfirmed('revoked', 9, maxWaitMs);
    expect(seen).toEqual([9]);
    expect(Date.now() - started).toBeLessThan(maxWaitMs / 2);
    // nobody subscribed to `bet`: PUBLISH reaches 0 instances, nothing to wait for
    started = Date.now();
    await ea.emitConfirmed('bet', 1, maxWaitMs);
    expect(Date.now() - started).toBeLessThan(maxWaitMs / 2);
  });

  it('sends nothing with the in-memory store (one process)', () => {
    const store = new MemorySharedStore();
    const publish = jest.spyOn(store, 'publish');
    new SharedEvents(store).emit('bet', 3);
    expect(publish).not.toHaveBeenCalled();
  });
});

describe('SharedThrottlerStorage when the shared store fails', () => {
  it('counts per instance instead of failing the request, and goes back to the shared store when it answers', async () => {
    const shared = new MemorySharedStore();
    let down = true;
    const flaky: SharedStore = Object.assign(Object.create(shared) as SharedStore, {
      hit: (k: string, w: number) => (down ? Promise.reject(new Error('ECONNREFUSED')) : shared.hit(k, w)),
      get: (k: string) => (down ? Promise.reject(new Error('ECONNREFUSED')) : shared.get(k)),
    });
    const t = new SharedThrottlerStorage(flaky);
    const hits = [];
    for (let i = 0; i < 3; i++) hits.push((await t.increment('ip', 60_000, 2, 0, 'default')).isBlocked);
    expect(hits).toEqual([false, false, true]); // still limited, locally
    down = false;
    expect(await t.increment('ip', 60_000, 2, 0, 'default')).toMatchObject({ totalHits: 1, isBlocked: false });
  });
});

describe('RedisSharedStore.hitUnlessSet and the throttler on Redis (REDIS_URL)', () => {
  // a prefix of its own: nothing another test or instance uses; every key has a short time to live
  let store: RedisSharedStore;
  beforeAll(async () => {
    requireRedis();
    store = new RedisSharedStore(REDIS_URL, `sum28:test:${process.pid}:${Date.now()}:`);
    await store.ready();
  });
  afterAll(() => store.close());

  it('counts in the window while the flag is absent, and answers the flag without counting once it is set', async () => {
    expect(await store.hitUnlessSet('c', 'c:flag', 5_000)).toMatchObject({ hits: 1 });
    const second = await store.hitUnlessSet('c', 'c:flag', 5_000);
    expect(second).toMatchObject({ hits: 2 });
    expect('msLeft' in second && second.msLeft > 0 && second.msLeft <= 5_000).toBe(true);
    await store.setFor('c:flag', '1', 3_000);
    const flagged = await store.hitUnlessSet('c', 'c:flag', 5_000);
    expect('flagMsLeft' in flagged && flagged.flagMsLeft > 0 && flagged.flagMsLeft <= 3_000).toBe(true);
    expect(await store.get('c')).toMatchObject({ value: '2' }); // the flagged call counted nothing
  });

  it('limits like the in-memory store: `limit` hits, then blocked for blockDuration', async () => {
    const t = new SharedThrottlerStorage(store);
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await t.increment('ip', 5_000, 3, 2_000, 'default'));
    expect(results.map((r) => [r.totalHits, r.isBlocked])).toEqual([
      [1, false],
      [2, false],
      [3, false],
      [4, true],
      [4, true], // blocked: answered from the block, not counted
    ]);
    expect(results[4]?.timeToBlockExpire).toBe(2);
  });
});
