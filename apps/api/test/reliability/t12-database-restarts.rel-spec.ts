import { createDataSource } from '@sum28/database';
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { DataSource } from 'typeorm';
import { buildApi, freePort, startServer, type ServerProcess } from '../factories/game';
import { latencySummary, LoopbackClient, sleep } from '../factories/load';
import { expectNoMoneyLost, fundedPlayers, OutageLoad, storedAgainstAnswers } from './outage-load';

/**
 * T12 (docs/reliability.md): PostgreSQL restarted 5 times under load. The test starts its own PostgreSQL
 * server (initdb into a temporary directory, a free port on 127.0.0.1, trust auth; run as the `postgres`
 * user when the test runs as root) and never touches the machine's shared one. Two API processes
 * (SCHEDULER=on) use it while player loops heartbeat and place bets with idempotency keys; the server is
 * restarted with `pg_ctl restart -m fast` and `-m immediate` (a crash and recovery) in turn.
 *
 * Checked: clients see clean errors only (HTTP 5xx with the API's envelope; no connection reset, no
 * request over the 10 s bound, no API process exit); they retry with the same key until a definite
 * answer; afterwards every bet a client was told accepted is stored exactly once (by its order id, and by
 * its key in idempotency_keys), no other bet exists, each bet has one stake posting, the ledger check
 * reports 0, and /health/ready answers 200 on both instances again without restarting them.
 */
const RESTARTS = Number(process.env['T12_RESTARTS'] ?? 5);
const LOOPS = Number(process.env['T12_CLIENTS'] ?? 8);
const REQUEST_BOUND_MS = 10_000;

function pgBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) if (existsSync(join(root, v, 'bin', 'pg_ctl'))) return join(root, v, 'bin');
  return null;
}

/** A PostgreSQL server of our own in a temporary directory (as `postgres` when we are root). */
class OwnPostgres {
  readonly dir: string;
  port = 0;
  private readonly asUser: string[];

