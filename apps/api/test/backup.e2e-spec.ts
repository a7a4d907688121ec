import { openDatabase } from '@sum28/database';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { ALL_EXTRA_CHECKS } from '../src/audit/invariant-checker.service';
import { runLedgerCheck } from '../src/ledger/ledger-check';
import { backupDatabase, restoreDatabase } from '../src/ops/backup';
import { bet, clockTo, createPgDatabase, engine, freshRound, REPO_ROOT, roundOf } from './factories/game';
import { requirePostgres } from './factories/postgres';
import { createTestApp, fundPlayer, registerPlayer, type TestApp } from './factories/test-app';

const CLI = (name: string): string => join(REPO_ROOT, 'apps', 'api', 'dist', 'cli', `${name}.js`);

/** Every user's balances, in id order. */
async function balances(ds: DataSource): Promise<string> {
  const rows = (await ds.query('SELECT id, money_minor, lock_money_minor FROM users ORDER BY id')) as Record<string, unknown>[];
  return rows.map((r) => `${String(r['id'])}:${String(r['money_minor'])}:${String(r['lock_money_minor'])}`).join(',');
}

/** Players, money and bets: one settled round and bets pending in the next. */
async function activity(t: TestApp): Promise<void> {
  const players = [await registerPlayer(t), await registerPlayer(t)];
  for (const p of players) await fundPlayer(t, p.userId, 50_000);
  const slot = await freshRound(t);
  for (const p of players) expect((await bet(t, p.token, { issue: slot.issue, play_type: 'big', money: 25 })).code).toBe(1);
  const r = await roundOf(t.ds, 1, slot.issue);
  clockTo(t, slot.drawAt);
  expect(await engine(t).lifecycle.close(r.id, t.clock.now())).toBe(true);
  expect(await engine(t).lifecycle.draw(r.id, t.clock.now())).toBe(true);
  expect(await engine(t).settlement.settleRound(r.id)).not.toBeNull();
  const next = await freshRound(t);
  for (const p of players) expect((await bet(t, p.token, { issue: next.issue, play_type: 'small', money: 10 })).code).toBe(1);
}

function run(cli: string, args: string[], env: Record<string, string>): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, [CLI(cli), ...args], { cwd: REPO_ROOT, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

beforeAll(() => {
  // The CLIs run from the build (incremental: quick when current).
  execFileSync(process.execPath, [join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-b', join(REPO_ROOT, 'apps/api/tsconfig.build.json')], {
    stdio: 'ignore',
  });
});

describe('backup and restore on SQLite', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sum28-backup-'));
    t = await createTestApp({ DATABASE_URL: `sqlite:${join(dir, 'live.sqlite')}` });
    await activity(t);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('backs up the live database (online, while bets arrive) and restores it into a fresh path: same balances, ledger check 0', async () => {
    const out = join(dir, 'backup.sqlite');
    const p = await registerPlayer(t);
    await fundPlayer(t, p.userId, 10_000);
    const slot = await freshRound(t);
    // a bet races the backup; whichever way it lands, the copy is a consistent snapshot
    const [r] = await Promise.all([backupDatabase(t.cfg.databaseUrl, out), bet(t, p.token, { issue: slot.issue, play_type: 'odd', money: 5 })]);
    expect(r.kind).toBe('sqlite');
    expect(r.bytes).toBeGreaterThan(0);
    expect(existsSync(`${out}-wal`) || existsSync(`${out}-shm`)).toBe(false);
    // the same through the CLI, and a second backup never overwrites the first
    const cliOut = join(dir, 'cli-backup.sqlite');
    const made = run('backup', ['--out', cliOut], { DATABASE_URL: t.cfg.databaseUrl });
    expect(made.status).toBe(0);
    expect(made.out).toContain('Backup of the SQLite database written to');
    expect(run('backup', ['--out', cliOut], { DATABASE_URL: t.cfg.databaseUrl }).status).toBe(1);

    const live = await balances(t.ds); // the app is idle now: this is what the CLI backup holds
    const fresh = `sqlite:${join(dir, 'restored', 'fresh.sqlite')}`;
    const restored = run('restore', ['--in', cliOut], { DATABASE_URL: fresh });
    expect(restored.out).toContain('Restored into');
    expect(restored.status).toBe(0);
    const ds = await openDatabase({ url: fresh });
    try {
      expect(await balances(ds)).toBe(live);
      const report = await runLedgerCheck(ds, ALL_EXTRA_CHECKS);
      expect(report.checks.filter((c) => c.violations > 0)).toEqual([]);
    } finally {
      await ds.destroy();
    }
    // the racing backup is sound too
    const ds2 = await openDatabase({ url: `sqlite:${out}` });
    try {
      expect((await runLedgerCheck(ds2, ALL_EXTRA_CHECKS)).violations).toBe(0);
    } finally {
      await ds2.destroy();
    }
    const check = run('ledger-check', [], { DATABASE_URL: fresh });
    expect(check.out).toMatch(/checks, 0 violations/);
    expect(check.status).toBe(0);
  });

  it('refuses to overwrite the database in use without --force, and refuses a file that is not one of our databases', async () => {
    const backup = join(dir, 'for-refusal.sqlite');
    await backupDatabase(t.cfg.databaseUrl, backup);
    const refused = run('restore', ['--in', backup], { DATABASE_URL: t.cfg.databaseUrl });
    expect(refused.status).toBe(1);
    expect(refused.out).toMatch(/in use/);
    await expect(restoreDatabase(t.cfg.databaseUrl, backup)).rejects.toThrow(/in use/);

    const junk = join(dir, 'junk.sqlite');
    writeFileSync(junk, 'not a database at all, just some text'.repeat(200));
    const target = `sqlite:${join(dir, 'other', 'x.sqlite')}`;
    const bad = run('restore', ['--in', junk], { DATABASE_URL: target });
    expect(bad.status).toBe(1);
    expect(bad.out).toMatch(/Restore failed/);
    expect(existsSync(join(dir, 'other', 'x.sqlite'))).toBe(false);
    expect(run('restore', [], { DATABASE_URL: target }).status).toBe(2);
  });

  it('a restore over an existing (stopped) database keeps the replaced one aside', async () => {
    const backup = join(dir, 'again.sqlite');
    await backupDatabase(t.cfg.databaseUrl, backup);
    const target = join(dir, 'stopped.sqlite');
    const first = await restoreDatabase(`sqlite:${target}`, backup);
    expect(first.previous).toBeNull();
    const second = await restoreDatabase(`sqlite:${target}`, backup, false, 12345);
    expect(second.previous).toBe(`${target}.before-restore-12345`);
    expect(existsSync(`${target}.before-restore-12345`)).toBe(true);
  });
});

