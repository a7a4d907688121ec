import { Body, Get, Inject, Param, Put } from '@nestjs/common';
import type { GameSchedule } from '@sum28/contracts';
import { formatOpenHours } from '@sum28/domain';
import { ApiOperation } from '@nestjs/swagger';
import { IsDefined } from 'class-validator';
import type { StaffActor } from '../../audit/audit.types';
import { APP_CONFIG, type AppConfig } from '../../common/config/app-config';
import { StrField } from '../../common/validation/fields';
import { ReadRoutes } from '../common/crud.controller';
import { Actor, ConsoleController, Permit } from '../permission';
import { SettingsAdminService, type SettingView } from './settings-admin.service';
import { SettingIdPipe } from './setting-id.pipe';

export class UpdateSettingDto {
  @StrField({ optional: true, max: 64 }) id?: string;
  /** checked by the key's rule (settings/setting-rules.ts) */
  @IsDefined() value!: unknown;
}

@ConsoleController('settings')
@ReadRoutes<SettingsController, SettingView, string>({
  read: 'settings.read',
  reader: (c) => c.settings,
  idPipe: SettingIdPipe,
})
export class SettingsController {
  constructor(
    readonly settings: SettingsAdminService,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  @Get('schedule')
  @Permit('settings.read')
  @ApiOperation({
    summary:
      'The round schedule the server runs (OPEN_HOURS, PLATFORM_TZ, ROUND_SECONDS, BET_CLOSE_SECONDS): deployment configuration, read-only (changing it mid-day would change the published schedule of rounds); the same as the player API index/config game',
  })
  schedule(): GameSchedule {
    const { openHours, tz, roundSeconds, betCloseSeconds } = this.cfg.schedule;
    return { open_hours: formatOpenHours(openHours), tz, round_seconds: roundSeconds, bet_close_seconds: betCloseSeconds };
  }

  @Put(':id')
  @Permit('settings.write')
  @ApiOperation({ summary: 'Set {value}: each key has its rule (range, enum, money as a decimal, currency rates, URL)' })
  update(@Param('id', SettingIdPipe) id: string, @Body() dto: UpdateSettingDto, @Actor() actor: StaffActor): Promise<SettingView> {
    return this.settings.update(actor, id, dto.value, dto.id);
  }
}
