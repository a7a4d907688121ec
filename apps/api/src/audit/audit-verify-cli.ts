import type { DataSource } from 'typeorm';
import { verifyAuditChain } from './audit.service';

/** Body of `npm run audit:verify`: prints the verdict and answers the exit code (0 intact, 1 broken). */
export async function runAuditVerify(ds: DataSource, print: (line: string) => void): Promise<number> {
  const started = Date.now();
  const report = await verifyAuditChain(ds);
  print(`audit log: ${report.message} (${Date.now() - started} ms)`);
  return report.ok ? 0 : 1;
}
