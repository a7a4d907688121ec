import { Module } from '@nestjs/common';
import { BalanceEpochs } from './balance-epochs';
import { LedgerService } from './ledger.service';
import { CoreModule } from '../common/core.module';
import { DatabaseModule } from '../common/db/database.module';

@Module({ imports: [CoreModule, DatabaseModule], providers: [LedgerService, BalanceEpochs], exports: [LedgerService, BalanceEpochs] })
export class LedgerModule {}
