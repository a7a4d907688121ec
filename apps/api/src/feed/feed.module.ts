import { Module } from '@nestjs/common';
import { FeedService } from './feed.service';
import { CoreModule } from '../common/core.module';
import { DatabaseModule } from '../common/db/database.module';

/** Real activity (room feed, home ticker); learns of settled rounds from RoundEvents. */
@Module({ imports: [CoreModule, DatabaseModule], providers: [FeedService], exports: [FeedService] })
export class FeedModule {}
