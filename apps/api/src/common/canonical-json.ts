/**
 * Canonical JSON for hashing: object keys sorted (by UTF-16 code units, as JSON Canonicalization Scheme),
 * no whitespace, `undefined` members dropped, `undefined` array items as null. Only JSON values are
 * accepted: a non-finite number, a bigint or a function is a programming error and throws.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`canonicalJson: not a finite number: ${String(value)}`);
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v)).join(',')}]`;
      const obj = value as Record<string, unknown>;
      const keys = Object.keys(obj)
        .filter((k) => obj[k] !== undefined)
        .sort();
      return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
    }
    default:
      throw new TypeError(`canonicalJson: not a JSON value (${typeof value})`);
  }
}

/** The value as it will read back from a JSON text column (dates become strings, undefined members vanish). */
export function toJsonValue(value: unknown): unknown {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown);
}
