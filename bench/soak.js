'use strict';
// `npm run bench:soak`: a player stays in the bet room in headless Chromium against the real API (round scheduler on,
// ROUND_SECONDS default 60) while a second player bets in the same room every 2 s, so the feed, the countdown and
// the results keep changing. After a warm-up (SOAK_WARMUP_SECONDS, default 420: seven rounds, so the code that runs
// once a round (draw, results, win check, next round) has run several times and V8 has compiled what gets hot) it
// measures for SOAK_MINUTES (default 10), sampling every SOAK_SAMPLE_SECONDS (default 30) the page's DOM nodes and
// JS heap (after a forced garbage collection, through the DevTools protocol) and counting the requests of each poll.
// Issue 11, point 7: DOM nodes and JS heap may not grow beyond 10% over the measured span, and each poll (heartbeat,
// win check) sends exactly one request per 2 s interval, never two at once. Two pages run side by side: one as a phone
// runs it (JIT on) and a control with V8's JIT off, whose heap holds the page's objects only. Prints the figures;
// exits 1 when a target is missed.
//
// The browser is driven over a bare DevTools pipe (no Playwright): Playwright turns on the DevTools Network domain
// for every page, and that domain keeps each response body in the renderer for later inspection, which grows the
// page's measured heap by the measurement itself (about 1 kB per poll). Here only Runtime, Page, Emulation and
// HeapProfiler are used, and the polls are counted by a small proxy between the page and the API.
//
// Builds the API and the player app first unless SOAK_SKIP_BUILD=1 (then apps/api/dist and apps/player/dist must be
// fresh). A short proof run: `SOAK_WARMUP_SECONDS=90 SOAK_MINUTES=2 SOAK_SAMPLE_SECONDS=15 npm run bench:soak`.
const { spawn, spawnSync } = require('node:child_process');
const { existsSync, mkdtempSync, rmSync } = require('node:fs');
const { createServer } = require('node:net');
const http = require('node:http');
const { tmpdir } = require('node:os');
const { join, resolve } = require('node:path');

const ROOT = resolve(__dirname, '..');
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const SAMPLE_S = Number(process.env.SOAK_SAMPLE_SECONDS ?? 30);
const WARMUP_S = Number(process.env.SOAK_WARMUP_SECONDS ?? 420);
const ROUND_SECONDS = process.env.SOAK_ROUND_SECONDS ?? '60';
const POLL_MS = 2000;
const MAX_GROWTH = 0.1;
const ADMIN_PASSWORD = 'soak-admin-pw-1';

function build() {
  const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'apps/api/tsconfig.build.json'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (tsc.status !== 0) throw new Error('API build failed');
  const vite = spawnSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: join(ROOT, 'apps/player'),
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (vite.status !== 0) throw new Error('player build failed');
}

const freePort = () =>
  new Promise((ok) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const p = srv.address().port;
      srv.close(() => ok(p));
    });
  });

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Headless Chromium on a DevTools pipe (fd 3 in, fd 4 out, NUL-separated JSON): `send(method, params, sessionId)`.
 * Nothing but the domains the soak calls is turned on.
 */
