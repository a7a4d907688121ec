import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import rateLimit from '@fastify/rate-limit';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { OperationObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import type { HeartRequest, Locale } from '@sum28/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SessionService } from '../auth/session.service';
import { ApiError } from '../common/api-error';
import { Clock } from '../common/clock';
import { okEnvelope } from '../common/http/envelope';
import { noteServerError, sendApiError, toApiError } from '../common/http/exception.filter';
import { langOf } from '../common/http/lang';
import { BatchedRateLimitStore } from '../common/shared/rate-limit-store';
import { SHARED_STORE, type SharedStore } from '../common/shared/shared-store';
import { RequestValidationPipe } from '../common/validation/validation.pipe';
import { HeartDto } from './dto/lottery.dto';
import { HEART_LIMIT_PER_MINUTE, HeartService } from './heart.service';

export const HEART_PATH = '/index.php/api/Lottery/heart';

const MAX_ID = 2_147_483_647;
/** Printable ASCII: its length in UTF-16 units (class-validator's) and in code points (ajv's) agree. */
const ascii = (max: number): string => `^[\\x20-\\x7e]{0,${max}}$`;
const id = (min: number, max: number, digits: number): object => ({
  anyOf: [
    { type: 'integer', minimum: min, maximum: max },
    // a form sends digits; at most `digits` of them without a leading zero stay inside [min, max]
    { type: 'string', pattern: min === 0 ? `^(0|[1-9][0-9]{0,${digits - 1}})$` : `^[1-9][0-9]{0,${digits - 1}}$` },
  ],
});

/**
 * The heartbeat's body schema (ajv, compiled by Fastify; no type coercion, see app.factory.ts): the
 * bodies it accepts are a plain subset of what HeartDto's validation accepts, with the same values, so
 * a valid poll costs one compiled check. Every other body (and only those) goes through the very
 * validation pipe of every Nest route (RequestValidationPipe with HeartDto), which either accepts it
 * too or throws the error the Nest route answered: the rules and their messages exist once, in the DTO.
 */
export const HEART_BODY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['plan_id', 'game_id'],
  properties: {
    plan_id: id(1, MAX_ID, 9),
    game_id: id(1, MAX_ID, 9),
    since_id: id(0, Number.MAX_SAFE_INTEGER, 15),
    issue: { type: 'string', pattern: '^([0-9]{8,16})?$' },
    host: { type: 'string', pattern: ascii(255) },
    lang: { type: 'string', pattern: ascii(32) },
  },
} as const;

type RawHeartBody = Record<'plan_id' | 'game_id', number | string> & { since_id?: number | string };

/**
 * `POST /index.php/api/Lottery/heart` as a native Fastify route in its own encapsulated plugin, for every
 * request of that path: one path, no Nest pipeline, every answer (success and errors) produced here, the
 * same as the generic pipeline gives for any other player route (feed.e2e-spec.ts compares them case by
 * case). In order, as the Nest route did:
 *  1. body parsing (Fastify's JSON parser and @fastify/formbody, both global) and the global body-shape
 *     hook: malformed, too deep or prototype-named bodies answer VALIDATION_FAILED / UNKNOWN_FIELD;
 *  2. the per-IP limit (@fastify/rate-limit, HEART_LIMIT_PER_MINUTE, counted across instances with
 *     REDIS_URL: BatchedRateLimitStore): 429 RATE_LIMITED;
 *  3. the session (SessionService.liveSession on the SessionCache the player guard uses): 50008, 50012,
 *     50014, then PASSWORD_CHANGE_REQUIRED;
 *  4. the body (HEART_BODY_SCHEMA, else the validation pipe): VALIDATION_FAILED / UNKNOWN_FIELD;
 *  5. HeartService.heartJson: GAME_NOT_FOUND, PLAN_NOT_FOUND, or the answer.
 * Errors become the player envelope through the exception filter's own mapping (toApiError, playerStatus,
 * errorEnvelope). The answer is JSON text (HeartService precomputes the shared part), sent as is.
 */
@Injectable()
export class HeartRoute implements OnApplicationShutdown {
  private readonly log = new Logger('Errors');
  private readonly pipe = new RequestValidationPipe();
  private readonly limits: BatchedRateLimitStore;
  /** Per client IP and window (tests lower it). */
  limitPerMinute = HEART_LIMIT_PER_MINUTE;
  /** Heartbeats answered with data (tests and the bench read it). */
  answered = 0;
  /** Bodies the schema did not accept, decided by the validation pipe. */
  piped = 0;
  private readonly okPrefix = new Map<Locale, { time: number; text: string }>();

