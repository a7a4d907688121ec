import { Injectable } from '@nestjs/common';
import { BetEntity, GameEntity, OddsEntity, PlanEntity, RoundEntity } from '@sum28/database';
import { ALL_PLAY_TYPES, isPlayType, type PlayType, seedOddsMilli, validateOdds } from '@sum28/domain';
import type { EntityManager } from 'typeorm';
import type { StaffActor } from '../../audit/audit.types';
import { ApiError } from '../../common/api-error';
import { Clock } from '../../common/clock';
import { assertSameId, CrudService } from '../common/crud.service';
import { amountOrZeroField, oddsMilliField } from '../common/money';
import { GAMES, type GameView, ODDS, type OddsView, parseLocaleNames, PLANS, type PlanView } from './catalog-defs';
import type { CreateGameDto, CreateOddsDto, CreatePlanDto, UpdateGameDto, UpdateOddsDto, UpdatePlanDto } from './catalog.dto';

/** The odds an operator may set: never above fair (ODDS_ABOVE_FAIR), a hit pays more than the stake (ODDS_INVALID). */
function checkedOdds(playType: PlayType, input: unknown): number {
  const milli = oddsMilliField('odds', input);
  const r = validateOdds(playType, milli);
  if (!r.ok) throw new ApiError(r.error, { field: 'odds', ...(r.params ?? {}) }, { odds: r.error });
  return r.value;
}

/** Games (lines), plans (rooms) and the odds of each room. */
@Injectable()
export class CatalogAdminService {
  constructor(
    private readonly crud: CrudService,
    private readonly clock: Clock,
  ) {}

  createGame(actor: StaffActor, dto: CreateGameDto): Promise<GameView> {
    return this.crud.create(GAMES, actor, { id: dto.id, name: dto.name, sort: dto.sort ?? dto.id, enabled: dto.enabled ?? true }, async (m) => {
      if (await m.findOne(GameEntity, { where: { id: dto.id } })) throw new ApiError('CONFLICT', { reason: 'game id taken' });
    });
  }

  updateGame(actor: StaffActor, id: number, dto: UpdateGameDto): Promise<GameView> {
    assertSameId(id, dto.id);
    return this.crud.update(GAMES, actor, id, { name: dto.name, sort: dto.sort, enabled: dto.enabled, names: parseLocaleNames('names', dto.names) });
  }

  /** Only a game without rooms or rounds (disable it otherwise). */
  deleteGame(actor: StaffActor, id: number): Promise<GameView> {
    return this.crud.remove(GAMES, actor, id, async (m) => {
      if ((await m.count(PlanEntity, { where: { game_id: id } })) > 0 || (await m.count(RoundEntity, { where: { game_id: id } })) > 0) {
        throw new ApiError('CONFLICT', { reason: 'game has rooms or rounds: disable it instead' });
      }
    });
  }

  /** A new room gets odds for every play type at the seeded 97% RTP, in the same transaction. */
  createPlan(actor: StaffActor, dto: CreatePlanDto): Promise<PlanView> {
    const joinLimit = amountOrZeroField('join_limit', dto.join_limit);
    return this.crud.create(
      PLANS,
      actor,
      { game_id: dto.game_id, title: dto.title, tier: dto.tier, join_limit_minor: joinLimit, sort: dto.sort ?? 0, enabled: dto.enabled ?? true },
      async (m) => {
        if (!(await m.findOne(GameEntity, { where: { id: dto.game_id } }))) throw new ApiError('GAME_NOT_FOUND');
      },
      async (m, plan) => {
        const now = this.clock.now();
        await m.insert(
          OddsEntity,
          ALL_PLAY_TYPES.map((p) => ({ plan_id: plan.id, play_type: p, odds_milli: seedOddsMilli(p), updated_at: now })),
        );
      },
    );
  }

  updatePlan(actor: StaffActor, id: number, dto: UpdatePlanDto): Promise<PlanView> {
    assertSameId(id, dto.id);
    const joinLimit = dto.join_limit === undefined ? undefined : amountOrZeroField('join_limit', dto.join_limit);
    const titles = parseLocaleNames('titles', dto.titles);
    return this.crud.update(PLANS, actor, id, { title: dto.title, tier: dto.tier, join_limit_minor: joinLimit, sort: dto.sort, enabled: dto.enabled, titles });
  }

  /** Only a room without bets (disable it otherwise); its odds go with it. */
  deletePlan(actor: StaffActor, id: number): Promise<PlanView> {
    return this.crud.remove(PLANS, actor, id, async (m: EntityManager) => {
      if ((await m.count(BetEntity, { where: { plan_id: id } })) > 0) throw new ApiError('CONFLICT', { reason: 'room has bets: disable it instead' });
      await m.delete(OddsEntity, { plan_id: id });
    });
  }

  /** Odds for a play type a room lacks (each room prices each play type once). */
  createOdds(actor: StaffActor, dto: CreateOddsDto): Promise<OddsView> {
    if (!isPlayType(dto.play_type)) throw new ApiError('PLAY_TYPE_INVALID');
    const milli = checkedOdds(dto.play_type, dto.odds);
    return this.crud.create(ODDS, actor, { plan_id: dto.plan_id, play_type: dto.play_type, odds_milli: milli, updated_at: this.clock.now() }, async (m) => {
      if (!(await m.findOne(PlanEntity, { where: { id: dto.plan_id } }))) throw new ApiError('PLAN_NOT_FOUND');
      if (await m.findOne(OddsEntity, { where: { plan_id: dto.plan_id, play_type: dto.play_type } }))
        throw new ApiError('CONFLICT', { reason: 'odds exist: edit them' });
    });
  }

  async updateOdds(actor: StaffActor, id: number, dto: UpdateOddsDto): Promise<OddsView> {
    assertSameId(id, dto.id);
    const row = await this.crud.get(ODDS, id);
    if (!isPlayType(row.play_type)) throw new ApiError('PLAY_TYPE_INVALID');
    const milli = checkedOdds(row.play_type, dto.odds);
    return this.crud.update(ODDS, actor, id, { odds_milli: milli }, undefined, { updated_at: this.clock.now() });
  }
}
