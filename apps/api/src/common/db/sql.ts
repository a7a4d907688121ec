import { positional, type DbKind } from '@sum28/database';
import type { EntityManager } from 'typeorm';

/**
 * The few differences between the two SQL dialects the raw (set-based) queries of the game engine
 * meet: placeholders (`?` on SQLite, `$n` on PostgreSQL), boolean literals, row locks, and number
 * types (PostgreSQL's driver answers bigint and numeric as strings).
 */
export class Sql {
  readonly isPg: boolean;
  readonly TRUE: string;
  readonly FALSE: string;
  /** `FOR SHARE` on PostgreSQL (SQLite writes are serialized already). */
  readonly forShare: string;

  constructor(readonly kind: DbKind) {
    this.isPg = kind === 'postgres';
    this.TRUE = this.isPg ? 'TRUE' : '1';
    this.FALSE = this.isPg ? 'FALSE' : '0';
    this.forShare = this.isPg ? ' FOR SHARE' : '';
  }

  /** Rewrites `?` placeholders to `$1, $2, ...` on PostgreSQL. The text must hold no literal `?`. */
  q(text: string): string {
    return positional(this.kind, text);
  }
}

/** A stored integer (number, or a digit string from PostgreSQL) as a safe JS number; throws otherwise. */
export function int(v: unknown): number {
  const n = typeof v === 'string' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isSafeInteger(n)) throw new Error(`not a safe integer: ${String(v)}`);
  return n;
}

/** Like `int`, but NULL stays null. */
export function intOrNull(v: unknown): number | null {
  return v === null || v === undefined ? null : int(v);
}

/** A stored boolean: SQLite answers 0/1, PostgreSQL true/false. */
export function bool(v: unknown): boolean {
  return v === true || v === 1 || v === '1' || v === 't';
}

export type Row = Record<string, unknown>;

/** Runs a statement in the transaction of `m` and answers its rows and affected-row count (both drivers). */
export async function exec(m: EntityManager, text: string, params: unknown[]): Promise<{ affected: number; records: Row[] }> {
  const runner = m.queryRunner;
  if (runner === undefined) throw new Error('exec() needs the entity manager of a transaction');
  const res = (await runner.query(text, params, true)) as { affected?: number | null; records?: Row[] };
  return { affected: res.affected ?? 0, records: res.records ?? [] };
}
