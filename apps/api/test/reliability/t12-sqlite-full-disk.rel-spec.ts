import { createDataSource } from '@sum28/database';
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { buildApi, startServer, type ServerProcess } from '../factories/game';
import { latencySummary, LoopbackClient, sleep } from '../factories/load';
import { expectNoMoneyLost, fundedPlayers, OutageLoad, storedAgainstAnswers } from './outage-load';

/**
 * T12 on SQLite (docs/reliability.md): the disk under the database file fills up 5 times under load. The
 * database lives on a tmpfs of its own (64 MB, mounted by the test: it needs root, as CI and the sessions
 * here have); an outage writes a filler file until the file system is full, holds it until writes fail
 * (SQLite can go on for a while in WAL pages it already has) and 2 s more, then deletes the filler. The
 * same player loops as T12 on PostgreSQL (outage-load.ts) heartbeat and bet with idempotency keys, retrying
 * with the same key until a definite answer, on one API process (SCHEDULER=on).
 *
 * Checked: during every outage some writes fail, and each failure reaches the client as a clean error (503
 * with the envelope; no reset, no request over 10 s, no process exit); writes succeed again after the space
 * returns, without a restart; afterwards every accepted bet is stored exactly once, none other exists, every
 * bet has its stake posting, settled rounds hold no pending bet, and the ledger check reports 0.
 */
const OUTAGES = Number(process.env['T12_OUTAGES'] ?? 5);
const LOOPS = Number(process.env['T12_CLIENTS'] ?? 8);
const REQUEST_BOUND_MS = 10_000;
/** How long an outage may wait for the first failed write before it counts as not having hit. */
const HIT_WITHIN_MS = 30_000;

/** Whether this process may mount a tmpfs (root in a machine or container that allows it). */
function canMountTmpfs(): boolean {
  const dir = mkdtempSync(join(tmpdir(), 'sum28-t12-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir], { stdio: 'ignore' });
    execFileSync('umount', [dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Writes zeros into `file` until the file system is full (ENOSPC), in 1 MB then 4 kB pieces. */
function fillDisk(file: string): number {
  const fd = openSync(file, 'w');
  let written = 0;
  try {
    for (const size of [1 << 20, 4096]) {
      const chunk = Buffer.alloc(size);
      for (;;) {
        try {
          written += writeSync(fd, chunk);
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code === 'ENOSPC') break;
          throw e;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
  return written;
}

const mountable = canMountTmpfs();
const fsDescribe = mountable ? describe : describe.skip;
if (!mountable) console.warn('t12-sqlite-full-disk: this process cannot mount a tmpfs (not root, or not allowed here): skipped');

fsDescribe(`T12 on SQLite: the database's disk full ${OUTAGES} times under load (1 API process)`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'sum28-t12-disk-'));
  let mounted = false;
  let server: ServerProcess | null = null;
  let side: DataSource | null = null;
  beforeAll(() => {
    buildApi();
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64m', 'tmpfs', dir]);
    mounted = true;
  }, 180_000);
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await side?.destroy().catch(() => undefined);
    if (mounted) execFileSync('umount', ['-l', dir]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers failed writes with clean errors, loses and doubles nothing, and writes again once there is space, without a restart', async () => {
    const url = `sqlite:${join(dir, 't12.sqlite')}`;
    server = await startServer({ DATABASE_URL: url, SCHEDULER: 'on', ROUND_SECONDS: '20', BET_CLOSE_SECONDS: '3', TRUST_PROXY: 'true' });
    const client = new LoopbackClient(server.port, 32, REQUEST_BOUND_MS);
    side = createDataSource({ url });
    await side.initialize();
    const players = await fundedPlayers(client, side, LOOPS, 't12s', '10.13.0');
    await side.destroy();
    side = null;

    const load = new OutageLoad([client], players, 't12s');
    load.start();
    const outages: { filledMb: number; firstErrorMs: number; errors: number; writesAgainMs: number }[] = [];
    await sleep(5000);
    for (let o = 0; o < OUTAGES; o++) {
      const filler = join(dir, 'filler');
      const errorsBefore = load.tally.cleanErrors;
      const t0 = Date.now();
      const filled = fillDisk(filler);
      let firstErrorMs = -1;
      while (Date.now() - t0 < HIT_WITHIN_MS) {
        if (load.tally.cleanErrors > errorsBefore) {
          firstErrorMs = Date.now() - t0;
          break;
        }
        await sleep(50);
      }
      await sleep(2000);
      rmSync(filler);
      const errors = load.tally.cleanErrors - errorsBefore;
      // Writes again: a bet accepted after the space returned.
      const acceptedBefore = load.tally.betsAccepted;
      const t1 = Date.now();
      let writesAgainMs = -1;
      while (Date.now() - t1 < 30_000) {
        if (load.tally.betsAccepted > acceptedBefore) {
          writesAgainMs = Date.now() - t1;
          break;
        }
        await sleep(50);
      }
      outages.push({ filledMb: Math.round(filled / 2 ** 20), firstErrorMs, errors, writesAgainMs });
      expect(server.proc.exitCode).toBeNull();
      await sleep(4000); // load with space between outages
    }
    await load.stop();
    // The rounds with bets close, draw and settle.
    await sleep(25_000);
    const ready = await client.get('/health/ready');
    expect(server.proc.exitCode).toBeNull();
    await server.stop('SIGTERM');
    client.close();

    side = createDataSource({ url });
    await side.initialize();
    const stored = await storedAgainstAnswers(side, load);
    const lat = latencySummary(load.latencies);
    const { tally } = load;
    console.log(
      `T12 on SQLite: disk full ${outages.length} times (${outages
        .map(
          (o) =>
            `${o.filledMb} MB filler, first failed write after ${o.firstErrorMs} ms, ${o.errors} clean errors, writes again ${o.writesAgainMs} ms after the space returned`,
        )
        .join('; ')}) under ${LOOPS} player loops: ${tally.requests} requests (${tally.hearts} heartbeats, ${tally.keys} bets with a key), ` +
        `clean errors (503 envelope) ${tally.cleanErrors}, unclean ${tally.uncleanErrors}, retries with the same key ${tally.retries}, gave up ${tally.gaveUp}, ` +
        `max request ${lat.max} ms (bound ${REQUEST_BOUND_MS}); bets accepted ${load.accepted.size}, refused ${load.refusedKeys.size}, stored ${stored.betIds.length}, ` +
        `lost ${stored.lost.length}, unknown ${stored.unknown.length}, duplicates ${stored.duplicates}; ${stored.settledRounds} rounds settled; the API process never exited; ` +
        `ledger check ${stored.violations} violations. Errors and refusals by answer: ${[...load.answers].map(([k, v]) => `${k} x${v}`).join(', ')}`,
    );
    if (load.unclean.length > 0) console.log(`T12 on SQLite, unclean answers:\n  ${load.unclean.join('\n  ')}`);
    const bugs = server
      .output()
      .split('\n')
      .filter((l) => /"level":50|ERROR/.test(l) && !/database unavailable/.test(l));
    if (bugs.length > 0) console.log(`T12 on SQLite, errors logged by the API:\n  ${[...new Set(bugs.map((l) => l.slice(0, 400)))].slice(0, 10).join('\n  ')}`);

    expect(ready.status).toBe(200);
    for (const o of outages) {
      expect(o.firstErrorMs).toBeGreaterThanOrEqual(0); // every outage really hit writes
      expect(o.writesAgainMs).toBeGreaterThanOrEqual(0); // and writes came back without a restart
    }
    expectNoMoneyLost(load, stored, lat.max, REQUEST_BOUND_MS);
  }, 900_000);
});
