import type { DataSource } from 'typeorm';
import { auditChainHead, parseAuditAnchor, verifyAuditChain } from './audit.service';

/**
 * Body of `npm run audit:verify [-- --anchor <id>:<hash>]`: prints the verdict and the head to keep as the next anchor,
 * and answers the exit code (0 intact, 1 broken or anchor missing, 2 a malformed anchor).
 */
export async function runAuditVerify(ds: DataSource, print: (line: string) => void, anchorText: string | null = null): Promise<number> {
  const anchor = anchorText === null ? null : parseAuditAnchor(anchorText);
  if (anchorText !== null && anchor === null) {
    print('audit log: --anchor takes <id>:<hash> (the head an earlier run or /metrics printed)');
    return 2;
  }
  const started = Date.now();
  const report = await verifyAuditChain(ds, anchor);
  print(`audit log: ${report.message} (${Date.now() - started} ms)`);
  const head = await auditChainHead(ds);
  if (report.ok && head !== null) print(`audit log: head ${head.id}:${head.hash} (keep it apart; verify later with --anchor)`);
  return report.ok ? 0 : 1;
}
