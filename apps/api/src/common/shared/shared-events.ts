import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { SHARED_STORE, type SharedStore } from './shared-store';

/** The notices instances send each other, and what each carries. */
export interface SharedEventMap {
  /** a player's sessions were revoked (logout, password change, staff reset): drop cached sessions */
  revoked: number;
  /** a round of this game changed state (opened, closed, drawn, settled): drop the game's round cache (0: all) */
  round: number;
  /** a bet landed in this room (plan id): re-read the room feed */
  bet: number;
  /** rounds were settled: re-read the home ticker of wins */
  wins: number;
  /** committed balance changes: these players (or all) */
  balance: { all: boolean; users: number[] };
}

interface Envelope<P> {
  p: P;
  /** set when the sender waits for every instance to confirm it acted (emitConfirmed) */
  ack?: { to: string; id: number };
}

/**
 * Cache invalidation across instances over the shared store (issue 13). A service that changes something
 * other instances cache calls `emit`; each instance registers `on` with the SAME local method, which runs
 * when another instance emits. A handler's own `emit` (the same method) is not sent again. With the
 * in-memory store (one process) nothing is sent. `emit` is fire-and-forget: a Redis hiccup never fails
 * the request; the caches' own time limit (1 s at most) bounds what a lost notice costs.
 * `emitConfirmed` also waits until every other instance has run its handler (or `maxWaitMs` passed):
 * used for revocations, so a signed-out token is refused by the very next request anywhere.
 */
@Injectable()
export class SharedEvents implements OnApplicationShutdown {
  private readonly log = new Logger('SharedEvents');
  private delivering = false;
  private readonly me = randomBytes(6).toString('hex');
  private nextAck = 0;
  private readonly waiting = new Map<number, { acked: number; expected: number | null; done: () => void }>();
  private readonly handlers = new Map<string, Array<(payload: never) => void>>();

  constructor(@Inject(SHARED_STORE) private readonly store: SharedStore) {
    if (store.kind !== 'memory')
      store.subscribe(`ack:${this.me}`, (raw) => {
        const w = this.waiting.get(Number(raw));
        if (w === undefined) return;
        w.acked++;
        if (w.expected !== null && w.acked >= w.expected) w.done();
      });
  }

  emit<K extends keyof SharedEventMap>(event: K, payload: SharedEventMap[K]): void {
    if (this.delivering || this.store.kind === 'memory') return;
    this.store.publish(`ev:${event}`, JSON.stringify({ p: payload })).catch((e: Error) => this.log.warn(`emit ${event}: ${e.message}`));
  }

  /** Like emit, and resolves once every other instance confirmed it ran the handler, or after maxWaitMs. */
  async emitConfirmed<K extends keyof SharedEventMap>(event: K, payload: SharedEventMap[K], maxWaitMs: number): Promise<void> {
    if (this.delivering || this.store.kind === 'memory') return;
    const id = ++this.nextAck;
    let timer: NodeJS.Timeout | undefined;
    const confirmed = new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve();
      };
      this.waiting.set(id, { acked: 0, expected: null, done });
      timer = setTimeout(done, maxWaitMs);
    });
    try {
      const reached = await this.store.publish(`ev:${event}`, JSON.stringify({ p: payload, ack: { to: this.me, id } }));
      const w = this.waiting.get(id);
      if (w !== undefined) {
        w.expected = reached; // acks may have arrived before PUBLISH answered
        if (w.acked >= reached) w.done();
      }
    } catch (e) {
      this.log.warn(`emit ${event}: ${(e as Error).message}`);
      this.waiting.get(id)?.done();
    }
    await confirmed;
  }

  on<K extends keyof SharedEventMap>(event: K, handler: (payload: SharedEventMap[K]) => void): void {
    const list = this.handlers.get(event);
    if (list !== undefined) {
      list.push(handler as (payload: never) => void);
      return;
    }
    this.handlers.set(event, [handler as (payload: never) => void]);
    // One subscription per event and instance: one confirmation per instance, after all its handlers ran.
    this.store.subscribe(`ev:${event}`, (raw) => {
      const msg = JSON.parse(raw) as Envelope<never>;
      this.delivering = true;
      try {
        for (const h of this.handlers.get(event) ?? []) {
          try {
            h(msg.p);
          } catch (e) {
            this.log.error(`handler of ${event}: ${(e as Error).message}`);
          }
        }
      } finally {
        this.delivering = false;
      }
      if (msg.ack !== undefined) this.store.publish(`ack:${msg.ack.to}`, String(msg.ack.id)).catch(() => undefined);
    });
  }

  async onApplicationShutdown(): Promise<void> {
    for (const w of [...this.waiting.values()]) w.done();
    await this.store.close();
  }
}
