import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import { SHARED_STORE, type SharedStore } from '../common/shared/shared-store';

/** How long each readiness check may take before it counts as failed. */
export const READY_TIMEOUT_MS = 1500;

/** `/health/live`: the process answers. */
export interface LivenessResponse {
  status: 'live';
  /** seconds since the process started */
  uptime: number;
}

/** `/health/ready`: each dependency's state; 503 with the reasons when one is not ready. */
export interface ReadinessResponse {
  status: 'ready' | 'not_ready';
  /** why it is not ready (absent when ready) */
  reason?: string;
  checks: {
    /** `SELECT 1` answered within the timeout */
    database: 'ok' | 'failed';
    /** every migration of this version applied */
    migrations: 'ok' | 'pending' | 'unknown';
    /** Redis (REDIS_URL) answered; `memory`: none configured */
    shared_store: 'ok' | 'failed' | 'memory';
  };
}

function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e)).slice(0, 200);

/** Liveness (no I/O) and readiness (database, migrations, shared store) for orchestrators and load balancers. */
@ApiTags('ops')
@Controller('health')
@SkipThrottle()
export class HealthProbesController {
  /** Migrations never un-apply while the process runs: once seen done, not asked again. */
  private migrated = false;

  constructor(
    private readonly ds: DataSource,
    @Inject(SHARED_STORE) private readonly store: SharedStore,
  ) {}

  @Get('live')
  @ApiOperation({ summary: 'Liveness: the process is up (no I/O)' })
  live(): LivenessResponse {
    return { status: 'live', uptime: Math.round(process.uptime()) };
  }

  @Get('ready')
  @ApiOperation({ summary: 'Readiness: database answers SELECT 1, migrations applied, Redis reachable when configured; 503 with a reason otherwise' })
  @ApiResponse({ status: 503, description: 'Not ready: the same body, with `reasons`', schema: { $ref: '#/components/schemas/ReadinessResponse' } })
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<ReadinessResponse> {
    const checks: ReadinessResponse['checks'] = { database: 'failed', migrations: 'unknown', shared_store: this.store.kind === 'redis' ? 'failed' : 'memory' };
    const reasons: string[] = [];
    try {
      if (!this.ds.isInitialized) throw new Error('the connection is closed');
      await within(this.ds.query('SELECT 1'), READY_TIMEOUT_MS, 'SELECT 1');
      checks.database = 'ok';
      if (!this.migrated) this.migrated = !(await within(this.ds.showMigrations(), READY_TIMEOUT_MS, 'migrations'));
      checks.migrations = this.migrated ? 'ok' : 'pending';
      if (!this.migrated) reasons.push('migrations: some are not applied');
    } catch (e) {
      reasons.push(`database: ${message(e)}`);
    }
    if (this.store.kind === 'redis') {
      try {
        await within(this.store.get('health:ready'), READY_TIMEOUT_MS, 'redis');
        checks.shared_store = 'ok';
      } catch (e) {
        reasons.push(`shared store: ${message(e)}`);
      }
    }
    if (reasons.length === 0) return { status: 'ready', checks };
    reply.status(503).header('Cache-Control', 'no-store');
    return { status: 'not_ready', reason: reasons.join('; '), checks };
  }
}
