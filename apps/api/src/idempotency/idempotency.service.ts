import { Injectable } from '@nestjs/common';
import { IdempotencyKeyEntity, isUniqueViolation, TxRunner } from '@sum28/database';
import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { ApiError } from '../common/api-error';
import { Clock } from '../common/clock';

/** Stable JSON (sorted keys) so the same request always hashes the same. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/**
 * Money-moving requests with an idempotency key (Stripe-style): the key row is written in the same
 * transaction as the effect, so either both exist or neither. A repeat with the same body replays the
 * stored answer; the same key with another body is IDEMPOTENCY_MISMATCH; a concurrent duplicate waits on
 * the UNIQUE index (or the SQLite gate) and then replays. A request that fails stores nothing and may be
 * retried with its key.
 */
@Injectable()
export class IdempotencyService {
  constructor(
    private readonly tx: TxRunner,
    private readonly clock: Clock,
  ) {}

  async run<T>(scope: string, key: string | undefined, request: unknown, fn: (m: EntityManager) => Promise<T>): Promise<T> {
    if (key === undefined) return this.tx.write(fn);
    const requestHash = createHash('sha256').update(canonical(request)).digest('hex');
    try {
      return await this.tx.write(async (m) => {
        const prior = await m.findOne(IdempotencyKeyEntity, { where: { scope, key } });
        if (prior) return this.replay<T>(prior, requestHash);
        await m.insert(IdempotencyKeyEntity, { scope, key, request_hash: requestHash, response: null as never, created_at: this.clock.now() });
        const out = await fn(m);
        await m.update(IdempotencyKeyEntity, { scope, key }, { response: { value: out ?? null } });
        return out;
      });
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      // A concurrent request with the same key committed first (PostgreSQL): answer what it answered.
      const prior = await this.tx.ds.getRepository(IdempotencyKeyEntity).findOne({ where: { scope, key } });
      if (!prior) throw new ApiError('IDEMPOTENCY_IN_PROGRESS');
      return this.replay<T>(prior, requestHash);
    }
  }

  private replay<T>(prior: IdempotencyKeyEntity, requestHash: string): T {
    if (prior.request_hash !== requestHash) throw new ApiError('IDEMPOTENCY_MISMATCH');
    const stored = prior.response as { value: T } | null;
    if (!stored) throw new ApiError('IDEMPOTENCY_IN_PROGRESS');
    return stored.value;
  }
}
