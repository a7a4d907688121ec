#!/usr/bin/env node
// `npm test`: every test suite, each runner writing JSON under reports/, then one closing line
// `N passed, N failed, N skipped` counted from those reports (scripts/count-results.js).
//
// 0. Prerequisites (scripts/test-prereqs.js): Debian's Chromium, CJK fonts and nginx installed (as root with apt-get),
//    PostgreSQL and Redis started; what is still missing is one line each, and the run fails there: a suite that
//    could not run is a failure, never a skip.
// 1. Two lanes side by side (a 2-core machine is idle much of the time a browser journey or a database waits):
//    - API: the dependency rules, the API build (apps/api/dist, once for every later step), then one jest run
//      (jest.databases.config.js) of three databases as projects sharing one pool of workers: the unit tests and the
//      API e2e suite on SQLite through better-sqlite3 (the default driver), the money paths and player reads on SQLite
//      through `sqlite3` (SQLITE3_SUBSET), and the files whose behaviour depends on the database on PostgreSQL
//      (POSTGRES_SUBSET; PG_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres); each test app on a copy
//      of a migrated and seeded template (apps/api/test/factories/test-db.ts), every database dropped at the end;
//    - web: lint, the format check (prettier), the typecheck of every project (once the API lane built the libraries),
//      both web apps built once with their component tests, then each app's browser journeys in Chromium.
//    Each step's output goes to reports/logs/<step>.log; a failed step prints its log's end.
// Files that pick their own databases (DB_INDEPENDENT_SPECS) run once, in the default run.
// `node scripts/test.js --other-databases` runs only the sqlite3 and PostgreSQL runs (and the closing count).
const { spawn, spawnSync } = require('node:child_process');
const { mkdirSync, rmSync, writeFileSync, createWriteStream, readFileSync } = require('node:fs');
const path = require('node:path');
const { SQLITE3_SUBSET, POSTGRES_SUBSET, newRunTag, dropRunDatabases } = require('./test-databases');
const { ensurePrerequisites } = require('./test-prereqs');

const root = path.resolve(__dirname, '..');
const reports = path.join(root, 'reports');
const logs = path.join(reports, 'logs');
rmSync(reports, { recursive: true, force: true });
mkdirSync(logs, { recursive: true });
// One random seed per run for every test's Math.random and fast-check (scripts/jest-seed.js): printed at the start
// and after any failure, so `TEST_SEED=<seed> npm test` (or one jest file with it) replays the same cases.
const seed = process.env.TEST_SEED || String(Math.floor(Math.random() * 2 ** 31));
const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', TEST_SEED: seed };
const runStarted = Date.now();
let failed = false;

const finish = () => {
  const count = spawnSync(process.execPath, [path.join(__dirname, 'count-results.js')], { cwd: root, stdio: 'inherit' });
  console.log(`=== npm test: ${failed || count.status !== 0 ? 'FAILED' : 'passed'} in ${Math.round((Date.now() - runStarted) / 1000)} s ===`);
  process.exit(failed || count.status !== 0 ? 1 : 0);
};
/** A runner that could not start still counts: one failed suite in its report. */
const reportFailure = (file, why) => {
  console.error(why);
  writeFileSync(path.join(reports, file), JSON.stringify({ numPassedTests: 0, numFailedTests: 0, numRuntimeErrorTestSuites: 1, why }));
  failed = true;
};

/** Runs one step with its output in reports/logs/<slug>.log; answers whether it passed (a failure prints the log's end). */
function step(name, cmd, args, extraEnv = {}, cwd = root) {
  const slug = name
    .replace(/\(.*?\)/g, '')
    .trim()
    .replace(/[^a-zA-Z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  const logFile = path.join(logs, `${slug}.log`);
  console.log(`=== ${name}: started (log: reports/logs/${slug}.log) ===`);
  const started = Date.now();
  return new Promise((resolve) => {
    const out = createWriteStream(logFile);
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...env, ...extraEnv } });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('error', (e) => out.write(`\n${String(e)}\n`));
    child.on('close', (code) => {
      out.end(() => {
        const ok = code === 0;
        if (!ok) {
          failed = true;
          const lines = readFileSync(logFile, 'utf8').split('\n');
          console.log(`--- the last ${Math.min(lines.length, 150)} lines of reports/logs/${slug}.log ---\n${lines.slice(-150).join('\n')}`);
          console.log(`--- the run's random seed: TEST_SEED=${seed} replays it ---`);
        }
        console.log(`=== ${name}: ${ok ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s ===`);
        resolve(ok);
      });
    });
  });
}

const jest = path.join(root, 'node_modules/jest/bin/jest.js');
const vite = path.join(root, 'node_modules/vite/bin/vite.js');
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const LABEL = { player: 'player app', admin: 'console' };

