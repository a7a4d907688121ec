import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';

/**
 * Load helpers for the long reliability suite (apps/api/test/reliability): a keep-alive HTTP client on
 * loopback with a hard timeout per request, open-model arrival drivers (k6's `constant-arrival-rate` and
 * `ramping-arrival-rate`: iterations start on schedule whether or not earlier ones finished, bounded by
 * `maxInFlight`; an iteration that cannot start is counted as dropped), and latency percentiles.
 */

export interface Answer {
  /** HTTP status; 0 when the request failed below HTTP (refused, reset, timed out) */
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
  body: any;
  ms: number;
  /** the transport failure, when status is 0 */
  error?: string;
}

export class LoopbackClient {
  private readonly agent: Agent;

  constructor(
    public port: number,
    maxSockets = 64,
    private readonly timeoutMs = 10_000,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets });
  }

  post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    return this.send('POST', path, JSON.stringify(body), headers);
  }

  get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
    return this.send('GET', path, null, headers);
  }

  close(): void {
    this.agent.destroy();
  }

  private send(method: string, path: string, payload: string | null, headers: Record<string, string>): Promise<Answer> {
    const started = performance.now();
    return new Promise((ok) => {
      let settled = false;
      const done = (a: Omit<Answer, 'ms'>): void => {
        if (settled) return;
        settled = true;
        ok({ ...a, ms: performance.now() - started });
      };
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: this.port,
          path,
          method,
          agent: this.agent,
          headers: { ...(payload === null ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }), ...headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', (e) => done({ status: 0, body: null, error: e.message }));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            let body: unknown = text;
            try {
              body = JSON.parse(text);
            } catch {
              // not JSON: kept as text, the caller decides
            }
            done({ status: res.statusCode ?? 0, body });
          });
        },
      );
      req.setTimeout(this.timeoutMs, () => req.destroy(new Error(`timed out after ${this.timeoutMs} ms`)));
      req.on('error', (e) => done({ status: 0, body: null, error: e.message }));
      if (payload !== null) req.write(payload);
      req.end();
    });
  }
}

export interface ArrivalReport {
  /** iterations due over the run (rate x duration) */
  due: number;
  started: number;
  /** due but not started because maxInFlight iterations were still running */
  dropped: number;
  /** the latest an iteration started after its scheduled time, ms (event-loop stalls of the load generator) */
  maxStartLagMs: number;
}

/**
 * Starts `fire(i)` for i = 0..count-1 at `atMs(i)` ms after the start (non-decreasing), never more than
 * `maxInFlight` at once (an iteration due while that many run is dropped), then waits for the running ones.
 */
export async function scheduledArrival(opts: {
  count: number;
  atMs: (i: number) => number;
  maxInFlight: number;
  fire: (i: number) => Promise<void>;
}): Promise<ArrivalReport> {
  const { count, atMs, maxInFlight, fire } = opts;
  const running = new Set<Promise<void>>();
  let next = 0;
  let started = 0;
  let dropped = 0;
  let maxStartLagMs = 0;
  const t0 = performance.now();
  while (next < count) {
    const now = performance.now() - t0;
    while (next < count && atMs(next) <= now) {
      maxStartLagMs = Math.max(maxStartLagMs, now - atMs(next));
      if (running.size >= maxInFlight) dropped++;
      else {
        started++;
        const p: Promise<void> = fire(next)
          .catch(() => undefined)
          .finally(() => running.delete(p));
        running.add(p);
      }
      next++;
    }
    if (next < count) await new Promise((r) => setTimeout(r, Math.min(Math.max(0, atMs(next) - (performance.now() - t0)), 50)));
  }
  await Promise.all(running);
  return { due: count, started, dropped, maxStartLagMs: Math.round(maxStartLagMs) };
}

/** `fire` at a constant rate for `durationMs` (iteration i is due at i / rate seconds); see scheduledArrival. */
export function constantArrival(opts: {
  ratePerSec: number;
  durationMs: number;
  maxInFlight: number;
  fire: (i: number) => Promise<void>;
}): Promise<ArrivalReport> {
  return scheduledArrival({
    count: Math.floor((opts.durationMs * opts.ratePerSec) / 1000),
    atMs: (i) => (i * 1000) / opts.ratePerSec,
    maxInFlight: opts.maxInFlight,
    fire: opts.fire,
  });
}

/** The p-th percentile (0..100) of `values` (nearest rank), rounded to 0.1 ms; NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round(sorted[rank]! * 10) / 10;
}

export function latencySummary(values: readonly number[]): { n: number; p50: number; p95: number; p99: number; max: number } {
  return { n: values.length, p50: percentile(values, 50), p95: percentile(values, 95), p99: percentile(values, 99), max: percentile(values, 100) };
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** CPU time (user + system) a process used so far, in seconds, from /proc (Linux; NaN elsewhere). */
export function cpuSecondsOf(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return Number.NaN;
  }
}

/** Share of the last 60 s in which some runnable task waited for a CPU (/proc/pressure/cpu "some avg60", %; NaN without PSI). */
export function cpuPressure(): number {
  try {
    return Number(/some avg10=[\d.]+ avg60=([\d.]+)/.exec(readFileSync('/proc/pressure/cpu', 'utf8'))?.[1] ?? Number.NaN);
  } catch {
    return Number.NaN;
  }
}

/**
 * The API's own view of a route's latency (arrival to response sent, without the time a request waited
 * in the kernel or the client): from its Prometheus histogram `http_request_duration_seconds` on /metrics
 * (loopback needs no token). Answers the count and the bucket bounds (ms) under which 50% / 99% fall.
 */
export async function serverLatency(client: LoopbackClient, route: string): Promise<{ n: number; p50Le: number; p99Le: number }> {
  const a = await client.get('/metrics');
  const text = typeof a.body === 'string' ? a.body : '';
  const buckets = new Map<number, number>();
  for (const m of text.matchAll(/^http_request_duration_seconds_bucket\{([^}]*)\} (\d+)/gm)) {
    const labels = m[1]!;
    if (!labels.includes(`route="${route}"`)) continue;
    const le = /le="([^"]+)"/.exec(labels)?.[1] ?? '+Inf';
    const bound = le === '+Inf' ? Number.POSITIVE_INFINITY : Number(le) * 1000;
    buckets.set(bound, (buckets.get(bound) ?? 0) + Number(m[2]));
  }
  const sorted = [...buckets].sort((x, y) => x[0] - y[0]);
  const n = sorted[sorted.length - 1]?.[1] ?? 0;
  const at = (q: number): number => sorted.find(([, c]) => c >= q * n)?.[0] ?? Number.NaN;
  return { n, p50Le: at(0.5), p99Le: at(0.99) };
}
