'use strict';
// Bets through Lottery/playOrder: the load (bench/run.js case 2 on SQLite) and the cluster case (2 API instances
// on a fresh PostgreSQL database with Redis, nginx in front, as `npm run start:cluster` runs them).
const { spawn, spawnSync } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { mkdirSync, mkdtempSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { openDatabase, seedDatabase, TxRunner } = require('@sum28/database');
const { API_ROOT, apiEnv, cannon, clientIp, cpuMsOf, freePort, openIssue, roundSecondsWithTime, sleep, start } = require('./lib');
const fixtures = require('./fixtures');
const { nginxConfig } = require('../scripts/cluster');

const BET_TYPES = ['big_odd', 'big_even', 'small_odd', 'small_even', 'extreme_big', 'extreme_small', 'sum_3', 'sum_13', 'sum_14', 'sum_21'];

/**
 * `duration` seconds of bets: each connection is one player betting one of the non-opposite categories with an
 * idempotency key and a stake of 1.00-50.99, from a rotating client IP (X-Forwarded-For). Every answer is checked;
 * `pids` are the API processes whose CPU time per accepted bet is reported.
 */
async function betLoad({ port, players, issue, duration, connections, pids }) {
  let seq = 0;
  let next = 0;
  let refused = 0;
  let accepted = 0;
  const errors = new Map();
  const betReq = {
    method: 'POST',
    path: '/index.php/api/Lottery/playOrder',
    setupRequest: (req, ctx) => {
      if (ctx.p === undefined) ctx.p = players[next++ % players.length];
      seq++;
      req.headers = { 'content-type': 'application/json', token: ctx.p.token, 'x-forwarded-for': clientIp(seq) };
      req.body = JSON.stringify({
        issue,
        plan_id: 1,
        game_id: 1,
        play_type: BET_TYPES[ctx.p.id % BET_TYPES.length],
        money: `${1 + (seq % 50)}.${String(seq % 100).padStart(2, '0')}`,
        idempotency_key: `bench-${process.pid}-${Date.now().toString(36)}-${seq}`,
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
  const cpu0 = cpuMsOf(pids);
  const res = await cannon({ url: `http://127.0.0.1:${port}`, requests: [betReq], duration, connections });
  const cpuMs = cpuMsOf(pids) - cpu0;
  const perSec = accepted / (res.duration ?? duration);
  return { res, accepted, refused, errors, perSec, cpuMsPerBet: accepted > 0 ? cpuMs / accepted : NaN };
}

const countBets = async (url) => {
  const d = await openDatabase({ url });
  try {
    return Number((await d.query(`SELECT COUNT(*) AS n FROM bets`))[0].n);
  } finally {
    await d.destroy();
  }
};

const PG_ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh PostgreSQL database (unique name), dropped by `drop()`. */
async function createPgDatabase(tag) {
  const { Client } = require('pg');
  const name = `sum28_bench_${tag}_${process.pid}_${Date.now()}`;
  const admin = new Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    url: PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`),
    drop: async () => {
      const c = new Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

const PG_INSTANCES = 2;

/**
 * Bets on PostgreSQL through nginx with PG_INSTANCES API instances (SCHEDULER=on on all, REDIS_URL, a shared
 * POW_HMAC_KEY), the nginx configuration of scripts/cluster.js. nginx trusts X-Forwarded-For from loopback here
 * (`realIpFrom`, as behind a CDN or TLS terminator) so that the rotating client IPs of the load reach the API's
 * per-IP limits as thousands of players' addresses would.
 */
async function betsPg({ duration, connections, players: nPlayers }) {
  const nginxBin = ['/usr/sbin/nginx', 'nginx'].find((b) => spawnSync(b, ['-v'], { stdio: 'ignore' }).status === 0);
  if (nginxBin === undefined) throw new Error('nginx is not installed (apt-get install nginx-light)');
  const db = await createPgDatabase('bets');
  const dir = mkdtempSync(join(tmpdir(), 'sum28-bench-nginx-'));
  const procs = [];
  try {
    const now = Date.now();
    const roundSeconds = roundSecondsWithTime(now);
    const ds = await openDatabase({ url: db.url });
    await seedDatabase(ds, { now, demo: false });
    const players = await fixtures.players(new TxRunner(ds), nPlayers, 100_000_000, now);
    await ds.destroy();

    const env = { REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', POW_HMAC_KEY: randomBytes(32).toString('hex') };
    const ports = [];
    for (let i = 0; i < PG_INSTANCES; i++) {
      const port = await freePort();
      ports.push(port);
      const prof = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
      procs.push(await start([...prof, join(API_ROOT, 'apps/api/dist/main.js')], apiEnv(db.url, port, roundSeconds, env), /Serving on http/));
    }
    for (const d of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, d));
    const lbPort = await freePort();
    const conf = join(dir, 'nginx.conf');
    writeFileSync(conf, nginxConfig({ dir, host: '127.0.0.1', port: lbPort, upstreams: ports, realIpFrom: '127.0.0.1' }));
    const nginx = spawn(nginxBin, ['-p', dir, '-e', join(dir, 'error.log'), '-c', conf], { stdio: 'ignore' });
    const nginxExit = new Promise((r) => nginx.on('exit', r));
    procs.push({ proc: nginx, stop: () => (nginx.exitCode === null && nginx.signalCode === null && nginx.kill('SIGTERM'), nginxExit) });
    let issue = null;
    for (let i = 0; i < 50 && issue === null; i++) {
      try {
        issue = await openIssue(lbPort, players[0].token);
      } catch {
        await sleep(200);
      }
    }
    if (issue === null) throw new Error('no round opened behind nginx');
    const before = await countBets(db.url);
    const load = await betLoad({
      port: lbPort,
      players,
      issue,
      duration,
      connections,
      pids: procs.slice(0, PG_INSTANCES).map((p) => p.proc.pid),
    });
    const stored = (await countBets(db.url)) - before;
    return { ...load, stored, instances: PG_INSTANCES };
  } finally {
    for (const p of procs.reverse()) await p.stop();
    rmSync(dir, { recursive: true, force: true });
    await db.drop();
  }
}

module.exports = { betLoad, betsPg, countBets, createPgDatabase };
