import type { DataSource } from 'typeorm';
import { runLedgerCheck } from '../../src/ledger/ledger-check';
import { buildApi, count, independentDraw, startServer, type ServerProcess } from './game';

export { buildApi };
import { REDIS_URL, redisAvailable } from './redis';

export { REDIS_URL, redisAvailable };

/**
 * Several real API processes (`node apps/api/dist/main.js`) on one PostgreSQL database with Redis: the helpers of
 * cluster.e2e-spec, scale.e2e-spec and the reliability files T8 and T24.
 */

/** `n` instances with the same `env`, one after the other: the first applies the migrations and seeds, the others find them done. */
export async function startInstances(n: number, env: Record<string, string>, into: ServerProcess[] = []): Promise<ServerProcess[]> {
  for (let i = 0; i < n; i++) into.push(await startServer(env));
  return into;
}

/** What `roundsExactlyOnce` measured. */
export interface RoundsOnce {
  rounds: number;
  settled: number;
  /** per instance, how many rounds it opened / closed / drew / settled (the instance whose conditional update won logs it) */
  openedBy: number[];
  closedBy: number[];
  drawnBy: number[];
  settledBy: number[];
  /** rounds drawn or settled by more than one instance (by the logs), plus duplicate (game, issue) rows */
  duplicates: number;
  winners: number;
  payouts: number;
  ledgerViolations: number;
}

/**
 * Every round once across the instances `servers` (all stopped or idle): no two rows for one (game, issue); no round
 * opened, closed, drawn or settled by two instances (each transition is logged by the instance whose conditional update won it); every
 * settled round logged once; outcomes the independent re-derivation of the committed seed gives; no bet left unsettled
 * in a settled round; payouts = winning bets; ledger check 0. Asserts each and answers the figures.
 */
export async function roundsExactlyOnce(side: DataSource, servers: readonly ServerProcess[]): Promise<RoundsOnce> {
  const dupes = (await side.query(`SELECT game_id, issue, COUNT(*) AS n FROM rounds GROUP BY game_id, issue HAVING COUNT(*) > 1`)) as unknown[];
  expect(dupes).toEqual([]);
  const rounds = (await side.query(`SELECT id, game_id, issue, state, seed_hex, site_1, site_2, site_3, sum FROM rounds`)) as Record<string, unknown>[];
  for (const r of rounds.filter((x) => x['sum'] !== null)) {
    const ref = independentDraw(String(r['seed_hex']), Number(r['game_id']), String(r['issue']));
    expect([r['site_1'], r['site_2'], r['site_3'], r['sum']]).toEqual([...ref.digits, ref.sum]);
  }
  const settled = rounds.filter((r) => r['state'] === 'settled').length;
  const ids = (re: RegExp): string[][] => servers.map((s) => [...s.output().matchAll(re)].map((m) => m[1] ?? ''));
  const opened = ids(/round (\d+:\d+) opened/g);
  const closed = ids(/round (\d+) closed/g);
  const drawn = ids(/round (\d+) drawn/g);
  const settledIds = ids(/round (\d+) settled/g);
  const twice = (per: string[][]): number => per.flat().length - new Set(per.flat()).size;
  const duplicates = dupes.length + twice(opened) + twice(closed) + twice(drawn) + twice(settledIds);
  expect({ opened: twice(opened), closed: twice(closed), drawn: twice(drawn), settled: twice(settledIds) }).toEqual({
    opened: 0,
    closed: 0,
    drawn: 0,
    settled: 0,
  });
  // every row was opened by one of these instances, and every settled round was closed, drawn and settled by one
  expect(opened.flat().length).toBe(rounds.length);
  expect(settledIds.flat().length).toBe(settled);
  const settledSet = new Set(settledIds.flat());
  for (const per of [closed, drawn]) expect([...settledSet].filter((id) => !per.flat().includes(id))).toEqual([]);
  expect(await count(side, `SELECT COUNT(*) AS n FROM bets b JOIN rounds r ON r.id = b.round_id WHERE r.state = 'settled' AND b.status = 0`)).toBe(0);
  const winners = await count(side, `SELECT COUNT(*) AS n FROM bets WHERE whether_hit = 1 AND status = 1`);
  const payouts = await count(side, `SELECT COUNT(*) AS n FROM ledger_transactions WHERE kind = 'bet_payout'`);
  expect(payouts).toBe(winners);
  const report = await runLedgerCheck(side);
  expect(report.checks.filter((c) => c.violations > 0).map((c) => `${c.id}: ${JSON.stringify(c.samples)}`)).toEqual([]);
  return {
    rounds: rounds.length,
    settled,
    openedBy: opened.map((d) => d.length),
    closedBy: closed.map((d) => d.length),
    drawnBy: drawn.map((d) => d.length),
    settledBy: settledIds.map((d) => d.length),
    duplicates,
    winners,
    payouts,
    ledgerViolations: report.violations,
  };
}

/** A private Redis server (no persistence) on `port`, for tests that stop and restart it (never the shared one). */
export interface OwnRedis {
  url: string;
  /** SIGKILL: Redis stops answering at once */
  kill: () => Promise<void>;
  /** starts it again on the same port */
  start: () => Promise<void>;
}

export async function ownRedis(port: number): Promise<OwnRedis> {
  const { spawn } = await import('node:child_process');
  let proc: ReturnType<typeof spawn> | null = null;
  const url = `redis://127.0.0.1:${port}`;
  const start = async (): Promise<void> => {
    proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const deadline = Date.now() + 10_000;
    while (!redisAvailable(url)) {
      if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not start`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const kill = async (): Promise<void> => {
    const p = proc;
    proc = null;
    if (p === null || p.exitCode !== null) return;
    const exited = new Promise((r) => p.once('exit', r));
    p.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url, kill, start };
}
