import { Module } from '@nestjs/common';
import { ApprovalsService } from './approvals.service';
import { CapitalLogService } from './capital-log.service';
import { PayInfoService } from './pay-info.service';
import { RechargeService } from './recharge.service';
import { SecurityCodeService } from './security-code.service';
import { WalletController } from './wallet.controller';
import { WithdrawService } from './withdraw.service';

/** Player wallet calls (recharge, withdraw, fund history, payout accounts, security code) and finance's approvals. */
@Module({
  controllers: [WalletController],
  providers: [RechargeService, WithdrawService, CapitalLogService, PayInfoService, SecurityCodeService, ApprovalsService],
  exports: [ApprovalsService, SecurityCodeService],
})
export class WalletModule {}
