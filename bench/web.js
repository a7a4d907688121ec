'use strict';
// `npm run bench:web`: the player app's first-screen JavaScript, gzipped (budget 200 kB, issue 10), and the bet
// room's own JavaScript beyond it (budget 120 kB, issue 11). It builds
// apps/player, then follows Vite's manifest: the entry with its static imports (what index.html preloads), plus the
// lazy chunk of the first screen (login for a visitor, home for a signed-in player) with its static imports. Other
// screens are separate lazy chunks and do not count. The same for the operator console apps/admin (budget 450 kB,
// issue 12): its shell with the login page, and the shell plus the first screen after sign-in. Prints the figures;
// exits 1 over budget.
const { spawnSync } = require('node:child_process');
const { readFileSync, existsSync } = require('node:fs');
const { gzipSync } = require('node:zlib');
const { join, resolve } = require('node:path');

const ROOT = resolve(__dirname, '..');
const APP = join(ROOT, 'apps', 'player');
const BUDGET_KB = 200;

/** Builds an app (unless BENCH_WEB_SKIP_BUILD=1 and a build exists) and returns its Vite manifest. */
function buildAndReadManifest(app) {
  const dist = join(app, 'dist');
  if (process.env.BENCH_WEB_SKIP_BUILD !== '1' || !existsSync(join(dist, '.vite', 'manifest.json'))) {
    const r = spawnSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
      cwd: app,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  return JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
}

/** The chunk of `key` and everything it imports statically, as output file names. */
function closure(manifest, key, seen = new Set()) {
  const chunk = manifest[key];
  if (chunk === undefined || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const css of chunk.css ?? []) seen.add(css);
  for (const dep of chunk.imports ?? []) closure(manifest, dep, seen);
  return seen;
}
const gzIn = (dist) => (files, ext) =>
  [...files].filter((f) => f.endsWith(ext)).reduce((acc, f) => acc + gzipSync(readFileSync(join(dist, f)), { level: 9 }).length, 0);
const kb = (n) => (n / 1024).toFixed(1);

/**
 * Prints the first-screen figures of one app; returns the largest JS figure in bytes, the manifest, and the set of
 * files the first screens load (shell plus each first screen), for "beyond the first screen" figures.
 */
function firstScreens(label, app, screens, budgetKb) {
  const manifest = buildAndReadManifest(app);
  const gz = gzIn(join(app, 'dist'));
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  // With `cssCodeSplit: false` the one stylesheet (every screen's CSS, linked by index.html) is a manifest entry of
  // its own, not attached to a chunk: it counts for every first screen.
  const shell = () =>
    closure(
      manifest,
      entry,
      new Set(
        Object.values(manifest)
          .filter((c) => c.file.endsWith('.css') && c.src === 'style.css')
          .map((c) => c.file),
      ),
    );
  let worst = 0;
  const loaded = shell();
  for (const [name, page] of screens) {
    if (page !== null && manifest[page] === undefined) throw new Error(`${page} is not a chunk of its own in the build`);
    const files = page === null ? shell() : closure(manifest, page, shell());
    if (page !== null) closure(manifest, page, loaded);
    const js = gz(files, '.js');
    worst = Math.max(worst, js);
    console.log(`${label} first screen, ${name}: ${kb(js)} kB JS gzipped (budget ${budgetKb} kB), ${kb(gz(files, '.css'))} kB CSS gzipped`);
  }
  console.log(`  of which the shell (entry and its imports, preloaded by index.html): ${kb(gz(closure(manifest, entry), '.js'))} kB JS gzipped`);
  return { worst, manifest, loaded, gz };
}

const player = firstScreens(
  'player',
  APP,
  [
    ['login (visitor)', 'src/pages/login.tsx'],
    ['home (signed in)', 'src/pages/home.tsx'],
  ],
  BUDGET_KB,
);

/** The files a lazy screen adds beyond the player's first screens (its chunk and static imports not yet loaded). */
function beyondFirst(page) {
  if (player.manifest[page] === undefined) throw new Error(`${page} is not a chunk of its own in the build`);
  return new Set([...closure(player.manifest, page)].filter((f) => !player.loaded.has(f)));
}

// Issue 11, point 7: the bet room's own JavaScript beyond the first screen (what opening it from home downloads),
// budget 120 kB gzipped.
const BET_ROOM_BUDGET_KB = 120;
const betRoomOwn = beyondFirst('src/pages/bet-room.tsx');
const betRoomJs = player.gz(betRoomOwn, '.js');
console.log(
  `player bet room beyond the first screen: ${kb(betRoomJs)} kB JS gzipped (budget ${BET_ROOM_BUDGET_KB} kB), ${kb(player.gz(betRoomOwn, '.css'))} kB CSS gzipped, ${[...betRoomOwn].filter((f) => f.endsWith('.js')).length} JS files`,
);

// The chart screens (issue 11): their own JS beyond the first screen, and recharts only there. A chunk holds chart
// code when it contains recharts' own class name; none may be in the shell or a first screen.
const PLAYER_DIST = join(APP, 'dist');
const hasChartCode = (f) => f.endsWith('.js') && readFileSync(join(PLAYER_DIST, f), 'utf8').includes('recharts-surface');
const chartInFirst = [...player.loaded].filter(hasChartCode);
for (const [name, page] of [
  ['find (candlestick chart)', 'src/pages/find.tsx'],
  ['trend chart', 'src/pages/trend-chart.tsx'],
  ['fairness', 'src/pages/fairness.tsx'],
]) {
  const own = beyondFirst(page);
  const chart = [...own].some(hasChartCode) ? ', with the chart code' : '';
  console.log(`player ${name} screen: ${kb(player.gz(own, '.js'))} kB JS gzipped beyond the first screen${chart}`);
}
console.log(`  chart code (recharts) in the first screens: ${chartInFirst.length === 0 ? 'none' : chartInFirst.join(', ')}`);

// The console's login page is part of its shell; after sign-in the first screen is the dashboard (its charts are a
// lazy chunk of their own, printed too but not counted against the budget).
const ADMIN_BUDGET_KB = 450;
const admin = firstScreens(
  'console',
  join(ROOT, 'apps', 'admin'),
  [
    ['login', null],
    ['dashboard (signed in)', 'src/dashboard/Dashboard.tsx'],
  ],
  ADMIN_BUDGET_KB,
);
{
  const app = join(ROOT, 'apps', 'admin');
  const manifest = JSON.parse(readFileSync(join(app, 'dist', '.vite', 'manifest.json'), 'utf8'));
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const charts = 'src/dashboard/DashboardCharts.tsx';
  if (manifest[charts] === undefined) throw new Error(`${charts} is not a chunk of its own in the build`);
  const shown = closure(manifest, 'src/dashboard/Dashboard.tsx', closure(manifest, entry));
  const extra = [...closure(manifest, charts)].filter((f) => !shown.has(f));
  console.log(`  the dashboard's charts (recharts, loaded after it): ${kb(gzIn(join(app, 'dist'))(extra, '.js'))} kB JS gzipped more`);
}
const overBudget = player.worst / 1024 > BUDGET_KB || betRoomJs / 1024 > BET_ROOM_BUDGET_KB || chartInFirst.length > 0 || admin.worst / 1024 > ADMIN_BUDGET_KB;

// Lighthouse (mobile preset: simulated slow 4G and 4x CPU slowdown) on the login and home screens, against the real
// API serving the build on a fresh SQLite file. Targets (issue 10): performance >= 90, accessibility >= 95. The
// console's dashboard with the desktop preset (issue 12): performance >= 85.
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * The site as a phone reaches a deployment: over TLS with HTTP/2, here a small front on loopback (a throwaway
 * self-signed certificate from openssl) that passes every request to the API unchanged. Lighthouse's simulation
 * models what it observes: over plain HTTP/1.1 it queues a page's files on six connections per origin, over HTTP/2
 * it multiplexes them on one.
 */
async function h2Front(apiPort, dir) {
  const { spawnSync } = require('node:child_process');
  const { readFileSync } = require('node:fs');
  const http = require('node:http');
  const http2 = require('node:http2');
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  if (made.status !== 0) throw new Error('openssl could not make a certificate');
  const agent = new http.Agent({ keepAlive: true });
  const hopByHop = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'http2-settings']);
  const server = http2.createSecureServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    const headers = {};
    for (const [k, v] of Object.entries(req.headers)) if (!k.startsWith(':') && !hopByHop.has(k)) headers[k] = v;
    headers.host = `127.0.0.1:${apiPort}`;
    const up = http.request({ host: '127.0.0.1', port: apiPort, method: req.method, path: req.url, headers, agent }, (r) => {
      const out = {};
      for (const [k, v] of Object.entries(r.headers)) if (!hopByHop.has(k)) out[k] = v;
      res.writeHead(r.statusCode ?? 502, out);
      r.pipe(res);
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  const port = await new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server.address().port)));
  return {
    base: `https://127.0.0.1:${port}`,
    close: () => {
      server.close();
      agent.destroy();
    },
  };
}

