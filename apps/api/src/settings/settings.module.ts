import { Module } from '@nestjs/common';
import { SettingsService } from './settings.service';
import { CoreModule } from '../common/core.module';
import { DatabaseModule } from '../common/db/database.module';

@Module({ imports: [CoreModule, DatabaseModule], providers: [SettingsService], exports: [SettingsService] })
export class SettingsModule {}
