import { createHash } from 'node:crypto';
import { canonicalJson } from '../common/canonical-json';

/** prev_hash of the first row. */
export const GENESIS_HASH = '0'.repeat(64);

/** The fields of an audit row that its hash covers (everything but id, prev_hash and hash itself). */
export interface AuditHashedFields {
  staff_id: number | null;
  staff_username: string;
  staff_role: string;
  action: string;
  target_type: string;
  target_id: string;
  before: unknown;
  after: unknown;
  reason: string;
  ip: string;
  created_at: number;
}

/** hash = hex(SHA-256(prev_hash + canonical JSON of the row's fields)). */
export function auditRowHash(prevHash: string, f: AuditHashedFields): string {
  const fields: AuditHashedFields = {
    staff_id: f.staff_id,
    staff_username: f.staff_username,
    staff_role: f.staff_role,
    action: f.action,
    target_type: f.target_type,
    target_id: f.target_id,
    before: f.before ?? null,
    after: f.after ?? null,
    reason: f.reason,
    ip: f.ip,
    created_at: f.created_at,
  };
  return createHash('sha256')
    .update(prevHash + canonicalJson(fields))
    .digest('hex');
}

export interface StoredAuditRow extends AuditHashedFields {
  id: number;
  prev_hash: string;
  hash: string;
}

export type ChainBreak = { id: number; reason: 'prev_hash' | 'hash' };

/**
 * Walks rows in id order, carrying the previous hash between batches. Answers the first row whose
 * prev_hash is not the hash of the row before it, or whose own hash does not match its fields.
 */
export class AuditChainWalker {
  private prev = GENESIS_HASH;
  private count = 0;

  /** Feeds the next rows (in id order); answers the first break, or null. */
  feed(rows: ReadonlyArray<StoredAuditRow>): ChainBreak | null {
    for (const r of rows) {
      if (r.prev_hash !== this.prev) return { id: r.id, reason: 'prev_hash' };
      if (auditRowHash(r.prev_hash, r) !== r.hash) return { id: r.id, reason: 'hash' };
      this.prev = r.hash;
      this.count++;
    }
    return null;
  }

  get rows(): number {
    return this.count;
  }
}
