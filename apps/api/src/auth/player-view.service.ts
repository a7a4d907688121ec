import { Inject, Injectable } from '@nestjs/common';
import type { UserSummary } from '@sum28/contracts';
import type { UserEntity } from '@sum28/database';
import { DataSource } from 'typeorm';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../common/config/app-config';
import { SettingsService } from '../settings/settings.service';
import { turnoverNow } from '../ledger/turnover';
import { userInfoView } from './user-view';

export type PlayerView = ReturnType<typeof userInfoView>;

/** The complete user answer of register, login, userInfo and profile (with today's turnover progress). */
@Injectable()
export class PlayerViewService {
  constructor(
    private readonly ds: DataSource,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  async of(u: UserEntity, lang: string): Promise<PlayerView & UserSummary> {
    const turnover = await turnoverNow(this.ds.manager, this.settings, u, this.clock.now(), this.cfg.schedule.tz);
    return userInfoView(u, turnover, lang);
  }
}
