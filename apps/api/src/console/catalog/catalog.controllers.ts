import { Body, Delete, Get, Post, Put, Query, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { StaffActor } from '../../audit/audit.types';
import { CrudService } from '../common/crud.service';
import { IdParam } from '../common/id-param';
import { ListQueryDto } from '../list/list.dto';
import { respondCsv, respondPage } from '../list/respond';
import { Actor, ConsoleController, Permit } from '../permission';
import { CatalogAdminService } from './catalog-admin.service';
import { GAMES, type GameView, ODDS, type OddsView, PLANS, type PlanView } from './catalog-defs';
import { CreateGameDto, CreateOddsDto, CreatePlanDto, UpdateGameDto, UpdateOddsDto, UpdatePlanDto } from './catalog.dto';

@ConsoleController('games')
export class GamesController {
  constructor(
    private readonly crud: CrudService,
    private readonly catalog: CatalogAdminService,
  ) {}

  @Get()
  @Permit('games.read')
  async list(@Query() q: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<GameView[]> {
    return respondPage(reply, await this.crud.list(GAMES, q));
  }

  @Get('export.csv')
  @Permit('games.read')
  async csv(@Query() q: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return respondCsv(reply, await this.crud.csv(GAMES, q));
  }

  @Get(':id')
  @Permit('games.read')
  get(@IdParam() id: number): Promise<GameView> {
    return this.crud.get(GAMES, id);
  }

  @Post()
  @Permit('games.write')
  create(@Body() dto: CreateGameDto, @Actor() actor: StaffActor): Promise<GameView> {
    return this.catalog.createGame(actor, dto);
  }

  @Put(':id')
  @Permit('games.write')
  update(@IdParam() id: number, @Body() dto: UpdateGameDto, @Actor() actor: StaffActor): Promise<GameView> {
    return this.catalog.updateGame(actor, id, dto);
  }

  @Delete(':id')
  @Permit('games.write')
  @ApiOperation({ summary: 'Only a game without rooms or rounds (disable it otherwise)' })
  remove(@IdParam() id: number, @Actor() actor: StaffActor): Promise<GameView> {
    return this.catalog.deleteGame(actor, id);
  }
}

@ConsoleController('plans')
export class PlansController {
  constructor(
    private readonly crud: CrudService,
    private readonly catalog: CatalogAdminService,
  ) {}

  @Get()
  @Permit('plans.read')
  async list(@Query() q: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<PlanView[]> {
    return respondPage(reply, await this.crud.list(PLANS, q));
  }

  @Get('export.csv')
  @Permit('plans.read')
  async csv(@Query() q: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return respondCsv(reply, await this.crud.csv(PLANS, q));
  }

  @Get(':id')
  @Permit('plans.read')
  get(@IdParam() id: number): Promise<PlanView> {
    return this.crud.get(PLANS, id);
  }

  @Post()
  @Permit('plans.write')
  @ApiOperation({ summary: 'A new room (tier, join_limit); it gets odds for every play type at 97% RTP' })
  create(@Body() dto: CreatePlanDto, @Actor() actor: StaffActor): Promise<PlanView> {
    return this.catalog.createPlan(actor, dto);
  }

  @Put(':id')
  @Permit('plans.write')
  update(@IdParam() id: number, @Body() dto: UpdatePlanDto, @Actor() actor: StaffActor): Promise<PlanView> {
    return this.catalog.updatePlan(actor, id, dto);
  }

  @Delete(':id')
  @Permit('plans.write')
  @ApiOperation({ summary: 'Only a room without bets (disable it otherwise)' })
  remove(@IdParam() id: number, @Actor() actor: StaffActor): Promise<PlanView> {
    return this.catalog.deletePlan(actor, id);
  }
}

/** Odds per room and play type; each row shows its RTP and the fair odds. Rows are not deleted (every room prices every play type). */
@ConsoleController('odds')
export class OddsController {
  constructor(
    private readonly crud: CrudService,
    private readonly catalog: CatalogAdminService,
  ) {}

  @Get()
  @Permit('odds.read')
  @ApiOperation({ summary: 'Odds with rtp_percent and fair_odds per row (filters: id, plan_id, play_type)' })
  async list(@Query() q: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<OddsView[]> {
    return respondPage(reply, await this.crud.list(ODDS, q));
  }

  @Get('export.csv')
  @Permit('odds.read')
  async csv(@Query() q: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return respondCsv(reply, await this.crud.csv(ODDS, q));
  }

  @Get(':id')
  @Permit('odds.read')
  get(@IdParam() id: number): Promise<OddsView> {
    return this.crud.get(ODDS, id);
  }

  @Post()
  @Permit('odds.write')
  create(@Body() dto: CreateOddsDto, @Actor() actor: StaffActor): Promise<OddsView> {
    return this.catalog.createOdds(actor, dto);
  }

  @Put(':id')
  @Permit('odds.write')
  @ApiOperation({ summary: 'Set {odds} (decimal, at most 3 places); above fair is refused with ODDS_ABOVE_FAIR' })
  update(@IdParam() id: number, @Body() dto: UpdateOddsDto, @Actor() actor: StaffActor): Promise<OddsView> {
    return this.catalog.updateOdds(actor, id, dto);
  }
}
