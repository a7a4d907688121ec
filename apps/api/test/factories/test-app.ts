import 'reflect-metadata';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { seedDatabase } from '@sum28/database';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp, type CreateAppOptions } from '../../src/app.factory';
import { Clock } from '../../src/common/clock';
import { loadConfig, type AppConfig } from '../../src/common/config/app-config';
import { RoundScheduler } from '../../src/rounds/round-scheduler.service';
import { freshTestDatabase } from './test-db';

export interface TestApp {
  app: NestFastifyApplication;
  ds: DataSource;
  cfg: AppConfig;
  clock: Clock;
  http: () => ReturnType<typeof request>;
  close: () => Promise<void>;
}

/**
 * A whole server on a fresh database of the kind TEST_DB names (SQLite file by default; see test-db.ts;
 * an explicit DATABASE_URL in env wins) (real migrations, seeded games, rooms, odds and demo content),
 * with the scheduler and the captcha off unless the test turns them on.
 */
export async function createTestApp(env: Record<string, string> = {}, opts: CreateAppOptions = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'sum28-test-'));
  const db = env['DATABASE_URL'] === undefined ? await freshTestDatabase(dir) : { env: {}, drop: async () => undefined };
  const cfg = loadConfig({
    NODE_ENV: 'test',
    ...db.env,
    CAPTCHA_MODE: 'off',
    SCHEDULER: 'off',
    OPEN_HOURS: 'always',
    SIGNIN_RATE_LIMIT: '100000',
    ...env,
  });
  let app: NestFastifyApplication;
  try {
    app = await createApp(cfg, { logger: false, ...opts });
  } catch (e) {
    await db.drop();
    throw e;
  }
  const ds = app.get(DataSource);
  await seedDatabase(ds, { now: Date.now(), demo: true });
  app.get(RoundScheduler).start(); // as main.ts does once the server serves (only with SCHEDULER=on)
  const server = app.getHttpServer();
  return {
    app,
    ds,
    cfg,
    clock: app.get(Clock),
    http: () => request(server),
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
  password = 'secret123',
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
