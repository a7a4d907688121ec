'use strict';
// `npm run bench` (builds first): figures for docs/performance.md, on SQLite, on this machine.
//   1. heartbeat (Lottery/heart) req/s and p99 of the real server, beside bare node:http answering the same bytes
//   2. bets/s through Lottery/playOrder (HTTP, auth, validation, idempotency key; group commit on SQLite)
//   3. time to settle 100,000 bets of one round (set-based SQL, one transaction), then the ledger check
// Each server runs in its own process (one core); autocannon runs here (the other core).
// BENCH_SECONDS, BENCH_CONNECTIONS tune the load runs; BENCH_PROFILE_DIR=<dir> writes a CPU profile of the API server;
// BENCH_ONLY=heart stops after the heartbeat; BENCH_ONLY=bets runs only the bets.
require('reflect-metadata');
const autocannon = require('autocannon');
const { spawn } = require('node:child_process');
const http = require('node:http');
const { mkdtempSync, rmSync, writeFileSync } = require('node:fs');
const { createServer } = require('node:net');
const { tmpdir, cpus } = require('node:os');
const { join, resolve } = require('node:path');

const ROOT = resolve(__dirname, '..');
const { openDatabase, seedDatabase, TxRunner } = require('@sum28/database');
const { slotAt } = require('@sum28/domain');
const fixtures = require('./fixtures');

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const PLAYERS = 400;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const fmt = (n) => Math.round(n).toLocaleString('en-US');

function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });
}

