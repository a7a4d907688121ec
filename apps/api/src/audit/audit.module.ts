import { Global, Module } from '@nestjs/common';
import './audit-invariant';
import { AuditService } from './audit.service';

/** The audit log of staff actions: append (same transaction as the change), capture, verify; I10 in the ledger checker. */
@Global()
@Module({ providers: [AuditService], exports: [AuditService] })
export class AuditModule {}
