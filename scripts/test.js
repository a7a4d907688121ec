#!/usr/bin/env node
// `npm test`: every test suite, each runner writing JSON under reports/, then one closing line
// `N passed, N failed` counted from those reports (scripts/count-results.js).
const { spawnSync } = require('node:child_process');
const { mkdirSync, rmSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const reports = path.join(root, 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };
let failed = false;
const step = (name, cmd, args) => {
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  if (r.status !== 0) failed = true;
};

step('lint', 'npx', ['--no-install', 'eslint', '.']);
step('typecheck', 'npm', ['run', '--silent', 'typecheck']);
step('unit and API tests (jest)', process.execPath, [
  path.join(root, 'node_modules/jest/bin/jest.js'),
  '--ci',
  '--json',
  `--outputFile=${path.join(reports, 'jest.json')}`,
]);
for (const app of ['player', 'admin']) {
  const pkg = path.join(root, 'apps', app, 'package.json');
  if (require('node:fs').existsSync(pkg) && require(pkg).scripts?.test)
    step(`${app} tests`, 'npm', ['test', '-w', `apps/${app}`, '--', `--outputFile=${path.join(reports, `${app}.json`)}`]);
}
const count = spawnSync(process.execPath, [path.join(__dirname, 'count-results.js')], { cwd: root, stdio: 'inherit' });
process.exit(failed || count.status !== 0 ? 1 : 0);
