import { Module } from '@nestjs/common';
import { AuditService } from './audit.service';
import { InvariantChecker } from './invariant-checker.service';

/** The audit log of staff actions: append (same transaction as the change), capture, verify; I10 in the ledger checker. */
@Module({ providers: [AuditService, InvariantChecker], exports: [AuditService, InvariantChecker] })
export class AuditModule {}
