import { Inject, Injectable } from '@nestjs/common';
import { TxRunner, UserEntity, UserSessionEntity } from '@sum28/database';
import { DataSource } from 'typeorm';
import { ApiError } from '../common/api-error';
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
  ) {}

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

  /** Resolves a token to its user or throws the spec's session codes (see liveSession); the user is read fresh. */
  async authenticate(token: unknown): Promise<{ user: UserEntity; sessionId: number }> {
    const session = await this.liveSession(token);
    // The id goes in as text: TypeORM writes number parameters into the SQL text on SQLite, which made
    // this statement new for every user and evicted the hot prepared statements (docs/performance.md).
    const user = await this.ds
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .where('u.id = :id', { id: String(session.id) })
      .getOne();
    if (!user) throw new ApiError('SESSION_INVALID');
    return { user, sessionId: session.session_id };
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
