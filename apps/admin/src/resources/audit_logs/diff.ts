export interface DiffRow {
  path: string;
  before: string;
  after: string;
  change: 'added' | 'removed' | 'changed' | 'same';
}

function flatten(v: unknown, prefix: string, out: Map<string, string>): void {
  if (v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 0) {
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) flatten(x, prefix === '' ? k : `${prefix}.${k}`, out);
  } else if (prefix !== '' || v !== null) out.set(prefix === '' ? '(value)' : prefix, JSON.stringify(v));
}

/** An audit row's before/after snapshots side by side, one row per leaf path (objects flattened with dots). */
export function diffSnapshots(before: unknown, after: unknown): DiffRow[] {
  const b = new Map<string, string>();
  const a = new Map<string, string>();
  flatten(before ?? null, '', b);
  flatten(after ?? null, '', a);
  const paths = [...new Set([...b.keys(), ...a.keys()])].sort();
  return paths.map((path) => {
    const x = b.get(path);
    const y = a.get(path);
    const change = x === undefined ? 'added' : y === undefined ? 'removed' : x === y ? 'same' : 'changed';
    return { path, before: x ?? '', after: y ?? '', change };
  });
}
