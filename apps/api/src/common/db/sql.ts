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

/** `?, ?, ?`: one placeholder per value, for an `IN (...)` list. */
export function marks(values: { length: number }): string {
  return Array.from({ length: values.length }, () => '?').join(', ');
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

/** An aggregate (SUM, COUNT) as a safe integer; NULL (a SUM over no rows) is 0. */
export function aggregate(v: unknown): number {
  if (v === null || v === undefined) return 0;
  const n = typeof v === 'string' ? Number(v) : (v as number);
  if (typeof n !== 'number' || !Number.isSafeInteger(n)) throw new Error(`aggregate out of safe range: ${String(v)}`);
  return n;
}

/**
 * A money SUM as an exact bigint; NULL is 0. A sum of amounts may pass 2^53 cents (SQLite answers a 64-bit integer,
 * PostgreSQL a numeric as text), where a number would lose cents or `minor()` would refuse it.
 */
export function aggregateBig(v: unknown): bigint {
  if (v === null || v === undefined) return 0n;
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v)) throw new Error(`aggregate not an exact integer: ${String(v)}`);
    return BigInt(v);
  }
  if (typeof v === 'string' && /^-?[0-9]+(\.0+)?$/.test(v)) return BigInt(v.replace(/\.0+$/, ''));
  throw new Error(`aggregate not an integer: ${String(v)}`);
}

/** `SUM(expr)` (0 over no rows) as text, so that a total past 2^53 reaches `aggregateBig` exactly on both databases. */
export function EXACT_SUM(expr: string): string {
  return `CAST(COALESCE(SUM(${expr}), 0) AS TEXT)`;
}

/** A stored text (or any value) as a string. */
export function str(v: unknown): string {
  return String(v);
}

/** Like `str`, but NULL stays null. */
export function strOrNull(v: unknown): string | null {
  return v === null || v === undefined ? null : String(v);
}

/** A value as `Number()` reads it, without a range check (the invariant checker reports, it does not throw). */
export function num(v: unknown): number {
  return Number(v);
}

/** The value as the driver answered it (passed on untouched, e.g. into a report sample). */
export function raw(v: unknown): unknown {
  return v;
}

/** A raw row as a driver answers it: column name -> value. Read it only through a `rowOf` decoder. */
export type Row = Record<string, unknown>;

/** One column's decoder (`int`, `intOrNull`, `bool`, `str`, ...): a stored value as either driver answers it, to its JS type. */
export type Column<T> = (v: unknown) => T;

/** Turns a raw row into a typed one. */
export type RowDecoder<T> = (r: Row) => T;

/** The typed row a `rowOf` decoder answers. */
export type RowType<D> = D extends RowDecoder<infer T> ? T : never;

/**
 * The typed row of a query and its one mapping: `const RoundRow = rowOf({ id: int, issue: str, sum: intOrNull })`,
 * `type RoundRow = RowType<typeof RoundRow>`, then `all(RoundRow, db.all(...))` or `rows.map(RoundRow)`.
 * Each key is a selected column (or alias) and is read with its decoder; other columns are ignored.
 */
export function rowOf<S extends Record<string, Column<unknown>>>(shape: S): RowDecoder<{ [K in keyof S]: ReturnType<S[K]> }> {
  const columns = Object.entries(shape);
  return (r) => {
    const out: Record<string, unknown> = {};
    for (const [name, decode] of columns) out[name] = decode(r[name]);
    return out as { [K in keyof S]: ReturnType<S[K]> };
  };
}

/** Every row of a query, decoded. */
export async function all<T>(row: RowDecoder<T>, rows: Promise<unknown>): Promise<T[]> {
  return ((await rows) as Row[]).map((r) => row(r));
}

/** The one row a statement always answers (an aggregate, INSERT ... RETURNING), decoded; throws when there is none. */
export async function one<T>(row: RowDecoder<T>, rows: Promise<unknown>): Promise<T> {
  const r = ((await rows) as Row[])[0];
  if (r === undefined) throw new Error('the statement answered no row');
  return row(r);
}

/** The first row of a query, decoded (undefined when there is none). */
export async function first<T>(row: RowDecoder<T>, rows: Promise<unknown>): Promise<T | undefined> {
  const r = ((await rows) as Row[])[0];
  return r === undefined ? undefined : row(r);
}

/** Runs a statement in the transaction of `m` and answers its rows and affected-row count (both drivers). */
export async function exec(m: EntityManager, text: string, params: unknown[]): Promise<{ affected: number; records: Row[] }> {
  const runner = m.queryRunner;
  if (runner === undefined) throw new Error('exec() needs the entity manager of a transaction');
  const res = (await runner.query(text, params, true)) as { affected?: number | null; records?: Row[] };
  return { affected: res.affected ?? 0, records: res.records ?? [] };
}
