import { ALL_EXTRA_CHECKS } from '../audit/invariant-checker.service';
import { runLedgerCheck } from '../ledger/ledger-check';
import { cliDatabase } from './cli-context';

/** `npm run ledger:check`: prints every invariant, its violations and samples; exits 1 if any is violated. */
void (async () => {
  const { ds } = await cliDatabase();
  const started = Date.now();
  const report = await runLedgerCheck(ds, ALL_EXTRA_CHECKS);
  for (const c of report.checks) {
    console.log(`${c.violations === 0 ? 'ok  ' : 'FAIL'} ${c.id.padEnd(4)} ${c.name}${c.violations ? ` — ${c.violations} violation(s)` : ''}`);
    for (const s of c.samples) console.log(`       ${JSON.stringify(s)}`);
  }
  console.log(`${report.checks.length} checks, ${report.violations} violations (${Date.now() - started} ms)`);
  await ds.destroy();
  process.exit(report.violations === 0 ? 0 : 1);
})();
