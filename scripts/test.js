#!/usr/bin/env node
// `npm test`: every test suite, each runner writing JSON under reports/, then one closing line
// `N passed, N failed` counted from those reports (scripts/count-results.js).
//
// The API e2e suite runs on every database the API supports (issue 13), each time on fresh databases the
// run creates and drops (apps/api/test/factories/test-db.ts):
//   1. with all the other jest projects, on SQLite through better-sqlite3 (the default driver);
//   2. TEST_DB=sqlite3: on SQLite through the `sqlite3` driver (DB_DRIVER=sqlite3), the money paths and the
//      reads players see (SQLITE3_SUBSET: the whole suite three times would take too long);
//   3. TEST_DB=postgres: on PostgreSQL (PG_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres),
//      one database per test app named sum28_run_<run tag>_..., all dropped at the end, even after a failure.
// Files that pick their own databases (DB_INDEPENDENT_SPECS) run once, in run 1.
// `node scripts/test.js --other-databases` runs only 2 and 3 (and the closing count).
const { spawnSync } = require('node:child_process');
const { mkdirSync, rmSync, existsSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { DB_INDEPENDENT_SPECS, SQLITE3_SUBSET, newRunTag, PG_ADMIN_URL } = require('./test-databases');

const root = path.resolve(__dirname, '..');
const reports = path.join(root, 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };
let failed = false;
const step = (name, cmd, args, extraEnv = {}) => {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
  console.log(`=== ${name}: ${r.status === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s ===`);
  if (r.status !== 0) failed = true;
  return r.status === 0;
};
const jest = path.join(root, 'node_modules/jest/bin/jest.js');
/** A runner that could not start still counts: one failed suite in its report. */
const reportFailure = (file, why) => {
  console.error(why);
  writeFileSync(path.join(reports, file), JSON.stringify({ numPassedTests: 0, numFailedTests: 0, numRuntimeErrorTestSuites: 1, why }));
  failed = true;
};

const all = !process.argv.includes('--other-databases');
if (all) {
  step('lint', 'npx', ['--no-install', 'eslint', '.']);
  step('dependency rules (dependency-cruiser)', 'npm', ['run', '--silent', 'lint:deps']);
  step('typecheck', 'npm', ['run', '--silent', 'typecheck']);
  step('unit and API tests (jest; API e2e on SQLite, better-sqlite3)', process.execPath, [jest, '--ci', '--json', `--outputFile=${path.join(reports, 'jest.json')}`]);
}

const e2eOn = (db, files, extraEnv = {}) =>
  step(`API e2e on ${db === 'postgres' ? 'PostgreSQL' : `SQLite (${db} driver)`}${files ? `, ${files.length} files (money paths and player reads)` : ''}`, process.execPath, [
    jest,
    '--ci',
    '--json',
    `--outputFile=${path.join(reports, `jest-e2e-${db}.json`)}`,
    '--selectProjects',
    'api',
    '--testPathIgnorePatterns',
    ...DB_INDEPENDENT_SPECS.map((f) => f.replace(/\./g, '\\.')),
    '--',
    files ? `apps/api/test/(${files.map((f) => f.replace(/\./g, '\\.')).join('|')})$` : 'apps/api/test/.*\\.e2e-spec\\.ts$',
  ], { TEST_DB: db, ...extraEnv });

e2eOn('sqlite3', SQLITE3_SUBSET);

const pgUp = spawnSync('pg_isready', ['-q', '-d', PG_ADMIN_URL], { timeout: 10_000 }).status === 0;
if (!pgUp) reportFailure('jest-e2e-postgres.json', `PostgreSQL does not answer at ${PG_ADMIN_URL}: the e2e suite could not run on it`);
else {
  const tag = newRunTag();
  try {
    e2eOn('postgres', null, { SUM28_TEST_RUN: tag });
  } finally {
    // The global teardown dropped them already; this catches a jest that was killed.
    const sweep = spawnSync(process.execPath, ['-e', `require(${JSON.stringify(path.join(__dirname, 'test-databases.js'))}).dropRunDatabases(${JSON.stringify(tag)}).then((n) => n && console.log('dropped', n, 'leftover test database(s)'))`], { stdio: 'inherit', env });
    if (sweep.status !== 0) console.error('could not drop the test databases of this run');
  }
}

for (const app of all ? ['player', 'admin'] : []) {
  const pkg = path.join(root, 'apps', app, 'package.json');
  if (existsSync(pkg) && require(pkg).scripts?.test)
    step(`${app} tests`, 'npm', ['test', '-w', `apps/${app}`, '--', `--outputFile=${path.join(reports, `${app}.json`)}`]);
}
const count = spawnSync(process.execPath, [path.join(__dirname, 'count-results.js')], { cwd: root, stdio: 'inherit' });
process.exit(failed || count.status !== 0 ? 1 : 0);
