import { crudController } from '../common/crud.controller';
import { CatalogAdminService } from './catalog-admin.service';
import { GAMES, ODDS, PLANS } from './catalog-defs';
import { CreateGameDto, CreateOddsDto, CreatePlanDto, UpdateGameDto, UpdateOddsDto, UpdatePlanDto } from './catalog.dto';

export const GamesController = crudController({
  name: 'GamesController',
  path: 'games',
  read: 'games.read',
  write: 'games.write',
  def: GAMES,
  writer: CatalogAdminService,
  createDto: CreateGameDto,
  updateDto: UpdateGameDto,
  create: (w, actor, dto: CreateGameDto) => w.createGame(actor, dto),
  update: (w, actor, id, dto: UpdateGameDto) => w.updateGame(actor, id, dto),
  remove: (w, actor, id) => w.deleteGame(actor, id),
  docs: { remove: 'Only a game without rooms or rounds (disable it otherwise)' },
});

export const PlansController = crudController({
  name: 'PlansController',
  path: 'plans',
  read: 'plans.read',
  write: 'plans.write',
  def: PLANS,
  writer: CatalogAdminService,
  createDto: CreatePlanDto,
  updateDto: UpdatePlanDto,
  create: (w, actor, dto: CreatePlanDto) => w.createPlan(actor, dto),
  update: (w, actor, id, dto: UpdatePlanDto) => w.updatePlan(actor, id, dto),
  remove: (w, actor, id) => w.deletePlan(actor, id),
  docs: {
    create: 'A new room (tier, join_limit); it gets odds for every play type at 97% RTP',
    remove: 'Only a room without bets (disable it otherwise)',
  },
});

/** Odds per room and play type; each row shows its RTP and the fair odds. Rows are not deleted (every room prices every play type). */
export const OddsController = crudController({
  name: 'OddsController',
  path: 'odds',
  read: 'odds.read',
  write: 'odds.write',
  def: ODDS,
  writer: CatalogAdminService,
  createDto: CreateOddsDto,
  updateDto: UpdateOddsDto,
  create: (w, actor, dto: CreateOddsDto) => w.createOdds(actor, dto),
  update: (w, actor, id, dto: UpdateOddsDto) => w.updateOdds(actor, id, dto),
  remove: null,
  docs: {
    list: 'Odds with rtp_percent and fair_odds per row (filters: id, plan_id, play_type)',
    update: 'Set {odds} (decimal, at most 3 places); above fair is refused with ODDS_ABOVE_FAIR',
  },
});