async function lighthouseFigures() {
  const { spawn } = require('node:child_process');
  const { mkdtempSync, rmSync } = require('node:fs');
  const { createServer } = require('node:net');
  const { tmpdir } = require('node:os');
  const { chromium } = require('playwright-core');
  require('./deps').ensureBenchDeps(); // lighthouse lives in bench/'s own package (bench/deps.js)
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
  let closeFront = () => undefined;
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
        // The HTTP/2 front's certificate is a throwaway self-signed one.
        '--ignore-certificate-errors',
        `--remote-debugging-port=${debugPort}`,
      ],
    });
    const figures = [];
    // The console opened signed out (a fresh profile): how long until the login form shows (issue 26 point 8: it
    // was 12-18 s of blank page while react-admin's logout-on-mount looped; now under a second on an idle machine).
    {
      const page = browser.pages()[0] ?? (await browser.newPage());
      const opened = Date.now();
      await page.goto(`${base}/admin/`);
      await page.locator('#username').waitFor({ timeout: 30000 });
      console.log(`console login form, opened signed out: visible after ${Date.now() - opened} ms (journey limit 5000 ms)`);
    }
    // The console's dashboard (desktop preset, as staff use it), signed in as the superadmin.
    {
      const login = await fetch(`${base}/admin-api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'lighthouse-admin-pw-1' }),
      }).then((r) => r.json());
      const me = await fetch(`${base}/admin-api/auth/me`, { headers: { authorization: `Bearer ${login.token}` } }).then((r) => r.json());
      const page = browser.pages()[0] ?? (await browser.newPage());
      await page.goto(`${base}/admin/`);
      await page.evaluate((s) => localStorage.setItem('sum28.console.session', JSON.stringify(s)), { token: login.token, ...me });
      const desktop = (await import('lighthouse/core/config/desktop-config.js')).default;
      const result = await lighthouse(
        `${base}/admin/#/`,
        { port: debugPort, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
        desktop,
      );
      // Measured signed in: the page must not have fallen back to the login screen.
      const landed = await page.goto(`${base}/admin/#/`).then(() => page.getByRole('heading', { level: 1 }).first().innerText({ timeout: 15000 }));
      if (/#\/login/.test(result.lhr.finalDisplayedUrl)) throw new Error(`console dashboard measured at ${result.lhr.finalDisplayedUrl}`);
      const c = result.lhr.categories;
      const perf = Math.round(c.performance.score * 100);
      const a11y = Math.round(c.accessibility.score * 100);
      figures.push({ name: 'console dashboard', perf, a11y, target: 85 });
      console.log(`lighthouse console dashboard: measured at ${result.lhr.finalDisplayedUrl}, first heading "${landed}"`);
      if (process.env.BENCH_WEB_REPORT_DIR)
        require('node:fs').writeFileSync(join(process.env.BENCH_WEB_REPORT_DIR, 'lighthouse-console-dashboard.json'), JSON.stringify(result.lhr));
      console.log(
        `lighthouse console dashboard (desktop): performance ${perf} (target 85), accessibility ${a11y} (target 95), LCP ${result.lhr.audits['largest-contentful-paint'].displayValue}`,
      );
    }
    // Login, home and the bet room, each over plain HTTP/1.1 straight from `npm start`'s server and over TLS with HTTP/2 as a
    // deployment serves it (h2Front). Both are printed; the target is judged on the second (see docs/performance.md).
    const front = await h2Front(port, dir);
    closeFront = front.close;
    for (const [transport, site, judged] of [
      ['HTTP/1.1, plain', base, false],
      ['HTTP/2 over TLS', front.base, true],
    ]) {
      for (const [name, path, signedIn] of [
        ['login', '/login', false],
        ['home', '/', true],
        // the screen players spend their time in (issue 25): its heartbeat polls every 2 s while it is open
        ['bet room', '/betRoom?id=1&game_id=1', true],
      ]) {
        const page = browser.pages()[0] ?? (await browser.newPage());
        await page.goto(`${site}/login`);
        await page.evaluate((token) => (token ? localStorage.setItem('token', token) : localStorage.clear()), signedIn ? reg.data.userinfo.token : null);
        const result = await lighthouse(`${site}${path}`, {
          port: debugPort,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        });
        const c = result.lhr.categories;
        const perf = Math.round(c.performance.score * 100);
        const a11y = Math.round(c.accessibility.score * 100);
        const audit = (id) => result.lhr.audits[id].displayValue;
        figures.push({ name: `${name} (${transport})`, perf, a11y, judged });
        if (process.env.BENCH_WEB_REPORT_DIR)
          require('node:fs').writeFileSync(
            join(process.env.BENCH_WEB_REPORT_DIR, `lighthouse-${name.replace(/ /g, '-')}-${judged ? 'h2' : 'h1'}.json`),
            JSON.stringify(result.lhr),
          );
        console.log(
          `lighthouse ${name} (${transport}${judged ? '' : ', printed only'}): performance ${perf} (target 90), accessibility ${a11y} (target 95), LCP ${audit('largest-contentful-paint')}, TBT ${audit('total-blocking-time')}, CLS ${audit('cumulative-layout-shift')}`,
        );
      }
    }
    return figures;
  } finally {
    closeFront();
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
    missed = missed || figures.some((f) => f.judged !== false && (f.perf < (f.target ?? 90) || f.a11y < 95));
  } else console.log(`lighthouse: skipped (${CHROMIUM} missing or BENCH_WEB_LIGHTHOUSE=0)`);
  process.exit(missed ? 1 : 0);
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
