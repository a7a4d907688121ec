/**
 * The body of a console `PUT`: only the fields that changed (the API refuses read-only fields and writes an audit row
 * per change). Use as `<Edit transform={changedFields}>`; objects (e.g. per-locale names) compare by their JSON.
 */
export function changedFields(data: Record<string, unknown>, options?: { previousData?: Record<string, unknown> }): Record<string, unknown> {
  const before = options?.previousData ?? {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) {
    if (k === 'id') continue;
    if (JSON.stringify(comparable(v)) !== JSON.stringify(comparable(before[k]))) out[k] = v;
  }
  return out;
}

/**
 * A value as compared: in an object of texts (per-locale names, titles, bodies) an empty entry is no entry, so an
 * editor that answers '' for a language it never had is no change.
 */
function comparable(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v !== 'object' || Array.isArray(v)) return v;
  return Object.fromEntries(
    Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== '' && x !== null && x !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}
