'use strict';
// `npm run bench:web`: the player app's first-screen JavaScript, gzipped (budget 200 kB, issue 10). It builds
// apps/player, then follows Vite's manifest: the entry with its static imports (what index.html preloads), plus the
// lazy chunk of the first screen (login for a visitor, home for a signed-in player) with its static imports. Other
// screens are separate lazy chunks and do not count. Prints the figures; exits 1 over budget.
const { spawnSync } = require('node:child_process');
const { readFileSync, existsSync } = require('node:fs');
const { gzipSync } = require('node:zlib');
const { join, resolve } = require('node:path');

const ROOT = resolve(__dirname, '..');
const APP = join(ROOT, 'apps', 'player');
const DIST = join(APP, 'dist');
const BUDGET_KB = 200;

if (process.env.BENCH_WEB_SKIP_BUILD !== '1' || !existsSync(join(DIST, '.vite', 'manifest.json'))) {
  const r = spawnSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: APP,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8'));

/** The chunk of `key` and everything it imports statically, as output file names. */
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (chunk === undefined || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const css of chunk.css ?? []) seen.add(css);
  for (const dep of chunk.imports ?? []) closure(dep, seen);
  return seen;
}
const gz = (files, ext) => [...files].filter((f) => f.endsWith(ext)).reduce((acc, f) => acc + gzipSync(readFileSync(join(DIST, f)), { level: 9 }).length, 0);
const kb = (n) => (n / 1024).toFixed(1);

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
let worst = 0;
for (const [name, page] of [
  ['login (visitor)', 'src/pages/login.tsx'],
  ['home (signed in)', 'src/pages/home.tsx'],
]) {
  if (manifest[page] === undefined) throw new Error(`${page} is not a chunk of its own in the build`);
  const files = closure(page, closure(entry));
  const js = gz(files, '.js');
  worst = Math.max(worst, js);
  console.log(`player first screen, ${name}: ${kb(js)} kB JS gzipped (budget ${BUDGET_KB} kB), ${kb(gz(files, '.css'))} kB CSS gzipped`);
}
const shell = closure(entry);
console.log(`  of which the shell (entry and its imports, preloaded by index.html): ${kb(gz(shell, '.js'))} kB JS gzipped`);
process.exit(worst / 1024 > BUDGET_KB ? 1 : 0);
