import { Body, Get, Inject, Param, Put, Query, Res } from '@nestjs/common';
import type { GameSchedule } from '@sum28/contracts';
import { formatOpenHours } from '@sum28/domain';
import { ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { IsDefined } from 'class-validator';
import type { StaffActor } from '../../audit/audit.types';
import { APP_CONFIG, type AppConfig } from '../../common/config/app-config';
import { StrField } from '../../common/validation/fields';
import { ListQueryDto } from '../list/list.dto';
import { respondCsv, respondPage } from '../list/respond';
import { Actor, ConsoleController, Permit } from '../permission';
import { SettingsAdminService, type SettingView } from './settings-admin.service';
import { SettingIdPipe } from './setting-id.pipe';

export class UpdateSettingDto {
  @StrField({ optional: true, max: 64 }) id?: string;
  /** checked by the key's rule (settings/setting-rules.ts) */
  @IsDefined() value!: unknown;
}

@ConsoleController('settings')
export class SettingsController {
  constructor(
    private readonly settings: SettingsAdminService,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  @Get()
  @Permit('settings.read')
  async list(@Query() q: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<SettingView[]> {
    return respondPage(reply, await this.settings.list(q));
  }

  @Get('export.csv')
  @Permit('settings.read')
  async csv(@Query() q: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return respondCsv(reply, await this.settings.csv(q));
  }

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

  @Get(':id')
  @Permit('settings.read')
  get(@Param('id', SettingIdPipe) id: string): Promise<SettingView> {
    return this.settings.get(id);
  }

  @Put(':id')
  @Permit('settings.write')
  @ApiOperation({ summary: 'Set {value}: each key has its rule (range, enum, money as a decimal, currency rates, URL)' })
  update(@Param('id', SettingIdPipe) id: string, @Body() dto: UpdateSettingDto, @Actor() actor: StaffActor): Promise<SettingView> {
    return this.settings.update(actor, id, dto.value, dto.id);
  }
}
