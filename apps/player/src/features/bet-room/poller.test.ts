import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Poller, usePoller, type PollerDeps } from './poller';

/** A manual clock and timer queue, and a page that can be hidden. */
function fakeDeps(): PollerDeps & { hidden: boolean; t: number; advance: (ms: number) => Promise<void>; pending: () => number } {
  const timers: { at: number; fn: () => void; id: number }[] = [];
  let nextId = 1;
  const d = {
    hidden: false,
    t: 0,
    isHidden: () => d.hidden,
    now: () => d.t,
    setTimer: (fn: () => void, ms: number) => {
      const id = nextId++;
      timers.push({ at: d.t + ms, fn, id });
      return id;
    },
    clearTimer: (id: unknown) => {
      const i = timers.findIndex((x) => x.id === id);
      if (i >= 0) timers.splice(i, 1);
    },
    pending: () => timers.length,
    advance: async (ms: number) => {
      const end = d.t + ms;
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const next = timers[0];
        if (next === undefined || next.at > end) break;
        timers.shift();
        d.t = next.at;
        next.fn();
        await flush();
      }
      d.t = end;
      await flush();
    },
  };
  return d;
}

const flush = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

/** A tick whose answers the test releases one by one (a slow network). */
function slowTick(): { tick: () => Promise<void>; calls: () => number; release: () => void } {
  const waiting: (() => void)[] = [];
  let calls = 0;
  return {
    tick: () => {
      calls++;
      return new Promise<void>((r) => waiting.push(r));
    },
    calls: () => calls,
    release: () => waiting.shift()?.(),
  };
}

describe('Poller (heartbeat and win check lifecycle)', () => {
  it('polls every 2 s, measured from the start of the previous request', async () => {
    const d = fakeDeps();
    const tick = vi.fn(async () => {
      d.t += 300; // the request takes 300 ms
    });
    const p = new Poller(tick, 2000, d);
    p.start();
    await flush();
    expect(tick).toHaveBeenCalledTimes(1);
    await d.advance(1699);
    expect(tick).toHaveBeenCalledTimes(1);
    await d.advance(1);
    expect(tick).toHaveBeenCalledTimes(2);
    await d.advance(2000 * 10);
    expect(tick).toHaveBeenCalledTimes(12);
    p.stop();
    await d.advance(10_000);
    expect(tick).toHaveBeenCalledTimes(12);
  });

  it('never has two requests in flight on a slow network, and polls again as soon as a late answer arrives', async () => {
    const d = fakeDeps();
    const s = slowTick();
    const p = new Poller(s.tick, 2000, d);
    p.start();
    await flush();
    expect(s.calls()).toBe(1);
    await d.advance(30_000); // the answer takes 30 s: nothing else is sent meanwhile
    expect(s.calls()).toBe(1);
    expect(p.busy).toBe(true);
    p.resume(); // even a resume does not add a second request
    expect(s.calls()).toBe(1);
    s.release();
    await flush();
    await d.advance(0);
    expect(s.calls()).toBe(2);
  });

  it('a failed poll is silent and the loop goes on', async () => {
    const d = fakeDeps();
    const tick = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const p = new Poller(tick, 2000, d);
    p.start();
    await flush();
    await d.advance(2000);
    expect(tick).toHaveBeenCalledTimes(2);
  });

  it('stops while the page is hidden and polls at once when it is visible again', async () => {
    const d = fakeDeps();
    const tick = vi.fn(async () => undefined);
    const p = new Poller(tick, 2000, d);
    p.start();
    await flush();
    d.hidden = true;
    p.pause();
    expect(d.pending()).toBe(0);
    await d.advance(60_000);
    expect(tick).toHaveBeenCalledTimes(1);
    d.hidden = false;
    p.resume();
    await flush();
    expect(tick).toHaveBeenCalledTimes(2);
    await d.advance(2000);
    expect(tick).toHaveBeenCalledTimes(3);
  });
});

describe('usePoller (document visibility)', () => {
  let hidden = false;
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  afterEach(() => {
    vi.useRealTimers();
    hidden = false;
  });

  it('pauses on visibilitychange to hidden and, when visible again, runs onResume (odds, feed) before polling at once', async () => {
    vi.useFakeTimers();
    const order: string[] = [];
    const tick = vi.fn(async () => {
      order.push('tick');
    });
    const onResume = vi.fn(() => {
      order.push('resume');
    });
    const { unmount } = renderHook(() => usePoller(tick, true, onResume, 2000));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(tick).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4000);
    });
    expect(tick).toHaveBeenCalledTimes(3);

    hidden = true;
    document.dispatchEvent(new Event('visibilitychange'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(tick).toHaveBeenCalledTimes(3);

    hidden = false;
    document.dispatchEvent(new Event('visibilitychange'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(onResume).toHaveBeenCalledTimes(1);
    expect(tick).toHaveBeenCalledTimes(4);
    expect(order.slice(-2)).toEqual(['resume', 'tick']);

    unmount();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(tick).toHaveBeenCalledTimes(4);
  });
});
