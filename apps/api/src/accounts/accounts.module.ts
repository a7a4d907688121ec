import { Module } from '@nestjs/common';
import { AccountsController } from './accounts.controller';
import { AccountsService } from './accounts.service';

/** The signed-in player's own account: password, profile, team. */
@Module({ controllers: [AccountsController], providers: [AccountsService] })
export class AccountsModule {}
