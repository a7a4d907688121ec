import { Module } from '@nestjs/common';
import { WalletModule } from '../wallet/wallet.module';
import { AccountsController } from './accounts.controller';
import { AccountsService } from './accounts.service';
import { AuthModule } from '../auth/auth.module';

/** The signed-in player's own account: password, profile, team. */
@Module({ imports: [WalletModule, AuthModule], controllers: [AccountsController], providers: [AccountsService] })
export class AccountsModule {}
