// What `npm test` needs besides npm packages, checked (and where possible provided) before any test runs:
// Debian's Chromium and CJK fonts (the browser journeys), nginx (the cluster script test), PostgreSQL (the e2e
// suite's PostgreSQL run, backup, migrations) and Redis (the scale-out tests). Run as root with apt-get, the
// missing packages are installed and stopped services started; otherwise each missing piece is one line saying
// what to install, and the run fails: a suite that could not run is a failure, never a skip.
const { spawnSync } = require('node:child_process');
const { existsSync, readdirSync } = require('node:fs');

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const { PG_ADMIN_URL } = require('./test-databases');
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

const ok = (cmd, args, timeout = 10_000) => spawnSync(cmd, args, { stdio: 'ignore', timeout }).status === 0;
const has = (cmd) => ok('sh', ['-c', `command -v ${cmd}`]);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Debian packages a check needs: [package, present?]. */
const packages = () => [
  ['chromium', existsSync(CHROMIUM)],
  ['fonts-noto-cjk', ok('dpkg', ['-s', 'fonts-noto-cjk'])],
  ['nginx-light', has('nginx') || existsSync('/usr/sbin/nginx')],
];
const pgUp = () => ok('pg_isready', ['-q', '-d', PG_ADMIN_URL]);
const redisUp = () => spawnSync('redis-cli', ['-u', REDIS_URL, 'ping'], { timeout: 5000 }).stdout?.toString().trim() === 'PONG';

function provide(log) {
  const missing = packages()
    .filter(([, present]) => !present)
    .map(([name]) => name);
  if (missing.length > 0 && isRoot && has('apt-get')) {
    log(`installing ${missing.join(', ')} (apt-get)`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const run = (args) => spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env, timeout: 600_000 }).status === 0;
    if (!run(['install', '-y', '-qq', '--no-install-recommends', ...missing]))
      run(['update', '-qq']) && run(['install', '-y', '-qq', '--no-install-recommends', ...missing]);
  }
  if (!pgUp() && has('pg_ctlcluster') && existsSync('/etc/postgresql')) {
    for (const version of readdirSync('/etc/postgresql')) ok('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], 60_000);
  }
  if (!redisUp() && has('redis-server') && /127\.0\.0\.1|localhost/.test(REDIS_URL)) {
    ok('redis-server', ['--daemonize', 'yes', '--bind', '127.0.0.1', '-::1', '--port', '6379', '--save', '', '--appendonly', 'no', '--dir', '/tmp']);
    for (let i = 0; i < 20 && !redisUp(); i++) spawnSync('sleep', ['0.25']);
  }
}

/** Answers one line per missing piece (empty when everything is there). */
function problems() {
  const out = [];
  const missing = packages()
    .filter(([, present]) => !present)
    .map(([name]) => name);
  if (missing.length > 0)
    out.push(
      `missing Debian packages ${missing.join(', ')} (browser journeys, cluster test): run \`apt-get install ${missing.join(' ')}\` as root, or set CHROMIUM_PATH`,
    );
  if (!pgUp()) out.push(`PostgreSQL does not answer at ${PG_ADMIN_URL}: start it (or set PG_ADMIN_URL)`);
  if (!redisUp()) out.push(`Redis does not answer at ${REDIS_URL}: install and start redis-server (or set REDIS_URL)`);
  return out;
}

/** Provides what it can, then answers what is still missing. */
function ensurePrerequisites(log = console.log) {
  provide(log);
  return problems();
}

module.exports = { ensurePrerequisites, CHROMIUM };

if (require.main === module) {
  const p = ensurePrerequisites();
  for (const line of p) console.error(line);
  process.exit(p.length > 0 ? 1 : 0);
}
