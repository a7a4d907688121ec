import { Global, Module } from '@nestjs/common';
import { FeedService } from './feed.service';

/** Real activity (room feed, home ticker); global so the home page and the rounds can reach it. */
@Global()
@Module({ providers: [FeedService], exports: [FeedService] })
export class FeedModule {}
