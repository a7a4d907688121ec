import { Body, HttpCode, Post } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { StaffActor } from '../../audit/audit.types';
import { ReadRoutes } from '../common/crud.controller';
import { IdParam } from '../common/id-param';
import { Actor, ConsoleController, Permit } from '../permission';
import { VoidRoundDto } from './game.dto';
import { GameAdminService } from './game-admin.service';
import type { RoundView } from './game-views';

/** Rounds are read-only here: no route sets or edits a result. The seed shows only once drawn. */
@ConsoleController('rounds')
@ReadRoutes<RoundsController, RoundView>({
  read: 'rounds.read',
  reader: (c) => c.game.rounds,
  docs: { list: 'Rounds with hash, result, seed once drawn, bet count, turnover, payout, GGR' },
})
export class RoundsController {
  constructor(readonly game: GameAdminService) {}

  @Post(':id/void')
  @HttpCode(200)
  @Permit('rounds.void')
  @ApiOperation({ summary: 'Void a round that is not final; every pending stake is refunded' })
  void(@IdParam() id: number, @Body() dto: VoidRoundDto, @Actor() actor: StaffActor): Promise<RoundView> {
    return this.game.voidRound(actor, id, dto.reason);
  }
}
