import { Inject, Injectable } from '@nestjs/common';
import { TxRunner, UserEntity, UserSessionEntity } from '@sum28/database';
import { DataSource } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { ApiError } from '../common/api-error';
import { ReadDb } from '../common/db/read-db';
import { int, intOrNull, type Row } from '../common/db/sql';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../common/config/app-config';
import { SessionRevocations } from './session-revocations';
import { hashToken, newToken } from './tokens';

/** Player sessions: opaque random tokens, stored as SHA-256, revocable. */
@Injectable()
export class SessionService {
  constructor(
    private readonly ds: DataSource,
    private readonly tx: TxRunner,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly revocations: SessionRevocations,
    private readonly db: ReadDb,
  ) {
    // Every column of users, read and hydrated as the ORM would (driver.prepareHydratedValue: booleans,
    // bigint transformers), in one statement with the session: see authenticate().
    const columns = ds.getMetadata(UserEntity).columns;
    this.userColumns = columns.map((c) => ({ property: c.propertyName, alias: `u_${c.databaseName}`, column: c }));
    this.authSql =
      `SELECT s.id AS s_id, s.revoked_at AS s_revoked_at, s.expires_at AS s_expires_at, ` +
      this.userColumns.map((c) => `u."${c.column.databaseName}" AS "${c.alias}"`).join(', ') +
      ` FROM user_sessions s LEFT JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?`;
  }

  private readonly userColumns: { property: string; alias: string; column: ColumnMetadata }[];
  /** The session by token hash with its player's row (LEFT JOIN: a session whose user is gone is SESSION_INVALID). */
  private readonly authSql: string;

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
   * Resolves a token to its user or throws the spec's session codes (50008 unknown, 50012 revoked, 50014 expired).
   * One plain statement through ReadDb (committed state; on SQLite the read-only connection, so an open
   * write transaction's rows are never seen): the ORM's two queries (session, then user) cost more than
   * the statements themselves on every authenticated call (docs/performance.md).
   */
  async authenticate(token: unknown): Promise<{ user: UserEntity; sessionId: number }> {
    if (typeof token !== 'string' || token.length < 20 || token.length > 100) throw new ApiError('SESSION_INVALID');
    const row = await this.db.one(this.authSql, [hashToken(token)]);
    if (row === undefined) throw new ApiError('SESSION_INVALID');
    if (intOrNull(row['s_revoked_at']) !== null) throw new ApiError('SESSION_REPLACED');
    if (int(row['s_expires_at']) <= this.clock.now()) throw new ApiError('SESSION_EXPIRED');
    if (row['u_id'] === null || row['u_id'] === undefined) throw new ApiError('SESSION_INVALID');
    return { user: this.userOf(row), sessionId: int(row['s_id']) };
  }

  private userOf(row: Row): UserEntity {
    const user = new UserEntity();
    const target = user as unknown as Record<string, unknown>;
    for (const c of this.userColumns) target[c.property] = this.ds.driver.prepareHydratedValue(row[c.alias], c.column);
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
