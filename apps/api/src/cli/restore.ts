import { BackupError, restoreDatabase } from '../ops/backup';
import { cliArgs } from './backup-args';

/** `npm run restore -- --in FILE [--force]`: restores a backup into DATABASE_URL (refused while the database is in use unless --force). */
void (async () => {
  const { cfg, file, force } = cliArgs(process.argv.slice(2), 'usage: npm run restore -- --in FILE [--force]');
  try {
    const r = await restoreDatabase(cfg.databaseUrl, file('--in'), force);
    console.log(`Restored into ${r.target}.${r.previous !== null ? ` The database it replaced is kept as ${r.previous}.` : ''}`);
    console.log('Check it with: npm run ledger:check');
  } catch (e) {
    console.error(e instanceof BackupError ? `Restore failed: ${e.message}` : e);
    process.exit(1);
  }
})();
