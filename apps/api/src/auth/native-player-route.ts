import { Logger, type OnApplicationShutdown, type Type } from '@nestjs/common';
import rateLimit from '@fastify/rate-limit';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { OperationObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import type { Locale, MessageKey } from '@sum28/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../common/api-error';
import type { Clock } from '../common/clock';
import { BatchedRateLimitStore } from '../common/shared/rate-limit-store';
import type { SharedStore } from '../common/shared/shared-store';
import { RequestValidationPipe } from '../common/validation/validation.pipe';
import { okEnvelope } from '../common/http/envelope';
import { noteServerError, sendApiError, toApiError } from '../common/http/exception.filter';
import { langOf } from '../common/http/lang';
import type { SessionService } from './session.service';

/** A live session with its player's row as the session cache holds it (SessionService.liveSession). */
export type LiveSession = Awaited<ReturnType<SessionService['liveSession']>>;

const MAX_ID = 2_147_483_647;
/** Printable ASCII: its length in UTF-16 units (class-validator's) and in code points (ajv's) agree. */
export const asciiText = (min: number, max: number): object => ({ type: 'string', pattern: `^[\\x20-\\x7e]{${min},${max}}$` });
/**
 * An integer field (IntField: a number, or digits as a form sends them) in [min, max]: at most `digits`
 * digits without a leading zero stay inside the range, and the DTO's transform reads them the same way.
 */
export const intField = (min: number, max: number, digits: number): object => ({
  anyOf: [
    { type: 'integer', minimum: min, maximum: max },
    { type: 'string', pattern: min === 0 ? `^(0|[1-9][0-9]{0,${digits - 1}})$` : `^[1-9][0-9]{0,${digits - 1}}$` },
  ],
});
/** An id (IntField with ID: 1..2^31-1). */
export const idField = intField(1, MAX_ID, 9);
/** The fields every player DTO has (PlayerRequestDto): host and lang, as printable ASCII. */
export const PLAYER_REQUEST_FIELDS = { host: asciiText(0, 255), lang: asciiText(0, 32) } as const;

/** The session, if its player may use the route: not one who must change the password first (as PlayerAuthGuard). */
function usable(session: LiveSession): LiveSession {
  if (session.must_change_password) throw new ApiError('PASSWORD_CHANGE_REQUIRED');
  return session;
}

/** What a native player route is made of (see NativePlayerRoute). */
export interface NativeRouteSpec<D extends object> {
  /** e.g. `/index.php/api/Lottery/heart` */
  path: string;
  /** A name for the shared counters of its per-IP limit (BatchedRateLimitStore). */
  limitName: string;
  limitPerMinute: number;
  /**
   * The body schema (ajv, compiled by Fastify; no coercion): the bodies it accepts must be a plain subset
   * of what `dto` accepts through the validation pipe, with the same values, so a valid body costs one
   * compiled check. Every other body goes through the validation pipe of every Nest route with `dto`,
   * which either accepts it too or throws the error the Nest route answered: the rules and their
   * messages exist once, in the DTO.
   */
  bodySchema: object;
  dto: Type<D>;
  /** The DTO of a body the schema accepted (digit strings of integer fields read as numbers). */
  fromSchema: (body: Record<string, unknown>) => D;
  /** The `msg` of a success answer (okEnvelope). */
  message: MessageKey;
  /** Whether the answer shows the player's balances (a newer balance then forces the session to be read again). */
  balances: boolean;
  /** X-RateLimit-* headers on every answer under the limit, as the Nest throttler guard sends them (else none). */
  limitHeadersAlways: boolean;
  /**
   * The operation in the OpenAPI document, as the Nest controller method declared it (its id, whose response
   * schema the generator takes from the method marked `@DocumentedOperation(operationId)`; its summary and
   * tags; the path it followed, so the document keeps its order).
   */
  operation: { operationId: string; summary: string; tags: string[]; after: string };
}

/**
 * A player route as a native Fastify route in its own encapsulated plugin: one path, no Nest pipeline, every
 * answer (success and errors) produced here, the same as the generic pipeline gives for any other player
 * route (each subclass has a case-by-case comparison test against the Nest route it replaced). In order, as
 * a Nest route runs:
 *  1. body parsing (Fastify's JSON parser and @fastify/formbody, both global) and the global body-shape hook:
 *     malformed, too deep or prototype-named bodies answer VALIDATION_FAILED / UNKNOWN_FIELD;
 *  2. the per-IP limit (@fastify/rate-limit, counted across instances with REDIS_URL through
 *     BatchedRateLimitStore), as the global throttler guard did: 429 RATE_LIMITED;
 *  3. the session (SessionService.liveSession, on the SessionCache the player guard uses): 50008, 50012,
 *     50014, then PASSWORD_CHANGE_REQUIRED, as PlayerAuthGuard;
 *  4. the body (the schema, else the validation pipe): VALIDATION_FAILED / UNKNOWN_FIELD;
 *  5. the subclass's answer, or its refusal.
 * Errors become the player envelope through the exception filter's own mapping (toApiError, playerStatus,
 * errorEnvelope). The answer is JSON text, sent as is.
 */
export abstract class NativePlayerRoute<D extends object> implements OnApplicationShutdown {
  private readonly log = new Logger('Errors');
  private readonly pipe = new RequestValidationPipe();
  private readonly limits: BatchedRateLimitStore;
  /** Per client IP and window (tests lower it). */
  limitPerMinute: number;
  /** Requests answered with data (tests and the bench read it). */
  answered = 0;
  /** Bodies the schema did not accept, decided by the validation pipe. */
  piped = 0;
  private readonly prefixes = new Map<Locale, { time: number; text: string }>();

  protected constructor(
    private readonly spec: NativeRouteSpec<D>,
    private readonly sessions: SessionService,
    private readonly clock: Clock,
    shared: SharedStore,
  ) {
    this.limitPerMinute = spec.limitPerMinute;
    this.limits = new BatchedRateLimitStore(spec.limitName, shared, () => this.clock.now());
  }

  /**
   * The JSON text of `data` of the answer to a player's valid request, or a refusal (thrown or rejected); text
   * at once when the subclass needs no read (the answer is then sent without a promise).
   */
  protected abstract respond(session: LiveSession, dto: D, lang: Locale): string | Promise<string>;

  /** The store counting the per-IP limit (tests flush it). */
  get rateStore(): BatchedRateLimitStore {
    return this.limits;
  }

  onApplicationShutdown(): void {
    this.limits.close();
  }

  /** Registers the route's encapsulated plugin on the app's Fastify instance (app.factory.ts). */
  async register(fastify: FastifyInstance): Promise<void> {
    const limits = this.limits;
    const always = this.spec.limitHeadersAlways;
    await fastify.register(async (scope) => {
      scope.setErrorHandler((err: FastifyError, req, reply) => this.sendError(req, reply, err));
      await scope.register(rateLimit, {
        // After parsing and the body-shape hook, as the Nest throttler guard ran after them.
        hook: 'preHandler',
        max: () => this.limitPerMinute,
        timeWindow: 60_000,
        keyGenerator: (req) => req.ip,
        store: class {
          constructor() {
            return limits;
          }
        } as never,
        // Under the limit: X-RateLimit-* if the route asks for them; a refusal: Retry-After only (both as the
        // Nest throttler guard sends them).
        addHeadersOnExceeding: { 'x-ratelimit-limit': always, 'x-ratelimit-remaining': always, 'x-ratelimit-reset': always },
        addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false, 'retry-after': true },
        errorResponseBuilder: () => new ApiError('RATE_LIMITED'),
      });
      scope.post(this.spec.path, { schema: { body: this.spec.bodySchema }, attachValidation: true }, (req, reply) => this.answer(req, reply));
    });
  }

  /**
   * A cached session and a body the schema accepted (a steady poll, a plain bet) take no promise before the
   * answer, and none at all when the subclass answers at once (the handler then sends and returns nothing);
   * a session read or a body for the pipe is awaited, in the same order (session first). Refusals are
   * thrown or rejected, and Fastify gives both to the scope's error handler.
   */
  private answer(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> | undefined {
    const lang = langOf(req);
    const header = req.headers['token'];
    const live = this.sessions.liveSession(Array.isArray(header) ? header[0] : header, this.spec.balances);
    if (live instanceof Promise || req.validationError !== undefined) return this.answerLater(req, reply, lang, live);
    return this.answerWith(reply, lang, usable(live), this.spec.fromSchema(req.body as Record<string, unknown>));
  }

  /** The answer after a session read or the validation pipe. */
  private async answerLater(req: FastifyRequest, reply: FastifyReply, lang: Locale, live: LiveSession | Promise<LiveSession>): Promise<FastifyReply> {
    const session = usable(await live);
    const dto = req.validationError === undefined ? this.spec.fromSchema(req.body as Record<string, unknown>) : await this.pipedDto(req.body);
    return (await this.answerWith(reply, lang, session, dto)) ?? reply;
  }

  /** Sends the subclass's answer (to a usable session): now if it has it, else when it comes (the promise returned). */
  private answerWith(reply: FastifyReply, lang: Locale, session: LiveSession, dto: D): Promise<FastifyReply> | undefined {
    const data = this.respond(session, dto, lang);
    if (typeof data !== 'string') return data.then((text) => this.send(reply, lang, text));
    this.send(reply, lang, data);
    return undefined;
  }

  private send(reply: FastifyReply, lang: Locale, data: string): FastifyReply {
    this.answered++;
    return reply
      .code(200)
      .header('content-type', 'application/json; charset=utf-8')
      .send(`${this.okPrefix(lang)}${data}}`);
  }

  /** A body outside the schema, decided by the validation pipe. */
  private async pipedDto(body: unknown): Promise<D> {
    this.piped++;
    return (await this.pipe.transform(body, { type: 'body', metatype: this.spec.dto, data: '' })) as D;
  }

  /**
   * `{"code":1,"msg":...,"time":...,"data":` of a success answer in a language, made by okEnvelope once per
   * language and second: the answer is this, the data's JSON, then `}`.
   */
  private okPrefix(lang: Locale): string {
    const time = Math.floor(Date.now() / 1000);
    const p = this.prefixes.get(lang);
    if (p !== undefined && p.time === time) return p.text;
    const whole = JSON.stringify(okEnvelope(lang, null, this.spec.message));
    const text = whole.slice(0, whole.length - 'null}'.length);
    this.prefixes.set(lang, { time, text });
    return text;
  }

  /**
   * The document with this route's operation (token header, JSON body of the DTO, kept as a component by
   * `@ApiExtraModels` on its controller); describeResponses adds its responses like every other's.
   */
  withOperation(doc: OpenAPIObject): OpenAPIObject {
    const { path, dto, operation: op } = this.spec;
    const operation: OperationObject = {
      operationId: op.operationId,
      parameters: [{ name: 'token', in: 'header', required: true, schema: { type: 'string' } }],
      requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${dto.name}` } } } },
      responses: { '200': { description: '' } },
      summary: op.summary,
      tags: op.tags,
    };
    const paths: OpenAPIObject['paths'] = {};
    for (const [p, item] of Object.entries(doc.paths)) {
      paths[p] = item;
      if (p === op.after) paths[path] = { post: operation };
    }
    if (paths[path] === undefined) paths[path] = { post: operation };
    return { ...doc, paths };
  }

  /** The player envelope of an error, as AllExceptionsFilter answers it on every other player route. */
  private sendError(req: FastifyRequest, reply: FastifyReply, err: unknown): FastifyReply {
    const e = toApiError(err);
    noteServerError(this.log, e, err, reply);
    sendApiError(req, reply, e);
    return reply;
  }
}
