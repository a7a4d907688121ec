import { runAuditVerify } from '../audit/audit-verify-cli';
import { cliDatabase } from './cli-context';

/** `npm run audit:verify`: walks the audit hash chain; exit code 1 when it is broken. */
void (async () => {
  const { ds } = await cliDatabase();
  const code = await runAuditVerify(ds, (line) => console.log(line));
  await ds.destroy();
  process.exit(code);
})();
