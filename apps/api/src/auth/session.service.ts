import { Inject, Injectable } from '@nestjs/common';
import { TxRunner, UserEntity, UserSessionEntity } from '@sum28/database';
import { DataSource } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { ApiError } from '../common/api-error';
import { ReadDb } from '../common/db/read-db';
import type { Row } from '../common/db/sql';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../common/config/app-config';
import { SessionCache, type CachedSession } from './session-cache';
import { SessionRevocations } from './session-revocations';
import { newToken } from './tokens';

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
    private readonly db: ReadDb,
  ) {
    // Every column of users, read and hydrated as the ORM would (driver.prepareHydratedValue: booleans,
    // bigint transformers), in one plain statement: see authenticate().
    this.userColumns = ds.getMetadata(UserEntity).columns;
    this.userSql = `SELECT ${this.userColumns.map((c) => `u."${c.databaseName}" AS "${c.databaseName}"`).join(', ')} FROM users u WHERE u.id = ?`;
  }

  private readonly userColumns: ColumnMetadata[];
  /** The player's row by id, read fresh on every authenticated call (balances, status). */
  private readonly userSql: string;

  async create(userId: number, ip: string): Promise<string> {
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
      }),
    );
    return token;
  }

  /** True when the user has ever signed in (or signed up) from this IP: the sign-in throttle's "known IP". */
  async hasSignedInFrom(userId: number | undefined, ip: string): Promise<boolean> {
    // Unknown usernames run the same query (for user 0, which never exists), so they take the same path.
    return this.ds.getRepository(UserSessionEntity).exists({ where: { user_id: userId ?? 0, ip: ip.slice(0, 64) } });
  }

  /**
   * Resolves a token to its session or throws the spec's session codes (50008 unknown, 50012 revoked,
   * 50014 expired). The session comes from the SessionCache the heartbeat shares (revocations drop it at once).
   */
  async liveSession(token: unknown): Promise<CachedSession> {
    if (typeof token !== 'string' || token.length < 20 || token.length > 100) throw new ApiError('SESSION_INVALID');
    const now = this.clock.now();
    const session = await this.cache.lookup(token, now);
    if (session === undefined) throw new ApiError('SESSION_INVALID');
    if (session.revoked_at !== null) throw new ApiError('SESSION_REPLACED');
    if (session.expires_at <= now) throw new ApiError('SESSION_EXPIRED');
    return session;
  }

  /**
   * Resolves a token to its user or throws the spec's session codes (see liveSession). The user is read fresh,
   * in one plain statement through ReadDb (committed state; on SQLite the read-only connection): the ORM's
   * query builder cost more than the statement itself on every authenticated call (docs/performance.md).
   */
  async authenticate(token: unknown): Promise<{ user: UserEntity; sessionId: number }> {
    const session = await this.liveSession(token);
    const row = await this.db.one(this.userSql, [session.id]);
    if (row === undefined) throw new ApiError('SESSION_INVALID');
    return { user: this.userOf(row), sessionId: session.session_id };
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
