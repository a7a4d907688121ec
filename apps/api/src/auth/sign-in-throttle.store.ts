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
      for (const key of sorted) {
        // On PostgreSQL the row is locked for the read-modify-write; SQLite's write gate already serializes.
        const row = await m
          .getRepository(SignInThrottleEntity)
          .findOne({ where: { key }, ...(this.tx.kind === 'postgres' ? { lock: { mode: 'pessimistic_write' } } : {}) });
        const after = next(key, row ? toCounter(row) : null);
        if (after === null) {
          if (row) await m.delete(SignInThrottleEntity, { key });
          continue;
        }
        const values = { failures: after.failures, last_failure_at: after.lastFailureAt, blocked_until: after.blockedUntil };
        if (row) await m.update(SignInThrottleEntity, { key }, values);
        else
          await m
            .createQueryBuilder()
            .insert()
            .into(SignInThrottleEntity)
            .values({ key, ...values })
            .orUpdate(['failures', 'last_failure_at', 'blocked_until'], ['key'])
            .execute();
      }
    });
  }

  async forget(before: number): Promise<void> {
    await this.tx.write((m) => m.delete(SignInThrottleEntity, { last_failure_at: LessThan(before) }));
  }
}
