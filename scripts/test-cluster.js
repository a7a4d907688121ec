#!/usr/bin/env node
// `npm run test:cluster`: issue 13's acceptance. Each browser journey of the player app and the console runs against
// `npm run start:cluster -- --instances 3` (3 API processes, SCHEDULER=on on all, behind nginx on one port) on a fresh
// PostgreSQL database with Redis. After each journey: every round is created, drawn and settled exactly once (no
// duplicate round, no round drawn or settled by two instances, every round due is settled, payouts = winning bets,
// no bet left unsettled in a settled round) and `ledger:check` reports 0 violations. Then the cluster stops and the
// database is dropped (also after a failure or Ctrl-C).
//
//   node scripts/test-cluster.js [name ...]   only the journeys named (e.g. `journey game console`)
//   PG_ADMIN_URL   default postgres://postgres@127.0.0.1:5432/postgres (databases sum28_cluster_<tag>_<n>)
//   REDIS_URL      default redis://127.0.0.1:6379
// Reports: reports/cluster/<app>-<name>.json (Vitest), screenshots under reports/cluster/screenshots/ (laid out as reports/screenshots/).
const { spawn, spawnSync } = require('node:child_process');
const { mkdirSync, readFileSync, rmSync } = require('node:fs');
const { createServer } = require('node:net');
const path = require('node:path');
const { Client } = require('pg');

const root = path.resolve(__dirname, '..');
const PG_ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const INSTANCES = 3;
const reports = path.join(root, 'reports', 'cluster');

/**
 * The settings of tools/web/e2e/api.ts's JOURNEY_ENV (what every journey's API runs with). A journey started against a
 * cluster without a setting it asks for fails at once naming it (externalApi there), so this copy cannot drift unseen.
 */
const JOURNEY_ENV = {
  CAPTCHA_MODE: 'off',
  SCHEDULER: 'off',
  OPEN_HOURS: 'always',
  ADMIN_USERNAME: 'admin',
  ADMIN_PASSWORD: 'journey-superadmin-pw-1',
  SIGNIN_RATE_LIMIT: '100000',
  SEED_DEMO: 'true',
  NODE_ENV: 'test',
  PASSWORD_HASH_PROFILE: 'test',
};
/** Each journey file with the settings it starts its API with (`startApi(...)` in the file). */
const JOURNEYS = [
  { app: 'player', name: 'journey', env: {} },
  { app: 'player', name: 'game', env: { SCHEDULER: 'on', ROUND_SECONDS: '24', BET_CLOSE_SECONDS: '8' } },
  { app: 'player', name: 'records', env: { SCHEDULER: 'on', ROUND_SECONDS: '12', BET_CLOSE_SECONDS: '3' } },
  { app: 'admin', name: 'console', env: {} },
  { app: 'admin', name: 'superadmin', env: {} },
  { app: 'admin', name: 'operators', env: { SCHEDULER: 'on' } },
  { app: 'admin', name: 'finance', env: {} },
  { app: 'admin', name: 'support', env: {} },
];

const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const freePort = () =>
  new Promise((ok, no) => {
    const srv = createServer();
    srv.on('error', no);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });

function run(name, cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (r.status !== 0) throw new Error(`${name} failed (exit ${r.status ?? r.signal})`);
}

/** The API and both web apps, production builds (the journeys then skip their own build). */
function buildAll() {
  run('API build', process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-b', 'apps/api/tsconfig.build.json']);
  for (const app of ['player', 'admin'])
    run(`${app} build`, process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
      cwd: path.join(root, 'apps', app),
      env: { ...process.env, NODE_ENV: 'production' },
    });
}

