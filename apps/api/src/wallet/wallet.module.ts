import { Module } from '@nestjs/common';
import { ApprovalsService } from './approvals.service';
import { CapitalLogService } from './capital-log.service';
import { PayInfoService } from './pay-info.service';
import { RechargeService } from './recharge.service';
import { SecurityCodeService } from './security-code.service';
import { WalletController } from './wallet.controller';
import { WithdrawService } from './withdraw.service';
import { AuthModule } from '../auth/auth.module';
import { SettingsModule } from '../settings/settings.module';
import { LedgerModule } from '../ledger/ledger.module';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { CoreModule } from '../common/core.module';
import { DatabaseModule } from '../common/db/database.module';

/** Player wallet calls (recharge, withdraw, fund history, payout accounts, security code) and finance's approvals. */
@Module({
  imports: [CoreModule, DatabaseModule, AuthModule, SettingsModule, LedgerModule, IdempotencyModule],
  controllers: [WalletController],
  providers: [RechargeService, WithdrawService, CapitalLogService, PayInfoService, SecurityCodeService, ApprovalsService],
  exports: [ApprovalsService, SecurityCodeService],
})
export class WalletModule {}
