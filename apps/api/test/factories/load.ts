import { Agent, request as httpRequest } from 'node:http';

/**
 * Load helpers for the long reliability suite (apps/api/test/reliability): a keep-alive HTTP client on
 * loopback with a hard timeout per request, a constant-arrival-rate driver (k6's `constant-arrival-rate`:
 * iterations start on schedule whether or not earlier ones finished, bounded by `maxInFlight`; an
 * iteration that cannot start is counted as dropped), and latency percentiles.
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
 * Starts `fire(i)` at a constant rate for `durationMs` (iteration i is due at i / rate seconds), never more
 * than `maxInFlight` at once, then waits for the running ones.
 */
export async function constantArrival(opts: {
  ratePerSec: number;
  durationMs: number;
  maxInFlight: number;
  fire: (i: number) => Promise<void>;
}): Promise<ArrivalReport> {
  const { ratePerSec, durationMs, maxInFlight, fire } = opts;
  const due = Math.floor((durationMs * ratePerSec) / 1000);
  const running = new Set<Promise<void>>();
  let next = 0;
  let started = 0;
  let dropped = 0;
  let maxStartLagMs = 0;
  const t0 = performance.now();
  while (next < due) {
    const now = performance.now() - t0;
    const dueNow = Math.min(due, Math.floor((now * ratePerSec) / 1000) + 1);
    while (next < dueNow) {
      const scheduled = (next * 1000) / ratePerSec;
      maxStartLagMs = Math.max(maxStartLagMs, now - scheduled);
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
    const wait = Math.max(0, (next * 1000) / ratePerSec - (performance.now() - t0));
    await new Promise((r) => setTimeout(r, Math.min(wait, 50)));
  }
  await Promise.all(running);
  return { due, started, dropped, maxStartLagMs: Math.round(maxStartLagMs) };
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
