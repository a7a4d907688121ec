import { Body, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { StaffActor } from '../../audit/audit.types';
import { IdParam } from '../common/id-param';
import { ListQueryDto } from '../list/list.dto';
import { respondCsv, respondPage } from '../list/respond';
import { Actor, ConsoleController, Permit } from '../permission';
import { VoidRoundDto } from './game.dto';
import { GameAdminService } from './game-admin.service';
import type { RoundView } from './game-views';

/** Rounds are read-only here: no route sets or edits a result. The seed shows only once drawn. */
@ConsoleController('rounds')
export class RoundsController {
  constructor(private readonly game: GameAdminService) {}

  @Get()
  @Permit('rounds.read')
  @ApiOperation({ summary: 'Rounds with hash, result, seed once drawn, bet count, turnover, payout, GGR' })
  async list(@Query() q: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<RoundView[]> {
    return respondPage(reply, await this.game.rounds(q));
  }

  @Get('export.csv')
  @Permit('rounds.read')
  async csv(@Query() q: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return respondCsv(reply, await this.game.roundsCsv(q));
  }

  @Get(':id')
  @Permit('rounds.read')
  get(@IdParam() id: number): Promise<RoundView> {
    return this.game.round(id);
  }

  @Post(':id/void')
  @HttpCode(200)
  @Permit('rounds.void')
  @ApiOperation({ summary: 'Void a round that is not final; every pending stake is refunded' })
  void(@IdParam() id: number, @Body() dto: VoidRoundDto, @Actor() actor: StaffActor): Promise<RoundView> {
    return this.game.voidRound(actor, id, dto.reason);
  }
}
