'use strict';
// `npm run bench` (builds first): figures for docs/performance.md, on this machine, each with its target.
//   1. heartbeat (Lottery/heart) req/s and p99 of the real server, beside bare node:http answering the same bytes
//      (the target's baseline) and a bare Fastify route answering them (the framework's floor), each server's CPU per answer
//   2. bets/s through Lottery/playOrder (HTTP, auth, validation, idempotency key; group commit on SQLite), with the
//      API's CPU time per bet (a figure that holds up better than bets/s on a busy machine)
//   2b. bets/s on PostgreSQL through nginx with 2 API instances and Redis (bench/bets.js)
//   3. time to settle 1,000,000 bets of one round on SQLite and on PostgreSQL (set-based SQL, one transaction),
//      the settling process's peak RSS, then the ledger check (bench/settle.js)
//   4. cold start: spawn to the first answer of /health/ready on an existing database, median of 5 (bench/cold.js)
// Each server runs in its own process; autocannon runs here.
// BENCH_SECONDS, BENCH_CONNECTIONS tune the load runs; BENCH_SETTLE_BETS the settled round (default 1,000,000);
// BENCH_PROFILE_DIR=<dir> writes a CPU profile of the API server; BENCH_ONLY=<case>[,<case>...] runs only those
// cases (heart, bets, bets-pg, settle = settle-sqlite + settle-pg, cold); BENCH_API_ROOT=<checkout> starts another checkout's built API with the
// same load generator (A/B in turns); PG_ADMIN_URL and REDIS_URL name the servers of the PostgreSQL cases.
require('reflect-metadata');
const { mkdtempSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir, cpus, loadavg } = require('node:os');
const { join } = require('node:path');

const { openDatabase, seedDatabase, TxRunner } = require('@sum28/database');
const fixtures = require('./fixtures');
const { API_ROOT, apiEnv, cannon, clientIp, cpuMsOf, fmt, freePort, post, roundSecondsWithTime, sleep, start, verdict } = require('./lib');
const { betLoad, betsPg, countBets } = require('./bets');
const { settlement } = require('./settle');
const { coldStart } = require('./cold');

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const SETTLE_BETS = Number(process.env.BENCH_SETTLE_BETS ?? 1_000_000);
const PLAYERS = 400;
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((c) => c.trim())) : null;
const runs = (c) => ONLY === null || ONLY.has(c);

/** Issue 13 targets. */
const TARGET = { betsSqlite: 2500, betsPg: 1500, settleMs: 8000, coldMs: 3000 };

