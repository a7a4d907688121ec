/**
 * The outcome of a domain function that can be refused for an expected reason
 * (bad input, a business rule). Broken invariants throw instead.
 */
export type ErrorParams = Readonly<Record<string, string | number>>;

export type Ok<T> = { readonly ok: true; readonly value: T };
export type Err<E extends string = string> = {
  readonly ok: false;
  readonly error: E;
  readonly params?: ErrorParams;
};
export type Result<T, E extends string = string> = Ok<T> | Err<E>;

export function ok(): Ok<void>;
export function ok<T>(value: T): Ok<T>;
export function ok<T>(value?: T): Ok<T | undefined> {
  return { ok: true, value };
}

export function err<E extends string>(error: E, params?: ErrorParams): Err<E> {
  return params === undefined ? { ok: false, error } : { ok: false, error, params };
}

export function isOk<T, E extends string>(r: Result<T, E>): r is Ok<T> {
  return r.ok;
}

export function isErr<T, E extends string>(r: Result<T, E>): r is Err<E> {
  return !r.ok;
}

/** Returns the value of an Ok result; throws on an Err (use where an Err is a programming error). */
export function unwrap<T, E extends string>(r: Result<T, E>): T {
  if (r.ok) return r.value;
  throw new Error(`unwrap() on an error result: ${r.error}`);
}
