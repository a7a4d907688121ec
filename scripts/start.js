#!/usr/bin/env node
// `npm start`: builds what is not built (TypeScript incrementally, the web apps when their build is missing
// or older than their sources), then serves everything on PORT (default 3000). Migrations run at boot and
// the demo content is seeded on the first run.
const { spawnSync, spawn } = require('node:child_process');
const { existsSync, statSync, readdirSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const run = (cmd, args, opts = {}) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

function newest(dir) {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

console.log('Building the API (incremental)...');
run(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-b', 'apps/api/tsconfig.build.json']);
for (const app of ['player', 'admin']) {
  const dir = path.join(root, 'apps', app);
  if (!existsSync(path.join(dir, 'package.json'))) continue;
  const built = path.join(dir, 'dist', 'index.html');
  const stale = !existsSync(built) || statSync(built).mtimeMs < Math.max(newest(path.join(dir, 'src')), newest(path.join(root, 'libs')));
  if (stale) {
    console.log(`Building the ${app} app...`);
    run('npm', ['run', 'build', '-w', `apps/${app}`]);
  }
}
const server = spawn(process.execPath, [path.join(root, 'apps/api/dist/main.js')], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
