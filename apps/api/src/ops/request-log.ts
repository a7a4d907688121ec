import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import pino from 'pino';
import type { AppConfig, LogLevel } from '../common/config/app-config';

/** An incoming `x-request-id` is kept only when it is a plain token (no spaces, quotes or control characters). */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** The request id: the client's (or the proxy's) `x-request-id` when sane, else a fresh UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const h = req.headers['x-request-id'];
  const v = Array.isArray(h) ? h[0] : h;
  return v !== undefined && SANE_REQUEST_ID.test(v) ? v : randomUUID();
}

const SECRET_FIELDS = [
  'password',
  'new_pass',
  'newPass',
  'after_pass',
  'confirm_pass',
  'old_pass',
  'securityCode',
  'new_code',
  'after_code',
  'confirm_code',
  'otp',
  'totp',
  'token',
  'secret',
];

/**
 * What the JSON log never shows (pino `redact`, value replaced by "[redacted]"): the `token`, `authorization`
 * and `cookie` headers of a logged request, and passwords, security codes and TOTP codes at the top level or
 * up to two levels down in any logged object (a request body, say).
 */
export const REDACT_PATHS: string[] = [
  'req.headers.token',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.token',
  'headers.authorization',
  'headers.cookie',
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
];

/** Where the JSON log goes instead of stdout (tests capture it). */
export interface LogSink {
  write(line: string): void;
}

/**
 * Fastify's logging and request-id options: pino JSON on stdout at LOG_LEVEL (or into `sink`), with
 * redaction; Fastify's own two lines per request are replaced by one (installRequestLog). `enabled` false
 * (tests) keeps request ids but writes no log.
 */
export function fastifyLogOptions(cfg: AppConfig, enabled: boolean, sink?: LogSink): Partial<FastifyServerOptions> {
  const level: LogLevel = cfg.logLevel;
  const base = {
    genReqId: requestIdOf,
    requestIdHeader: false as const,
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'reqId' }),
    // No pino child logger per request (its bindings and redaction setup cost the heartbeat about a third of its
    // throughput): the one request line below carries the request id itself.
    childLoggerFactory: (logger: FastifyBaseLogger) => logger,
  };
  if (!enabled && sink === undefined) return { ...base, logger: false };
  return {
    ...base,
    logger: {
      level,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      // Asynchronous writes to stdout (pino's sonic-boom, flushed at exit): a synchronous write per request line cost
      // bets about 9% of their throughput (docs/performance.md).
      stream: sink ?? pino.destination({ dest: 1, sync: false }),
    },
  };
}

/** The Nest logger levels that match LOG_LEVEL (Nest's own start-up and error lines stay plain text). */
export function nestLogLevels(level: LogLevel): false | ('fatal' | 'error' | 'warn' | 'log' | 'debug' | 'verbose')[] {
  const order = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'] as const;
  const upTo = { fatal: 1, error: 2, warn: 3, info: 4, debug: 5, trace: 6, silent: 0 }[level];
  return upTo === 0 ? false : order.slice(0, upTo);
}

/**
 * Writes one JSON line per finished request: id (reqId), method, route template, path (no query string),
 * status, milliseconds. The heartbeat (`heartPath`, every 2 s per player) logs at debug, everything else at
 * info. (The id is echoed in `x-request-id` by the app's one onRequest hook, with the security headers.)
 */
export function installRequestLog(fastify: FastifyInstance, heartPath: string, logging: boolean): void {
  const enabled = (fastify.log as { isLevelEnabled?: (l: string) => boolean }).isLevelEnabled;
  if (!logging || enabled === undefined) return;
  const info = enabled.call(fastify.log, 'info');
  const debug = enabled.call(fastify.log, 'debug');
  if (!info && !debug) return;
  // The request line is built here from fixed fields (no header, no body, the path without its query
  // string), so it holds nothing to redact: it goes through a child logger without redaction, on the same
  // stream and level. pino's redaction walks every configured path (wildcards included) on each line, which
  // cost more than writing the line (docs/performance.md); every other log call keeps it.
  const log = fastify.log.child({}, { redact: { paths: [], censor: '[redacted]' } });
  fastify.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url;
    const heart = route === heartPath;
    if (heart ? debug : info) {
      const q = req.url.indexOf('?');
      const line = {
        reqId: req.id,
        method: req.method,
        route: route ?? null,
        path: q < 0 ? req.url : req.url.slice(0, q),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ip: req.ip,
      };
      if (heart) log.debug(line, 'request');
      else log.info(line, 'request');
    }
    done();
  });
}
