import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { OpsMetrics } from './ops-metrics.service';

const LOOPBACK: ReadonlySet<string> = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/**
 * Who may read /metrics. With METRICS_TOKEN set: whoever sends `Authorization: Bearer <METRICS_TOKEN>`
 * (from anywhere; nothing else). Without it: only a request made on this machine — the socket's peer is
 * a loopback address and no proxy header (X-Forwarded-For, Forwarded, X-Real-IP) says it was relayed for
 * someone else, so a reverse proxy on the same host does not expose it.
 */
export function metricsAccess(req: FastifyRequest, token: string | null): 'ok' | 'unauthorized' | 'forbidden' {
  if (token !== null) {
    const h = req.headers.authorization ?? '';
    const given = Buffer.from(h.startsWith('Bearer ') ? h.slice(7) : '');
    const want = Buffer.from(token);
    return given.length === want.length && timingSafeEqual(given, want) ? 'ok' : 'unauthorized';
  }
  const peer = req.raw.socket.remoteAddress ?? '';
  if (!LOOPBACK.has(peer)) return 'forbidden';
  return PROXY_HEADERS.some((h) => req.headers[h] !== undefined) ? 'forbidden' : 'ok';
}

@ApiTags('ops')
@Controller('metrics')
@SkipThrottle()
export class MetricsController {
  constructor(private readonly metrics: OpsMetrics) {}

  @Get()
  @ApiHeader({ name: 'Authorization', required: false, description: 'Bearer <METRICS_TOKEN> when METRICS_TOKEN is set' })
  @ApiOperation({ summary: 'Prometheus metrics (text format); METRICS_TOKEN as a bearer token, or loopback only when it is unset' })
  @ApiOkResponse({ description: 'Prometheus text exposition format', content: { 'text/plain': { schema: { type: 'string' } } } })
  @ApiResponse({ status: 401, description: 'METRICS_TOKEN is set and the bearer token is not it', content: { 'text/plain': { schema: { type: 'string' } } } })
  @ApiResponse({
    status: 403,
    description: 'No METRICS_TOKEN and the request is not from loopback (or was relayed by a proxy)',
    content: { 'text/plain': { schema: { type: 'string' } } },
  })
  async scrape(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const access = metricsAccess(req, this.metrics.token);
    if (access !== 'ok') {
      reply.status(access === 'unauthorized' ? 401 : 403).header('Content-Type', 'text/plain; charset=utf-8');
      if (access === 'unauthorized') reply.header('WWW-Authenticate', 'Bearer');
      return access === 'unauthorized'
        ? 'metrics need Authorization: Bearer <METRICS_TOKEN>\n'
        : 'metrics are served to loopback requests only (or set METRICS_TOKEN)\n';
    }
    reply.header('Content-Type', this.metrics.contentType).header('Cache-Control', 'no-store');
    return this.metrics.metrics();
  }
}
