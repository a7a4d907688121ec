import { Global, Module } from '@nestjs/common';
import { BalanceEpochs } from './balance-epochs';
import { LedgerService } from './ledger.service';

@Global()
@Module({ providers: [LedgerService, BalanceEpochs], exports: [LedgerService, BalanceEpochs] })
export class LedgerModule {}
