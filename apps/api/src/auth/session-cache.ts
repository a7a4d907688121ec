import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ReadDb } from '../common/db/read-db';
import { UserEntity } from '@sum28/database';
import { DataSource } from 'typeorm';
import { bool, int, intOrNull, type Row, rowOf, type RowType } from '../common/db/sql';
import { BalanceEpochs } from '../ledger/balance-epochs';
import { SessionRevocations } from './session-revocations';
import { hashToken } from './tokens';

/** How long a looked-up session (and the balances read with it) is reused. */
export const SESSION_CACHE_MS = 1000;
const SESSION_CACHE_MAX = 100_000;

/**
 * A session by its token hash with its player's flags and balances: one indexed read, which also answers every
 * column of the player's row (the guard's fresh read, SessionService.authenticate). The session's own columns
 * are aliased with a `$` so they never meet a column of users.
 */
const SessionRow = rowOf({
  $session_id: int,
  $revoked_at: intOrNull,
  $expires_at: int,
  id: int,
  money_minor: int,
  lock_money_minor: int,
  must_change_password: bool,
});
export type CachedSession = Omit<RowType<typeof SessionRow>, '$session_id' | '$revoked_at' | '$expires_at'> & {
  session_id: number;
  revoked_at: number | null;
  expires_at: number;
};

function sessionOf(r: Row): CachedSession {
  const { $session_id, $revoked_at, $expires_at, ...user } = SessionRow(r);
  return { session_id: $session_id, revoked_at: $revoked_at, expires_at: $expires_at, ...user };
}

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
 * Session rows change only through revocation (which notifies); the guard reads through (`lookupFresh`).
 */
@Injectable()
export class SessionCache implements OnModuleInit {
  private readonly entries = new Map<string, Entry>();
  /**
   * The hash of each token whose session the cache has answered (SHA-256 is the largest part of a cached
   * look-up). Only such tokens are kept, so random tokens never fill it; it is emptied by every revocation.
   */
  private readonly hashes = new Map<string, string>();
  /** Bumped by every revocation: a look-up that overlapped one is neither cached nor trusted. */
  private revision = 0;
  /** Look-ups answered from the cache and read from the database (tests and metrics). */
  hits = 0;
  reads = 0;

  /** The session row and every column of its player's row (as stored), by token hash. */
  private readonly sql: string;

  constructor(
    private readonly db: ReadDb,
    private readonly revocations: SessionRevocations,
    private readonly epochs: BalanceEpochs,
    ds: DataSource,
  ) {
    const userColumns = ds.getMetadata(UserEntity).columns.map((c) => `u."${c.databaseName}" AS "${c.databaseName}"`);
    this.sql = `SELECT s.id AS "$session_id", s.revoked_at AS "$revoked_at", s.expires_at AS "$expires_at", ${userColumns.join(', ')}
                  FROM user_sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?`;
  }

  onModuleInit(): void {
    this.revocations.subscribe((userId) => this.forgetUser(userId));
  }

  /** Drops a player's entries (the player's sessions were revoked). */
  forgetUser(userId: number): void {
    this.revision++;
    this.hashes.clear();
    for (const [hash, entry] of this.entries) if (entry.row.id === userId) this.entries.delete(hash);
  }

  /**
   * The session of `token` if the cache can answer now (any state: the caller decides on revoked, expired,
   * password change), with the token's hash for `readSession` when it cannot. `balances: false`: the caller does not
   * use the balances, so a newer balance does not force a read (the bet path, which reads the player's row
   * itself in its transaction).
   */
  cached(token: string, now: number, balances = true): { hash: string; session: CachedSession | undefined } {
    const known = this.hashes.get(token);
    const hash = known ?? hashToken(token);
    const session = this.hit(hash, now, balances);
    if (known === undefined && session !== undefined) {
      if (this.hashes.size >= SESSION_CACHE_MAX) this.hashes.clear();
      this.hashes.set(token, hash);
    }
    return { hash, session };
  }

  /** The session of a token by its hash, read now and cached (after `cached` found none), or undefined. */
  async readSession(hash: string, now: number): Promise<CachedSession | undefined> {
    return (await this.readThrough(hash, now))?.session;
  }

  private hit(hash: string, now: number, balances: boolean): CachedSession | undefined {
    const cached = this.entries.get(hash);
    if (
      cached !== undefined &&
      now - cached.at >= 0 &&
      now - cached.at < SESSION_CACHE_MS &&
      (!balances || !this.epochs.changedSince(cached.row.id, cached.epoch))
    ) {
      this.hits++;
      return cached.row;
    }
    return undefined;
  }

  /**
   * The session of `token` read now, whatever the cache holds, with its player's whole row as stored (the
   * player guard's fresh read: one statement for both); the session part is cached for `lookup`.
   */
  async lookupFresh(token: string, now: number): Promise<{ session: CachedSession; user: Row } | undefined> {
    return this.readThrough(hashToken(token), now);
  }

  private async readThrough(hash: string, now: number): Promise<{ session: CachedSession; user: Row } | undefined> {
    const revision = this.revision;
    const epoch = this.epochs.current(); // before the read: a commit after it forces the next read
    const row = await this.read(hash);
    if (revision !== this.revision) {
      // A revocation committed while this read ran: its answer may predate it. Read again, uncached.
      this.entries.delete(hash);
      return this.read(hash);
    }
    if (this.entries.size >= SESSION_CACHE_MAX) this.entries.clear();
    if (row !== undefined) this.entries.set(hash, { row: row.session, at: now, epoch });
    else this.entries.delete(hash);
    return row;
  }

  private async read(hash: string): Promise<{ session: CachedSession; user: Row } | undefined> {
    this.reads++;
    const row = await this.db.one(this.sql, [hash]);
    return row === undefined ? undefined : { session: sessionOf(row), user: row };
  }
}
