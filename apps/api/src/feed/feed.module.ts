import { Module } from '@nestjs/common';
import { FeedService } from './feed.service';

/** Real activity (room feed, home ticker); learns of settled rounds from RoundEvents. */
@Module({ providers: [FeedService], exports: [FeedService] })
export class FeedModule {}