  constructor(
    private readonly hearts: HeartService,
    private readonly sessions: SessionService,
    private readonly clock: Clock,
    @Inject(SHARED_STORE) shared: SharedStore,
  ) {
    this.limits = new BatchedRateLimitStore('heart', shared, () => this.clock.now());
  }

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
        // No headers on answers under the limit (as before); the throttler's headers on a refused one.
        addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
        addHeaders: { 'x-ratelimit-limit': true, 'x-ratelimit-remaining': true, 'x-ratelimit-reset': true, 'retry-after': true },
        errorResponseBuilder: () => new ApiError('RATE_LIMITED'),
      });
      scope.post(HEART_PATH, { schema: { body: HEART_BODY_SCHEMA }, attachValidation: true }, (req, reply) => this.answer(req, reply));
    });
  }

  private async answer(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const lang = langOf(req);
    const header = req.headers['token'];
    const session = await this.sessions.liveSession(Array.isArray(header) ? header[0] : header);
    if (session.must_change_password) throw new ApiError('PASSWORD_CHANGE_REQUIRED');
    const dto = await this.dtoOf(req);
    const data = await this.hearts.heartJson({ id: session.id, money_minor: session.money_minor, lock_money_minor: session.lock_money_minor }, dto, lang);
    this.answered++;
    return reply.code(200).header('content-type', 'application/json; charset=utf-8').send(`${this.prefix(lang)}${data}}`);
  }

  private async dtoOf(req: FastifyRequest): Promise<HeartRequest> {
    if (req.validationError === undefined) {
      const b = req.body as RawHeartBody;
      const dto: HeartRequest = { plan_id: Number(b.plan_id), game_id: Number(b.game_id) };
      if (b.since_id !== undefined) dto.since_id = Number(b.since_id);
      return dto;
    }
    this.piped++;
    return (await this.pipe.transform(req.body, { type: 'body', metatype: HeartDto, data: '' })) as HeartDto;
  }

  /** `{"code":1,"msg":...,"time":...,"data":` for a language, made by okEnvelope once per language and second. */
  private prefix(lang: Locale): string {
    const time = Math.floor(Date.now() / 1000);
    const p = this.okPrefix.get(lang);
    if (p !== undefined && p.time === time) return p.text;
    const whole = JSON.stringify(okEnvelope(lang, null));
    const text = whole.slice(0, whole.length - 'null}'.length);
    this.okPrefix.set(lang, { time, text });
    return text;
  }

  /** The player envelope of an error, as AllExceptionsFilter answers it on every other player route. */
  private sendError(req: FastifyRequest, reply: FastifyReply, err: unknown): FastifyReply {
    const e = toApiError(err);
    noteServerError(this.log, e, err, reply);
    sendApiError(req, reply, e);
    return reply;
  }
}

/**
 * The heartbeat's operation in the OpenAPI document, as the Nest controller method declared it
 * (`@Post('heart')`, `@ApiHeader token`, `@ApiOperation`, body HeartDto, kept as a component by
 * `@ApiExtraModels` on LotteryController); describeResponses adds its responses like every other's.
 * It goes right after Lottery/oddsList, where the controller method was, so the document is unchanged.
 */
export function withHeartOperation(doc: OpenAPIObject): OpenAPIObject {
  const op: OperationObject = {
    operationId: 'LotteryController_heart',
    parameters: [{ name: 'token', in: 'header', required: true, schema: { type: 'string' } }],
    requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/HeartDto' } } } },
    responses: { '200': { description: '' } },
    summary: 'Heartbeat (every 2 s): current and last round, balance, real room feed since since_id, unseen win',
    tags: ['player: lottery'],
  };
  const paths: OpenAPIObject['paths'] = {};
  for (const [path, item] of Object.entries(doc.paths)) {
    paths[path] = item;
    if (path === '/index.php/api/Lottery/oddsList') paths[HEART_PATH] = { post: op };
  }
  if (paths[HEART_PATH] === undefined) paths[HEART_PATH] = { post: op };
  return { ...doc, paths };
}
