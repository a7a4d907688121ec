import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../common/config/app-config';
import { RoundEvents } from '../common/events/round-events';
import { LedgerCheckMonitor } from './ledger-check-monitor';
import { pendingApprovals } from '../ledger/pending-approvals';
import { auditChainHead } from '../audit/audit.service';

const HTTP_METHODS: ReadonlySet<string> = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);
const STATUS_CLASSES = ['0xx', '1xx', '2xx', '3xx', '4xx', '5xx'] as const;
/** Seconds; the heartbeat answers in about a millisecond, a settlement of a big round in seconds. */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const SETTLE_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

interface HttpChild {
  count: { inc: (n: number) => void };
  /** Requests answered since the counter was last collected (added to `count` at scrape time). */
  pending: number;
  duration: { observe: (v: number) => void };
}

/** pg's Pool counters (TypeORM's PostgresDriver keeps it as `master`). */
interface PgPool {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/**
 * The Prometheus metrics of one app instance (its own registry, so several apps in one process, as in
 * the tests, do not mix). Request counting is one Fastify onResponse hook: the labelled children are
 * cached per (method, route template, status class), so a request costs a map lookup, an increment and
 * a histogram observation, the native heartbeat route included. Gauges that need the database (pending
 * approvals, pool) are read when Prometheus scrapes, not per request.
 */
@Injectable()
export class OpsMetrics implements OnModuleInit, OnModuleDestroy {
  readonly registry = new Registry();
  private readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  private readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly betsPlaced: Counter;
  readonly settlements: Counter;
  readonly settledBets: Counter;
  readonly settlementDuration: Histogram;
  /** The labelled children by method, route template (undefined: no route) and status: no key string built per request. */
  private readonly children = new Map<string, Map<string | undefined, Map<number, HttpChild>>>();
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly adapter: HttpAdapterHost,
    private readonly ds: DataSource,
    private readonly events: RoundEvents,
    private readonly ledgerCheck: LedgerCheckMonitor,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    const children = this.children;
    this.httpRequests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route template (unmatched: no route) and status class',
      labelNames: ['method', 'route', 'status'] as const,
      registers,
      // Requests are counted in plain numbers (observe) and added here, when the counter is read.
      collect() {
        for (const byRoute of children.values())
          for (const byStatus of byRoute.values())
            for (const child of byStatus.values())
              if (child.pending > 0) {
                child.count.inc(child.pending);
                child.pending = 0;
              }
      },
    });
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration in seconds (arrival to response sent), by method, route template and status class',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: HTTP_BUCKETS,
      registers,
    });
    this.betsPlaced = new Counter({ name: 'sum28_bets_placed_total', help: 'Bets accepted (playOrder answered success)', registers });
    this.settlements = new Counter({ name: 'sum28_settlements_total', help: 'Rounds settled by this instance', registers });
    this.settledBets = new Counter({ name: 'sum28_settled_bets_total', help: 'Bets settled by this instance', registers });
    this.settlementDuration = new Histogram({
      name: 'sum28_settlement_duration_seconds',
      help: 'Duration of one round settlement (its transaction), seconds',
      buckets: SETTLE_BUCKETS,
      registers,
    });
    const db = this.ds;
    new Gauge({
      name: 'sum28_pending_approvals',
      help: 'Capital logs awaiting audit (status under review), by type: recharge, withdraw (read at scrape time)',
      labelNames: ['type'] as const,
      registers,
      async collect() {
        this.reset();
        const pending = await pendingApprovals(db);
        this.set({ type: 'recharge' }, pending.recharges);
        this.set({ type: 'withdraw' }, pending.withdrawals);
      },
    });
    new Gauge({
      name: 'sum28_audit_chain_head',
      help: 'The audit log chain head (read at scrape time): the newest row id, labelled with its hash. Kept by the scraper, it is an anchor apart from the database: npm run audit:verify -- --anchor <id>:<hash> finds rows deleted from the end',
      labelNames: ['hash'] as const,
      registers,
      async collect() {
        this.reset();
        const head = await auditChainHead(db);
        if (head !== null) this.set({ hash: head.hash }, head.id);
      },
    });
    const monitor = this.ledgerCheck;
    new Gauge({
      name: 'sum28_ledger_check_status',
      help: 'Last ledger check run by this instance (LEDGER_CHECK_MINUTES): 1 passed, 0 violations found, -1 unknown (not run yet, or off)',
      registers,
      collect() {
        const last = monitor.last;
        this.set(last === null ? -1 : last.violations === 0 ? 1 : 0);
      },
    });
    new Gauge({
      name: 'sum28_ledger_check_violations',
      help: 'Violations found by the last ledger check of this instance (-1: unknown)',
      registers,
      collect() {
        this.set(monitor.last?.violations ?? -1);
      },
    });
    new Gauge({
      name: 'sum28_ledger_check_last_run_timestamp_seconds',
      help: 'When the last ledger check of this instance finished, Unix seconds (0: never)',
      registers,
      collect() {
        this.set(monitor.last === null ? 0 : monitor.last.at / 1000);
      },
    });
    new Gauge({
      name: 'sum28_db_pool_connections',
      help: 'Database connections by state: PostgreSQL pool total, idle, waiting (clients queued); SQLite: one connection (total 1)',
      labelNames: ['state'] as const,
      registers,
      collect() {
        this.reset();
        if (db.options.type === 'postgres') {
          const pool = (db.driver as unknown as { master?: PgPool }).master;
          if (pool === undefined) return;
          this.set({ state: 'total' }, pool.totalCount);
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'waiting' }, pool.waitingCount);
        } else this.set({ state: 'total' }, db.isInitialized ? 1 : 0);
      },
    });
  }

  onModuleInit(): void {
    this.unsubscribe = this.events.onSettled((e) => {
      this.settlements.inc();
      if (e.bets !== undefined) this.settledBets.inc(e.bets);
      if (e.ms !== undefined) this.settlementDuration.observe(e.ms / 1000);
    });
    const fastify = this.adapter.httpAdapter?.getInstance?.() as FastifyInstance | undefined;
    if (fastify === undefined || typeof fastify.addHook !== 'function') return;
    fastify.addHook('onResponse', (req, reply, done) => {
      this.observe(req.method, req.routeOptions.url, reply.statusCode, reply.elapsedTime);
      done();
    });
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
    this.registry.clear();
  }

  /**
   * Counts one answered request; `route` is the template (undefined when no route matched). The count is a
   * plain increment here, added to http_requests_total when it is collected; the duration goes to the histogram.
   */
  observe(method: string, route: string | undefined, status: number, elapsedMs: number): void {
    let byRoute = this.children.get(method);
    if (byRoute === undefined) this.children.set(method, (byRoute = new Map()));
    let byStatus = byRoute.get(route);
    if (byStatus === undefined) byRoute.set(route, (byStatus = new Map()));
    let child = byStatus.get(status);
    if (child === undefined) {
      const labels = {
        method: HTTP_METHODS.has(method) ? method : 'OTHER',
        route: route ?? 'unmatched',
        status: STATUS_CLASSES[Math.floor(status / 100)] ?? 'other',
      };
      child = { count: this.httpRequests.labels(labels), pending: 0, duration: this.httpDuration.labels(labels) };
      byStatus.set(status, child);
    }
    child.pending++;
    child.duration.observe(elapsedMs / 1000);
  }

  /** The Prometheus text exposition. */
  metrics(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** Who may read /metrics; see docs/operations.md. */
  get token(): string | null {
    return this.cfg.metricsToken;
  }
}
