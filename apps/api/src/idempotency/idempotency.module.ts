import { Module } from '@nestjs/common';
import { IdempotencyService } from './idempotency.service';
import { CoreModule } from '../common/core.module';
import { DatabaseModule } from '../common/db/database.module';

@Module({ imports: [CoreModule, DatabaseModule], providers: [IdempotencyService], exports: [IdempotencyService] })
export class IdempotencyModule {}
