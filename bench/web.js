'use strict';
// `npm run bench:web`: the player app's first-screen JavaScript, gzipped (budget 200 kB, issue 10). It builds
// apps/player, then follows index.html: the entry script, its modulepreload links and the CSS; route screens are
// separate lazy chunks and do not count. Prints the figures; exits 1 over budget.
const { spawnSync } = require('node:child_process');
const { readFileSync, existsSync } = require('node:fs');
const { gzipSync } = require('node:zlib');
const { join, resolve } = require('node:path');

const ROOT = resolve(__dirname, '..');
const APP = join(ROOT, 'apps', 'player');
const DIST = join(APP, 'dist');
const BUDGET_KB = 200;

if (process.env.BENCH_WEB_SKIP_BUILD !== '1' || !existsSync(join(DIST, 'index.html'))) {
  const r = spawnSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: APP,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const html = readFileSync(join(DIST, 'index.html'), 'utf8');
const refs = (re) => [...html.matchAll(re)].map((m) => m[1]);
const js = [...new Set([...refs(/<script[^>]+src="([^"]+\.js)"/g), ...refs(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)])];
const css = refs(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+\.css)"/g);
const size = (files) =>
  files.reduce(
    (acc, f) => {
      const buf = readFileSync(join(DIST, f.replace(/^\//, '')));
      return { raw: acc.raw + buf.length, gz: acc.gz + gzipSync(buf, { level: 9 }).length };
    },
    { raw: 0, gz: 0 },
  );
const kb = (n) => (n / 1024).toFixed(1);
const j = size(js);
const c = size(css);
console.log(`player first screen: ${js.length} JS files, ${kb(j.raw)} kB raw, ${kb(j.gz)} kB gzipped (budget ${BUDGET_KB} kB); CSS ${kb(c.gz)} kB gzipped`);
process.exit(j.gz / 1024 > BUDGET_KB ? 1 : 0);
