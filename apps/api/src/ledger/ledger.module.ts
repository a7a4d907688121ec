import { Module } from '@nestjs/common';
import { BalanceEpochs } from './balance-epochs';
import { LedgerService } from './ledger.service';

@Module({ providers: [LedgerService, BalanceEpochs], exports: [LedgerService, BalanceEpochs] })
export class LedgerModule {}
