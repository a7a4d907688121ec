'use strict';
// Helpers shared by the bench cases (bench/run.js and the modules it calls).
require('./deps').ensureBenchDeps(); // autocannon lives in bench/'s own package (bench/deps.js)
const autocannon = require('autocannon');
const { spawn } = require('node:child_process');
const http = require('node:http');
const { readFileSync } = require('node:fs');
const { createServer } = require('node:net');
const { resolve } = require('node:path');
const { slotAt } = require('@sum28/domain');

const ROOT = resolve(__dirname, '..');
/**
 * The checkout whose built API (apps/api/dist) the cases start: this one, or BENCH_API_ROOT (another worktree,
 * built, with its node_modules) to measure two commits with the same load generator, e.g. side by side in turns.
 */
const API_ROOT = resolve(process.env.BENCH_API_ROOT ?? ROOT);

/** A package as the API of API_ROOT resolves it (the same class objects as its app's, e.g. for `app.get(DataSource)`). */
const apiRequire = (name) => require(require.resolve(name, { paths: [API_ROOT] }));

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

/** Spawns `node args` (cwd API_ROOT) and resolves once its output matches `ready`; `stop()` sends SIGTERM and waits for the exit. */
function start(args, env, ready, opts = {}) {
  return new Promise((ok, fail) => {
    const proc = spawn(opts.command ?? process.execPath, args, {
      cwd: opts.cwd ?? API_ROOT,
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.setMaxListeners(50);
    let out = '';
    const timer = setTimeout(() => fail(new Error(`server did not start:\n${out}`)), 60_000);
    const exited = new Promise((done) => proc.on('exit', done));
    const on = (b) => {
      if (out.length < 200_000) out += b.toString();
      if (ready.test(out)) {
        clearTimeout(timer);
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

/** CPU time (user + system) the processes have used so far, in ms (Linux /proc; NaN elsewhere). */
function cpuMsOf(pids) {
  let ticks = 0;
  try {
    for (const pid of pids) {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(f[11]) + Number(f[12]); // utime, stime (fields 14 and 15 of proc(5))
    }
  } catch {
    return NaN;
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

/** The current round's issue of game 1, read through the heartbeat once the scheduler has opened it. */
async function openIssue(port, token) {
  for (let i = 0; i < 100; i++) {
    const h = JSON.parse((await post(port, 'Lottery/heart', token, { plan_id: 1, game_id: 1 })).text);
    const issue = h.data?.issue?.issue ?? null;
    if (issue) return issue;
    await sleep(200);
  }
  throw new Error('no round opened');
}

/** PASS/FAIL beside a figure. */
const verdict = (ok) => (ok ? 'PASS' : 'FAIL');

/** Environment of an API process for the bench (scheduler on, always open, a round length that leaves time to bet;
 * without `roundSeconds`, the API's default round). */
function apiEnv(url, port, roundSeconds, extra = {}) {
  return {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: url,
    SCHEDULER: 'on',
    OPEN_HOURS: 'always',
    ...(roundSeconds === undefined ? {} : { ROUND_SECONDS: String(roundSeconds) }),
    BET_CLOSE_SECONDS: '10',
    TRUST_PROXY: 'true',
    SEED_DEMO: 'false',
    ADMIN_PASSWORD: 'bench-admin-password',
    ...extra,
  };
}

module.exports = { apiEnv, ROOT, API_ROOT, apiRequire, sleep, fmt, freePort, start, post, clientIp, cannon, roundSecondsWithTime, cpuMsOf, openIssue, verdict };