function openChromium(profileDir, jsFlags) {
  const child = spawn(
    CHROMIUM,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--remote-debugging-pipe',
      `--js-flags=--expose-gc ${jsFlags}`.trim(),
      `--user-data-dir=${profileDir}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const toBrowser = child.stdio[3];
  const fromBrowser = child.stdio[4];
  fromBrowser.setEncoding('utf8');
  const pending = new Map();
  let next = 0;
  let buffered = '';
  fromBrowser.on('data', (chunk) => {
    buffered += chunk;
    for (let end = buffered.indexOf('\0'); end >= 0; end = buffered.indexOf('\0')) {
      const message = JSON.parse(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
      const waiter = message.id === undefined ? undefined : pending.get(message.id);
      if (waiter === undefined) continue;
      pending.delete(message.id);
      if (message.error) waiter.fail(new Error(`${waiter.method}: ${message.error.message}`));
      else waiter.ok(message.result);
    }
  });
  child.on('exit', () => {
    for (const w of pending.values()) w.fail(new Error(`${w.method}: the browser exited`));
    pending.clear();
  });
  return {
    send: (method, params = {}, sessionId) =>
      new Promise((ok, fail) => {
        const id = ++next;
        pending.set(id, { ok, fail, method });
        toBrowser.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
      }),
    close: () =>
      new Promise((ok) => {
        if (child.exitCode !== null || child.signalCode !== null) return ok();
        child.once('exit', () => ok());
        child.kill('SIGKILL');
      }),
  };
}

const mb = (bytes) => (bytes / 1048576).toFixed(2);
const pct = (x) => `${(x * 100).toFixed(1)}%`;
const growth = (a, b) => (b - a) / a;
const median = (xs) => {
  const sorted = [...xs].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
/** Requests per 2 s interval over the span they cover (the first request is the page opening). */
const perInterval = (list) => (list.length < 2 ? 0 : (list.length - 1) / ((list[list.length - 1] - list[0]) / POLL_MS));
const minGap = (list) => Math.min(...list.slice(1).map((t, i) => t - list[i]));

/**
 * One watcher's page in the bet room: a proxy in front of the API that times every poll (start when the request
 * arrives, end when its answer is sent), a Chromium with the given V8 flags, the player signed in, and `sample()`.
 */
async function openRoom({ dir, apiPort, token, userInfo, url, jsFlags, label }) {
  const polls = { heart: [], getGameResult: [] };
  const inFlight = { heart: 0, getGameResult: 0 };
  const maxInFlight = { heart: 0, getGameResult: 0 };
  const kindOf = (u) => (u.endsWith('/Lottery/heart') ? 'heart' : u.endsWith('/user/getGameResult') ? 'getGameResult' : null);
  const upstream = new http.Agent({ keepAlive: true });
  const proxy = http.createServer((req, res) => {
    const k = kindOf(req.url ?? '');
    if (k !== null) {
      polls[k].push(Date.now());
      inFlight[k]++;
      maxInFlight[k] = Math.max(maxInFlight[k], inFlight[k]);
      res.on('close', () => {
        inFlight[k] = Math.max(0, inFlight[k] - 1);
      });
    }
    const up = http.request({ host: '127.0.0.1', port: apiPort, method: req.method, path: req.url, headers: req.headers, agent: upstream }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  const proxyPort = await freePort();
  await new Promise((ok) => proxy.listen(proxyPort, '127.0.0.1', ok));
  const site = `http://127.0.0.1:${proxyPort}`;
  const browser = openChromium(join(dir, `profile-${proxyPort}`), jsFlags);
  const close = async () => {
    await browser.close();
    proxy.close();
    upstream.destroy();
  };
  try {
    const { targetId } = await browser.send('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await browser.send('Target.attachToTarget', { targetId, flatten: true });
    const cdp = (method, params) => browser.send(method, params, sessionId);
    await cdp('Emulation.setDeviceMetricsOverride', { width: 390, height: 844, deviceScaleFactor: 3, mobile: true });
    await cdp('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
    const evaluate = async (expression) => {
      const r = await cdp('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true });
      if (r.exceptionDetails) throw new Error(`page: ${r.exceptionDetails.text}`);
      return r.result.value;
    };
    const waitFor = async (expression, what) => {
      for (let i = 0; i < 120; i++) {
        if (await evaluate(expression).catch(() => false)) return;
        await sleep(250);
      }
      throw new Error(`${label}: timed out waiting for ${what}`);
    };
    await cdp('Page.navigate', { url: `${site}/login` });
    await waitFor(`document.readyState === 'complete' && location.pathname === '/login'`, 'the login page');
    await evaluate(
      `localStorage.setItem('token', ${JSON.stringify(token)}); localStorage.setItem('userInfo', ${JSON.stringify(JSON.stringify(userInfo))}); localStorage.setItem('locale', 'en'); true`,
    );
    await cdp('Page.navigate', { url: site + url });
    await waitFor(`document.querySelector('.countdown') !== null`, 'the bet room');
    await cdp('HeapProfiler.enable');
    const sample = async () => {
      // Diagnosis only: the browser keeps up to 250 resource-timing entries per page (Resource Timing spec); with
      // SOAK_CLEAR_RESOURCE_TIMINGS=1 they are cleared after counting, to tell that buffer from the app's own heap.
      const timings = await evaluate(`performance.getEntriesByType('resource').length`);
      if (process.env.SOAK_CLEAR_RESOURCE_TIMINGS === '1') await evaluate(`performance.clearResourceTimings(); true`);
      await cdp('HeapProfiler.collectGarbage');
      const { usedSize } = await cdp('Runtime.getHeapUsage');
      const dom = await evaluate(`document.getElementsByTagName('*').length`);
      const feed = await evaluate(`document.querySelectorAll('.feed__row').length`);
      return { t: Date.now(), heap: usedSize, dom, feed, timings };
    };
    return { label, polls, maxInFlight, samples: [], sample, close };
  } catch (e) {
    await close();
    throw e;
  }
}

async function main() {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing`);
  if (process.env.SOAK_SKIP_BUILD !== '1') build();
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'sum28-soak-'));
  const api = spawn(process.execPath, [join(ROOT, 'apps/api/dist/main.js')], {
    cwd: ROOT,
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(dir, 'soak.sqlite')}`,
      CAPTCHA_MODE: 'off',
      SCHEDULER: 'on',
      OPEN_HOURS: 'always',
      ROUND_SECONDS,
      BET_CLOSE_SECONDS: String(Math.max(1, Math.floor(Number(ROUND_SECONDS) / 6))),
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD,
      SIGNIN_RATE_LIMIT: '100000',
      NODE_ENV: 'test',
    },
  });
  const base = `http://127.0.0.1:${port}`;
  const rooms = [];
  let bettor;
  try {
    for (let i = 0; ; i++) {
      if (
        await fetch(`${base}/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (i > 240) throw new Error('API did not start');
      await new Promise((r) => setTimeout(r, 250));
    }
    const call = async (path, body, token) => {
      const r = await fetch(`${base}/index.php/api/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
        body: JSON.stringify({ ...body, lang: 'en', host: 'soak' }),
      }).then((x) => x.json());
      if (r.code !== 1) throw new Error(`${path}: ${r.code} ${r.msg}`);
      return r.data;
    };
    const admin = async (method, path, body) => {
      const r = await fetch(base + path, {
        method,
        headers: { 'content-type': 'application/json', ...(adminToken ? { authorization: `Bearer ${adminToken}` } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      if (!r.ok) throw new Error(`${method} ${path}: ${r.status}`);
      return r.json();
    };
    let adminToken = null;
    adminToken = (await admin('POST', '/admin-api/auth/login', { username: 'admin', password: ADMIN_PASSWORD })).token;
    const player = async (name, fund) => {
      const { userinfo } = await call('user/register', { username: `${name}${Date.now() % 100000}`, password: 'soak-pass-1', inviter_id: 1, adult: true });
      if (fund) {
        await call('user/recharge', { money: 1000, type: 'TWD' }, userinfo.token);
        const logs = await admin(
          'GET',
          `/admin-api/capital-logs?filter=${encodeURIComponent(JSON.stringify({ user_id: userinfo.user_id, type: 0, status: 0 }))}`,
        );
        await admin('POST', `/admin-api/capital-logs/${logs[0].id}/approve`, { remark: 'soak' });
      }
      return userinfo;
    };
    const watcher = await player('soakw', false);
    const other = await player('soakb', true);

    // The other player bets 1 on a category every 2 s in room 1 of line 1 (refused while betting is closed), so the
    // room's feed reaches its cap (30 rows) within the warm-up and then keeps turning over.
    const kinds = ['big', 'odd', 'sum_13', 'extreme_small', 'small_even'];
    let bets = 0;
    const seen = new Set();
    bettor = setInterval(() => {
      void call('Lottery/heart', { plan_id: 1, game_id: 1 }, other.token)
        .then((h) =>
          h.issue && !h.issue.whether_close
            ? call('Lottery/playOrder', { issue: h.issue.issue, plan_id: 1, game_id: 1, play_type: kinds[bets % kinds.length], money: 1 }, other.token)
            : null,
        )
        .then((r) => {
          if (r) bets++;
        })
        .catch((e) => {
          const m = String(e.message ?? e);
          if (!seen.has(m)) {
            seen.add(m);
            console.log(`  (the other player's bet was refused: ${m})`);
          }
        });
    }, 2000);

    // Two pages stay in the room side by side, each in its own Chromium behind its own counting proxy: the phone as
    // it is (V8's JIT on) and a control with the JIT off (`--jitless`), whose heap holds only the objects of the
    // page (no compiled code), so a growth of the first that the second does not show is V8's code, not the app.
    const { token, ...rest } = watcher;
    const url = '/betRoom?id=1&game_id=1&name=Singapore&title=Basic%20room';
    const jit = await openRoom({ dir, apiPort: port, token, userInfo: rest, url, jsFlags: '', label: 'JIT on' });
    rooms.push(jit);
    const control = await openRoom({ dir, apiPort: port, token, userInfo: rest, url, jsFlags: '--jitless', label: 'JIT off (control)' });
    rooms.push(control);

    const started = Date.now();
    const end = started + (WARMUP_S + MINUTES * 60) * 1000;
    console.log(`soak: ${WARMUP_S} s of warm-up, then ${MINUTES} min measured in the bet room (rounds of ${ROUND_SECONDS} s), a sample every ${SAMPLE_S} s`);
    while (Date.now() < end) {
      await sleep(Math.min(SAMPLE_S * 1000, end - Date.now()));
      for (const room of rooms) {
        const x = await room.sample();
        x.t -= started;
        room.samples.push(x);
        console.log(
          `  t=${Math.round(x.t / 1000)}s ${room.label}: DOM ${x.dom} nodes, JS heap ${mb(x.heap)} MB, feed ${x.feed} rows, ${x.timings} resource timings, requests heart ${room.polls.heart.length} / win check ${room.polls.getGameResult.length}`,
        );
      }
    }

    const results = [];
    for (const room of rooms) {
      const after = room.samples.filter((x) => x.t >= WARMUP_S * 1000);
      // Median of the first three samples after the warm-up against the median of the last three: one sample
      // taken while a poll's answer is being handled holds that answer's objects, which a single GC cannot free.
      const first = median(after.slice(0, 3).map((x) => x.heap));
      const last = median(after.slice(-3).map((x) => x.heap));
      const firstDom = after[0]?.dom ?? 0;
      const mostDom = Math.max(...after.map((x) => x.dom));
      const domGrowth = growth(firstDom, mostDom);
      const heapGrowth = growth(first, last);
      results.push(
        [
          `${room.label}: DOM nodes, largest in the measured span vs its first sample`,
          `${firstDom} -> ${mostDom} (${pct(domGrowth)})`,
          domGrowth <= MAX_GROWTH,
        ],
        [
          `${room.label}: JS heap, median of the last 3 samples vs the first 3`,
          `${mb(first)} -> ${mb(last)} MB (${pct(heapGrowth)})`,
          heapGrowth <= MAX_GROWTH,
        ],
      );
      for (const k of ['heart', 'getGameResult']) {
        const list = room.polls[k];
        const rate = perInterval(list);
        results.push([
          `${room.label}: ${k}: requests per 2 s interval, most in flight at once, shortest gap`,
          `${rate.toFixed(3)}, ${room.maxInFlight[k]}, ${minGap(list)} ms`,
          room.maxInFlight[k] === 1 && rate <= 1.0 && rate >= 0.9,
        ]);
      }
    }
    console.log(`other player's bets placed: ${bets}`);
    for (const [name, value, ok] of results) console.log(`${ok ? 'met   ' : 'MISSED'} ${name}: ${value}`);
    return results.every((r) => r[2]);
  } finally {
    if (bettor) clearInterval(bettor);
    for (const room of rooms) await room.close();
    try {
      process.kill(-api.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
