import { Injectable } from '@nestjs/common';
import { IdempotencyKeyEntity, isUniqueViolation, kindOf, positional, TxRunner } from '@sum28/database';
import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { ApiError } from '../common/api-error';
import { canonicalJson } from '../common/canonical-json';
import { Clock } from '../common/clock';
import { exec } from '../common/db/sql';

export function hashOf(request: unknown): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

/**
 * Money-moving requests with an idempotency key (Stripe-style): the key row is written in the same
 * transaction as the effect, so either both exist or neither. A repeat with the same body replays the
 * stored answer; the same key with another body is IDEMPOTENCY_MISMATCH; a concurrent duplicate waits on
 * the UNIQUE index (or the SQLite gate) and then replays. A request that fails stores nothing and may be
 * retried with its key.
 */
/** A stored request: its body's hash and its answer (`{ value }`, or null while in progress). */
export type StoredRequest = Pick<IdempotencyKeyEntity, 'request_hash' | 'response'>;

export const storedKey = (scope: string, key: string): string => `${scope}\n${key}`;

@Injectable()
export class IdempotencyService {
  constructor(
    private readonly tx: TxRunner,
    private readonly clock: Clock,
  ) {}

  async run<T>(scope: string, key: string | null | undefined, request: unknown, fn: (m: EntityManager) => Promise<T>): Promise<T> {
    // No key, or null for one (an optional field sent as null is absent): no replay protection asked for.
    if (key === undefined || key === null) return this.tx.write(fn);
    const requestHash = hashOf(request);
    try {
      return await this.tx.write((m) => this.inTransaction(m, scope, key, requestHash, fn));
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      // A concurrent request with the same key committed first (PostgreSQL): answer what it answered.
      return this.replayCommitted<T>(scope, key, requestHash);
    }
  }

  /** The committed answer of the request that holds this key (IDEMPOTENCY_MISMATCH for another body). */
  async replayCommitted<T>(scope: string, key: string, requestHash: string): Promise<T> {
    const prior = await this.tx.ds.getRepository(IdempotencyKeyEntity).findOne({ where: { scope, key } });
    if (!prior) throw new ApiError('IDEMPOTENCY_IN_PROGRESS');
    return this.replay<T>(prior, requestHash);
  }

  /**
   * Batches (game bets): the stored requests of these keys, by `scope` + '\n' + `key`; `replayStored` answers
   * one. Keys not in the map are new: the batch stores them with their answers (`storeMany`) in the
   * transaction that makes the effect. A concurrent request that stores the same key first makes that insert
   * fail, and the batch with it (its bets are then tried alone, and the one with that key replays).
   */
  async storedOf(m: EntityManager, keys: { scope: string; key: string }[]): Promise<Map<string, StoredRequest>> {
    const out = new Map<string, StoredRequest>();
    if (keys.length === 0) return out;
    // One probe of the (scope, key) index per key (an IN list per column would probe every combination).
    const rows = (await m.query(
      positional(
        kindOf(m.connection),
        `SELECT scope, "key", request_hash, response FROM idempotency_keys WHERE ${keys.map(() => '(scope = ? AND "key" = ?)').join(' OR ')}`,
      ),
      keys.flatMap((k) => [k.scope, k.key]),
    )) as { scope: string; key: string; request_hash: string; response: string | null }[];
    for (const r of rows) {
      out.set(storedKey(r.scope, r.key), { request_hash: r.request_hash, response: r.response === null ? null : (JSON.parse(r.response) as unknown) });
    }
    return out;
  }

  replayStored<T>(prior: StoredRequest, requestHash: string): T {
    return this.replay<T>(prior, requestHash);
  }

  /** Stores new keys with their answers, in the caller's transaction (a key that exists fails the statement). */
  async storeMany(m: EntityManager, rows: { scope: string; key: string; requestHash: string; value: unknown }[]): Promise<void> {
    if (rows.length === 0) return;
    const now = this.clock.now();
    await m.query(
      positional(
        kindOf(m.connection),
        `INSERT INTO idempotency_keys (scope, "key", request_hash, response, created_at) VALUES ${rows.map(() => '(?, ?, ?, ?, ?)').join(', ')}`,
      ),
      rows.flatMap((r) => [r.scope, r.key, r.requestHash, JSON.stringify({ value: r.value ?? null }), now]),
    );
  }

  /**
   * Plain parameterised SQL: the ORM inlines numbers into the SQL text on SQLite (here created_at), so
   * every insert would be a new prepared statement (docs/performance.md). The key is claimed first with
   * `INSERT ... ON CONFLICT DO NOTHING` (one statement where a read and an insert were: a new key, the usual
   * case, costs no read); only when the key exists is the earlier answer read and replayed. On PostgreSQL a
   * concurrent request with the same key that has not committed yet makes the insert wait; once it commits, the
   * insert does nothing and the read (a new statement, read committed) finds its answer.
   */
  private async inTransaction<T>(m: EntityManager, scope: string, key: string, requestHash: string, fn: (m: EntityManager) => Promise<T>): Promise<T> {
    const kind = kindOf(m.connection);
    const claimed = await exec(
      m,
      positional(
        kind,
        `INSERT INTO idempotency_keys (scope, "key", request_hash, response, created_at) VALUES (?, ?, ?, NULL, ?) ON CONFLICT (scope, "key") DO NOTHING`,
      ),
      [scope, key, requestHash, this.clock.now()],
    );
    if (claimed.affected !== 1) {
      const rows = (await m.query(positional(kind, `SELECT request_hash, response FROM idempotency_keys WHERE scope = ? AND "key" = ?`), [scope, key])) as {
        request_hash: string;
        response: string | null;
      }[];
      const prior = rows[0];
      if (prior === undefined) throw new ApiError('IDEMPOTENCY_IN_PROGRESS');
      return this.replay<T>(
        { request_hash: prior.request_hash, response: prior.response === null ? null : (JSON.parse(prior.response) as unknown) },
        requestHash,
      );
    }
    const out = await fn(m);
    await m.query(positional(kind, `UPDATE idempotency_keys SET response = ? WHERE scope = ? AND "key" = ?`), [
      JSON.stringify({ value: out ?? null }),
      scope,
      key,
    ]);
    return out;
  }

  /**
   * The stored answer of an earlier request with this key, if any (IDEMPOTENCY_MISMATCH for another
   * body). For calls whose checks depend on state the first request changed (a withdrawal freezes the
   * funds it checked): look here before checking, so a replay answers what the first one answered.
   */
  async peek<T>(scope: string, key: string | null | undefined, request: unknown): Promise<{ value: T } | null> {
    if (key === undefined || key === null) return null;
    const prior = await this.tx.ds.getRepository(IdempotencyKeyEntity).findOne({ where: { scope, key } });
    return prior ? { value: this.replay<T>(prior, hashOf(request)) } : null;
  }

  private replay<T>(prior: Pick<IdempotencyKeyEntity, 'request_hash' | 'response'>, requestHash: string): T {
    if (prior.request_hash !== requestHash) throw new ApiError('IDEMPOTENCY_MISMATCH');
    const stored = prior.response as { value: T } | null;
    if (!stored) throw new ApiError('IDEMPOTENCY_IN_PROGRESS');
    return stored.value;
  }
}
