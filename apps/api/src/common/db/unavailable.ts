import { QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';

/**
 * Whether an error means the database cannot be reached right now (restarting, refusing connections, the
 * connection dropped mid-query, the file not writable), as opposed to a bug or a bad query. Such a request
 * is answered 503 SERVICE_UNAVAILABLE with Retry-After (the client retries, with the same idempotency key
 * for money calls), not 500 INTERNAL; reliability test T12 restarts PostgreSQL under load to show it.
 */
const PG_UNAVAILABLE_CLASSES = ['08', '57P', '53']; // connection exception; operator intervention (shutdown, cannot connect now); insufficient resources
const NODE_NET_CODES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const SQLITE_UNAVAILABLE: ReadonlySet<string> = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_READONLY', 'SQLITE_FULL', 'SQLITE_IOERR', 'SQLITE_CANTOPEN']);
/** node-postgres reports a lost or unusable connection by message only. */
const PG_CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end',
];

function codeOf(e: object): string {
  const code = (e as { code?: unknown }).code;
  return typeof code === 'string' ? code : '';
}

export function isDatabaseUnavailable(e: unknown, depth = 0): boolean {
  if (typeof e !== 'object' || e === null || depth > 3) return false;
  // TypeORM releases a PostgreSQL query runner when its connection emits an error (the server restarted under
  // it); the transaction's next statement then throws one of these instead of a driver error: through its
  // EntityManager (`m.query`) or the runner itself (its COMMIT). T12 saw them as 500s.
  if (e instanceof QueryRunnerProviderAlreadyReleasedError || e instanceof QueryRunnerAlreadyReleasedError) return true;
  const code = codeOf(e);
  if (NODE_NET_CODES.has(code)) return true;
  if (/^[0-9A-Z]{5}$/.test(code) && PG_UNAVAILABLE_CLASSES.some((c) => code.startsWith(c))) return true;
  if (SQLITE_UNAVAILABLE.has(/^SQLITE_[A-Z]+/.exec(code)?.[0] ?? '')) return true; // extended codes too: SQLITE_IOERR_WRITE
  const message = (e as { message?: unknown }).message;
  if (typeof message === 'string' && PG_CONNECTION_MESSAGES.some((m) => message.includes(m))) return true;
  // TypeORM wraps the driver's error (QueryFailedError.driverError); Error.cause and AggregateError too.
  const inner = [(e as { driverError?: unknown }).driverError, (e as { cause?: unknown }).cause, ...((e as { errors?: unknown[] }).errors ?? [])];
  return inner.some((i) => i !== e && isDatabaseUnavailable(i, depth + 1));
}
