import { Injectable } from '@nestjs/common';

export type RevocationListener = (userId: number) => void;

/**
 * In-process notice that sessions of a player were revoked (logout, password change, staff reset),
 * given after the revoking transaction committed. Caches of session lookups (HeartFastPath) drop the
 * player's entries at once, so a revoked token is refused by the very next request on this instance.
 * Other instances still see it within their cache time (a shared channel comes with Redis).
 */
@Injectable()
export class SessionRevocations {
  private readonly listeners = new Set<RevocationListener>();

  /** Registers a listener; returns the function that removes it. */
  subscribe(listener: RevocationListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  revoked(userId: number): void {
    for (const listener of this.listeners) listener(userId);
  }
}
