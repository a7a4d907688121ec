import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { DataSource } from 'typeorm';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../common/config/app-config';

@ApiTags('ops')
@Controller('health')
@SkipThrottle()
export class HealthController {
  constructor(
    private readonly ds: DataSource,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Liveness and database reachability' })
  async health(): Promise<{ status: 'ok'; database: string; time: number; tz: string; open_hours: string }> {
    await this.ds.query('SELECT 1');
    return { status: 'ok', database: this.ds.options.type, time: this.clock.now(), tz: this.cfg.schedule.tz, open_hours: this.cfg.openHoursText };
  }
}
