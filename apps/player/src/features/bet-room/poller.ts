import { HEARTBEAT_MS } from '@sum28/domain';
import { useEffect, useRef } from 'react';

export interface PollerDeps {
  isHidden: () => boolean;
  now: () => number;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (id: unknown) => void;
}

const browserDeps: PollerDeps = {
  isHidden: () => typeof document !== 'undefined' && document.hidden,
  now: () => Date.now(),
  setTimer: (fn, ms) => setTimeout(fn, ms),
  clearTimer: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};

/**
 * One poll loop (spec sections 4 and 7: heartbeat and win check every 2 s). At most one request in flight: the next
 * one is scheduled only once the previous has settled, `intervalMs` after the previous one started (at once when it
 * took longer), so a slow network never piles requests up. Nothing runs while the page is hidden; `resume()` polls at
 * once when it is visible again. A failed tick is silent (the caller's calls are silent polls).
 */
export class Poller {
  private timer: unknown = null;
  private inFlight = false;
  private running = false;

  constructor(
    private readonly tick: () => Promise<unknown>,
    private readonly intervalMs: number = HEARTBEAT_MS,
    private readonly deps: PollerDeps = browserDeps,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    void this.run();
  }

  stop(): void {
    this.running = false;
    this.clear();
  }

  /** The page was hidden: no timer stays armed (a request already sent may finish, nothing follows it). */
  pause(): void {
    this.clear();
  }

  /** The page is visible again: poll now, unless a request is still in flight (its end schedules the next). */
  resume(): void {
    if (!this.running || this.inFlight) return;
    this.clear();
    void this.run();
  }

  get busy(): boolean {
    return this.inFlight;
  }

  private clear(): void {
    if (this.timer !== null) this.deps.clearTimer(this.timer);
    this.timer = null;
  }

  private async run(): Promise<void> {
    this.timer = null;
    if (!this.running || this.inFlight || this.deps.isHidden()) return;
    this.inFlight = true;
    const started = this.deps.now();
    try {
      await this.tick();
    } catch {
      // Failed polls are silent (spec section 8); the next one tries again.
    } finally {
      this.inFlight = false;
    }
    if (!this.running || this.deps.isHidden() || this.timer !== null) return;
    const wait = Math.max(0, this.intervalMs - (this.deps.now() - started));
    this.timer = this.deps.setTimer(() => void this.run(), wait);
  }
}

/**
 * Runs `tick` through a Poller while the component is mounted; when the page is hidden the loop pauses, and when it
 * is visible again `onResume` runs first (reload odds, reset the feed) and the loop polls at once.
 */
export function usePoller(tick: () => Promise<unknown>, enabled: boolean, onResume?: () => void, intervalMs: number = HEARTBEAT_MS): void {
  const tickRef = useRef(tick);
  const resumeRef = useRef(onResume);
  tickRef.current = tick;
  resumeRef.current = onResume;
  useEffect(() => {
    if (!enabled) return undefined;
    const poller = new Poller(() => tickRef.current(), intervalMs);
    const onVisibility = (): void => {
      if (document.hidden) poller.pause();
      else {
        resumeRef.current?.();
        poller.resume();
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    poller.start();
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      poller.stop();
    };
  }, [enabled, intervalMs]);
}
