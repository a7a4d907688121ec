import { Module } from '@nestjs/common';
import { WalletModule } from '../wallet/wallet.module';
import { AccountsController } from './accounts.controller';
import { AccountsService } from './accounts.service';
import { AuthModule } from '../auth/auth.module';
import { CoreModule } from '../common/core.module';
import { DatabaseModule } from '../common/db/database.module';

/** The signed-in player's own account: password, profile, team. */
@Module({ imports: [CoreModule, DatabaseModule, WalletModule, AuthModule], controllers: [AccountsController], providers: [AccountsService] })
export class AccountsModule {}
