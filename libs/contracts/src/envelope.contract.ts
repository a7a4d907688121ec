import type { ErrorCode } from './error-codes';

/**
 * Wire conventions of the player API (spec section 7; base `/index.php`, paths `/api/...`).
 *
 * - Field names are snake_case (or the spec's own spelling, e.g. `openTime1`, `orderNo`,
 *   `isTrue`) because the spec's clients read them.
 * - Money: inside the system amounts are integer minor units; on the wire every money field
 *   (`Money`) is a decimal number with exactly 2 places of precision, e.g. `1234.5` means 1234.50.
 *   The API converts at one boundary; clients format with `Intl.NumberFormat`, never do sums in
 *   floats.
 * - Times: `EpochSeconds` are Unix seconds (UTC); `DateString` is a platform-day date `YYYY-MM-DD`.
 * - Every request also accepts `host` and `lang` (`CommonParams`), in the body for POST and in the
 *   query for GET.
 * - Every answer is an `Envelope` with HTTP 200, also for business errors; 4xx/5xx only for
 *   transport faults.
 */

/** Decimal amount with 2 places on the wire (e.g. `100`, `99.5`, `0.01`). Integer minor units inside. */
export type Money = number;

/** Unix time in seconds. */
export type EpochSeconds = number;

/** `YYYY-MM-DD`, a date of the platform day (`PLATFORM_TZ`). */
export type DateString = string;

/** Round number: `YYYYMMDD` + 3-digit sequence of the platform day, e.g. `'20261122001'`. Always a string. */
export type Issue = string;

/** Fields added to every call by the spec's clients. */
export interface CommonParams {
  host?: string;
  /** Message language (`zh`, `tw`, `en`, `jp`, `kor`); unknown or missing means `tw`. */
  lang?: string;
}

/** Body of a call that takes no payload (besides `CommonParams`). */
export type EmptyRequest = Record<never, never>;

export interface Envelope<T> {
  /** `SUCCESS_CODE` (1) on success; `ERROR_CODES[error]` otherwise. */
  code: number;
  /** Human text in the request's `lang`: a success text (e.g. 'order success') or the translated error. */
  msg: string;
  /** Server time of the answer, Unix seconds. */
  time: number;
  /** The payload; `null` on errors. */
  data: T;
  /** Stable error key, present only on errors. */
  error?: ErrorCode;
  /** Values interpolated into `msg` (e.g. `{ frozen: '150.00' }`), present only when the message has placeholders. */
  params?: Record<string, string | number>;
}

export type SuccessEnvelope<T> = Envelope<T> & { code: 1; error?: undefined };
export type ErrorEnvelope = Envelope<null> & { error: ErrorCode };

/** `page` is 1-based. */
export interface PageRequest {
  page?: number;
  pageSize?: number;
}

/**
 * One page of a player history list (fund history, bet record): `pageSize` defaults to 20 (at most
 * 100); `total` counts every row of the query; `has_more` is false on the last page ('--END--').
 */
export interface Paged<T> {
  data: T[];
  total: number;
  page: number;
  pageSize: number;
  has_more: boolean;
}

/**
 * Console API (react-admin) error body, sent with `CONSOLE_HTTP_STATUS[error]`.
 * `errors` maps a field name to its message for form validation errors.
 */
export interface ConsoleErrorBody {
  message: string;
  errors?: Record<string, string>;
  error: ErrorCode;
  code: number;
  params?: Record<string, string | number>;
}
