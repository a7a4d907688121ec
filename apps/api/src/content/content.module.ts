import { Module } from '@nestjs/common';
import { LotteryModule } from '../lottery/lottery.module';
import { ContentController } from './content.controller';
import { ContentService } from './content.service';
import { PlayerNoticesController } from './notices.controller';
import { NoticesService } from './notices.service';
import { FeedModule } from '../feed/feed.module';
import { AuthModule } from '../auth/auth.module';
import { SettingsModule } from '../settings/settings.module';
import { CoreModule } from '../common/core.module';
import { DatabaseModule } from '../common/db/database.module';

@Module({
  imports: [CoreModule, DatabaseModule, LotteryModule, FeedModule, AuthModule, SettingsModule],
  controllers: [ContentController, PlayerNoticesController],
  providers: [ContentService, NoticesService],
  exports: [ContentService],
})
export class ContentModule {}
