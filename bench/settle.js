'use strict';
// Settlement of one round with many bets (bench/run.js case 3), on SQLite or PostgreSQL. Each step runs in a
// process of its own so that the settlement's peak RSS is its own (not the fixture's nor the load generator's):
//   node bench/settle.js prepare <DATABASE_URL> <bets>   seeds players and one drawn round with <bets> pending bets
//   node bench/settle.js settle <DATABASE_URL> <roundId>  settles it (SettlementService.settleRound), then runs the ledger check
// Each prints one JSON line. `settlement(url, bets)` runs both and answers the figures.
require('reflect-metadata');
const { spawn } = require('node:child_process');
const { join } = require('node:path');
const { API_ROOT, apiRequire } = require('./lib');

const PLAYERS = 2000;

/** The API's app (in this process, scheduler off) on `url`. */
async function appOn(url) {
  const { createApp } = require(join(API_ROOT, 'apps/api/dist/app.factory'));
  const { loadConfig } = require(join(API_ROOT, 'apps/api/dist/common/config/app-config'));
  const cfg = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, SCHEDULER: 'off', OPEN_HOURS: 'always', CAPTCHA_MODE: 'off' });
  return { cfg, app: await createApp(cfg, { logger: false }) };
}

async function prepare(url, bets) {
  const { seedDatabase, TxRunner } = apiRequire('@sum28/database');
  const { slotAt } = apiRequire('@sum28/domain');
  const { DataSource } = apiRequire('typeorm');
  const fixtures = require('./fixtures');
  const { RoundLifecycleService } = require(join(API_ROOT, 'apps/api/dist/rounds/round-lifecycle.service'));
  const { cfg, app } = await appOn(url);
  try {
    const ds = app.get(DataSource);
    const tx = app.get(TxRunner);
    const now = Date.now();
    await seedDatabase(ds, { now, demo: false });
    const players = await fixtures.players(tx, PLAYERS, 100_000_000, now);
    const slot = slotAt(now, cfg.schedule);
    const lifecycle = app.get(RoundLifecycleService);
    await lifecycle.open(1, slot, now);
    const round = (
      await ds.query(
        tx.kind === 'postgres'
          ? `SELECT id, game_id, issue, open_at FROM rounds WHERE game_id = 1 AND issue = $1`
          : `SELECT id, game_id, issue, open_at FROM rounds WHERE game_id = 1 AND issue = ?`,
        [slot.issue],
      )
    )[0];
    round.id = Number(round.id);
    round.open_at = Number(round.open_at);
    const t0 = Date.now();
    await fixtures.bets(
      tx,
      round,
      1,
      players.map((p) => p.id),
      bets,
      1000,
    );
    const insertMs = Date.now() - t0;
    if (!(await lifecycle.close(round.id, slot.drawAt)) || !(await lifecycle.draw(round.id, slot.drawAt))) throw new Error('could not draw');
    return { roundId: round.id, insertMs };
  } finally {
    await app.close();
  }
}

async function settle(url, roundId) {
  const { DataSource } = apiRequire('typeorm');
  const { SettlementService } = require(join(API_ROOT, 'apps/api/dist/rounds/settlement.service'));
  const { runLedgerCheck } = require(join(API_ROOT, 'apps/api/dist/ledger/ledger-check'));
  const { app } = await appOn(url);
  try {
    const rssBeforeMb = process.memoryUsage().rss / 2 ** 20;
    const cpu0 = process.cpuUsage();
    const report = await app.get(SettlementService).settleRound(roundId);
    const cpu = process.cpuUsage(cpu0);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    if (report === null) throw new Error(`round ${roundId} was not settled`);
    // Peak RSS of this process so far: start-up and the settlement, before the ledger check reads anything.
    const peakRssMb = process.resourceUsage().maxRSS / 1024;
    const c0 = Date.now();
    const check = await runLedgerCheck(app.get(DataSource));
    return { report, cpuMs, rssBeforeMb, peakRssMb, violations: check.violations, checkMs: Date.now() - c0 };
  } finally {
    await app.close();
  }
}

/** Runs `node bench/settle.js ...args` and answers its last output line as JSON. */
function step(args) {
  return new Promise((ok, fail) => {
    const p = spawn(process.execPath, [__filename, ...args], { cwd: API_ROOT, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (b) => (out += b));
    p.stderr.on('data', (b) => (out += b));
    p.on('exit', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      if (code !== 0) fail(new Error(`bench/settle.js ${args[0]} exited ${code}:\n${out}`));
      else ok(JSON.parse(last));
    });
  });
}

/** Prepares a drawn round with `bets` pending bets on `url`, then settles it in a fresh process. */
async function settlement(url, bets) {
  const p = await step(['prepare', url, String(bets)]);
  const s = await step(['settle', url, String(p.roundId)]);
  return { bets, insertMs: p.insertMs, ...s };
}

module.exports = { settlement };

if (require.main === module) {
  const [cmd, url, arg] = process.argv.slice(2);
  const run = cmd === 'prepare' ? prepare(url, Number(arg)) : cmd === 'settle' ? settle(url, Number(arg)) : Promise.reject(new Error(`unknown step ${cmd}`));
  run.then(
    (r) => {
      console.log(JSON.stringify(r));
      process.exit(0);
    },
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
