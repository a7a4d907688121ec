import { Injectable } from '@nestjs/common';
import { SignInThrottleEntity, TxRunner } from '@sum28/database';
import type { ThrottleCounter } from '@sum28/domain';
import { DataSource, In, LessThan } from 'typeorm';

/**
 * Where sign-in failure counters live. One small interface so a shared store (Redis) can replace the
 * database one when several instances serve sign-ins; the rule itself is the domain's.
 */
export abstract class SignInThrottleStore {
  /** The counters stored under `keys` (missing keys are absent from the map). */
  abstract read(keys: readonly string[]): Promise<Map<string, ThrottleCounter>>;
  /** Replaces each key's counter with `next(key, current)` atomically (null deletes it). */
  abstract update(keys: readonly string[], next: (key: string, current: ThrottleCounter | null) => ThrottleCounter | null): Promise<void>;
  /** Drops counters whose last failure is older than `before`. */
  abstract forget(before: number): Promise<void>;
}

const toCounter = (r: SignInThrottleEntity): ThrottleCounter => ({ failures: r.failures, lastFailureAt: r.last_failure_at, blockedUntil: r.blocked_until });

/** The `sign_in_throttle` table (SQLite and PostgreSQL). */
@Injectable()
export class DbSignInThrottleStore extends SignInThrottleStore {
  constructor(
    private readonly ds: DataSource,
    private readonly tx: TxRunner,
  ) {
    super();
  }

  async read(keys: readonly string[]): Promise<Map<string, ThrottleCounter>> {
    const rows = await this.ds.getRepository(SignInThrottleEntity).findBy({ key: In([...keys]) });
    return new Map(rows.map((r) => [r.key, toCounter(r)]));
  }

  async update(keys: readonly string[], next: (key: string, current: ThrottleCounter | null) => ThrottleCounter | null): Promise<void> {
    const sorted = [...new Set(keys)].sort(); // one lock order on PostgreSQL: no deadlock between two sign-ins
    await this.tx.write(async (m) => {
      const repo = m.getRepository(SignInThrottleEntity);
      for (const key of sorted) {
        if (this.tx.kind === 'postgres') {
          // Make sure a row exists to lock (last failure at 0 reads as "no counter"), then lock it for the
          // read-modify-write; two first failures at once thus count twice. SQLite's write gate serializes.
          await m
            .createQueryBuilder()
            .insert()
            .into(SignInThrottleEntity)
            .values({ key, failures: 0, last_failure_at: 0, blocked_until: null })
            .orIgnore()
            .execute();
        }
        const row = await repo.findOne({ where: { key }, ...(this.tx.kind === 'postgres' ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
        const current = row && row.last_failure_at > 0 ? toCounter(row) : null;
        const after = next(key, current);
        if (after === null) {
          if (row) await m.delete(SignInThrottleEntity, { key });
          continue;
        }
        const values = { failures: after.failures, last_failure_at: after.lastFailureAt, blocked_until: after.blockedUntil };
        if (row) await m.update(SignInThrottleEntity, { key }, values);
        else await m.insert(SignInThrottleEntity, { key, ...values });
      }
    });
  }

  async forget(before: number): Promise<void> {
    await this.tx.write((m) => m.delete(SignInThrottleEntity, { last_failure_at: LessThan(before) }));
  }
}
