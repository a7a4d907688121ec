import { Module } from '@nestjs/common';
import { LotteryModule } from '../lottery/lottery.module';
import { ContentController } from './content.controller';
import { ContentService } from './content.service';
import { PlayerNoticesController } from './notices.controller';
import { NoticesService } from './notices.service';

@Module({
  imports: [LotteryModule],
  controllers: [ContentController, PlayerNoticesController],
  providers: [ContentService, NoticesService],
  exports: [ContentService],
})
export class ContentModule {}