async function admin(fn) {
  const c = new Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Starts scripts/cluster.js; resolves once nginx is up. */
async function startCluster(databaseUrl, env) {
  const port = await freePort();
  const proc = spawn(process.execPath, [path.join(root, 'scripts/cluster.js'), '--instances', String(INSTANCES), '--port', String(port)], {
    cwd: root,
    env: { ...process.env, ...env, DATABASE_URL: databaseUrl, REDIS_URL },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout.on('data', (b) => (out += b.toString()));
  proc.stderr.on('data', (b) => (out += b.toString()));
  const exited = new Promise((ok) => proc.on('exit', (code, sig) => ok(code ?? sig)));
  const started = Date.now();
  while (!/Cluster up/.test(out)) {
    if (proc.exitCode !== null || proc.signalCode !== null || Date.now() - started > 180_000) {
      if (proc.exitCode === null) proc.kill('SIGTERM');
      throw new Error(`the cluster did not start:\n${out}`);
    }
    await sleep(200);
  }
  return {
    base: `http://127.0.0.1:${port}`,
    output: () => out,
    stop: async () => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
      return exited;
    },
  };
}

/**
 * Every round exactly once, from the database and from the instances' logs (each transition is logged by the
 * instance whose conditional update won it). Rounds due to draw more than `graceMs` before the cluster stopped must be
 * settled. Answers the problems found (none: []) and the figures.
 */
async function roundsExactlyOnce(databaseUrl, logs, stoppedAt, graceMs) {
  const c = new Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const q = async (sql, params) => (await c.query(sql, params)).rows;
    const n = async (sql, params) => Number((await q(sql, params))[0].n);
    const problems = [];
    const dupes = await q(`SELECT game_id, issue, COUNT(*) AS n FROM rounds GROUP BY game_id, issue HAVING COUNT(*) > 1`);
    if (dupes.length > 0) problems.push(`duplicate rounds: ${JSON.stringify(dupes)}`);
    const rounds = await q(`SELECT id, game_id, issue, state, draw_at, site_1, site_2, site_3, sum, drawn_at, settled_at FROM rounds ORDER BY id`);
    const settled = rounds.filter((r) => r.state === 'settled');
    const overdue = rounds.filter((r) => Number(r.draw_at) < stoppedAt - graceMs && r.state !== 'settled' && r.state !== 'void');
    if (overdue.length > 0) problems.push(`rounds due but not settled: ${JSON.stringify(overdue.map((r) => ({ id: r.id, state: r.state })))}`);
    const badOutcome = settled.filter((r) => r.sum === null || r.drawn_at === null || r.settled_at === null || r.site_1 + r.site_2 + r.site_3 !== r.sum);
    if (badOutcome.length > 0) problems.push(`settled rounds without a consistent outcome: ${JSON.stringify(badOutcome.map((r) => r.id))}`);
    const undrawnWithOutcome = rounds.filter((r) => (r.state === 'open' || r.state === 'closed') && r.sum !== null);
    if (undrawnWithOutcome.length > 0) problems.push(`open/closed rounds with an outcome: ${JSON.stringify(undrawnWithOutcome.map((r) => r.id))}`);
    const unsettledBets = await n(`SELECT COUNT(*) AS n FROM bets b JOIN rounds r ON r.id = b.round_id WHERE r.state = 'settled' AND b.status = 0`);
    if (unsettledBets > 0) problems.push(`${unsettledBets} bet(s) unsettled in settled rounds`);
    const winners = await n(`SELECT COUNT(*) AS n FROM bets WHERE whether_hit = 1 AND status = 1`);
    const payouts = await n(`SELECT COUNT(*) AS n FROM ledger_transactions WHERE kind = 'bet_payout'`);
    if (payouts !== winners) problems.push(`${payouts} payouts for ${winners} winning bets`);
    const bets = await n(`SELECT COUNT(*) AS n FROM bets`);
    // The logs: per instance, the rounds it opened, closed, drew and settled; no transition twice, every round opened once, every settled round settled once.
    const byInstance = new Map();
    for (const m of logs.matchAll(/^\[api(\d+)\] .*round (\d+(?::\d+)?) (opened|closed|drawn|settled)\b/gm)) {
      const k = `${m[3]}:${m[2]}`;
      byInstance.set(k, [...(byInstance.get(k) ?? []), Number(m[1])]);
    }
    const twice = [...byInstance].filter(([, who]) => who.length > 1);
    if (twice.length > 0) problems.push(`transitions done twice: ${JSON.stringify(twice)}`);
    const logged = (what) => [...byInstance.keys()].filter((k) => k.startsWith(`${what}:`)).length;
    if (logged('settled') !== settled.length) problems.push(`${settled.length} rounds settled in the database, ${logged('settled')} settlements logged`);
    if (logged('opened') !== rounds.length) problems.push(`${rounds.length} rounds in the database, ${logged('opened')} openings logged`);
    const split = Array.from({ length: INSTANCES }, (_, i) => [...byInstance].filter(([k, who]) => k.startsWith('settled:') && who[0] === i + 1).length);
    return { problems, figures: { rounds: rounds.length, settled: settled.length, bets, payouts, split } };
  } finally {
    await c.end();
  }
}

async function main() {
  const only = process.argv.slice(2);
  const chosen = only.length > 0 ? JOURNEYS.filter((j) => only.includes(j.name)) : JOURNEYS;
  if (chosen.length === 0) throw new Error(`no journey named ${only.join(', ')} (known: ${JOURNEYS.map((j) => j.name).join(', ')})`);
  const t0 = Date.now();
  rmSync(reports, { recursive: true, force: true });
  mkdirSync(reports, { recursive: true });
  buildAll();
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`;
  const results = [];
  let current = null;
  const cleanup = async () => {
    if (current === null) return;
    const { cluster, dbName } = current;
    current = null;
    await cluster?.stop();
    await admin((c) => c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`));
  };
  for (const sig of ['SIGINT', 'SIGTERM'])
    process.on(sig, () => {
      console.error(`\n${sig}: stopping the cluster and dropping its database`);
      cleanup().finally(() => process.exit(1));
    });

  for (const [i, j] of chosen.entries()) {
    const started = Date.now();
    const dbName = `sum28_cluster_${tag}_${i}`;
    const dbUrl = new URL(PG_ADMIN_URL);
    dbUrl.pathname = `/${dbName}`;
    const databaseUrl = dbUrl.toString();
    const env = { ...JOURNEY_ENV, ...j.env };
    const result = { journey: `${j.app}/${j.name}`, passed: false, problems: [], figures: null, seconds: 0 };
    results.push(result);
    console.log(`\n=== ${result.journey}: 3 instances behind nginx, database ${dbName} ===`);
    await admin((c) => c.query(`CREATE DATABASE "${dbName}"`));
    current = { cluster: null, dbName };
    try {
      current.cluster = await startCluster(databaseUrl, env);
      const { base } = current.cluster;
      console.log(`cluster up at ${base} in ${Math.round((Date.now() - started) / 1000)} s`);
      const vitest = spawnSync(
        process.execPath,
        [
          path.join(root, 'node_modules/vitest/vitest.mjs'),
          'run',
          '--config',
          'vitest.e2e.config.ts',
          `e2e/${j.name}.e2e.test.ts`,
          '--reporter=default',
          '--reporter=json',
          `--outputFile=${path.join(reports, `${j.app}-${j.name}.json`)}`,
        ],
        {
          cwd: path.join(root, 'apps', j.app),
          stdio: 'inherit',
          env: {
            ...process.env,
            NO_COLOR: '1',
            FORCE_COLOR: '0',
            E2E_BASE_URL: base,
            E2E_API_ENV: JSON.stringify(env),
            E2E_SCREENSHOTS_DIR: path.join(reports, 'screenshots'),
            PLAYER_SKIP_BUILD: '1',
            ADMIN_SKIP_BUILD: '1',
          },
        },
      );
      if (vitest.status !== 0) result.problems.push(`the journey failed (vitest exit ${vitest.status ?? vitest.signal})`);
      // A journey that skipped itself (no Chromium) proved nothing.
      const counts = readJson(path.join(reports, `${j.app}-${j.name}.json`));
      result.tests = counts ? `${counts.numPassedTests}/${counts.numTotalTests}` : '?';
      if (counts === null || counts.numTotalTests === 0 || counts.numPassedTests !== counts.numTotalTests)
        result.problems.push(`journey tests passed: ${result.tests} (skipped ones count as not passed: is Chromium installed?)`);
      // Let the rounds due draw and settle, then stop the instances: what is due by then must be settled.
      const roundSeconds = Number(env.ROUND_SECONDS ?? 0);
      if (env.SCHEDULER === 'on' && roundSeconds > 0) await sleep(Math.min(roundSeconds, 30) * 1000);
      const stoppedAt = Date.now();
      const cluster = current.cluster;
      const exit = await cluster.stop();
      if (exit !== 0) result.problems.push(`the cluster exited with ${exit}`);
      const once = await roundsExactlyOnce(databaseUrl, cluster.output(), stoppedAt, 5000);
      result.problems.push(...once.problems);
      result.figures = once.figures;
      const ledger = spawnSync(process.execPath, [path.join(root, 'apps/api/dist/cli/ledger-check.js')], {
        cwd: root,
        env: { ...process.env, ...env, DATABASE_URL: databaseUrl, SCHEDULER: 'off' },
        encoding: 'utf8',
      });
      const line = /(\d+) checks, (\d+) violations/.exec(ledger.stdout ?? '');
      result.figures.ledger = line ? `${line[1]} checks, ${line[2]} violations` : 'no report';
      if (ledger.status !== 0 || line === null || line[2] !== '0') result.problems.push(`ledger:check: ${ledger.stdout}${ledger.stderr}`);
    } catch (e) {
      result.problems.push(String(e.stack ?? e));
    } finally {
      await cleanup();
    }
    result.passed = result.problems.length === 0;
    result.seconds = Math.round((Date.now() - started) / 1000);
    const f = result.figures;
    console.log(
      `=== ${result.journey}: ${result.passed ? 'passed' : 'FAILED'} in ${result.seconds} s, ${result.tests ?? 0} tests` +
        (f
          ? ` (${f.rounds} rounds, ${f.settled} settled, settlements by instance ${f.split.join(' / ')}, ${f.bets} bets, ${f.payouts} payouts; ledger:check ${f.ledger})`
          : '') +
        ' ===',
    );
    for (const p of result.problems) console.log(`  - ${p}`);
  }
  const failed = results.filter((r) => !r.passed);
  console.log(
    `\ntest:cluster: ${results.length - failed.length} of ${results.length} journeys passed on ${INSTANCES} instances behind nginx ` +
      `(every round drawn and settled exactly once, ledger:check 0) in ${Math.round((Date.now() - t0) / 1000)} s` +
      (failed.length ? `; FAILED: ${failed.map((r) => r.journey).join(', ')}` : ''),
  );
  process.exit(failed.length ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
