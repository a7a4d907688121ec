// The databases the API e2e suite runs on (`TEST_DB`), and the sweep that drops every PostgreSQL database
// a test run created. Plain CommonJS: used by scripts/test.js and by jest's global setup / teardown.
const { Client } = require('pg');
const { existsSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');

/** `better-sqlite3` (default), `sqlite3` (the other SQLite driver) or `postgres`. */
const TEST_DBS = ['better-sqlite3', 'sqlite3', 'postgres'];
const PG_ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Every database of one run starts with this prefix plus the run's tag (see SUM28_TEST_RUN). */
const RUN_DB_PREFIX = 'sum28_run_';

function testDbKind(env = process.env) {
  const v = env.TEST_DB ?? 'better-sqlite3';
  if (!TEST_DBS.includes(v)) throw new Error(`TEST_DB must be one of ${TEST_DBS.join(', ')} (got "${v}")`);
  return v;
}

/** A fresh tag per run: lower-case letters and digits only (it goes into database names). */
function newRunTag() {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 4).toString(36)}`;
}

/** Drops every database of the run `tag` (all runs when tag is '*'); answers how many were dropped. */
async function dropRunDatabases(tag) {
  const c = new Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  try {
    const like = tag === '*' ? `${RUN_DB_PREFIX}%` : `${RUN_DB_PREFIX}${tag}_%`;
    const { rows } = await c.query('SELECT datname FROM pg_database WHERE datname LIKE $1', [like]);
    for (const r of rows) await c.query(`DROP DATABASE IF EXISTS "${r.datname}" WITH (FORCE)`);
    return rows.length;
  } finally {
    await c.end();
  }
}

/**
 * Where test apps keep their files: /dev/shm where there is one (a test database needs no durable disk, and SQLite's
 * fsync at every commit then costs nothing), else the system's temporary directory.
 */
function testTmpRoot() {
  return existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
}

/** Where a run keeps its template SQLite files (test/factories/test-db.ts). */
function runTemplateDir(tag) {
  return path.join(testTmpRoot(), `sum28-templates-${tag}`);
}

/** Removes the run's template files. */
function removeRunTemplates(tag) {
  rmSync(runTemplateDir(tag), { recursive: true, force: true });
}

/**
 * e2e files that choose their own databases (real server processes on SQLite files and PostgreSQL, the
 * driver matrix, migrations on both): they run once, in the default run, not again per TEST_DB.
 */
const DB_INDEPENDENT_SPECS = [
  'scale.e2e-spec.ts',
  'cluster.e2e-spec.ts',
  'database.e2e-spec.ts',
  'identity.e2e-spec.ts',
  'backup.e2e-spec.ts',
  'settlement-sql.e2e-spec.ts',
];

/**
 * What `npm test` runs on the `sqlite3` driver: the money paths (bets, settlement, ledger, wallet,
 * recharges, withdrawals, approvals, console money, concurrency) and the reads players see (fairness,
 * rounds, heartbeat and feed, fund history), where the two SQLite drivers differ (RETURNING rows, one
 * connection, committed reads). The whole suite three times would push `npm test` past ~25 minutes on
 * this machine (docs/ARCHITECTURE.md, "Tests on every database"); the full sqlite3 run is
 * `TEST_DB=sqlite3 npx jest --selectProjects api apps/api/test`.
 */
const SQLITE3_SUBSET = [
  'betting',
  'settlement',
  'ledger',
  'ledger-model',
  'wallet',
  'wallet-idor',
  'withdraw',
  'withdraw-cheap-checks',
  'recharge',
  'recharge-rates',
  'approvals',
  'money-messages',
  'console-money',
  'concurrency',
  'fairness',
  'rounds',
  'feed',
  'player-api',
  'database-parity',
].map((n) => `${n}.e2e-spec.ts`);

/**
 * What `npm test` runs on PostgreSQL: the files whose behaviour depends on the database (the sqlite3 subset's money
 * paths and player reads, plus the other reads with SQL of their own: records, team, the console's player records and
 * resource lists, the native bet route). Not the validation sweeps, messages, the role matrix, OpenAPI, content, sign-in
 * or dependency rules: they answer before any SQL that differs between the drivers, or through the same statements. The whole
 * suite on PostgreSQL: `TEST_DB=postgres npx jest --selectProjects api apps/api/test`.
 */
const POSTGRES_SUBSET = [
  ...SQLITE3_SUBSET,
  ...[
    'player-records',
    'player-api-complete',
    'play-order-route',
    'team',
    'console-player-records',
    'console-resources',
    'labels',
    'hashing-bounds',
    'two-people',
    'setting-changes',
    'sums-past-safe-range',
    'sensitive-reads',
    'sign-in-throttle',
    'staff-reset-takeover',
    'console-auth',
  ].map((n) => `${n}.e2e-spec.ts`),
];

module.exports = {
  POSTGRES_SUBSET,
  DB_INDEPENDENT_SPECS,
  SQLITE3_SUBSET,
  runTemplateDir,
  removeRunTemplates,
  testTmpRoot,
  TEST_DBS,
  PG_ADMIN_URL,
  RUN_DB_PREFIX,
  testDbKind,
  newRunTag,
  dropRunDatabases,
};
