import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ReadDb } from '../common/db/read-db';
import { bool, first, int, intOrNull, rowOf, type RowType } from '../common/db/sql';
import { BalanceEpochs } from '../ledger/balance-epochs';
import { SessionRevocations } from './session-revocations';
import { hashToken } from './tokens';

/** How long a looked-up session (and the balances read with it) is reused. */
export const SESSION_CACHE_MS = 1000;
const SESSION_CACHE_MAX = 100_000;

/** A session by its token hash with its player's flags and balances: one indexed read. */
const SessionRow = rowOf({
  session_id: int,
  revoked_at: intOrNull,
  expires_at: int,
  id: int,
  money_minor: int,
  lock_money_minor: int,
  must_change_password: bool,
});
export type CachedSession = RowType<typeof SessionRow>;

interface Entry {
  row: CachedSession;
  at: number;
  /** BalanceEpochs.current() taken before the read */
  epoch: number;
}

/**
 * The one cache of session look-ups, shared by the player guard (SessionService.authenticate) and the
 * heartbeat route: a token's session row (with its player's balances and must_change_password) is read
 * once and reused for SESSION_CACHE_MS, so a burst of calls of one player does not repeat the read.
 *
 * Freshness:
 * - a revocation in this process or, with REDIS_URL, in any instance (SessionRevocations, after the
 *   revoking transaction committed) drops the player's entries at once, so the very next call is refused;
 *   a look-up that overlapped a revocation is read again (the second read started after the commit) and
 *   not cached;
 * - a committed write of the player's balance (BalanceEpochs: bet, withdrawal, approval, settlement) makes
 *   the next look-up read again, so a balance shown is never older than the player's own last write;
 * - expiry is checked by the caller against the clock on every call.
 * Session rows change only through revocation (which notifies); the guard still reads the user itself.
 */
@Injectable()
export class SessionCache implements OnModuleInit {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every revocation: a look-up that overlapped one is neither cached nor trusted. */
  private revision = 0;
  /** Look-ups answered from the cache and read from the database (tests and metrics). */
  hits = 0;
  reads = 0;

  constructor(
    private readonly db: ReadDb,
    private readonly revocations: SessionRevocations,
    private readonly epochs: BalanceEpochs,
  ) {}

  onModuleInit(): void {
    this.revocations.subscribe((userId) => this.forgetUser(userId));
  }

  /** Drops a player's entries (the player's sessions were revoked). */
  forgetUser(userId: number): void {
    this.revision++;
    for (const [hash, entry] of this.entries) if (entry.row.id === userId) this.entries.delete(hash);
  }

  /** The session of `token` (any state: the caller decides on revoked, expired, password change), or undefined. */
  async lookup(token: string, now: number): Promise<CachedSession | undefined> {
    const hash = hashToken(token);
    const cached = this.entries.get(hash);
    if (cached !== undefined && now - cached.at >= 0 && now - cached.at < SESSION_CACHE_MS && !this.epochs.changedSince(cached.row.id, cached.epoch)) {
      this.hits++;
      return cached.row;
    }
    const revision = this.revision;
    const epoch = this.epochs.current(); // before the read: a commit after it forces the next read
    const row = await this.read(hash);
    if (revision !== this.revision) {
      // A revocation committed while this read ran: its answer may predate it. Read again, uncached.
      this.entries.delete(hash);
      return this.read(hash);
    }
    if (this.entries.size >= SESSION_CACHE_MAX) this.entries.clear();
    if (row !== undefined) this.entries.set(hash, { row, at: now, epoch });
    else this.entries.delete(hash);
    return row;
  }

  private read(hash: string): Promise<CachedSession | undefined> {
    this.reads++;
    return first(
      SessionRow,
      this.db.all(
        `SELECT s.id AS session_id, s.revoked_at, s.expires_at, u.id, u.money_minor, u.lock_money_minor, u.must_change_password
           FROM user_sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?`,
        [hash],
      ),
    );
  }
}