  constructor(private readonly bin: string) {
    this.dir = mkdtempSync(join(tmpdir(), 'sum28-t12-pg-'));
    this.asUser = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
    if (this.asUser.length > 0) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
      chownSync(this.dir, uid, gid);
    }
  }

  private run(cmd: string, args: string[], timeout = 60_000): string {
    const [file, ...rest] = [...this.asUser, join(this.bin, cmd), ...args];
    return execFileSync(file!, rest, { timeout, stdio: ['ignore', 'pipe', 'pipe'] }).toString();
  }

  async init(): Promise<void> {
    this.port = await freePort();
    this.run('initdb', ['-D', join(this.dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8'], 120_000);
    await this.ctl(['start']);
  }

  /** pg_ctl start / restart, waiting until the server accepts connections (asynchronously: the load goes on meanwhile). */
  async ctl(args: string[]): Promise<void> {
    const opts = `-p ${this.port} -c listen_addresses=127.0.0.1 -k ${this.dir} -c max_connections=100`;
    const [file, ...rest] = [
      ...this.asUser,
      join(this.bin, 'pg_ctl'),
      '-D',
      join(this.dir, 'data'),
      '-l',
      join(this.dir, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      opts,
      ...args,
    ];
    await promisify(execFile)(file!, rest, { timeout: 90_000 });
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  log(): string {
    try {
      return readFileSync(join(this.dir, 'server.log'), 'utf8');
    } catch {
      return '';
    }
  }

  stopAndDelete(): void {
    try {
      if (existsSync(join(this.dir, 'data', 'postmaster.pid'))) this.run('pg_ctl', ['-D', join(this.dir, 'data'), '-m', 'immediate', '-w', 'stop']);
    } catch {
      // already stopped
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

const bin = pgBin();
const pgDescribe = bin !== null ? describe : describe.skip;
if (bin === null) console.warn('t12-database-restarts: no PostgreSQL server binaries under /usr/lib/postgresql: skipped');

pgDescribe(`T12: our own PostgreSQL server restarted ${RESTARTS} times under load (2 API instances)`, () => {
  let pg: OwnPostgres | null = null;
  let side: DataSource | null = null;
  const servers: ServerProcess[] = [];
  beforeAll(() => buildApi(), 180_000);
  afterAll(async () => {
    for (const s of servers) await s.stop('SIGKILL');
    await side?.destroy().catch(() => undefined);
    pg?.stopAndDelete();
  });

  it('gives clean errors during each restart, no duplicate bets after retries with the same key, and recovers without an API restart', async () => {
    pg = new OwnPostgres(bin!);
    await pg.init();
    const env = { DATABASE_URL: pg.url, SCHEDULER: 'on', ROUND_SECONDS: '20', BET_CLOSE_SECONDS: '3', TRUST_PROXY: 'true' };
    for (let i = 0; i < 2; i++) servers.push(await startServer(env)); // one after the other: the first migrates
    const clients = servers.map((s) => new LoopbackClient(s.port, 32, REQUEST_BOUND_MS));
    side = createDataSource({ url: pg.url });
    await side.initialize();
    const players = await fundedPlayers(clients[0]!, side, LOOPS, 't12p', '10.12.0');
    await side.destroy(); // not used while the server restarts
    side = null;

    const load = new OutageLoad(clients, players, 't12');
    load.start();

    const restarts: { mode: string; ms: number; readyAfterMs: number }[] = [];
    const ready = async (): Promise<boolean> => {
      const answers = await Promise.all(clients.map((c) => c.get('/health/ready')));
      return answers.every((a) => a.status === 200 && a.body?.status === 'ready');
    };
    await sleep(5000);
    for (let r = 0; r < RESTARTS; r++) {
      const mode = r % 2 === 1 ? 'immediate' : 'fast';
      const t0 = Date.now();
      await pg.ctl(['-m', mode, 'restart']);
      const restartedMs = Date.now() - t0;
      let readyAfterMs = -1;
      while (Date.now() - t0 < 60_000) {
        if (await ready()) {
          readyAfterMs = Date.now() - t0;
          break;
        }
        await sleep(100);
      }
      restarts.push({ mode, ms: restartedMs, readyAfterMs });
      expect(readyAfterMs).toBeGreaterThanOrEqual(0);
      for (const s of servers) expect(s.proc.exitCode).toBeNull();
      await sleep(4000); // load on a healthy database between restarts
    }
    await load.stop();
    // The rounds with bets close, draw and settle on the recovered database.
    await sleep(25_000);
    expect(await ready()).toBe(true);
    for (const s of servers) expect(s.proc.exitCode).toBeNull();
    for (const s of servers) await s.stop('SIGTERM');
    for (const c of clients) c.close();

    side = createDataSource({ url: pg.url });
    await side.initialize();
    const stored = await storedAgainstAnswers(side, load);
    const restartsSeen = (pg.log().match(/database system is ready to accept connections/g) ?? []).length - 1;
    const lat = latencySummary(load.latencies);

    const { tally } = load;
    console.log(
      `T12: own PostgreSQL restarted ${restarts.length} times (${restarts.map((r) => `${r.mode}: ${r.ms} ms, both APIs ready ${r.readyAfterMs} ms after`).join('; ')}) ` +
        `under ${LOOPS} player loops on 2 API instances: ${tally.requests} requests (${tally.hearts} heartbeats, ${tally.keys} bets with a key), ` +
        `clean errors (503 envelope) ${tally.cleanErrors}, unclean ${tally.uncleanErrors}, retries with the same key ${tally.retries}, gave up ${tally.gaveUp}, ` +
        `max request ${lat.max} ms (bound ${REQUEST_BOUND_MS}); bets accepted ${load.accepted.size}, refused ${load.refusedKeys.size}, stored ${stored.betIds.length}, ` +
        `lost ${stored.lost.length}, unknown ${stored.unknown.length}, duplicates ${stored.duplicates}; ${stored.settledRounds} rounds settled; API processes exited 0 times, ready again after every restart; ` +
        `ledger check ${stored.violations} violations. Errors and refusals by answer: ${[...load.answers].map(([k, v]) => `${k} x${v}`).join(', ')}`,
    );
    if (load.unclean.length > 0) console.log(`T12 unclean answers:\n  ${load.unclean.join('\n  ')}`);
    // What the servers logged as a bug (500 INTERNAL) while the database restarted: none expected.
    const bugs = servers.flatMap((s) => s.output().split('\n')).filter((l) => /"level":50|ERROR/.test(l) && !/database unavailable/.test(l));
    if (bugs.length > 0) console.log(`T12 errors logged by the API:\n  ${[...new Set(bugs.map((l) => l.slice(0, 400)))].slice(0, 10).join('\n  ')}`);

    expect(restartsSeen).toBe(RESTARTS);
    expect(tally.cleanErrors).toBeGreaterThan(0); // the restarts really hit requests
    expectNoMoneyLost(load, stored, lat.max, REQUEST_BOUND_MS);
  }, 900_000);
});
