import { createDataSource, openDatabase, seedDatabase, TxRunner, UserEntity, type DbConfig } from '@sum28/database';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { requirePostgres, withPgDatabase } from './factories/postgres';

const tmp = mkdtempSync(join(tmpdir(), 'sum28-db-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
let n = 0;
const sqliteCfg = (driver: 'better-sqlite3' | 'sqlite3'): DbConfig => ({ url: `sqlite:${join(tmp, `db${++n}.sqlite`)}`, sqliteDriver: driver });

async function schemaDrift(ds: DataSource): Promise<string[]> {
  return (await ds.driver.createSchemaBuilder().log()).upQueries.map((q) => q.query);
}

async function appendOnlyRefusals(ds: DataSource): Promise<number> {
  await seedDatabase(ds, { now: 1, demo: false });
  await ds.query(`INSERT INTO ledger_transactions (unique_key, kind, user_id, ref_type, ref_id, created_at) VALUES ('test:1', 'test', 1, '', NULL, 1)`);
  await ds.query(
    `INSERT INTO ledger_entries (tx_id, account, user_id, amount_minor, created_at) VALUES (1, 'house_cash', NULL, -5, 1), (1, 'house_bonus', NULL, 5, 1)`,
  );
  await ds.query(
    `INSERT INTO audit_logs (staff_id, staff_username, staff_role, action, target_type, target_id, before, after, reason, ip, created_at, prev_hash, hash) VALUES (NULL, '', '', 'test', '', '', NULL, NULL, '', '', 1, 'x', 'y')`,
  );
  const attempts = [
    `UPDATE ledger_entries SET amount_minor = 0`,
    `DELETE FROM ledger_entries`,
    `UPDATE ledger_transactions SET kind = 'x'`,
    `DELETE FROM ledger_transactions`,
    `UPDATE audit_logs SET reason = 'edited'`,
    `DELETE FROM audit_logs`,
  ];
  let refused = 0;
  for (const sql of attempts) {
    try {
      await ds.query(sql);
    } catch {
      refused++;
    }
  }
  return refused;
}

describe.each(['better-sqlite3', 'sqlite3'] as const)('migrations on SQLite (%s)', (driver) => {
  it('build exactly the schema the entities describe', async () => {
    const ds = await openDatabase(sqliteCfg(driver));
    expect(await schemaDrift(ds)).toEqual([]);
    await ds.destroy();
  });

  it('make the ledger and the audit log append-only (T17)', async () => {
    const ds = await openDatabase(sqliteCfg(driver));
    expect(await appendOnlyRefusals(ds)).toBe(6);
    await ds.destroy();
  });

  it('run the idempotent seed: a second run adds nothing', async () => {
    const ds = await openDatabase(sqliteCfg(driver));
    const first = await seedDatabase(ds, { now: 1, demo: true });
    expect(first.inserted).toBeGreaterThan(4 * 4 * 38);
    expect((await seedDatabase(ds, { now: 2, demo: true })).inserted).toBe(0);
    expect(await ds.getRepository(UserEntity).findOneByOrFail({ id: 1 })).toMatchObject({ group_id: 3, username: 'house' });
    await ds.destroy();
  });
});

describe('migrations on PostgreSQL', () => {
  beforeAll(requirePostgres);
  it('build the entity schema, append-only triggers and an idempotent seed', async () => {
    await withPgDatabase(async (url) => {
      const ds = await openDatabase({ url });
      expect(await schemaDrift(ds)).toEqual([]);
      expect(await appendOnlyRefusals(ds)).toBe(6);
      expect((await seedDatabase(ds, { now: 2, demo: true })).inserted).toBeGreaterThan(0);
      expect((await seedDatabase(ds, { now: 3, demo: true })).inserted).toBe(0);
      // the sequence moved past the house agent's explicit id 1
      await ds.query(`INSERT INTO users (username, password_hash, group_id, adult_consent_at, created_at, updated_at) VALUES ('pgnext', 'x', 1, 1, 1, 1)`);
      expect(Number((await ds.query(`SELECT id FROM users WHERE username = 'pgnext'`))[0].id)).toBeGreaterThan(1);
      await ds.destroy();
    });
  });
});

describe('SQLite shared-connection safety (T18)', () => {
  /**
   * Two service transactions at once: A writes and commits, B writes and then throws. Without the gate,
   * TypeORM runs B as a SAVEPOINT inside A on its single connection, so B's failure can undo A's write or
   * A's commit can carry B's. With the gate, A persists and B leaves nothing, in every interleaving.
   */
  async function interleave(ds: DataSource, write: <T>(fn: (m: import('typeorm').EntityManager) => Promise<T>) => Promise<T>, i: number): Promise<boolean> {
    const a = write(async (m) => {
      await m.query(`INSERT INTO settings (key, value, updated_at) VALUES ('a${i}', '1', 1)`);
      await new Promise((r) => setImmediate(r));
    });
    const b = write(async (m) => {
      await m.query(`INSERT INTO settings (key, value, updated_at) VALUES ('b${i}', '1', 1)`);
      await new Promise((r) => setImmediate(r));
      throw new Error('B fails after writing');
    });
    const [ra, rb] = await Promise.allSettled([a, b]);
    const rows = (await ds.query(`SELECT key FROM settings WHERE key IN ('a${i}', 'b${i}')`)) as { key: string }[];
    const keys = rows.map((r) => r.key).sort();
    return ra.status === 'fulfilled' && rb.status === 'rejected' && keys.length === 1 && keys[0] === `a${i}`;
  }

  it('keeps the committed transaction and drops the failed one in 1,000 interleavings with the gate', async () => {
    const ds = await openDatabase(sqliteCfg('better-sqlite3'));
    const runner = new TxRunner(ds);
    let anomalies = 0;
    for (let i = 0; i < 1000; i++) if (!(await interleave(ds, (fn) => runner.write(fn), i))) anomalies++;
    console.log(`T18: 1000 interleavings through the write gate, anomalies = ${anomalies}`);
    expect(anomalies).toBe(0);
    await ds.destroy();
  });

  it('shows why the gate exists: without it the same interleaving goes wrong', async () => {
    const ds = createDataSource(sqliteCfg('better-sqlite3'));
    await ds.initialize();
    await ds.runMigrations();
    let anomalies = 0;
    for (let i = 0; i < 50; i++) if (!(await interleave(ds, (fn) => ds.transaction(fn), i))) anomalies++;
    console.log(`T18: 50 interleavings without the gate, anomalies = ${anomalies}`);
    expect(anomalies).toBeGreaterThan(0);
    await ds.destroy();
  });
});

describe.each(['better-sqlite3', 'sqlite3'] as const)('SQLite writes after a full database (%s; T12 on SQLite)', (driver) => {
  /**
   * `PRAGMA max_page_count` makes the file "full" (SQLITE_FULL) without a full disk. SQLite may then roll the
   * whole transaction back itself, TypeORM's own ROLLBACK fails, and TypeORM's runner believes a transaction
   * is still open: the next transactions become SAVEPOINTs, and after a rollback to one of them SQLite stays
   * in a transaction that never commits. The runner must leave nothing open after any failure, so that a
   * write it answers as committed is committed: seen at once by a second connection to the file.
   */
  it('leaves no transaction open, and the next writes are committed (seen by another connection)', async () => {
    const cfg = sqliteCfg(driver);
    const ds = await openDatabase(cfg);
    const runner = new TxRunner(ds);
    const other = new DataSource({ type: 'better-sqlite3', database: cfg.url.slice('sqlite:'.length), readonly: true });
    await other.initialize();
    const seen = async (key: string): Promise<number> =>
      ((await other.query(`SELECT COUNT(*) AS n FROM settings WHERE key = ?`, [key])) as { n: number }[])[0]!.n;
    const state = (): { active: boolean; depth: number } => {
      const r = (ds.driver as unknown as { queryRunner?: { isTransactionActive: boolean; transactionDepth: number } }).queryRunner;
      return { active: r?.isTransactionActive ?? false, depth: r?.transactionDepth ?? 0 };
    };
    const pages = ((await ds.query('PRAGMA page_count')) as { page_count: number }[])[0]!.page_count;
    await ds.query(`PRAGMA max_page_count = ${pages + 2}`);
    const big = 'x'.repeat(3000);
    const failures: string[] = [];
    for (let i = 0; i < 3; i++) {
      await runner
        .write(async (m) => {
          for (let k = 0; k < 10; k++) await m.query(`INSERT INTO settings (key, value, updated_at) VALUES (?, ?, 1)`, [`full${i}-${k}`, big]);
        })
        .then(
          () => failures.push('committed'),
          (e: { code?: string; driverError?: { code?: string } }) => failures.push(String(e.driverError?.code ?? e.code)),
        );
      expect(state()).toEqual({ active: false, depth: 0 });
    }
    expect(failures.every((f) => f.startsWith('SQLITE_FULL'))).toBe(true);
    await ds.query(`PRAGMA max_page_count = 1000000`);
    // A refusal inside a transaction (its rollback), then a write: committed, and visible to another connection.
    await expect(
      runner.write(async (m) => {
        await m.query(`INSERT INTO settings (key, value, updated_at) VALUES ('refused', '1', 1)`);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await runner.write((m) => m.query(`INSERT INTO settings (key, value, updated_at) VALUES ('after', '1', 1)`));
    expect(state()).toEqual({ active: false, depth: 0 });
    expect(await seen('after')).toBe(1);
    expect(await seen('refused')).toBe(0);
    expect(await seen('full0-0')).toBe(0);
    await other.destroy();
    await ds.destroy();
  });
});
