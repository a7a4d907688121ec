import { Inject, Injectable } from '@nestjs/common';
import { TxRunner, UserEntity, UserSessionEntity } from '@sum28/database';
import { DataSource } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { ApiError } from '../common/api-error';
import type { Row } from '../common/db/sql';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../common/config/app-config';
import { SessionCache, type CachedSession } from './session-cache';
import { SessionRevocations } from './session-revocations';
import { newToken } from './tokens';

/** A token worth looking up (tokens are 20-100 characters). */
const isTokenShaped = (token: string): boolean => token.length >= 20 && token.length <= 100;

/** Player sessions: opaque random tokens, stored as SHA-256, revocable. */
@Injectable()
export class SessionService {
  constructor(
    private readonly ds: DataSource,
    private readonly tx: TxRunner,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly revocations: SessionRevocations,
    private readonly cache: SessionCache,
  ) {
    // Every column of users (SessionCache reads them with the session), hydrated as the ORM would
    // (driver.prepareHydratedValue: booleans, bigint transformers): see authenticate().
    this.userColumns = ds.getMetadata(UserEntity).columns;
  }

  private readonly userColumns: ColumnMetadata[];

  /** A new session from `ip` on the device whose token hashes to `deviceHash` (deviceOf in tokens.ts). */
  async create(userId: number, ip: string, deviceHash: string | null): Promise<string> {
    const { token, hash } = newToken();
    const now = this.clock.now();
    await this.tx.write((m) =>
      m.insert(UserSessionEntity, {
        user_id: userId,
        token_hash: hash,
        ip: ip.slice(0, 64),
        created_at: now,
        expires_at: now + this.cfg.sessionTtlMs,
        revoked_at: null,
        device_hash: deviceHash,
      }),
    );
    return token;
  }

  /**
   * True when the user has ever signed in (or signed up) from this IP or from the device whose token hashes to
   * `deviceHash`: the sign-in throttle's "known place", where only the (username, IP) counter applies.
   */
  async hasSignedInFrom(userId: number | undefined, ip: string, deviceHash: string | null): Promise<boolean> {
    // Unknown usernames and requests without a device token run the same query (user 0 and device '' never exist).
    const user_id = userId ?? 0;
    return this.ds.getRepository(UserSessionEntity).exists({
      where: [
        { user_id, ip: ip.slice(0, 64) },
        { user_id, device_hash: deviceHash ?? '' },
      ],
    });
  }

  /**
   * Resolves a token to its session or throws the spec's session codes (50008 unknown, 50012 revoked,
   * 50014 expired). The session comes from the SessionCache the heartbeat shares (revocations drop it at once);
   * `balances: false` when the caller does not use the balances read with it (SessionCache.cached). A cached
   * session is answered at once, without a promise (the native player routes' path, NativePlayerRoute); a read
   * is a promise.
   */
  liveSession(token: unknown, balances = true): CachedSession | Promise<CachedSession> {
    const now = this.clock.now();
    if (typeof token !== 'string' || !isTokenShaped(token)) return this.live(undefined, now);
    const { hash, session } = this.cache.cached(token, now, balances);
    if (session !== undefined) return this.live(session, now);
    return this.cache.readSession(hash, now).then((s) => this.live(s, now));
  }

  /**
   * Resolves a token to its user or throws the spec's session codes (see liveSession). The session and the user
   * are read fresh, in one plain statement through ReadDb (committed state; on SQLite the read-only connection):
   * the ORM's query builder cost more than the statement itself on every authenticated call (docs/performance.md).
   */
  async authenticate(token: unknown): Promise<{ user: UserEntity; sessionId: number }> {
    const now = this.clock.now();
    const found = typeof token === 'string' && isTokenShaped(token) ? await this.cache.lookupFresh(token, now) : undefined;
    const session = this.live(found?.session, now);
    return { user: this.userOf((found as { user: Row }).user), sessionId: session.session_id };
  }

  private live(session: CachedSession | undefined, now: number): CachedSession {
    if (session === undefined) throw new ApiError('SESSION_INVALID');
    if (session.revoked_at !== null) throw new ApiError('SESSION_REPLACED');
    if (session.expires_at <= now) throw new ApiError('SESSION_EXPIRED');
    return session;
  }

  private userOf(row: Row): UserEntity {
    const user = new UserEntity();
    const target = user as unknown as Record<string, unknown>;
    for (const c of this.userColumns) target[c.propertyName] = this.ds.driver.prepareHydratedValue(row[c.databaseName], c);
    return user;
  }

  /** Ends one session of `userId` (logout); session caches of this process forget it once committed. */
  async revoke(sessionId: number, userId: number): Promise<void> {
    const now = this.clock.now();
    await this.tx.write((m) =>
      m
        .createQueryBuilder()
        .update(UserSessionEntity)
        .set({ revoked_at: now })
        .where('id = :id AND user_id = :userId AND revoked_at IS NULL', { id: sessionId, userId })
        .execute(),
    );
    await this.revocations.revoked(userId);
  }

  /** Ends every session of a user (password reset or change). */
  async revokeAllOf(userId: number, exceptSessionId?: number): Promise<void> {
    const now = this.clock.now();
    await this.tx.write((m) =>
      m
        .createQueryBuilder()
        .update(UserSessionEntity)
        .set({ revoked_at: now })
        .where('user_id = :userId AND revoked_at IS NULL AND id <> :except', { userId, except: exceptSessionId ?? -1 })
        .execute(),
    );
    await this.revocations.revoked(userId);
  }
}