async function heartAndBets(dir) {
  const url = `sqlite:${join(dir, 'bench.sqlite')}`;
  const now = Date.now();
  const roundSeconds = roundSecondsWithTime(now);
  const ds = await openDatabase({ url });
  await seedDatabase(ds, { now, demo: false });
  const players = await fixtures.players(new TxRunner(ds), PLAYERS, 100_000_000, now);
  await ds.destroy();

  const port = await freePort();
  const app = await start(
    [
      ...(process.env.BENCH_PRELOAD ? ['--require', process.env.BENCH_PRELOAD] : []),
      ...(process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : []),
      join(API_ROOT, 'apps/api/dist/main.js'),
    ],
    apiEnv(url, port, roundSeconds),
    /Serving on http/,
  );
  try {
    // Wait for the scheduler's first step, then put some real bets in room 1 so the feed has content.
    let issue = null;
    for (let i = 0; i < 50 && !issue; i++) {
      const h = JSON.parse((await post(port, 'Lottery/heart', players[0].token, { plan_id: 1, game_id: 1 })).text);
      issue = h.data?.issue?.issue ?? null;
      if (!issue) await sleep(200);
    }
    if (!issue) throw new Error('no round opened');
    for (let i = 0; i < 40; i++)
      await post(port, 'Lottery/playOrder', players[i].token, { issue, plan_id: 1, game_id: 1, play_type: fixtures.TYPES[i % 10], money: 5 });
    const first = JSON.parse((await post(port, 'Lottery/heart', players[0].token, { plan_id: 1, game_id: 1, since_id: 20 })).text);
    if (first.code !== 1 || first.data.message.length === 0) throw new Error(`heartbeat sample failed: ${JSON.stringify(first)}`);
    const newestId = Math.max(...first.data.message.map((m) => m.id));

    let bareRes = null;
    let fastifyRes = null;
    let heartRes = null;
    let busy = null;
    let heartFailed = 0;
    let next = 0;
    let ipSeq = 0;
    /**
     * One heartbeat case: bare node:http answering a copy of a real answer, then the real server, with the
     * same load generator. Every connection is one player (own token; the client IP rotates, see IP_POOL)
     * polling room 1 with the same body; each answer is checked.
     */
    const heartCase = async (sinceId) => {
      const heartBody = JSON.stringify({ plan_id: 1, game_id: 1, since_id: sinceId });
      const sample = await post(port, 'Lottery/heart', players[0].token, { plan_id: 1, game_id: 1, since_id: sinceId });
      if (JSON.parse(sample.text).code !== 1) throw new Error(`heartbeat sample failed: ${sample.text}`);
      const heartReq = {
        method: 'POST',
        path: '/index.php/api/Lottery/heart',
        setupRequest: (req, ctx) => {
          if (ctx.p === undefined) ctx.p = players[next++ % players.length];
          req.headers = { 'content-type': 'application/json', token: ctx.p.token, 'x-forwarded-for': clientIp(ipSeq++) };
          req.body = heartBody;
          return req;
        },
        onResponse: (status, body) => {
          if (status !== 200 || !body.startsWith('{"code":1,')) heartFailed++;
        },
      };
      const load = async (p, pid) => {
        await cannon({ url: `http://127.0.0.1:${p}`, requests: [heartReq], duration: 2, connections: CONNECTIONS });
        heartFailed = 0;
        const cpu0 = pid === undefined ? NaN : cpuMsOf([pid]);
        const r = await cannon({ url: `http://127.0.0.1:${p}`, requests: [heartReq], duration: DURATION, connections: CONNECTIONS });
        r.failed = heartFailed;
        // The server's CPU time (user + system) per answer: steadier than req/s on a shared machine.
        r.cpuMsPerReq = pid === undefined ? NaN : (cpuMsOf([pid]) - cpu0) / Math.max(1, r.requests.total);
        return r;
      };
      const bodyFile = join(dir, `heart-${sinceId}.json`);
      writeFileSync(bodyFile, sample.text);
      /** A baseline server (bench/bare-server.js, bench/bare-fastify.js) answering these bytes, under the same load. */
      const baseline = async (script, ...args) => {
        const barePort = await freePort();
        const bare = await start([join(__dirname, script), String(barePort), bodyFile, ...args], {}, /bare listening/);
        try {
          return await load(barePort, bare.proc.pid);
        } finally {
          await bare.stop();
        }
      };
      const bare = await baseline('bare-server.js');
      const fastify = await baseline('bare-fastify.js', API_ROOT);
      return { bare, fastify, real: await load(port, app.proc.pid), messages: JSON.parse(sample.text).data.message.length };
    };
    if (runs('heart')) {
      // Steady state: each poll sends the id of the newest message it has seen (as every 2 s poll does), so
      // the answer carries only what is new. Busy room: 20 new bets in every answer.
      const steady = await heartCase(newestId);
      bareRes = steady.bare;
      fastifyRes = steady.fastify;
      heartRes = steady.real;
      heartFailed = steady.real.failed;
      busy = await heartCase(20);
    }
    if (!runs('bets')) return { bareRes, fastifyRes, heartRes, busy, heartFailed, bets: null, roundSeconds };
    // 2. Bets (bench/bets.js): each connection is a player betting one of the non-opposite categories, with an idempotency key.
    const before = await countBets(url);
    const bets = await betLoad({ port, players, issue, duration: DURATION, connections: CONNECTIONS, pids: [app.proc.pid] });
    await app.stop();
    bets.stored = (await countBets(url)) - before;
    return { bareRes, fastifyRes, heartRes, busy, heartFailed, bets, roundSeconds };
  } finally {
    await app.stop();
  }
}

