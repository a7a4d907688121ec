import { Injectable } from '@nestjs/common';
import type { CurrentIssue, HeartRequest, HeartResponse, LastIssue } from '@sum28/contracts';
import { baseLabels, isBettingOpen, lotteryCode, minorToMajor, type RoundState } from '@sum28/domain';
import { ApiError } from '../common/api-error';
import { Clock } from '../common/clock';
import { FeedService } from '../feed/feed.service';
import { RoundReader } from '../rounds/round-reader.service';
import { CatalogService, playMethodName } from './catalog.service';
import { OrdersService } from './orders.service';

/**
 * The heartbeat's own limit per client IP and minute: a player polls 30 times a minute, so 40 players
 * behind one address (a shop, a carrier NAT) fit.
 */
export const HEART_LIMIT_PER_MINUTE = 1200;

/** What the heartbeat needs of the player: the balance columns the session check has just read. */
export interface HeartUser {
  id: number;
  money_minor: number;
  lock_money_minor: number;
}

/**
 * `Lottery/heart`, polled by every player in a room every 2 s: read-only and cheap. Rounds, games and
 * rooms come from short in-memory caches shared by all players (a couple of indexed queries per game
 * and second); per request only the room feed's cached rows are filtered and one indexed query looks
 * for the player's unseen win. The balance is the row the session guard has just read.
 */
@Injectable()
export class HeartService {
  constructor(
    private readonly clock: Clock,
    private readonly catalog: CatalogService,
    private readonly rounds: RoundReader,
    private readonly feed: FeedService,
    private readonly orders: OrdersService,
  ) {}

  async heart(user: HeartUser, dto: HeartRequest, lang: string): Promise<HeartResponse> {
    const now = this.clock.now();
    const c = await this.catalog.get();
    const game = c.games.get(dto.game_id);
    if (game === undefined) throw new ApiError('GAME_NOT_FOUND');
    const plan = c.plans.get(dto.plan_id);
    if (plan === undefined || plan.gameId !== game.id || !plan.enabled) throw new ApiError('PLAN_NOT_FOUND');
    const gameStatus = game.enabled && this.rounds.currentSlot(now) !== null ? 1 : 0;
    const [snapshot, message, hit] = await Promise.all([
      this.rounds.snapshot(game.id, now),
      this.feed.room(plan.id, dto.since_id, user.id, (code) => playMethodName(c, code, lang)),
      this.orders.hitNotice(user.id, game.id),
    ]);
    const cur = snapshot.current;
    const issue: CurrentIssue | null =
      cur === null
        ? null
        : {
            issue: cur.issue,
            openTime1: Math.max(0, Math.ceil((cur.closeAt - now) / 1000)),
            closeTime: Math.floor(cur.closeAt / 1000),
            drawTime: Math.floor(cur.drawAt / 1000),
            whether_close: !isBettingOpen({ state: cur.state as RoundState, closeAt: cur.closeAt }, now),
            game_status: gameStatus,
            hash: cur.hash,
          };
    const l = snapshot.last;
    const base = l === null ? null : baseLabels(l.sum);
    const lastIssue: LastIssue | null =
      l === null || base === null
        ? null
        : {
            issue: l.issue,
            site_1: l.triple[0],
            site_2: l.triple[1],
            site_3: l.triple[2],
            code: l.sum,
            lottery_code: lotteryCode(l.triple),
            base: [base[0], base[1]],
            base_names: [playMethodName(c, base[0], lang), playMethodName(c, base[1], lang)],
            hash: l.hash,
            seed: l.seed,
          };
    return {
      last_issue: lastIssue,
      issue,
      game_status: gameStatus,
      next_open: gameStatus === 1 || !game.enabled ? null : Math.floor(this.rounds.nextOpening(now) / 1000),
      user_quantity: { money: minorToMajor(user.money_minor), lock_money: minorToMajor(user.lock_money_minor) },
      message,
      hit_notice: hit,
      server_time: Math.floor(now / 1000),
    };
  }
}
