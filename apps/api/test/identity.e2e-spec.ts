import { openDatabase, seedDatabase, type DbConfig } from '@sum28/database';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CaseInsensitiveUsernames1795417667416 as PgMigration } from '../../../database/src/migrations/postgres/1795417667416-CaseInsensitiveUsernames';
import { CaseInsensitiveUsernames1795417667416 as SqliteMigration } from '../../../database/src/migrations/sqlite/1795417667416-CaseInsensitiveUsernames';
import { requirePostgres, withPgDatabase } from './factories/postgres';
import { ADMIN_USERNAME, consoleCall, createConsoleApp, roleTokens, STAFF_PASSWORD, staffOf } from './console-fixtures';
import { registerPlayer, uniqueName, type TestApp } from './factories/test-app';
import type { Role } from '../src/console/roles';

describe('identities cannot be confused', () => {
  let t: TestApp;
  let tok: Record<Role, string>;
  beforeAll(async () => {
    t = await createConsoleApp();
    tok = await roleTokens(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const register = (username: string): Promise<{ body: { code: number; error?: string } }> =>
    t.http().post('/index.php/api/user/register').send({ username, password: 'secret-pw-123', invite_code: '100001', adult: true, lang: 'en' });

  it.each<[string, string]>([
    ['Abc', 'ABC'],
    ['root', 'Root'],
  ])('a player username %s taken makes %s taken too', async (first, second) => {
    const base = `${first}${uniqueName('').slice(0, 10)}`;
    expect((await register(base)).body.code).toBe(1);
    const again = await register(base.replace(first, second));
    expect(again.body.error).toBe('USERNAME_TAKEN');
    expect((await register(base.toUpperCase())).body.error).toBe('USERNAME_TAKEN');
  });

  it('the database itself refuses two player names differing only in case (a race past the check)', async () => {
    const p = await registerPlayer(t, `Race${uniqueName('').slice(0, 10)}`);
    await expect(
      t.ds
        .query(`INSERT INTO users (username, nickname, mobile, password_hash, group_id, inviter_id, status, money_minor, lock_money_minor, adult_consent_at, created_at, updated_at)
                  SELECT upper(username), nickname, mobile, password_hash, group_id, inviter_id, status, 0, 0, adult_consent_at, created_at, updated_at FROM users WHERE id = ${p.userId}`),
    ).rejects.toThrow(/unique|duplicate/i);
  });

  it('a staff username differing only in case from an existing one is taken (409), also for the bootstrap admin', async () => {
    const s = await staffOf(t, 'support', tok.superadmin);
    for (const username of [s.username.toUpperCase(), ADMIN_USERNAME.toUpperCase(), 'Admin']) {
      const res = await consoleCall(t, 'post', '/admin-api/staff', tok.superadmin, { username, password: STAFF_PASSWORD, role: 'support' });
      expect([res.status, res.body.error]).toEqual([409, 'USERNAME_TAKEN']);
    }
  });

  it.each<[string, string]>([
    ['a right-to-left override', 'abc\u202Egnp.exe'],
    ['a bidi isolate', 'a\u2067b'],
    ['zero-width characters only', '\u200B\u200C\u200D'],
    ['word joiners around a BOM only', '\u2060\uFEFF\u2060'],
  ])('a nickname with %s is refused', async (_name, nickname) => {
    const p = await registerPlayer(t);
    const res = await t.http().post('/index.php/api/user/profile').set('token', p.token).send({ nickname, lang: 'en' });
    expect(res.body).toMatchObject({ error: 'NICKNAME_INVALID', msg: 'Invalid nickname' });
    const row = ((await t.ds.query(`SELECT nickname FROM users WHERE id = ${p.userId}`)) as { nickname: string }[])[0];
    expect(row?.nickname).toBe(p.username);
  });

  describe('a superadmin and its own account', () => {
    it('cannot demote, disable or delete itself, even with another superadmin present', async () => {
      const other = await staffOf(t, 'superadmin', tok.superadmin);
      const me = await staffOf(t, 'superadmin', tok.superadmin);
      for (const body of [{ role: 'operator' }, { enabled: false }]) {
        const res = await consoleCall(t, 'put', `/admin-api/staff/${me.id}`, me.token, body);
        expect([res.status, res.body.error]).toEqual([409, 'STAFF_SELF_CHANGE']);
      }
      const del = await consoleCall(t, 'delete', `/admin-api/staff/${me.id}`, me.token);
      expect([del.status, del.body.error]).toEqual([409, 'STAFF_SELF_CHANGE']);
      expect((await consoleCall(t, 'get', `/admin-api/staff/${me.id}`, other.token)).body).toMatchObject({ role: 'superadmin', enabled: true });
      // Another superadmin may.
      expect((await consoleCall(t, 'put', `/admin-api/staff/${me.id}`, other.token, { role: 'operator' })).status).toBe(200);
    });
  });
});

/**
 * The migration on a database that already holds players and staff: their rows stay, and afterwards a
 * name differing only in case is refused by the database. Run as the migration's own down, inserts, up.
 */
async function migrateWithRows(cfg: DbConfig, migration: SqliteMigration | PgMigration): Promise<{ kept: number; refused: boolean }> {
  const ds = await openDatabase(cfg);
  try {
    await seedDatabase(ds, { now: 1, demo: false });
    const qr = ds.createQueryRunner();
    await migration.down(qr);
    const insertUser = (name: string): Promise<unknown> =>
      ds.query(
        `INSERT INTO users (username, nickname, mobile, password_hash, group_id, inviter_id, status, money_minor, lock_money_minor, adult_consent_at, created_at, updated_at)
         VALUES ('${name}', '${name}', '', 'x', 1, 1, 'active', 0, 0, 1, 1, 1)`,
      );
    await insertUser('Alice01');
    await insertUser('bob_02');
    await migration.up(qr);
    await qr.release();
    const kept = Number(((await ds.query(`SELECT COUNT(*) AS n FROM users WHERE username IN ('Alice01', 'bob_02')`)) as { n: number | string }[])[0]?.n);
    const refused = await insertUser('ALICE01').then(
      () => false,
      () => true,
    );
    return { kept, refused };
  } finally {
    await ds.destroy();
  }
}

describe('the CaseInsensitiveUsernames migration', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'sum28-ci-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('keeps existing rows on SQLite and then refuses a case variant', async () => {
    expect(await migrateWithRows({ url: `sqlite:${join(tmp, 'ci.sqlite')}`, sqliteDriver: 'better-sqlite3' }, new SqliteMigration())).toEqual({
      kept: 2,
      refused: true,
    });
  });

  it('keeps existing rows on PostgreSQL and then refuses a case variant', async () => {
    requirePostgres();
    await withPgDatabase(async (url) => {
      expect(await migrateWithRows({ url }, new PgMigration())).toEqual({ kept: 2, refused: true });
    });
  });
});
