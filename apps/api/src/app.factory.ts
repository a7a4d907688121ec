import 'reflect-metadata';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AppModule } from './app.module';
import type { AppConfig } from './common/config/app-config';

/** Repository root (apps/api/src or apps/api/dist -> ../../..). */
export const REPO_ROOT = resolve(__dirname, '..', '..', '..');

export interface CreateAppOptions {
  logger?: boolean;
}

/** Builds the whole server (player API, console API, static apps, OpenAPI) without listening. */
export async function createApp(cfg: AppConfig, opts: CreateAppOptions = {}): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({ trustProxy: cfg.trustProxy, bodyLimit: 256 * 1024, routerOptions: { maxParamLength: 200 } });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(cfg), adapter, {
    logger: opts.logger === false ? false : ['error', 'warn', 'log'],
    bufferLogs: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  fastify.decorate('signinRateLimit', cfg.signinRateLimit);
  // Form-encoded bodies (the spec's clients) are parsed by Nest's Fastify adapter itself.
  await app.register(
    helmet as never,
    {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          scriptSrc: ["'self'"],
          frameSrc: ["'self'", 'https:'],
          connectSrc: ["'self'"],
        },
      },
      crossOriginEmbedderPolicy: false,
    } as never,
  );
  // Console API: react-admin reads the total from Content-Range.
  fastify.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/admin-api')) reply.header('Access-Control-Expose-Headers', 'Content-Range');
  });

  const staticRoot = join(REPO_ROOT, 'apps', 'api', 'static');
  if (existsSync(staticRoot)) await app.register(fastifyStatic as never, { root: staticRoot, prefix: '/static/', decorateReply: false } as never);
  const playerDist = join(REPO_ROOT, 'apps', 'player', 'dist');
  const adminDist = join(REPO_ROOT, 'apps', 'admin', 'dist');
  if (existsSync(adminDist)) await app.register(fastifyStatic as never, { root: adminDist, prefix: '/admin/', decorateReply: false } as never);
  if (existsSync(playerDist)) await app.register(fastifyStatic as never, { root: playerDist, prefix: '/', decorateReply: false, wildcard: false } as never);
  else if (existsSync(staticRoot)) fastify.get('/', (_req, reply) => reply.redirect('/static/index.html'));

  const doc = new DocumentBuilder()
    .setTitle('Sum28 API')
    .setDescription(
      'Player API (`/index.php/api/...`, the spec envelope `{ code, msg, time, data }`, `token` header) and console API (`/admin-api/...`, ra-data-simple-rest, `Authorization: Bearer`). Money on the wire is a decimal number with two places; inside, integer cents.',
    )
    .setVersion('0.1.0')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'token' }, 'token')
    .addBearerAuth()
    .build();
  SwaggerModule.setup('docs', app, () => SwaggerModule.createDocument(app, doc), { jsonDocumentUrl: 'docs/openapi.json' });

  app.enableShutdownHooks();
  await app.init();
  await fastify.ready();
  return app;
}
