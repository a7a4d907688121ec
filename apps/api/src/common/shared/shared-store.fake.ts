// For specs only.
import { MemorySharedStore, type SharedStore } from './shared-store';

/** A shared store with Redis's kind over one in-memory counter: what two instances on one Redis share. */
export function sharedCounter(now: () => number): { store: SharedStore; calls: () => number } {
  const mem = new MemorySharedStore(now);
  let calls = 0;
  const store: SharedStore = {
    kind: 'redis',
    hit: (k, w, by) => {
      calls++;
      return mem.hit(k, w, by);
    },
    hitUnlessSet: (k, f, w) => mem.hitUnlessSet(k, f, w),
    setFor: (k, v, t) => mem.setFor(k, v, t),
    get: (k) => mem.get(k),
    publish: () => Promise.resolve(0),
    subscribe: () => undefined,
    close: () => mem.close(),
  };
  return { store, calls: () => calls };
}