function start(args, env, ready) {
  return new Promise((ok, fail) => {
    const proc = spawn(process.execPath, args, { cwd: ROOT, env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const timer = setTimeout(() => fail(new Error(`server did not start:\n${out}`)), 60_000);
    const on = (b) => {
      out += b.toString();
      if (ready.test(out)) {
        clearTimeout(timer);
        const exited = new Promise((done) => proc.on('exit', done));
        const stop = () => {
          if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
          return exited;
        };
        ok({ proc, output: () => out, stop });
      }
    };
    proc.stdout.on('data', on);
    proc.stderr.on('data', on);
    proc.on('exit', (code) => fail(new Error(`server exited (${code}):\n${out}`)));
  });
}

function post(port, path, token, body, ip = '10.0.0.1') {
  const data = JSON.stringify(body);
  return new Promise((ok, fail) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/index.php/api/${path}`,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), token, 'x-forwarded-for': ip },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => ok({ text, status: res.statusCode }));
      },
    );
    req.on('error', fail);
    req.end(data);
  });
}

/**
 * Client IPs: a heartbeat comes every 2 s per player, so at thousands of requests a second the requests
 * come from thousands of players. Rotating over IP_POOL addresses keeps each address near a real
 * player's rate (the per-IP rate limits apply as they would in production).
 */
const IP_POOL = 20_000;
const clientIp = (n) => `10.${(n % IP_POOL) >> 16}.${((n % IP_POOL) >> 8) & 255}.${(n % IP_POOL) & 255}`;

function cannon(opts) {
  return new Promise((ok, fail) => autocannon(opts, (err, res) => (err ? fail(err) : ok(res))));
}

/** A round length whose current slot leaves at least 2 minutes of betting (slots are aligned to local midnight). */
function roundSecondsWithTime(now) {
  for (let r = 600; r <= 3600; r += 60) {
    const cfg = { tz: 'Asia/Taipei', openHours: 'always', roundSeconds: r, betCloseSeconds: 10 };
    const s = slotAt(now, cfg);
    if (s && s.closeAt - now > 120_000) return r;
  }
  throw new Error('no round length fits');
}

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
      join(ROOT, 'apps/api/dist/main.js'),
    ],
    {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      SCHEDULER: 'on',
      OPEN_HOURS: 'always',
      ROUND_SECONDS: String(roundSeconds),
      BET_CLOSE_SECONDS: '10',
      TRUST_PROXY: 'true',
      SEED_DEMO: 'false',
      ADMIN_PASSWORD: 'bench-admin-password',
    },
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
      const load = async (p) => {
        await cannon({ url: `http://127.0.0.1:${p}`, requests: [heartReq], duration: 2, connections: CONNECTIONS });
        heartFailed = 0;
        const r = await cannon({ url: `http://127.0.0.1:${p}`, requests: [heartReq], duration: DURATION, connections: CONNECTIONS });
        r.failed = heartFailed;
        return r;
      };
      const bodyFile = join(dir, `heart-${sinceId}.json`);
      writeFileSync(bodyFile, sample.text);
      const barePort = await freePort();
      const bare = await start([join(__dirname, 'bare-server.js'), String(barePort), bodyFile], {}, /bare listening/);
      let b;
      try {
        b = await load(barePort);
      } finally {
        await bare.stop();
      }
      return { bare: b, real: await load(port), messages: JSON.parse(sample.text).data.message.length };
    };
    if (process.env.BENCH_ONLY !== 'bets') {
      // Steady state: each poll sends the id of the newest message it has seen (as every 2 s poll does), so
      // the answer carries only what is new. Busy room: 20 new bets in every answer.
      const steady = await heartCase(newestId);
      bareRes = steady.bare;
      heartRes = steady.real;
      heartFailed = steady.real.failed;
      busy = await heartCase(20);
    }
    if (process.env.BENCH_ONLY === 'heart')
      return { bareRes, heartRes, busy, heartFailed, betRes: null, accepted: 0, refused: 0, errors: new Map(), stored: 0, roundSeconds };
    // 2. Bets: each connection is a player betting one of the non-opposite categories, with an idempotency key.
    const countBets = async () => {
      const d = await openDatabase({ url });
      const n = Number((await d.query(`SELECT COUNT(*) AS n FROM bets`))[0].n);
      await d.destroy();
      return n;
    };
    const before = await countBets();
    let seq = 0;
    let refused = 0;
    let accepted = 0;
    const errors = new Map();
    const betTypes = ['big_odd', 'big_even', 'small_odd', 'small_even', 'extreme_big', 'extreme_small', 'sum_3', 'sum_13', 'sum_14', 'sum_21'];
    const betReq = {
      method: 'POST',
      path: '/index.php/api/Lottery/playOrder',
      setupRequest: (req, ctx) => {
        if (ctx.p === undefined) ctx.p = players[next++ % players.length];
        seq++;
        req.headers = { 'content-type': 'application/json', token: ctx.p.token, 'x-forwarded-for': clientIp(ipSeq++) };
        req.body = JSON.stringify({
          issue,
          plan_id: 1,
          game_id: 1,
          play_type: betTypes[ctx.p.id % betTypes.length],
          money: `${1 + (seq % 50)}.${String(seq % 100).padStart(2, '0')}`,
          idempotency_key: `bench-${process.pid}-${seq}`,
        });
        return req;
      },
      onResponse: (status, body) => {
        if (status === 200 && body.startsWith('{"code":1,')) accepted++;
        else {
          refused++;
          const key = (/"error":"([A-Z_]+)"/.exec(body) ?? [])[1] ?? `HTTP ${status}`;
          errors.set(key, (errors.get(key) ?? 0) + 1);
        }
      },
    };
    const betRes = await cannon({ url: `http://127.0.0.1:${port}`, requests: [betReq], duration: DURATION, connections: CONNECTIONS });
    await app.stop();
    const stored = (await countBets()) - before;
    return { bareRes, heartRes, busy, heartFailed, betRes, accepted, refused, errors, stored, roundSeconds };
  } finally {
    await app.stop();
  }
}

async function settlement(dir) {
  const BETS = 100_000;
  const url = `sqlite:${join(dir, 'settle.sqlite')}`;
  const { createApp } = require(join(ROOT, 'apps/api/dist/app.factory'));
  const { loadConfig } = require(join(ROOT, 'apps/api/dist/common/config/app-config'));
  const { RoundLifecycleService } = require(join(ROOT, 'apps/api/dist/rounds/round-lifecycle.service'));
  const { SettlementService } = require(join(ROOT, 'apps/api/dist/rounds/settlement.service'));
  const { runLedgerCheck } = require(join(ROOT, 'apps/api/dist/ledger/ledger-check'));
  const { DataSource } = require('typeorm');
  const cfg = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, SCHEDULER: 'off', OPEN_HOURS: 'always', CAPTCHA_MODE: 'off' });
  const app = await createApp(cfg, { logger: false });
  try {
    const ds = app.get(DataSource);
    const tx = app.get(TxRunner);
    const now = Date.now();
    await seedDatabase(ds, { now, demo: false });
    const players = await fixtures.players(tx, 2000, 100_000_000, now);
    const slot = slotAt(now, cfg.schedule);
    const lifecycle = app.get(RoundLifecycleService);
    await lifecycle.open(1, slot, now);
    const round = (await ds.query(`SELECT id, game_id, issue, open_at FROM rounds WHERE game_id = 1 AND issue = ?`, [slot.issue]))[0];
    const t0 = Date.now();
    await fixtures.bets(
      tx,
      round,
      1,
      players.map((p) => p.id),
      BETS,
      1000,
    );
    const insertMs = Date.now() - t0;
    if (!(await lifecycle.close(round.id, slot.drawAt)) || !(await lifecycle.draw(round.id, slot.drawAt))) throw new Error('could not draw');
    const report = await app.get(SettlementService).settleRound(round.id);
    const c0 = Date.now();
    const check = await runLedgerCheck(ds);
    const checkMs = Date.now() - c0;
    return { BETS, insertMs, report, check, checkMs };
  } finally {
    await app.close();
  }
}

