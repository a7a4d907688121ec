// The packages only the benchmarks use (autocannon, lighthouse and what they pull: about 170 packages) live in
// bench/package.json, not in the root's: `npm ci` at the root stays lighter, and the bench scripts install them into
// bench/node_modules on first use (from bench/package-lock.json, the same exact versions every time).
const { spawnSync } = require('node:child_process');
const { existsSync } = require('node:fs');
const path = require('node:path');

const NAMES = ['autocannon', 'lighthouse'];

function installed() {
  return NAMES.every((n) => existsSync(path.join(__dirname, 'node_modules', n, 'package.json')));
}

/** Installs bench/'s own packages when they are missing (a first `npm run bench` on a fresh clone). */
function ensureBenchDeps() {
  if (installed()) return;
  console.log(`bench: installing ${NAMES.join(' and ')} into bench/node_modules (first use)`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, ['ci', '--no-audit', '--no-fund', '--prefix', __dirname], { cwd: __dirname, stdio: 'inherit' });
  if (r.status !== 0 || !installed()) {
    console.error('bench: could not install its packages (npm ci in bench/ failed)');
    process.exit(1);
  }
}

module.exports = { ensureBenchDeps };

if (require.main === module) ensureBenchDeps();
