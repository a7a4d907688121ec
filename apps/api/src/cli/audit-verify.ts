import { runAuditVerify } from '../audit/audit-verify-cli';
import { cliDatabase } from './cli-context';

/** `npm run audit:verify [-- --anchor <id>:<hash>]`: walks the audit hash chain; exit code 1 when it is broken. */
void (async () => {
  const at = process.argv.indexOf('--anchor');
  const anchor = at >= 0 ? (process.argv[at + 1] ?? '') : (process.env['AUDIT_ANCHOR'] ?? null);
  const { ds } = await cliDatabase();
  const code = await runAuditVerify(ds, (line) => console.log(line), anchor);
  await ds.destroy();
  process.exit(code);
})();
