import { Get, Query, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { IdParam } from '../common/id-param';
import { ListQueryDto } from '../list/list.dto';
import { respondCsv, respondPage } from '../list/respond';
import { ConsoleController, Permit } from '../permission';
import { GameAdminService } from './game-admin.service';
import type { BetView } from './game-views';

@ConsoleController('bets')
export class BetsController {
  constructor(private readonly game: GameAdminService) {}

  @Get()
  @Permit('bets.read')
  @ApiOperation({
    summary: 'Bets, read-only (filters: id, order_no, user_id, game_id, plan_id, round_id, issue, play_type, status, whether_hit, created_at_gte/lte, q)',
  })
  async list(@Query() q: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<BetView[]> {
    return respondPage(reply, await this.game.bets(q));
  }

  @Get('export.csv')
  @Permit('bets.read')
  async csv(@Query() q: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return respondCsv(reply, await this.game.betsCsv(q));
  }

  @Get(':id')
  @Permit('bets.read')
  get(@IdParam() id: number): Promise<BetView> {
    return this.game.bet(id);
  }
}
