/**
 * The body of a console `PUT`: only the fields that changed (the API refuses read-only fields and writes an audit row
 * per change). Use as `<Edit transform={changedFields}>`; objects (e.g. per-locale names) compare by their JSON.
 */
export function changedFields(data: Record<string, unknown>, options?: { previousData?: Record<string, unknown> }): Record<string, unknown> {
  const before = options?.previousData ?? {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) {
    if (k === 'id') continue;
    if (JSON.stringify(v ?? null) !== JSON.stringify(before[k] ?? null)) out[k] = v;
  }
  return out;
}
