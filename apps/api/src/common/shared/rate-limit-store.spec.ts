import { BatchedRateLimitStore } from './rate-limit-store';
import { MemorySharedStore, type SharedStore } from './shared-store';
import { sharedCounter } from './shared-store.fake';

type Res = { current: number; ttl: number };
const incr = (s: BatchedRateLimitStore, key: string): Res => {
  let out: Res | undefined;
  s.incr(
    key,
    (err, res) => {
      if (err) throw err;
      out = res;
    },
    60_000,
    10,
  );
  if (out === undefined) throw new Error('incr did not answer at once');
  return out;
};

describe('BatchedRateLimitStore', () => {
  it('counts a fixed window per key on the given clock (one process: no shared store)', () => {
    let now = 1_000_000;
    const s = new BatchedRateLimitStore('t', new MemorySharedStore(() => now), () => now);
    expect(incr(s, 'a')).toEqual({ current: 1, ttl: 60_000 });
    now += 10_000;
    expect(incr(s, 'a')).toEqual({ current: 2, ttl: 50_000 });
    expect(incr(s, 'b').current).toBe(1);
    now += 50_000; // the window of 'a' has ended
    expect(incr(s, 'a')).toEqual({ current: 1, ttl: 60_000 });
  });

  it('with a shared store: decides at once, sends the hits in one batch, and then counts the whole cluster', async () => {
    const now = 1_000_000;
    const shared = sharedCounter(() => now);
    const a = new BatchedRateLimitStore('t', shared.store, () => now);
    const b = new BatchedRateLimitStore('t', shared.store, () => now);
    for (let i = 0; i < 7; i++) incr(a, 'ip');
    for (let i = 0; i < 5; i++) incr(b, 'ip');
    expect(shared.calls()).toBe(0); // nothing sent yet: no request waited for the shared store
    await b.flush(60_000);
    await a.flush(60_000);
    expect(shared.calls()).toBe(2); // one call per instance and key for 12 hits
    // A sent last and learnt the cluster's 12 hits: its next is the 13th.
    expect(incr(a, 'ip').current).toBe(13);
    // B learns them with its next batch (at most RATE_FLUSH_MS after its next hit): the bound on the overshoot.
    expect(incr(b, 'ip').current).toBe(6);
    await b.flush(60_000);
    expect(incr(b, 'ip').current).toBe(14);
    a.close();
    b.close();
  });

  it('keeps counting alone when the shared store fails', async () => {
    const now = 1_000_000;
    const failing: SharedStore = { ...sharedCounter(() => now).store, hit: () => Promise.reject(new Error('ECONNREFUSED')) };
    const s = new BatchedRateLimitStore('t', failing, () => now);
    for (let i = 0; i < 3; i++) incr(s, 'ip');
    await s.flush(60_000);
    expect(incr(s, 'ip').current).toBe(4);
    s.close();
  });
});
