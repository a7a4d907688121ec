import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import { apiOf, CONSOLE_HTTP_STATUS, translate, type ErrorCode } from '@sum28/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../api-error';
import { isDatabaseUnavailable } from '../db/unavailable';
import { errorEnvelope } from './envelope';
import { langOf } from './lang';

/** Session failures travel as envelope codes 50008/50012/50014, the rest of business errors as HTTP 200. */
const TRANSPORT_STATUS: Partial<Record<ErrorCode, number>> = { RATE_LIMITED: 429, INTERNAL: 500, SERVICE_UNAVAILABLE: 503, NOT_FOUND: 200 };

/** The HTTP status of a player-API (/index.php) error envelope. */
export function playerStatus(key: ErrorCode): number {
  return TRANSPORT_STATUS[key] ?? 200;
}

/** Any thrown value as the ApiError the wire shows (framework errors mapped to their codes). */
export function toApiError(e: unknown): ApiError {
  if (e instanceof ApiError) return e;
  if (e instanceof ThrottlerException) return new ApiError('RATE_LIMITED');
  if (e instanceof HttpException) {
    const status = e.getStatus();
    if (status === 404) return new ApiError('NOT_FOUND');
    if (status === 429) return new ApiError('RATE_LIMITED');
    if (status === 403) return new ApiError('FORBIDDEN');
    if (status === 401) return new ApiError('SESSION_INVALID');
    if (status < 500) return new ApiError('VALIDATION_FAILED', { field: 'body', reason: 'malformed' });
    return new ApiError('INTERNAL');
  }
  // Fastify's own errors (malformed JSON, body too large, bad content type) are the client's fault.
  const fastifyStatus = (e as { statusCode?: number }).statusCode;
  if (typeof fastifyStatus === 'number' && fastifyStatus >= 400 && fastifyStatus < 500) {
    return new ApiError('VALIDATION_FAILED', { field: 'body', reason: 'malformed' });
  }
  if (isDatabaseUnavailable(e)) return new ApiError('SERVICE_UNAVAILABLE');
  return new ApiError('INTERNAL');
}

/**
 * What a server-side error leaves besides its envelope: a bug's stack in the log; for a database that is
 * restarting or unreachable, one warning line (not a stack per request) and `Retry-After: 1`.
 */
export function noteServerError(log: Logger, apiError: ApiError, exception: unknown, reply: FastifyReply): void {
  if (apiError.key === 'INTERNAL') log.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
  else if (apiError.key === 'SERVICE_UNAVAILABLE') {
    log.warn(`database unavailable: ${exception instanceof Error ? exception.message : String(exception)}`);
    void reply.header('retry-after', '1');
  }
}

/**
 * Writes a refusal in the shape of the API the URL belongs to (see AllExceptionsFilter). Also used for the
 * refusals Fastify's router makes before any route runs (app.factory.ts `frameworkErrors`).
 */
export function sendApiError(req: FastifyRequest, reply: FastifyReply, apiError: ApiError): void {
  const lang = langOf(req);
  const api = apiOf(req.url);
  if (api === 'console') {
    void reply.status(CONSOLE_HTTP_STATUS[apiError.key]).send({
      message: translate(lang, apiError.key, apiError.params),
      error: apiError.key,
      errors: apiError.fieldErrors ?? {},
      ...(apiError.params ? { params: apiError.params } : {}),
    });
    return;
  }
  const status = api === 'player' ? playerStatus(apiError.key) : CONSOLE_HTTP_STATUS[apiError.key];
  void reply.status(status).send(errorEnvelope(lang, apiError.key, apiError.params));
}

/**
 * The one place where errors reach the wire. Player API (/index.php): the spec's envelope with a
 * translated msg and the stable error key. Console API (/admin-api): an HTTP status from one exhaustive
 * table and `{ message, errors }` as react-admin reads it.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly log = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<FastifyRequest>();
    const reply = ctx.getResponse<FastifyReply>();
    const apiError = toApiError(exception);
    noteServerError(this.log, apiError, exception, reply);
    sendApiError(req, reply, apiError);
  }
}
