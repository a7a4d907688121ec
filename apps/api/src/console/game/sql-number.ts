/** An aggregate from a raw query (PostgreSQL answers bigint and numeric as strings) as a safe integer. */
export function intOf(v: unknown): number {
  if (v === null || v === undefined) return 0;
  const n = typeof v === 'string' ? Number(v) : (v as number);
  if (typeof n !== 'number' || !Number.isSafeInteger(n)) throw new Error(`aggregate out of safe range: ${String(v)}`);
  return n;
}
