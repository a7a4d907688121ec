'use strict';
// Cold start (bench/run.js case 4): time from spawning `node apps/api/dist/main.js` on an existing, migrated and
// seeded SQLite database until the first successful answer of GET /health/ready, polled every 10 ms.
const { spawn } = require('node:child_process');
const http = require('node:http');
const { join } = require('node:path');
const { API_ROOT, apiEnv, apiRequire, freePort, sleep } = require('./lib');

function ready(port) {
  return new Promise((ok) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/health/ready', timeout: 1000 }, (res) => {
      res.resume();
      res.on('end', () => ok(res.statusCode === 200));
    });
    req.on('error', () => ok(false));
    req.on('timeout', () => req.destroy());
  });
}

/** One start: ms from spawn to the first 200 of /health/ready. */
async function once(url) {
  const port = await freePort();
  const t0 = process.hrtime.bigint();
  const proc = spawn(process.execPath, [join(API_ROOT, 'apps/api/dist/main.js')], {
    cwd: API_ROOT,
    env: { PATH: process.env.PATH, ...apiEnv(url, port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  proc.stderr.on('data', (b) => (err += b));
  const exited = new Promise((r) => proc.on('exit', r));
  try {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (proc.exitCode !== null) throw new Error(`the API exited (${proc.exitCode}):\n${err}`);
      if (await ready(port)) return Number(process.hrtime.bigint() - t0) / 1e6;
      await sleep(10);
    }
    throw new Error(`the API did not answer /health/ready within 60 s:\n${err}`);
  } finally {
    proc.kill('SIGTERM');
    await exited;
  }
}

/** `runs` cold starts on a database migrated and seeded beforehand; answers each time and the median. */
async function coldStart(dir, runs = 5) {
  const url = `sqlite:${join(dir, 'cold.sqlite')}`;
  const { openDatabase, seedDatabase } = apiRequire('@sum28/database');
  const ds = await openDatabase({ url });
  await seedDatabase(ds, { now: Date.now(), demo: false });
  await ds.destroy();
  // One start first: it writes what a first start writes (the console's first staff account), as an existing deployment has.
  await once(url);
  const times = [];
  for (let i = 0; i < runs; i++) times.push(await once(url));
  const sorted = [...times].sort((a, b) => a - b);
  return { times, median: sorted[Math.floor(sorted.length / 2)] };
}

module.exports = { coldStart };
