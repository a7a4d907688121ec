import Database from 'better-sqlite3';
import { dbKindOf } from '@sum28/database';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { DataSource } from 'typeorm';

/** A backup or restore that cannot go on; the message says why in plain words (the CLI exits 1). */
export class BackupError extends Error {}

export interface BackupResult {
  kind: 'sqlite' | 'postgres';
  file: string;
  bytes: number;
}

/** The SQLite file of `sqlite:<path>` (relative to the working directory, as the app opens it). */
export function sqlitePathOf(url: string): string {
  const raw = url.slice('sqlite:'.length);
  if (raw === ':memory:') throw new BackupError('an in-memory database has nothing to back up or restore');
  return resolve(raw);
}

/**
 * Backs up the database of `url` into `out` (which must not exist).
 * SQLite: SQLite's online backup (better-sqlite3 `backup`), page by page, consistent while the app runs
 * and writes; the copy is then checked (`PRAGMA quick_check`, the migrations table).
 * PostgreSQL: `pg_dump --format=custom` (restore with restoreDatabase / pg_restore).
 */
export async function backupDatabase(url: string, out: string): Promise<BackupResult> {
  const file = resolve(out);
  if (existsSync(file)) throw new BackupError(`${file} exists already: choose a new file name`);
  if (dbKindOf(url) === 'postgres') {
    pgTool('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${url}`]);
    return { kind: 'postgres', file, bytes: statSync(file).size };
  }
  const source = sqlitePathOf(url);
  if (!existsSync(source)) throw new BackupError(`no database at ${source}`);
  const db = new Database(source, { fileMustExist: true, timeout: 5000 });
  try {
    await db.backup(file);
  } finally {
    db.close();
  }
  // A self-contained file: the copy keeps the source's WAL mode, which would leave -wal / -shm files beside it.
  const copy = new Database(file, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  checkSqliteBackup(file);
  return { kind: 'sqlite', file, bytes: statSync(file).size };
}

/** Throws unless `file` is a sound SQLite database with our migrations table (at least one migration). */
export function checkSqliteBackup(file: string): { migrations: number } {
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (e) {
    throw new BackupError(`${file} cannot be opened as a SQLite database: ${String(e)}`);
  }
  try {
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`${file} fails SQLite's quick_check: ${String(check)}`);
    const table = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'migrations'`).get();
    if (table === undefined) throw new BackupError(`${file} is a SQLite database but not one of this application (no migrations table)`);
    const n = Number((db.prepare('SELECT COUNT(*) AS n FROM migrations').get() as { n: number }).n);
    if (n === 0) throw new BackupError(`${file} has an empty migrations table`);
    return { migrations: n };
  } catch (e) {
    if (e instanceof BackupError) throw e;
    throw new BackupError(`${file} is not a readable SQLite database: ${String(e)}`);
  } finally {
    db.close();
  }
}

/** True when another connection has the SQLite database open (it cannot be locked exclusively at once) or left its WAL files. */
export function sqliteInUse(file: string): boolean {
  if (!existsSync(file)) return false;
  if (existsSync(`${file}-wal`) || existsSync(`${file}-shm`)) return true;
  const db = new Database(file, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
    return false;
  } catch {
    return true;
  } finally {
    db.close();
  }
}

export interface RestoreResult {
  kind: 'sqlite' | 'postgres';
  target: string;
  /** SQLite: where the database it replaced was moved (null when there was none) */
  previous: string | null;
}

/**
 * Restores the backup `input` into the database of `url`. Refuses a database in use (the app running
 * on it: stop it first) unless `force`.
 * SQLite: checks the backup (a SQLite database with our migrations table), copies it beside the target,
 * moves the current database (and its -wal/-shm files) aside as `<file>.before-restore-<time>`, then
 * renames the copy into place.
 * PostgreSQL: checks the archive lists our migrations table (`pg_restore --list`), then
 * `pg_restore --clean --if-exists --no-owner --exit-on-error` into the database of `url`.
 */
export async function restoreDatabase(url: string, input: string, force = false, now = Date.now()): Promise<RestoreResult> {
  const file = resolve(input);
  if (!existsSync(file)) throw new BackupError(`no backup at ${file}`);
  if (dbKindOf(url) === 'postgres') {
    const list = pgTool('pg_restore', ['--list', file]);
    if (!/ TABLE \S+ migrations /.test(list)) throw new BackupError(`${file} is a pg_dump archive but not of this application (no migrations table)`);
    const others = await pgOtherSessions(url);
    if (others > 0 && !force) throw new BackupError(`the database is in use (${others} other connection(s)): stop the app first, or pass --force`);
    pgTool('pg_restore', ['--clean', '--if-exists', '--no-owner', '--exit-on-error', `--dbname=${url}`, file]);
    return { kind: 'postgres', target: url.replace(/\/\/.*@/, '//***@'), previous: null };
  }
  const target = sqlitePathOf(url);
  checkSqliteBackup(file);
  if (resolve(target) === file) throw new BackupError('the backup is the database itself');
  if (sqliteInUse(target) && !force)
    throw new BackupError(`the database ${target} is in use (open, or left -wal/-shm files): stop the app first, or pass --force`);
  mkdirSync(dirname(target), { recursive: true });
  const tmp = `${target}.restore-${now}`;
  copyFileSync(file, tmp);
  let previous: string | null = null;
  if (existsSync(target)) {
    previous = `${target}.before-restore-${now}`;
    renameSync(target, previous);
  }
  for (const side of ['-wal', '-shm']) {
    if (!existsSync(target + side)) continue;
    if (previous !== null) renameSync(target + side, previous + side);
    else rmSync(target + side);
  }
  renameSync(tmp, target);
  return { kind: 'sqlite', target, previous };
}

/** Runs a PostgreSQL client tool (Debian's postgresql-client); answers its standard output. */
function pgTool(tool: 'pg_dump' | 'pg_restore', args: string[]): string {
  try {
    return execFileSync(tool, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  } catch (e) {
    const err = e as NodeJS.ErrnoException & { stderr?: string };
    if (err.code === 'ENOENT') throw new BackupError(`${tool} is not installed (PostgreSQL client tools, e.g. apt-get install postgresql-client)`);
    throw new BackupError(`${tool} failed: ${(err.stderr ?? String(e)).trim().slice(0, 2000)}`);
  }
}

/** Connections to the database of `url` other than this one. */
async function pgOtherSessions(url: string): Promise<number> {
  const ds = new DataSource({ type: 'postgres', url, extra: { max: 1 } });
  await ds.initialize();
  try {
    const rows = (await ds.query('SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()')) as {
      n: string;
    }[];
    return Number(rows[0]?.n ?? 0);
  } finally {
    await ds.destroy();
  }
}