/**
 * The jest run (jest.databases.config.js): the unit tests and the API e2e suite on better-sqlite3, with the files whose
 * behaviour depends on the database again on sqlite3 and on PostgreSQL, as projects of one run sharing one pool of
 * workers; `projects` limits it (`--other-databases`: the sqlite3 and PostgreSQL projects only). Every PostgreSQL
 * database of the run is named after one tag and dropped at the end, even after a failure.
 */
async function jestRun(projects = []) {
  const tag = newRunTag();
  try {
    return await step(
      `unit and API tests (jest; API e2e on SQLite through better-sqlite3, ${SQLITE3_SUBSET.length} files on sqlite3, ${POSTGRES_SUBSET.length} on PostgreSQL)`,
      process.execPath,
      [
        jest,
        '--ci',
        '--json',
        `--outputFile=${path.join(reports, 'jest.json')}`,
        '--config',
        path.join(root, 'jest.databases.config.js'),
        ...(projects.length > 0 ? ['--selectProjects', ...projects] : []),
      ],
      { SUM28_TEST_RUN: tag },
    );
  } finally {
    // The global teardown dropped them already; this catches a jest that was killed.
    const n = await dropRunDatabases(tag).catch((e) => {
      console.error(`could not drop the test databases of this run: ${String(e)}`);
      return 0;
    });
    if (n > 0) console.log(`dropped ${n} leftover test database(s)`);
  }
}

/** The API lane: the dependency rules and the API build (which the journeys and the server-process tests start), then jest. */
async function apiLane(all, apiBuilt) {
  if (!all) {
    await jestRun(['api on sqlite3', 'api on postgres']);
    return;
  }
  await step('dependency rules (dependency-cruiser)', 'npm', ['run', '--silent', 'lint:deps']);
  apiBuilt.resolve(await step('build the API (tsc -b)', 'npm', ['run', '--silent', 'build']));
  await jestRun();
}

/** One vitest run of a web app (its component tests, or with `--config vitest.e2e.config.ts` its browser journeys). */
const vitestOf = (app, name, args, report, extraEnv = {}) =>
  step(
    name,
    process.execPath,
    [vitest, 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile=${path.join(reports, report)}`],
    extraEnv,
    path.join(root, 'apps', app),
  );

/**
 * The web lane: lint, the format check and the typecheck, both web apps built once (production builds) and their component tests,
 * then, once the API is built, each app's browser journeys (their global setup skips its own build).
 */
async function webLane(apiBuilt) {
  await step('lint (eslint)', 'npx', ['--no-install', 'eslint', '.']);
  await step('format (prettier --check)', 'npx', ['--no-install', 'prettier', '--check', '--log-level', 'warn', '.']);
  // The type check of every project (src, tests, web apps) once the API lane has built the libraries it reads.
  if (await apiBuilt.promise) await step('typecheck', 'npm', ['run', '--silent', 'typecheck:projects']);
  else reportFailure('typecheck.json', 'typecheck: not run, the API build failed');
  const built = {};
  for (const app of ['player', 'admin']) {
    const label = LABEL[app];
    built[app] = await step(
      `build the ${label} (vite)`,
      process.execPath,
      [vite, 'build', '--logLevel', 'warn'],
      { NODE_ENV: 'production' },
      path.join(root, 'apps', app),
    );
    await vitestOf(app, `${label}: component tests (vitest, jsdom)`, [], `${app}.json`);
  }
  const api = await apiBuilt.promise;
  // The two apps' journeys side by side: each waits on its browser and on live rounds much of the time.
  await Promise.all(
    ['player', 'admin'].map((app) => {
      const label = LABEL[app];
      if (!built[app] || !api) {
        reportFailure(`${app}-journey.json`, `${label}: the browser journeys did not run, ${!api ? 'the API' : 'its'} build failed`);
        return Promise.resolve(false);
      }
      return vitestOf(app, `${label}: browser journeys (Chromium)`, ['--config', 'vitest.e2e.config.ts'], `${app}-journey.json`, {
        API_BUILT: '1',
        [`${app.toUpperCase()}_SKIP_BUILD`]: '1',
      });
    }),
  );
}

async function main() {
  const all = !process.argv.includes('--other-databases');
  console.log(`=== npm test, random seed TEST_SEED=${seed} ===`);
  console.log('=== prerequisites: Chromium, fonts, nginx, PostgreSQL, Redis ===');
  const missing = ensurePrerequisites((line) => console.log(line));
  if (missing.length > 0) {
    reportFailure('prerequisites.json', missing.join('\n'));
    return finish();
  }
  let resolveBuilt;
  const apiBuilt = { promise: new Promise((r) => (resolveBuilt = r)), resolve: (ok) => resolveBuilt(ok) };
  if (all) await Promise.all([apiLane(true, apiBuilt), webLane(apiBuilt)]);
  else await apiLane(false, apiBuilt);
  finish();
}

void main();
