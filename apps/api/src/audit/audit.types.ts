/** The staff member behind a console call, as the audit log records it. */
export interface StaffActor {
  id: number;
  username: string;
  role: string;
  /** client IP of the request */
  ip: string;
}

/** What a mutating staff call did. before/after are plain JSON snapshots (never secrets). */
export interface AuditEntry {
  /** `<resource>.<verb>`, e.g. `capital_log.approve`, `odds.update` */
  action: string;
  targetType: string;
  targetId: string | number | null;
  before?: unknown;
  after?: unknown;
  reason?: string;
}

/** Keys never written into before/after, at any depth: secrets, credentials and unrevealed seeds. */
export const REDACTED_KEYS: ReadonlySet<string> = new Set([
  'password',
  'password_hash',
  'new_password',
  'temporary_password',
  'security_code',
  'security_code_hash',
  'token',
  'token_hash',
  'totp_secret',
  'secret',
  'otp',
  'otpauth_url',
  'seed',
  'seed_hex',
]);

/** A copy of a snapshot without the redacted keys. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) if (!REDACTED_KEYS.has(k)) out[k] = redact(v);
    return out;
  }
  return value;
}
