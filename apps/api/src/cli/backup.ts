import { backupDatabase, BackupError } from '../ops/backup';
import { cliArgs } from './backup-args';

/** `npm run backup -- --out FILE`: an online backup of DATABASE_URL (SQLite backup API, or pg_dump custom format). */
void (async () => {
  const { cfg, file } = cliArgs(process.argv.slice(2), 'usage: npm run backup -- --out FILE');
  try {
    const r = await backupDatabase(cfg.databaseUrl, file('--out'));
    console.log(`Backup of the ${r.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database written to ${r.file} (${r.bytes} bytes).`);
  } catch (e) {
    console.error(e instanceof BackupError ? `Backup failed: ${e.message}` : e);
    process.exit(1);
  }
})();
