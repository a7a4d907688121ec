import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real API for the browser journeys of the player app and the console (apps/<app>/e2e/server.ts bind it to
 * their app). The journeys start it as a process: web code never imports the API's code.
 */
export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
/** The first superadmin: the API creates it at boot from ADMIN_USERNAME / ADMIN_PASSWORD (else prints a generated one). */
export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'journey-superadmin-pw-1';

/** The web apps the API serves: the player app at `/`, the console at `/admin/`. */
export type WebApp = 'player' | 'admin';

export interface RunningApi {
  base: string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr !== null ? addr.port : 0;
      srv.close(() => ok(port));
    });
  });
}

/**
 * Builds what a journey needs: the API (incrementally) and the web app, unless told the app is fresh
 * (`PLAYER_SKIP_BUILD=1` or `ADMIN_SKIP_BUILD=1` with a dist/ in place).
 */
export function buildAll(app: WebApp): void {
  const tsc = join(REPO, 'node_modules/typescript/bin/tsc');
  const api = spawnSync(process.execPath, [tsc, '-b', 'apps/api/tsconfig.build.json'], { cwd: REPO, stdio: 'inherit' });
  if (api.status !== 0) throw new Error('API build failed');
  if (process.env[`${app.toUpperCase()}_SKIP_BUILD`] === '1' && existsSync(join(REPO, 'apps', app, 'dist/index.html'))) return;
  // A production build (vitest sets NODE_ENV=test, which would give React's development build).
  const vite = spawnSync(process.execPath, [join(REPO, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: join(REPO, 'apps', app),
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (vite.status !== 0) throw new Error(`${app === 'admin' ? 'console' : app} build failed`);
}

/** The settings every journey's API runs with (`startApi`'s `env` adds or overrides). */
export const JOURNEY_ENV: Readonly<Record<string, string>> = {
  CAPTCHA_MODE: 'off',
  SCHEDULER: 'off',
  OPEN_HOURS: 'always',
  ADMIN_USERNAME,
  ADMIN_PASSWORD,
  SIGNIN_RATE_LIMIT: '100000',
  SEED_DEMO: 'true',
  NODE_ENV: 'test',
};

/**
 * An API someone else started (`E2E_BASE_URL`, e.g. `npm run test:cluster`: 3 instances behind nginx on PostgreSQL),
 * started with the settings in `E2E_API_ENV` (JSON). A journey asking for a setting that API was not started with
 * fails at once, naming it, rather than failing later for a reason that is hard to see. `SCHEDULER` is the exception
 * one way: a cluster runs the scheduler on every instance, and a journey written for `SCHEDULER=off` must pass with
 * live rounds too.
 */
function externalApi(base: string, env: Readonly<Record<string, string>>): RunningApi {
  const given = JSON.parse(process.env['E2E_API_ENV'] ?? '{}') as Record<string, string>;
  const wanted: Record<string, string> = { ...JOURNEY_ENV, ...env };
  const differs = Object.entries(wanted).filter(([k, v]) => !(k === 'SCHEDULER' && v === 'off') && given[k] !== v);
  if (differs.length > 0)
    throw new Error(
      `E2E_BASE_URL=${base} was started without what this journey needs: ${differs.map(([k, v]) => `${k}=${v} (it has ${given[k] ?? 'unset'})`).join(', ')}`,
    );
  return { base: base.replace(/\/+$/, ''), stop: () => Promise.resolve() };
}

/**
 * The real API (serving the built web apps) on a free port and a fresh SQLite file, in its own process group;
 * or, when `E2E_BASE_URL` is set, the API at that address (see `externalApi`).
 * `env` adds or overrides settings (e.g. `SCHEDULER: 'on'` with short `ROUND_SECONDS` for live rounds).
 */
export async function startApi(env: Readonly<Record<string, string>> = {}): Promise<RunningApi> {
  const external = process.env['E2E_BASE_URL'];
  if (external !== undefined && external !== '') return externalApi(external, env);
  const dir = mkdtempSync(join(tmpdir(), 'sum28-journey-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [join(REPO, 'apps/api/dist/main.js')], {
    cwd: REPO,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(dir, 'journey.sqlite')}`,
      ...JOURNEY_ENV,
      ...env,
    },
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API exited: ${stderr}`);
    try {
      const res = await fetch(`${base}/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`API did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    stop: async () => {
      if (child.pid !== undefined && child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        const signal = (sig: NodeJS.Signals): void => {
          try {
            process.kill(-(child.pid ?? 0), sig);
          } catch {
            // the group is already gone
          }
        };
        signal('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) signal('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One console API call (e.g. to prepare data a journey needs) with a staff token, or none to sign in. */
export async function consoleCall(base: string, token: string | null, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(base + path, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token !== null ? { Authorization: `Bearer ${token}` } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const json: unknown = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** The superadmin's console token (signed in with ADMIN_USERNAME / ADMIN_PASSWORD). */
export async function adminToken(base: string): Promise<string> {
  const { token } = (await consoleCall(base, null, 'POST', '/admin-api/auth/login', { username: ADMIN_USERNAME, password: ADMIN_PASSWORD })) as {
    token: string;
  };
  return token;
}
