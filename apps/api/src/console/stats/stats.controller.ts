import { Get, Query } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { NoFieldsDto } from '../common/no-fields.dto';
import { ConsoleController, Permit } from '../permission';
import type { DashboardStats } from '@sum28/contracts';
import { StatsService } from './stats.service';

@ConsoleController('stats')
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @Get()
  @Permit('stats.read')
  @ApiOperation({
    summary: 'Dashboard: today / 7 / 30 days of money and players, pending approvals, observed vs theoretical RTP, digit frequencies with chi-square',
  })
  get(@Query() _q: NoFieldsDto): Promise<DashboardStats> {
    return this.stats.dashboard();
  }
}