(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sum28-bench-'));
  const started = Date.now();
  const failed = [];
  const target = (ok, what) => {
    if (!ok) failed.push(what);
    return verdict(ok);
  };
  try {
    console.log(
      `sum28 bench: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), node ${process.version}, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} at start, ${DURATION} s per load run, ${CONNECTIONS} connections${API_ROOT !== require('./lib').ROOT ? `, API of ${API_ROOT}` : ''}`,
    );
    const h = runs('heart') || runs('bets') ? await heartAndBets(dir) : { heartRes: null, bareRes: null, bets: null };
    let ratio = 1;
    if (h.heartRes !== null && h.bareRes !== null) {
      ratio = h.heartRes.requests.average / h.bareRes.requests.average;
      const pct = (a, b) => `${((100 * a.requests.average) / b.requests.average).toFixed(1)}%`;
      const bytes = (r) => Math.round(r.throughput.average / Math.max(1, r.requests.average));
      const line = (label, r) =>
        console.log(
          `   ${label}: ${fmt(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}, failed answers ${r.failed}` +
            (Number.isFinite(r.cpuMsPerReq) ? `; server CPU ${(r.cpuMsPerReq * 1000).toFixed(0)} µs per answer` : ''),
        );
      console.log(`\n1. heartbeat (POST /index.php/api/Lottery/heart, token auth); the same load generator for both servers`);
      console.log(`   a. steady poll (since_id = newest seen, no new bets; ${bytes(h.heartRes)} bytes per answer incl. headers)`);
      line('bare node:http, same bytes ', h.bareRes);
      line('bare Fastify route         ', h.fastifyRes);
      line('sum28 heartbeat            ', h.heartRes);
      const p99 = (r, what) => `p99 ${r.latency.p99} ms (target < 10 ms)  ${target(r.latency.p99 < 10, `${what} p99`)}`;
      /** The framework's share: the bare Fastify route against node:http, the heartbeat against the bare Fastify route. */
      const floor = (fastify, bare, real) =>
        `      (bare Fastify route: ${pct(fastify, bare)} of bare node:http; sum28 heartbeat: ${pct(real, fastify)} of the bare Fastify route)`;
      console.log(
        `      ratio                      : ${(ratio * 100).toFixed(1)}% of bare node:http (target >= 65%)  ${target(ratio >= 0.65, 'heartbeat')}; ${p99(h.heartRes, 'heartbeat')}`,
      );
      console.log(floor(h.fastifyRes, h.bareRes, h.heartRes));
      if (h.busy) {
        console.log(`   b. busy room (${h.busy.messages} new bets in every answer; ${bytes(h.busy.real)} bytes per answer incl. headers)`);
        line('bare node:http, same bytes ', h.busy.bare);
        line('bare Fastify route         ', h.busy.fastify);
        line('sum28 heartbeat            ', h.busy.real);
        const busyRatio = h.busy.real.requests.average / h.busy.bare.requests.average;
        console.log(
          `      ratio                      : ${(busyRatio * 100).toFixed(1)}% of bare node:http (target >= 60%)  ${target(busyRatio >= 0.6, 'busy room')}; ${p99(h.busy.real, 'busy room')}`,
        );
        console.log(floor(h.busy.fastify, h.busy.bare, h.busy.real));
      }
    }
    if (h.bets !== null) {
      const b = h.bets;
      console.log(
        '\n2. bets (POST /index.php/api/Lottery/playOrder, one bet per call, token, validation, idempotency key; SQLite WAL synchronous=FULL, group commit)',
      );
      console.log(
        `   ${fmt(b.perSec)} bets/s accepted (${fmt(b.accepted)} in ${DURATION} s, ${b.stored} stored), p50 ${b.res.latency.p50} ms, p99 ${b.res.latency.p99} ms, ` +
          `refused ${b.refused}${b.errors.size ? ` ${JSON.stringify(Object.fromEntries(b.errors))}` : ''}; API CPU ${b.cpuMsPerBet.toFixed(3)} ms per bet ` +
          `(target >= ${fmt(TARGET.betsSqlite)}/s)  ${target(b.perSec >= TARGET.betsSqlite && b.stored >= b.accepted, 'bets on SQLite')}`,
      );
    }
    /** A PostgreSQL case that could not run (no server, no nginx) is reported as not measured, and counts as missed. */
    const orNotMeasured = async (what, fn) => {
      try {
        return await fn();
      } catch (e) {
        console.log(`\n${what}: not measured (${String(e.message ?? e).split('\n')[0]})  FAIL`);
        failed.push(what);
        return null;
      }
    };
    const b = runs('bets-pg')
      ? await orNotMeasured('2b. bets on PostgreSQL', () => betsPg({ duration: DURATION, connections: CONNECTIONS, players: PLAYERS }))
      : null;
    if (b !== null) {
      console.log(`\n2b. bets on PostgreSQL through nginx, ${b.instances} API instances (SCHEDULER=on on both, Redis), a fresh database`);
      console.log(
        `   ${fmt(b.perSec)} bets/s accepted (${fmt(b.accepted)} in ${DURATION} s, ${b.stored} stored), p50 ${b.res.latency.p50} ms, p99 ${b.res.latency.p99} ms, ` +
          `refused ${b.refused}${b.errors.size ? ` ${JSON.stringify(Object.fromEntries(b.errors))}` : ''}; API CPU ${b.cpuMsPerBet.toFixed(3)} ms per bet (both instances) ` +
          `(target >= ${fmt(TARGET.betsPg)}/s)  ${target(b.perSec >= TARGET.betsPg && b.stored >= b.accepted, 'bets on PostgreSQL')}`,
      );
    }
    if (runs('settle') || runs('settle-sqlite') || runs('settle-pg')) {
      console.log(`\n3. settlement of one round with ${fmt(SETTLE_BETS)} bets (set-based SQL, one transaction; each step in a process of its own)`);
      const settleLine = (label, s, ms) =>
        console.log(
          `   ${label}: settled in ${fmt(s.report.ms)} ms (CPU ${fmt(s.cpuMs)} ms; ${fmt(s.report.bets)} bets, ${fmt(s.report.winners)} payouts), peak RSS ${fmt(s.peakRssMb)} MB ` +
            `(${fmt(s.rssBeforeMb)} MB before); fixture inserted in ${fmt(s.insertMs)} ms; ledger check ${s.violations} violations in ${fmt(s.checkMs)} ms` +
            (ms === null ? '' : `  (target < ${fmt(ms)} ms)  ${target(s.report.ms < ms && s.violations === 0, 'settlement on SQLite')}`),
        );
      if (!runs('settle-pg') || runs('settle') || runs('settle-sqlite'))
        settleLine('SQLite    ', await settlement(`sqlite:${join(dir, 'settle.sqlite')}`, SETTLE_BETS), TARGET.settleMs);
      if (!runs('settle-sqlite') || runs('settle') || runs('settle-pg')) {
        const { createPgDatabase } = require('./bets');
        await orNotMeasured('3. settlement on PostgreSQL', async () => {
          const pg = await createPgDatabase('settle');
          try {
            const s = await settlement(pg.url, SETTLE_BETS);
            settleLine('PostgreSQL', s, null);
            if (s.violations !== 0) failed.push('ledger check after the PostgreSQL settlement');
          } finally {
            await pg.drop();
          }
        });
      }
    }
    if (runs('cold')) {
      const c = await coldStart(dir, 5);
      console.log(`\n4. cold start: spawn of node apps/api/dist/main.js on an existing SQLite database to the first 200 of GET /health/ready`);
      console.log(
        `   median ${fmt(c.median)} ms of ${c.times.length} (${c.times.map((t) => fmt(t)).join(', ')} ms)  (target < ${fmt(TARGET.coldMs)} ms)  ${target(c.median < TARGET.coldMs, 'cold start')}`,
      );
    }
    console.log(
      `\nbench finished in ${Math.round((Date.now() - started) / 1000)} s, load average ${loadavg()[0].toFixed(1)} at the end${failed.length ? `; missed: ${failed.join(', ')}` : ''}`,
    );
    if (failed.length > 0) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
