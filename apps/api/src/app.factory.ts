import 'reflect-metadata';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import type { Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { apiOf } from '@sum28/contracts';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AppModule } from './app.module';
import { ApiError } from './common/api-error';
import { sendApiError } from './common/http/exception.filter';
import type { AppConfig } from './common/config/app-config';
import { installLeanAsyncBind } from './common/lean-async-bind';
import { bodyShapeProblem } from './common/validation/body-shape';
import { describeResponses } from './common/openapi/response-docs';
import { HEART_PATH, HeartRoute } from './lottery/heart-route';
import { PlayOrderRoute } from './lottery/play-order-route';
import { fastifyLogOptions, installRequestLog, nestLogLevels, type LogSink } from './ops/request-log';

/** Repository root (apps/api/src or apps/api/dist -> ../../..). */
export const REPO_ROOT = resolve(__dirname, '..', '..', '..');

export interface CreateAppOptions {
  logger?: boolean;
  /** Folder of the built player app (default `apps/player/dist`); tests point it at a fixture. */
  playerDist?: string;
  /** Folder of the built console (default `apps/admin/dist`); tests point it at a fixture. */
  adminDist?: string;
  /** Tests: the JSON request log goes here (even with `logger: false`) instead of stdout. */
  logSink?: LogSink;
  /** Tests: modules mounted beside the features (feed.e2e-spec.ts mounts the heartbeat's Nest reference route). */
  extraModules?: Type[];
}

/** Paths the player app's history-mode fallback never answers: the APIs, the console, the docs, health, static files. */
export const NOT_PLAYER_ROUTES = ['/index.php', '/admin-api', '/admin', '/docs', '/health', '/static'] as const;

/**
 * True when a GET for `url` should answer the player app's index.html (history-mode routing):
 * not under one of `NOT_PLAYER_ROUTES`, and not a file (no dot in the last path segment).
 */
export function isPlayerRoute(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  if (NOT_PLAYER_ROUTES.some((p) => path === p || path.startsWith(`${p}/`))) return false;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !last.includes('.');
}

