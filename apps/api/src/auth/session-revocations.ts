import { Injectable, Optional } from '@nestjs/common';
import { SharedEvents } from '../common/shared/shared-events';

export type RevocationListener = (userId: number) => void;

/** The heartbeat's session cache time: after it, no instance serves a session read before the revocation. */
const CONFIRM_MS = 1000;

/**
 * In-process notice that sessions of a player were revoked (logout, password change, staff reset),
 * given after the revoking transaction committed. Caches of session lookups (SessionCache) drop the
 * player's entries at once, so a revoked token is refused by the very next request on this instance.
 * With REDIS_URL the notice also goes to every other instance (SharedEvents), which drops them as well,
 * and `revoked` resolves once they all confirmed (at most CONFIRM_MS: by then a missed cache entry has
 * expired anyway), so the revoking request answers only when no instance would still accept the token.
 */
@Injectable()
export class SessionRevocations {
  private readonly listeners = new Set<RevocationListener>();

  constructor(@Optional() private readonly shared?: SharedEvents) {
    shared?.on('revoked', (userId) => void this.revoked(userId));
  }

  /** Registers a listener; returns the function that removes it. */
  subscribe(listener: RevocationListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async revoked(userId: number): Promise<void> {
    for (const listener of this.listeners) listener(userId);
    await this.shared?.emitConfirmed('revoked', userId, CONFIRM_MS);
  }
}