const pgDump = spawnSync('sh', ['-c', 'command -v pg_dump && command -v pg_restore'], { encoding: 'utf8' }).status === 0;
describe('backup and restore on PostgreSQL (pg_dump / pg_restore)', () => {
  let t: TestApp;
  let source: { url: string; drop: () => Promise<void> };
  let target: { url: string; drop: () => Promise<void> };
  let dir: string;
  beforeAll(async () => {
    if (!pgDump) throw new Error('pg_dump / pg_restore are not installed (Debian: postgresql-client): this test needs them');
    requirePostgres();
    dir = mkdtempSync(join(tmpdir(), 'sum28-pgbackup-'));
    source = await createPgDatabase();
    target = await createPgDatabase();
    t = await createTestApp({ DATABASE_URL: source.url });
    await activity(t);
  });
  afterAll(async () => {
    await t?.close();
    await source?.drop();
    await target?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('pg_dump of the live database restored with pg_restore into a fresh one: same balances, ledger check 0; the live one is refused', async () => {
    const file = join(dir, 'backup.dump');
    const made = run('backup', ['--out', file], { DATABASE_URL: source.url });
    expect(made.out).toContain('Backup of the PostgreSQL database written to');
    expect(made.status).toBe(0);
    const live = await balances(t.ds);

    const refused = run('restore', ['--in', file], { DATABASE_URL: source.url });
    expect(refused.status).toBe(1);
    expect(refused.out).toMatch(/in use/);

    const restored = run('restore', ['--in', file], { DATABASE_URL: target.url });
    expect(restored.out).toContain('Restored into');
    expect(restored.status).toBe(0);
    const ds = await openDatabase({ url: target.url });
    try {
      expect(await balances(ds)).toBe(live);
      const report = await runLedgerCheck(ds, ALL_EXTRA_CHECKS);
      expect(report.checks.filter((c) => c.violations > 0)).toEqual([]);
      // the sequences came back too: a new row does not collide
      const ids = (await ds.query('SELECT MAX(id) AS m FROM users')) as { m: number }[];
      expect(Number(ids[0]?.m)).toBeGreaterThan(0);
    } finally {
      await ds.destroy();
    }
    // restoring again over the now-populated (idle) database works: --clean --if-exists
    expect(run('restore', ['--in', file], { DATABASE_URL: target.url }).status).toBe(0);
    const check = run('ledger-check', [], { DATABASE_URL: target.url });
    expect(check.out).toMatch(/checks, 0 violations/);
    expect(check.status).toBe(0);
  });
});
