import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuditModule } from '../audit/audit.module';
import { RoundsModule } from '../rounds/rounds.module';
import { WalletModule } from '../wallet/wallet.module';
import { AuditLogsController } from './audit-logs/audit-logs.controller';
import { ConsoleAuthController } from './auth/auth.controller';
import { StaffAuthService } from './auth/staff-auth.service';
import { StaffSessionService } from './auth/staff-session.service';
import { CapitalLogsAdminService } from './capital/capital-logs-admin.service';
import { CapitalLogsController } from './capital/capital-logs.controller';
import { CatalogAdminService } from './catalog/catalog-admin.service';
import { GamesController, OddsController, PlansController } from './catalog/catalog.controllers';
import { CrudService } from './common/crud.service';
import { ConsoleGuard } from './console.guard';
import { ContentAdminService } from './content/content-admin.service';
import { ArticlesController, BannersController, NoticesController } from './content/content.controllers';
import { BetsController } from './game/bets.controller';
import { GameAdminService } from './game/game-admin.service';
import { RoundsController } from './game/rounds.controller';
import { ListService } from './list/list.service';
import { SettingsAdminService } from './settings/settings-admin.service';
import { SettingsController } from './settings/settings.controller';
import { StaffAdminService } from './staff/staff-admin.service';
import { StaffController } from './staff/staff.controller';
import { StatsController } from './stats/stats.controller';
import { StatsService } from './stats/stats.service';
import { UsersAdminService } from './users/users-admin.service';
import { UsersController } from './users/users.controller';
import { AuthModule } from '../auth/auth.module';
import { SettingsModule } from '../settings/settings.module';
import { LedgerEntriesController, PlayerRecordsService, UserSessionsController } from './player-records/player-records';
import { CoreModule } from '../common/core.module';
import { DatabaseModule } from '../common/db/database.module';

/**
 * The console API (`/admin-api`, ra-data-simple-rest): staff sign-in, one role matrix enforced by one
 * global guard, resources, actions through the wallet's approvals and the engine's settlement, the
 * dashboard, and the audit log of every staff mutation.
 */
@Module({
  imports: [CoreModule, DatabaseModule, AuditModule, WalletModule, RoundsModule, AuthModule, SettingsModule],
  controllers: [
    ConsoleAuthController,
    UsersController,
    CapitalLogsController,
    BetsController,
    RoundsController,
    GamesController,
    PlansController,
    OddsController,
    BannersController,
    ArticlesController,
    NoticesController,
    SettingsController,
    StaffController,
    AuditLogsController,
    StatsController,
    LedgerEntriesController,
    UserSessionsController,
  ],
  providers: [
    { provide: APP_GUARD, useClass: ConsoleGuard },
    StaffSessionService,
    StaffAuthService,
    ListService,
    CrudService,
    UsersAdminService,
    CapitalLogsAdminService,
    GameAdminService,
    CatalogAdminService,
    ContentAdminService,
    SettingsAdminService,
    StaffAdminService,
    StatsService,
    PlayerRecordsService,
  ],
})
export class ConsoleModule {}
