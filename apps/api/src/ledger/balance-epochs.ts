import { Injectable, Optional } from '@nestjs/common';
import { SharedEvents } from '../common/shared/shared-events';
import {
  DataSource,
  type EntityManager,
  type EntitySubscriberInterface,
  type QueryRunner,
  type TransactionCommitEvent,
  type TransactionRollbackEvent,
} from 'typeorm';

/** Above this many remembered players the per-player epochs are folded into the global one. */
const MAX_TRACKED = 100_000;

/**
 * In-process versions of players' balances, so a cache of a balance (the heartbeat's) is never older
 * than the player's own last write on this instance. A write transaction marks the players whose balance
 * it changes (`touch`, or `touchAll` for set-based settlement); the marks take effect only when the
 * outermost COMMIT has happened (a TypeORM transaction subscriber), so a reader that sees the new epoch
 * and reads again sees the committed balance. A reader remembers the epoch it saw BEFORE reading and
 * re-reads when `of(user)` differs. A rolled-back transaction changes nothing.
 */
@Injectable()
export class BalanceEpochs implements EntitySubscriberInterface {
  private counter = 0;
  private global = 0;
  private readonly users = new Map<number, number>();
  private readonly pending = new WeakMap<QueryRunner, { all: boolean; users: Set<number> }>();

  constructor(
    ds: DataSource,
    @Optional() private readonly shared?: SharedEvents,
  ) {
    ds.subscribers.push(this);
    // Balances committed by another instance (REDIS_URL): its cached balances here are stale too.
    shared?.on('balance', (b) => this.bump(b.all, b.users));
  }

  /** Take this BEFORE reading a balance to remember; `changedSince` later tells whether to read again. */
  current(): number {
    return this.counter;
  }

  /** True when a commit changed the player's balance after `epoch` was taken (`current()`). */
  changedSince(userId: number, epoch: number): boolean {
    return Math.max(this.global, this.users.get(userId) ?? 0) > epoch;
  }

  /** Within the write transaction `m`: this player's balance changes when it commits. */
  touch(m: EntityManager, userId: number): void {
    const p = this.mark(m);
    if (p === null) this.bump(false, [userId]);
    else p.users.add(userId);
  }

  /** Within the write transaction `m`: any player's balance may change when it commits (set-based settlement). */
  touchAll(m: EntityManager): void {
    const p = this.mark(m);
    if (p === null) this.bump(true, []);
    else p.all = true;
  }

  afterTransactionCommit(e: TransactionCommitEvent): void {
    if (e.queryRunner.isTransactionActive) return; // a savepoint was released; the transaction goes on
    const p = this.pending.get(e.queryRunner);
    if (p === undefined) return;
    this.pending.delete(e.queryRunner);
    this.bump(p.all, p.users);
  }

  afterTransactionRollback(e: TransactionRollbackEvent): void {
    if (!e.queryRunner.isTransactionActive) this.pending.delete(e.queryRunner);
  }

  private mark(m: EntityManager): { all: boolean; users: Set<number> } | null {
    const qr = m.queryRunner;
    if (qr === undefined || !qr.isTransactionActive) return null;
    let p = this.pending.get(qr);
    if (p === undefined) {
      p = { all: false, users: new Set() };
      this.pending.set(qr, p);
    }
    return p;
  }

  private bump(all: boolean, users: Iterable<number>): void {
    if (this.shared !== undefined) this.shared.emit('balance', { all, users: [...users] });
    const v = ++this.counter;
    if (all || this.users.size >= MAX_TRACKED) {
      this.global = v;
      this.users.clear();
      return;
    }
    for (const u of users) this.users.set(u, v);
  }
}
