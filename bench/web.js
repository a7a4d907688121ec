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
const overBudget = worst / 1024 > BUDGET_KB;

// Lighthouse (mobile preset: simulated slow 4G and 4x CPU slowdown) on the login and home screens, against the real
// API serving the build on a fresh SQLite file. Targets (issue 10): performance >= 90, accessibility >= 95.
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
async function lighthouseFigures() {
  const { spawn } = require('node:child_process');
  const { mkdtempSync, rmSync } = require('node:fs');
  const { createServer } = require('node:net');
  const { tmpdir } = require('node:os');
  const { chromium } = require('playwright-core');
  const lighthouse = (await import('lighthouse')).default;
  const port = await new Promise((ok) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const p = srv.address().port;
      srv.close(() => ok(p));
    });
  });
  const dir = mkdtempSync(join(tmpdir(), 'sum28-lh-'));
  const api = spawn(process.execPath, [join(ROOT, 'apps/api/dist/main.js')], {
    cwd: ROOT,
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(dir, 'lh.sqlite')}`,
      CAPTCHA_MODE: 'off',
      SCHEDULER: 'off',
      NODE_ENV: 'test',
      ADMIN_PASSWORD: 'lighthouse-admin-pw-1',
    },
  });
  const base = `http://127.0.0.1:${port}`;
  let browser;
  try {
    for (let i = 0; ; i++) {
      const ok = await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (i > 240) throw new Error('API did not start');
      await new Promise((r) => setTimeout(r, 250));
    }
    const reg = await fetch(`${base}/index.php/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'lighthouse1', password: 'lighthouse-pw-1', invite_code: '100001', adult: true }),
    }).then((r) => r.json());
    const debugPort = port + 1;
    browser = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'sum28-lh-profile-')), {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        `--remote-debugging-port=${debugPort}`,
      ],
    });
    const figures = [];
    for (const [name, path, signedIn] of [
      ['login', '/login', false],
      ['home', '/', true],
    ]) {
      const page = browser.pages()[0] ?? (await browser.newPage());
      await page.goto(`${base}/login`);
      await page.evaluate((token) => (token ? localStorage.setItem('token', token) : localStorage.clear()), signedIn ? reg.data.userinfo.token : null);
      const result = await lighthouse(`${base}${path}`, {
        port: debugPort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      const c = result.lhr.categories;
      const perf = Math.round(c.performance.score * 100);
      const a11y = Math.round(c.accessibility.score * 100);
      const lcp = result.lhr.audits['largest-contentful-paint'].displayValue;
      figures.push({ name, perf, a11y });
      if (process.env.BENCH_WEB_REPORT_DIR)
        require('node:fs').writeFileSync(join(process.env.BENCH_WEB_REPORT_DIR, `lighthouse-${name}.json`), JSON.stringify(result.lhr));
      console.log(`lighthouse ${name}: performance ${perf} (target 90), accessibility ${a11y} (target 95), LCP ${lcp}`);
    }
    return figures;
  } finally {
    await browser?.close().catch(() => undefined);
    try {
      process.kill(-api.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

(async () => {
  let missed = overBudget;
  if (process.env.BENCH_WEB_LIGHTHOUSE !== '0' && existsSync(CHROMIUM)) {
    const figures = await lighthouseFigures();
    missed = missed || figures.some((f) => f.perf < 90 || f.a11y < 95);
  } else console.log(`lighthouse: skipped (${CHROMIUM} missing or BENCH_WEB_LIGHTHOUSE=0)`);
  process.exit(missed ? 1 : 0);
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
