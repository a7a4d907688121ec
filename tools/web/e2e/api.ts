import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * The real API for the browser journeys of the player app and the console (apps/<app>/e2e/server.ts bind it to
 * their app). The journeys start it as a process: web code never imports the API's code.
 */
export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
/** Every time limit of the suites from one setting, TEST_TIME_LIMIT_S (scripts/test-limits.js). */
export const limits = createRequire(import.meta.url)(join(REPO, 'scripts/test-limits.js')) as {
  testLimitMs: (factor?: number) => number;
  startLimitMs: () => number;
};
/** The scripts npm test runs first (scripts/test-prereqs.js): where Chromium is looked for, one setting for both. */
export const prereqs = createRequire(import.meta.url)(join(REPO, 'scripts/test-prereqs.js')) as { CHROMIUM: string };
/** The first superadmin: the API creates it at boot from ADMIN_USERNAME / ADMIN_PASSWORD (else prints a generated one). */
export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'journey-superadmin-pw-1';

/** The web apps the API serves: the player app at `/`, the console at `/admin/`. */
export type WebApp = 'player' | 'admin';

export interface RunningApi {
  base: string;
  stop: () => Promise<void>;
}

/**
 * Builds what the journeys of `app` need, once per test run (the vitest global setup, tools/web/e2e/global-setup.ts):
 * the API (incrementally; skipped when `API_BUILT=1`, as `npm test` sets after its typecheck built it) and the web
 * app (skipped with `PLAYER_SKIP_BUILD=1` or `ADMIN_SKIP_BUILD=1` and a dist/ in place, as `npm test` sets after
 * building both once).
 */
export function buildAll(app: WebApp): void {
  if (process.env['API_BUILT'] !== '1' || !existsSync(join(REPO, 'apps/api/dist/main.js'))) {
    const tsc = join(REPO, 'node_modules/typescript/bin/tsc');
    const api = spawnSync(process.execPath, [tsc, '-b', 'apps/api/tsconfig.build.json'], { cwd: REPO, stdio: 'inherit' });
    if (api.status !== 0) throw new Error('API build failed');
  }
  if (process.env[`${app.toUpperCase()}_SKIP_BUILD`] === '1' && existsSync(join(REPO, 'apps', app, 'dist/index.html'))) return;
  buildWebApp(app);
}

/** A production build of one web app (vitest sets NODE_ENV=test, which would give React's development build). */
export function buildWebApp(app: WebApp): void {
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
  PASSWORD_HASH_PROFILE: 'test',
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
  // PORT=0: the API binds a free port itself and prints it (no other process can take it in between).
  const child: ChildProcess = spawn(process.execPath, [join(REPO, 'apps/api/dist/main.js')], {
    cwd: REPO,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(dir, 'journey.sqlite')}`,
      ...JOURNEY_ENV,
      ...env,
    },
  });
  let stderr = '';
  let stdout = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  child.stdout?.on('data', (d: Buffer) => {
    // Only what start-up prints is kept: the line with the port comes before any request is served.
    if (stdout.length < 100_000) stdout += d.toString();
  });
  const deadline = Date.now() + limits.startLimitMs();
  let base: string;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API exited: ${stderr}`);
    const port = /Serving on http:\/\/localhost:(\d+)/.exec(stdout)?.[1];
    if (port !== undefined) {
      const res = await fetch(`http://127.0.0.1:${port}/health`).catch(() => null);
      if (res?.ok === true) {
        base = `http://127.0.0.1:${port}`;
        break;
      }
    }
    if (Date.now() > deadline) throw new Error(`API did not start within ${limits.startLimitMs()} ms: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
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

/** The token of a staff account `username` of `role`, made by the superadmin on first use (a 409 later: already made). */
async function staffOnce(base: string, admin: string, username: string, password: string, role: string): Promise<string> {
  await consoleCall(base, admin, 'POST', '/admin-api/staff', { username, password, role }).catch((e: unknown) => {
    if (!String(e).includes(' 409 ')) throw e; // made by an earlier call
  });
  const { token } = (await consoleCall(base, null, 'POST', '/admin-api/auth/login', { username, password })) as { token: string };
  return token;
}

/**
 * Sets a setting as the console's two people do: an operator asks (a staff account `settings_operator`, made once by
 * the superadmin), and a money control's change (answered `applied: false`) is approved by the superadmin.
 */
export async function putSetting(base: string, admin: string, id: string, value: unknown): Promise<void> {
  const token = await staffOnce(base, admin, 'settings_operator', 'settings-operator-pw-1', 'operator');
  const put = (await consoleCall(base, token, 'PUT', `/admin-api/settings/${id}`, { value })) as { applied: boolean; pending: { change_id: number } | null };
  if (!put.applied && put.pending !== null) await consoleCall(base, admin, 'POST', `/admin-api/settings/${id}/approve`, { change_id: put.pending.change_id });
}

/**
 * A staff password reset as the console's two people do it: support (a staff account `reset_support`, made once by the
 * superadmin) asks; for a player without a security code the superadmin approves and reads the temporary password.
 */
export async function resetPlayerPassword(base: string, admin: string, userId: number, reason: string): Promise<string> {
  const token = await staffOnce(base, admin, 'reset_support', 'reset-support-pw-1', 'support');
  const asked = (await consoleCall(base, token, 'POST', `/admin-api/users/${userId}/reset-password`, { reason })) as { temporary_password?: string };
  if (asked.temporary_password !== undefined) return asked.temporary_password;
  const approved = (await consoleCall(base, admin, 'POST', `/admin-api/users/${userId}/reset-password/approve`, {})) as { temporary_password: string };
  return approved.temporary_password;
}
