import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type LedgerReport, runLedgerCheck } from '../ledger/ledger-check';
import { auditInvariant } from './audit-invariant';

/** Every invariant of reliability.md on this database: the ledger checker's I1-I9 and I11-I14 plus the audit log's I10. */
export const ALL_EXTRA_CHECKS = [auditInvariant] as const;

/** The whole invariant report, as an explicit provider of the audit module (nothing registers itself on import). */
@Injectable()
export class InvariantChecker {
  constructor(private readonly ds: DataSource) {}

  run(): Promise<LedgerReport> {
    return runLedgerCheck(this.ds, ALL_EXTRA_CHECKS);
  }
}
