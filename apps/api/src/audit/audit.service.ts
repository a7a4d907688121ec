import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AuditLogEntity, kindOf } from '@sum28/database';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../common/clock';
import { AuditCaptureSubscriber, captureStorage, type CaptureSpec } from './audit-capture';
import { AuditChainWalker, auditRowHash, GENESIS_HASH, type StoredAuditRow } from './audit-chain';
import { redact, type AuditEntry, type StaffActor } from './audit.types';
import { toJsonValue } from '../common/canonical-json';

/** Key of the PostgreSQL advisory lock that serializes appends to the chain ("AUDITLOG" in ASCII hex, truncated). */
export const AUDIT_ADVISORY_LOCK = 0x4155_4449_544c;

export interface ChainReport {
  ok: boolean;
  rows: number;
  /** id of the first row where the chain breaks, or null */
  brokenAt: number | null;
  reason: 'prev_hash' | 'hash' | 'anchor' | null;
  message: string;
}

/**
 * The chain's head: the newest row's id and hash. Published apart from the database (the `/metrics` gauge
 * `sum28_audit_chain_head`, kept by whatever scrapes it), it anchors the chain: a verification against an earlier
 * anchor sees rows deleted from the end, which the chain alone cannot (the rows left still link).
 */
export interface AuditAnchor {
  id: number;
  hash: string;
}

export async function auditChainHead(ds: DataSource): Promise<AuditAnchor | null> {
  const [row] = await ds.getRepository(AuditLogEntity).find({ select: { id: true, hash: true }, order: { id: 'DESC' }, take: 1 });
  return row ? { id: row.id, hash: row.hash } : null;
}

/** `<id>:<hash>` as printed by `audit:verify` and published by /metrics, or null when malformed. */
export function parseAuditAnchor(text: string): AuditAnchor | null {
  const m = /^([1-9][0-9]{0,15}):([0-9a-f]{64})$/.exec(text.trim());
  return m ? { id: Number(m[1]), hash: m[2] ?? '' } : null;
}

const VERIFY_BATCH = 1000;
/** Cut to the column size, then replace lone surrogates, so the stored text reads back exactly as it was hashed. */
const clip = (s: string | undefined, n: number): string =>
  (s ?? '').slice(0, n).replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/**
 * The append-only, hash-chained audit log of staff actions (reliability rule 10).
 * - `record(m, actor, entry)`: inside the caller's write transaction, as its last statement.
 * - `capture(spec, fn)`: for a call into another team's service that runs its own transaction; the row is
 *   appended inside that transaction (see audit-capture.ts).
 * - `verify()`: walks the whole chain.
 */
@Injectable()
export class AuditService implements OnModuleInit {
  constructor(
    private readonly ds: DataSource,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    if (!this.ds.subscribers.some((s) => s instanceof AuditCaptureSubscriber)) {
      this.ds.subscribers.push(new AuditCaptureSubscriber((m, actor, entry) => this.append(m, actor, entry)));
    }
  }

  /**
   * Appends one row in the caller's transaction. Call it last in the transaction: on PostgreSQL it takes
   * the chain's advisory lock, held until commit. Inside a capture it also marks the action as recorded.
   */
  async record(m: EntityManager, actor: StaffActor | null, entry: AuditEntry): Promise<AuditLogEntity> {
    const s = captureStorage.getStore();
    if (s && s.phase === 'active') s.phase = 'explicit';
    return this.append(m, actor, entry);
  }

  /** Runs `fn` (a call into a service that opens its own write transaction) with its audit row captured in that transaction. */
  capture<T>(spec: CaptureSpec, fn: () => Promise<T>): Promise<T> {
    if (captureStorage.getStore()) throw new Error('audit capture cannot be nested');
    return captureStorage.run({ spec, phase: 'idle', before: null }, fn);
  }

  private async append(m: EntityManager, actor: StaffActor | null, entry: AuditEntry): Promise<AuditLogEntity> {
    if (!m.queryRunner?.isTransactionActive) throw new Error('audit rows are appended inside a write transaction');
    if (kindOf(this.ds) === 'postgres') await m.query('SELECT pg_advisory_xact_lock($1)', [AUDIT_ADVISORY_LOCK]);
    const last = await m.getRepository(AuditLogEntity).find({ select: { id: true, hash: true }, order: { id: 'DESC' }, take: 1 });
    const prevHash = last[0]?.hash ?? GENESIS_HASH;
    const row = {
      staff_id: actor?.id ?? null,
      staff_username: clip(actor?.username ?? 'system', 32),
      staff_role: clip(actor?.role ?? 'system', 16),
      action: clip(entry.action, 64),
      target_type: clip(entry.targetType, 32),
      target_id: clip(entry.targetId === null ? '' : String(entry.targetId), 64),
      before: toJsonValue(redact(entry.before ?? null)),
      after: toJsonValue(redact(entry.after ?? null)),
      reason: clip(entry.reason, 500),
      ip: clip(actor?.ip, 64),
      created_at: this.clock.now(),
    };
    const hash = auditRowHash(prevHash, row);
    const saved = m.create(AuditLogEntity, { ...row, prev_hash: prevHash, hash });
    await m.insert(AuditLogEntity, saved as never);
    return saved;
  }

  verify(): Promise<ChainReport> {
    return verifyAuditChain(this.ds);
  }
}

/** Walks the chain in id order; "chain intact (N rows)" or the first row where it breaks. */
export async function verifyAuditChain(ds: DataSource, anchor: AuditAnchor | null = null): Promise<ChainReport> {
  const walker = new AuditChainWalker();
  let lastId = 0;
  for (;;) {
    const rows = (await ds
      .getRepository(AuditLogEntity)
      .createQueryBuilder('a')
      .where('a.id > :lastId', { lastId })
      .orderBy('a.id', 'ASC')
      .limit(VERIFY_BATCH)
      .getMany()) as StoredAuditRow[];
    if (rows.length === 0) break;
    const broken = walker.feed(rows);
    if (broken) {
      const what = broken.reason === 'hash' ? 'its hash does not match its contents' : 'its prev_hash is not the hash of the row before it';
      return { ok: false, rows: walker.rows, brokenAt: broken.id, reason: broken.reason, message: `chain broken at row ${broken.id}: ${what}` };
    }
    lastId = rows[rows.length - 1]?.id ?? lastId;
  }
  if (anchor !== null) {
    const kept = await ds.getRepository(AuditLogEntity).findOne({ where: { id: anchor.id }, select: { id: true, hash: true } });
    if (kept === null || kept.hash !== anchor.hash) {
      const what = kept === null ? 'is gone: the newest rows were deleted' : 'has another hash: the chain was rewritten from there';
      return { ok: false, rows: walker.rows, brokenAt: anchor.id, reason: 'anchor', message: `anchor row ${anchor.id} ${what}` };
    }
    return { ok: true, rows: walker.rows, brokenAt: null, reason: null, message: `chain intact (${walker.rows} rows), anchor row ${anchor.id} in place` };
  }
  return { ok: true, rows: walker.rows, brokenAt: null, reason: null, message: `chain intact (${walker.rows} rows)` };
}
