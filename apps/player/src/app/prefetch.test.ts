import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from './api-client';
import { homePrefetchWanted, peekPrefetched, prefetch, takePrefetched } from './prefetch';

const client = (answer: unknown): ApiClient & { calls: string[] } => {
  const calls: string[] = [];
  return {
    calls,
    call: ((endpoint: string) => {
      calls.push(endpoint);
      return Promise.resolve(answer);
    }) as ApiClient['call'],
  };
};

describe('prefetch: calls main.tsx starts for the first screen', () => {
  it('hands the started call to the screen once, and its answer to the first render once it has arrived', async () => {
    vi.useFakeTimers();
    const c = client({ banner: [], notice: [], activity: [] });
    const p = prefetch(c, 'index', {}, { silent: true });
    expect(peekPrefetched('index', '{}')).toBeUndefined();
    await p;
    expect(peekPrefetched('index', '{}')).toEqual({ banner: [], notice: [], activity: [] });
    expect(takePrefetched('index', '{}')).toBe(p);
    // React's development double mount in the same task gets the same call...
    expect(takePrefetched('index', '{}')).toBe(p);
    vi.runAllTimers();
    // ...then it is gone: a later open of the screen calls again.
    expect(takePrefetched('index', '{}')).toBeUndefined();
    expect(peekPrefetched('index', '{}')).toBeUndefined();
    expect(takePrefetched('lotteryIndex', '{}')).toBeUndefined();
    expect(c.calls).toEqual(['index']);
    vi.useRealTimers();
  });

  it('only for the home screen of a signed-in player', () => {
    expect(homePrefetchWanted('/', true)).toBe(true);
    expect(homePrefetchWanted('/', false)).toBe(false);
    expect(homePrefetchWanted('/wallet', true)).toBe(false);
  });
});