/** Builds the whole server (player API, console API, static apps, OpenAPI) without listening. */
export async function createApp(cfg: AppConfig, opts: CreateAppOptions = {}): Promise<NestFastifyApplication> {
  // Fastify binds an AsyncResource per request with a body; Node 20's bind is costly (see lean-async-bind.ts).
  installLeanAsyncBind();
  // JSON request logs (pino, LOG_LEVEL, secrets redacted) with a request id echoed in x-request-id (src/ops/request-log.ts).
  const jsonLog = opts.logger !== false || opts.logSink !== undefined;
  const adapter = new FastifyAdapter({
    trustProxy: cfg.trustProxy,
    bodyLimit: 256 * 1024,
    routerOptions: { maxParamLength: 200 },
    // Fastify's own body schemas (only the heartbeat's, heart-route.ts; Nest routes validate with the pipe):
    // no type coercion and no silent removal of unknown fields, so the schema accepts a body exactly as
    // written or leaves it to the validation pipe.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false } },
    // The router refuses a path with bad percent-encoding or a parameter over maxParamLength before any route
    // runs: answered in the API's own shape (VALIDATION_FAILED: the console's 400 body, the player envelope), not Fastify's.
    frameworkErrors: (_error: Error, req: FastifyRequest, reply: FastifyReply) =>
      sendApiError(req, reply, new ApiError('VALIDATION_FAILED', { field: 'body', reason: 'malformed' })),
    ...fastifyLogOptions(cfg, opts.logger !== false, opts.logSink),
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(cfg, opts.extraModules), adapter, {
    logger: opts.logger === false ? false : nestLogLevels(cfg.logLevel),
    bufferLogs: false,
    // Fastify's own JSON parser (Nest's wrapper re-creates it per request); form bodies via @fastify/formbody.
    bodyParser: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  fastify.decorate('signinRateLimit', cfg.signinRateLimit);
  installRequestLog(fastify, HEART_PATH, jsonLog);
  // Form-encoded bodies, as the spec's clients send them.
  await app.register(formbody as never, { bodyLimit: 256 * 1024 } as never);
  // Every parsed body, on every route, before any guard, interceptor or pipe walks it: nesting deeper than
  // MAX_BODY_DEPTH and keys named after Object.prototype members are refused here (one iterative pass).
  // The validation pipe repeats the check for queries and for bodies that reach it another way.
  fastify.addHook('preValidation', (req, _reply, done) => {
    const problem = bodyShapeProblem(req.body);
    if (problem === null) done();
    else if (problem.kind === 'tooDeep') done(new ApiError('VALIDATION_FAILED', { field: 'body', reason: 'tooDeep' }));
    else done(new ApiError('UNKNOWN_FIELD', { field: problem.key }, { [problem.key]: 'unknown field' }));
  });
  // Security headers, computed once at start-up and set on every reply in one call: running helmet's
  // middleware chain per request (as @fastify/helmet does) cost the 2 s heartbeat about a fifth of its
  // throughput (docs/performance.md). Documents (the apps, the docs, health) get helmet's; the JSON APIs get
  // apiHeaders (fewer, and never cached).
  // `upgrade-insecure-requests` only on pages served over TLS (directly, or behind a TLS proxy with TRUST_PROXY and
  // X-Forwarded-Proto): over plain HTTP (a phone on the LAN, a plain-HTTP proxy) it would send every script and style
  // to an https:// address that does not answer, and the apps would stay blank.
  const documentHeadersOver = (tls: boolean): Record<string, string> =>
    helmetHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          scriptSrc: ["'self'"],
          frameSrc: ["'self'", 'https:'],
          connectSrc: ["'self'"],
          upgradeInsecureRequests: tls ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
    });
  const documentHeaders = documentHeadersOver(true);
  const plainDocumentHeaders = documentHeadersOver(false);
  const playerApiHeaders = apiHeaders(documentHeaders);
  // Console API: react-admin reads the total from Content-Range.
  const consoleApiHeaders = { ...playerApiHeaders, 'access-control-expose-headers': 'Content-Range' };
  // One hook per request for every static header and the request id (src/ops/request-log.ts).
  fastify.addHook('onRequest', (req, reply, done) => {
    const api = apiOf(req.url);
    reply.headers(
      api === 'player' ? playerApiHeaders : api === 'console' ? consoleApiHeaders : req.protocol === 'https' ? documentHeaders : plainDocumentHeaders,
    );
    reply.header('x-request-id', req.id);
    done();
  });

  // The heartbeat and the bet: native routes, each in its own encapsulated plugin (after the hooks above,
  // which they inherit).
  await app.get(HeartRoute).register(fastify);
  await app.get(PlayOrderRoute).register(fastify);

  const staticRoot = join(REPO_ROOT, 'apps', 'api', 'static');
  if (existsSync(staticRoot)) await app.register(fastifyStatic as never, { root: staticRoot, prefix: '/static/', decorateReply: false } as never);
  const playerDist = opts.playerDist ?? join(REPO_ROOT, 'apps', 'player', 'dist');
  const adminDist = opts.adminDist ?? join(REPO_ROOT, 'apps', 'admin', 'dist');
  if (existsSync(join(adminDist, 'index.html'))) {
    // The console (hash routing: /admin/#/users); .br/.gz beside each file are served by Accept-Encoding.
    await app.register(fastifyStatic as never, { root: adminDist, prefix: '/admin/', decorateReply: false, wildcard: false, preCompressed: true } as never);
    // A deep link such as /admin/users (or a bookmark without the hash) loads the console; a missing file stays a 404.
    const adminIndex = readFileSync(join(adminDist, 'index.html'));
    fastify.get('/admin', (_req, reply) => reply.redirect('/admin/'));
    fastify.get('/admin/*', (req, reply) => {
      const path = req.url.split('?')[0] ?? '';
      if (path.slice(path.lastIndexOf('/') + 1).includes('.')) return reply.callNotFound();
      return reply.header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(adminIndex);
    });
  }
  if (existsSync(playerDist)) {
    // The build writes .br and .gz beside each file: served by Accept-Encoding (a phone on a slow network gets a third).
    await app.register(fastifyStatic as never, { root: playerDist, prefix: '/', decorateReply: false, wildcard: false, preCompressed: true } as never);
    // History-mode fallback: a deep link such as /wallet or /capitalDetail loads the app, which routes itself.
    const indexHtml = readFileSync(join(playerDist, 'index.html'));
    fastify.get('/*', (req, reply) => {
      if (!isPlayerRoute(req.url)) return reply.callNotFound();
      return reply.header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
    });
  } else if (existsSync(staticRoot)) fastify.get('/', (_req, reply) => reply.redirect('/static/index.html'));

  const doc = new DocumentBuilder()
    .setTitle('Sum28 API')
    .setDescription(
      'Player API (`/index.php/api/...`, the spec envelope `{ code, msg, time, data }`, `token` header) and console API (`/admin-api/...`, ra-data-simple-rest, `Authorization: Bearer`). Money on the wire is a decimal number with two places; inside, integer cents.',
    )
    .setVersion('0.1.0')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'token' }, 'token')
    .addBearerAuth()
    .build();
  // The native routes' operations join the controllers' where the Nest methods were.
  const [heart, bet] = [app.get(HeartRoute), app.get(PlayOrderRoute)];
  const document = (): OpenAPIObject => describeResponses(bet.withOperation(heart.withOperation(SwaggerModule.createDocument(app, doc))));
  if (cfg.apiDocs) SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs/openapi.json' });

  app.enableShutdownHooks();
  await app.init();
  await fastify.ready();
  return app;
}

/** Helmet's headers that an API answer keeps as they are: HTTPS only, no sniffing, not readable by another site's page. */
const KEPT_FOR_APIS = ['cross-origin-resource-policy', 'strict-transport-security', 'x-content-type-options'];

/**
 * The security headers of a JSON API answer (OWASP's REST Security Cheat Sheet): helmet's KEPT_FOR_APIS, and
 * never stored by a cache (it holds balances and tokens), never framed or rendered as a document
 * (`default-src 'none'`). Helmet's other headers (referrer, DNS prefetch, download, cross-domain and
 * XSS-auditor policies, the origin-agent cluster, the opener policy) act on documents, which an API answer
 * never is. `documentHeaders` are helmet's.
 */
export function apiHeaders(documentHeaders: Record<string, string>): Record<string, string> {
  const kept = Object.fromEntries(KEPT_FOR_APIS.filter((h) => documentHeaders[h] !== undefined).map((h) => [h, documentHeaders[h] as string]));
  return { ...kept, 'cache-control': 'no-store', 'content-security-policy': "default-src 'none'; frame-ancestors 'none'", 'x-frame-options': 'DENY' };
}

/** The headers helmet sets for a configuration, read once by running it against a recording response. */
export function helmetHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown = null;
  helmet(options)({} as never, res as never, (err?: unknown) => {
    failure = err ?? null;
  });
  if (failure !== null) throw failure;
  return headers;
}
