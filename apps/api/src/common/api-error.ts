import type { ErrorCode } from '@sum28/contracts';

export type ErrorParams = Record<string, string | number>;

/**
 * An expected refusal with a stable code. Services throw it; one filter maps it to the wire
 * (the player envelope, or an HTTP status for the console).
 */
export class ApiError extends Error {
  constructor(
    readonly key: ErrorCode,
    readonly params?: ErrorParams,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(key);
  }
}

/** Unwraps a domain Result or throws its error as an ApiError. */
export function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: string; params?: ErrorParams }): T {
  if (r.ok) return r.value;
  throw new ApiError(r.error as ErrorCode, r.params);
}