(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sum28-bench-'));
  const started = Date.now();
  try {
    console.log(
      `sum28 bench: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), node ${process.version}, SQLite, ${DURATION} s per load run, ${CONNECTIONS} connections`,
    );
    const h = await heartAndBets(dir);
    let ratio = 1;
    if (h.heartRes !== null && h.bareRes !== null) {
      ratio = h.heartRes.requests.average / h.bareRes.requests.average;
      const bytes = (r) => Math.round(r.throughput.average / Math.max(1, r.requests.average));
      const line = (label, r) =>
        console.log(
          `   ${label}: ${fmt(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}, failed answers ${r.failed}`,
        );
      console.log(`\n1. heartbeat (POST /index.php/api/Lottery/heart, token auth); the same load generator for both servers`);
      console.log(`   a. steady poll (since_id = newest seen, no new bets; ${bytes(h.heartRes)} bytes per answer incl. headers)`);
      line('bare node:http, same bytes ', h.bareRes);
      line('sum28 heartbeat            ', h.heartRes);
      const p99 = (r) => `p99 ${r.latency.p99} ms (target < 10 ms)  ${r.latency.p99 < 10 ? 'PASS' : 'FAIL'}`;
      console.log(`      ratio                      : ${(ratio * 100).toFixed(1)}% of bare node:http (target >= 65%)  ${ratio >= 0.65 ? 'PASS' : 'FAIL'}; ${p99(h.heartRes)}`);
      if (h.busy) {
        console.log(`   b. busy room (${h.busy.messages} new bets in every answer; ${bytes(h.busy.real)} bytes per answer incl. headers)`);
        line('bare node:http, same bytes ', h.busy.bare);
        line('sum28 heartbeat            ', h.busy.real);
        const busyRatio = h.busy.real.requests.average / h.busy.bare.requests.average;
        console.log(
          `      ratio                      : ${(busyRatio * 100).toFixed(1)}% of bare node:http (target >= 60%)  ${busyRatio >= 0.6 ? 'PASS' : 'FAIL'}; ${p99(h.busy.real)}`,
        );
      }
    }
    if (h.betRes === null) return;
    const betsPerSec = h.accepted / (h.betRes.duration ?? DURATION);
    console.log('\n2. bets (POST /index.php/api/Lottery/playOrder, one bet per call, idempotency key, SQLite WAL synchronous=FULL)');
    console.log(
      `   ${fmt(betsPerSec)} bets/s accepted (${fmt(h.accepted)} in ${DURATION} s, ${h.stored} stored), p50 ${h.betRes.latency.p50} ms, p99 ${h.betRes.latency.p99} ms, ` +
        `refused ${h.refused}${h.errors.size ? ` ${JSON.stringify(Object.fromEntries(h.errors))}` : ''} (target >= 1,000/s)  ${betsPerSec >= 1000 ? 'PASS' : 'FAIL'}`,
    );
    const s = await settlement(dir);
    console.log(`\n3. settlement of one round with ${fmt(s.BETS)} bets (SQLite, one transaction)`);
    console.log(
      `   inserted in ${s.insertMs} ms (fixture); settled in ${s.report.ms} ms: ${fmt(s.report.bets)} bets, ${fmt(s.report.winners)} payouts (target < 2,000 ms)  ${s.report.ms < 2000 ? 'PASS' : 'FAIL'}`,
    );
    console.log(`   ledger check afterwards: ${s.check.violations} violations in ${s.checkMs} ms`);
    console.log(`\nbench finished in ${Math.round((Date.now() - started) / 1000)} s`);
    if (ratio < 0.4 || betsPerSec < 1000 || s.report.ms >= 2000 || s.check.violations !== 0) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
