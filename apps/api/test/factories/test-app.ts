import 'reflect-metadata';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { seedDatabase } from '@sum28/database';
import { startOfPlatformDay } from '@sum28/domain';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { createApp, type CreateAppOptions } from '../../src/app.factory';
import { Clock } from '../../src/common/clock';
import { loadConfig, type AppConfig } from '../../src/common/config/app-config';
import { RoundScheduler } from '../../src/rounds/round-scheduler.service';
import { injectAgent, type InjectAgent } from './inject';
import { freshTestDatabase, TEST_DB, testTmpRoot, type TestDbKind } from './test-db';

export interface TestApp {
  app: NestFastifyApplication;
  ds: DataSource;
  cfg: AppConfig;
  clock: Clock;
  /** HTTP to the app in process (Fastify inject; supertest's interface, see inject.ts) */
  http: () => InjectAgent;
  close: () => Promise<void>;
}

/**
 * A whole server on a fresh database of the kind TEST_DB names (SQLite file by default; see test-db.ts;
 * an explicit DATABASE_URL in env wins): a copy of the run's migrated and seeded template (games, rooms, odds and
 * demo content), with the scheduler and the captcha off and the test password-hash profile unless the test says
 * otherwise.
 */
export function createTestApp(env: Record<string, string> = {}, opts: CreateAppOptions = {}): Promise<TestApp> {
  return createTestAppOn(TEST_DB, env, opts);
}

/** createTestApp on a database of the kind `kind` whatever TEST_DB says (the money races' explicit PostgreSQL legs). */
export async function createTestAppOn(kind: TestDbKind, env: Record<string, string> = {}, opts: CreateAppOptions = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(testTmpRoot(), 'sum28-test-'));
  const own = env['DATABASE_URL'] !== undefined;
  const db = own ? { env: {}, drop: async () => undefined } : await freshTestDatabase(dir, kind);
  const cfg = loadConfig({
    NODE_ENV: 'test',
    ...db.env,
    CAPTCHA_MODE: 'off',
    SCHEDULER: 'off',
    OPEN_HOURS: 'always',
    SIGNIN_RATE_LIMIT: '100000',
    PASSWORD_HASH_PROFILE: 'test',
    ...env,
  });
  let app: NestFastifyApplication;
  try {
    // No built web app unless the test brings one (player-app, admin-app): what an API test sees (which route answers
    // a path nothing else matches) must not depend on whether apps/*/dist happens to exist when it runs.
    app = await createApp(cfg, { logger: false, playerDist: join(dir, 'no-player-app'), adminDist: join(dir, 'no-console'), ...opts });
  } catch (e) {
    await db.drop();
    throw e;
  }
  const ds = app.get(DataSource);
  // A template copy is seeded already; a database the test brought is seeded as main.ts does.
  if (own) await seedDatabase(ds, { now: Date.now(), demo: true });
  if (env['TEST_CLOCK'] !== 'real') startAtPlatformNoon(app.get(Clock), cfg);
  app.get(RoundScheduler).start(); // as main.ts does once the server serves (only with SCHEDULER=on)
  const agent = injectAgent(app);
  return {
    app,
    ds,
    cfg,
    clock: app.get(Clock),
    http: () => agent,
    close: async () => {
      try {
        await app.close();
      } finally {
        await db.drop();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * The test clock starts at the next noon of the platform day (at least a minute ahead) and runs on from there: what a
 * test sees of the schedule (the day's last round, the gap before midnight, the platform day of a record) is the same
 * whenever the suite runs. `TEST_CLOCK=real` in a test's env keeps the wall clock (a server shared with real processes).
 */
function startAtPlatformNoon(clock: Clock, cfg: AppConfig): void {
  const now = Date.now();
  let noon = startOfPlatformDay(now, cfg.schedule.tz) + 12 * 3_600_000;
  if (noon < now + 60_000) noon = startOfPlatformDay(noon + 24 * 3_600_000, cfg.schedule.tz) + 12 * 3_600_000;
  clock.advance(noon - clock.now());
}

let counter = 0;
/** A unique valid username per call. */
export function uniqueName(prefix = 'player'): string {
  counter++;
  // The counter last and never cut (it alone makes a name unique in this process): `counter` and a random suffix
  // written side by side once made the same name twice (1 and 23, 12 and 3).
  const rand = String(Math.floor(Math.random() * 1000)).padStart(3, '0');
  return `${prefix.slice(0, 7)}${process.pid % 1000}r${rand}x${counter}`;
}

/** Registers a member through the API (invite code 100001) and answers its token and id. */
export async function registerPlayer(
  t: TestApp,
  username = uniqueName(),
  password = 'secret-pw-123',
): Promise<{ token: string; userId: number; username: string; password: string }> {
  const res = await t.http().post('/index.php/api/user/register').send({ username, password, invite_code: '100001', adult: true });
  if (res.body.code !== 1) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
  return { token: res.body.data.userinfo.token, userId: res.body.data.userinfo.user_id, username, password };
}

/**
 * Credits a player as an approved recharge would (capital log type 0, status 1, ledger posting
 * house_cash -> user_available), so tests can bet and withdraw without going through the console.
 */
export async function fundPlayer(t: TestApp, userId: number, amountMinor: number): Promise<void> {
  const { TxRunner } = await import('@sum28/database');
  const { fundOn } = await import('./game');
  // The app's own TxRunner: on SQLite every write must pass the one write gate.
  await fundOn(t.ds, userId, amountMinor, t.clock.now(), t.app.get(TxRunner));
}

/** Runs the invariant checker and answers its report (tests expect 0 violations). */
export async function ledgerViolations(t: TestApp): Promise<{ violations: number; failing: unknown[] }> {
  const { InvariantChecker } = await import('../../src/audit/invariant-checker.service');
  const r = await t.app.get(InvariantChecker).run();
  return { violations: r.violations, failing: r.checks.filter((c) => c.violations > 0) };
}
