import { Body, Get, HttpCode, Inject, Param, Post, Put, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { GameSchedule } from '@sum28/contracts';
import { formatOpenHours } from '@sum28/domain';
import { ApiOperation } from '@nestjs/swagger';
import { IsDefined } from 'class-validator';
import type { StaffActor } from '../../audit/audit.types';
import { APP_CONFIG, type AppConfig } from '../../common/config/app-config';
import { IntField, StrField } from '../../common/validation/fields';
import { ReadRoutes } from '../common/crud.controller';
import { Actor, ConsoleController, Permit } from '../permission';
import { SettingsAdminService, type SettingUpdate, type SettingView } from './settings-admin.service';
import { SettingIdPipe } from './setting-id.pipe';

export class UpdateSettingDto {
  @StrField({ optional: true, max: 64 }) id?: string;
  /** checked by the key's rule (settings/setting-rules.ts) */
  @IsDefined() value!: unknown;
}

export class SettingChangeDecisionDto {
  /** the pending change (the setting's `pending.change_id`) */
  @IntField({ min: 1 }) change_id!: number;
  @StrField({ optional: true, max: 200 }) reason?: string;
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
  @ApiOperation({
    summary:
      'Set {value}: each key has its rule (range, enum, money as a decimal, currency rates, URL). A money control (`two_person`) is not set at once: the answer is 202 with the change in `pending` (applied: false) until a different superadmin approves it',
  })
  async update(
    @Param('id', SettingIdPipe) id: string,
    @Body() dto: UpdateSettingDto,
    @Actor() actor: StaffActor,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SettingUpdate> {
    const out = await this.settings.update(actor, id, dto.value, dto.id);
    if (!out.applied) reply.status(202);
    return out;
  }

  @Post(':id/approve')
  @HttpCode(200)
  @Permit('settings.approve')
  @ApiOperation({
    summary:
      'A second superadmin approves the pending change {change_id}: not its requester (MAKER_CHECKER), not an account the requester set up in the last 24 hours (APPROVER_SET_UP_BY_PARTY); the value applies at once',
  })
  approve(@Param('id', SettingIdPipe) id: string, @Body() dto: SettingChangeDecisionDto, @Actor() actor: StaffActor): Promise<SettingUpdate> {
    return this.settings.approve(actor, id, dto.change_id);
  }

  @Post(':id/reject')
  @HttpCode(200)
  @Permit('settings.write')
  @ApiOperation({ summary: 'A superadmin rejects the pending change {change_id} (with a reason), or its requester withdraws it; nothing else changes' })
  reject(@Param('id', SettingIdPipe) id: string, @Body() dto: SettingChangeDecisionDto, @Actor() actor: StaffActor): Promise<SettingUpdate> {
    return this.settings.reject(actor, id, dto.change_id, dto.reason ?? '');
  }
}
