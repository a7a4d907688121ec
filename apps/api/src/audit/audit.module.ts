import { Module } from '@nestjs/common';
import { AuditService } from './audit.service';
import { InvariantChecker } from './invariant-checker.service';
import { CoreModule } from '../common/core.module';
import { DatabaseModule } from '../common/db/database.module';

/** The audit log of staff actions: append (same transaction as the change), capture, verify; I10 in the ledger checker. */
@Module({ imports: [CoreModule, DatabaseModule], providers: [AuditService, InvariantChecker], exports: [AuditService, InvariantChecker] })
export class AuditModule {}
