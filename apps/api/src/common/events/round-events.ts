import { Injectable, Logger } from '@nestjs/common';

/** A round of a game was settled by this instance (its winners are paid). */
export interface RoundSettled {
  roundId: number;
  gameId: number;
  winners: number;
  /** bets settled in it */
  bets?: number;
  /** how long the settlement took, ms */
  ms?: number;
}

type Listener = (e: RoundSettled) => void;

/**
 * Round events inside one process, so the rounds module does not call its readers: the round lifecycle
 * announces, the feed (home ticker) and the orders (unseen-win cache) listen. Listeners run synchronously
 * after the settlement has committed; one that throws is logged and does not stop the others.
 */
@Injectable()
export class RoundEvents {
  private readonly log = new Logger('RoundEvents');
  private readonly settled = new Set<Listener>();

  /** Subscribes to settled rounds; returns the unsubscribe function. */
  onSettled(fn: Listener): () => void {
    this.settled.add(fn);
    return () => this.settled.delete(fn);
  }

  emitSettled(e: RoundSettled): void {
    for (const fn of this.settled) {
      try {
        fn(e);
      } catch (err) {
        this.log.error(`a round-settled listener failed for round ${e.roundId}: ${String(err)}`);
      }
    }
  }
}
