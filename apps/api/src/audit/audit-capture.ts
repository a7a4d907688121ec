import { AsyncLocalStorage } from 'node:async_hooks';
import type { EntityManager, EntitySubscriberInterface, TransactionCommitEvent, TransactionRollbackEvent, TransactionStartEvent } from 'typeorm';
import type { AuditEntry, StaffActor } from './audit.types';

/**
 * A staff action carried out by another team's service (wallet approvals, round voids), whose transaction
 * the console does not own. The console runs the call inside `AuditCapture.run`; a TypeORM subscriber
 * then snapshots `before` when the first transaction of the call starts and, just before that
 * transaction commits, snapshots `after` and appends the audit row through the SAME entity manager, so
 * the change and its audit row commit or roll back together. If the service records the action itself
 * (AuditService.record inside the capture), nothing is added twice.
 */
export interface CaptureSpec {
  actor: StaffActor;
  entry: Omit<AuditEntry, 'before' | 'after'>;
  /** read inside the transaction when it starts (may lock the target row on PostgreSQL) */
  before: (m: EntityManager) => Promise<unknown>;
  /** read inside the transaction just before it commits */
  after: (m: EntityManager) => Promise<unknown>;
  /** true when the call changed nothing (e.g. an idempotent replay): no row then */
  unchanged?: (before: unknown, after: unknown) => boolean;
}

type Phase = 'idle' | 'active' | 'explicit' | 'done';

export interface CaptureState {
  spec: CaptureSpec;
  phase: Phase;
  before: unknown;
}

export const captureStorage = new AsyncLocalStorage<CaptureState>();

export type AppendFn = (m: EntityManager, actor: StaffActor, entry: AuditEntry) => Promise<unknown>;

/** Nesting level of the runner's transaction (1 = the outermost; savepoints are deeper). Not in QueryRunner's interface, present on every driver's runner. */
function depth(e: { queryRunner: object }): number {
  return (e.queryRunner as { transactionDepth?: number }).transactionDepth ?? 0;
}

/** Registered on the DataSource by the audit module. Inert for transactions outside a capture. */
export class AuditCaptureSubscriber implements EntitySubscriberInterface {
  constructor(private readonly append: AppendFn) {}

  async afterTransactionStart(e: TransactionStartEvent): Promise<void> {
    const s = captureStorage.getStore();
    if (!s || s.phase !== 'idle' || depth(e) !== 1) return;
    s.phase = 'active';
    s.before = await s.spec.before(e.manager);
  }

  async beforeTransactionCommit(e: TransactionCommitEvent): Promise<void> {
    const s = captureStorage.getStore();
    if (!s || depth(e) !== 1) return;
    if (s.phase === 'explicit') {
      s.phase = 'done';
      return;
    }
    if (s.phase !== 'active') return;
    const after = await s.spec.after(e.manager);
    if (!s.spec.unchanged?.(s.before, after)) await this.append(e.manager, s.spec.actor, { ...s.spec.entry, before: s.before, after });
    s.phase = 'done';
  }

  afterTransactionRollback(e: TransactionRollbackEvent): void {
    const s = captureStorage.getStore();
    if (!s || depth(e) !== 0) return;
    if (s.phase === 'active' || s.phase === 'explicit') s.phase = 'idle';
  }
}
