import { Injectable } from '@nestjs/common';
import type { CurrentIssue, GameStatus, HeartRequest, HeartResponse, HitNotice, LastIssue } from '@sum28/contracts';
import { baseLabels, isBettingOpen, lotteryCode, minorToMajor, type RoundState } from '@sum28/domain';
import { ApiError } from '../common/api-error';
import { Clock } from '../common/clock';
import { DocumentedOperation } from '../common/openapi/response-docs';
import { feedMessage, FeedService, type FeedRow } from '../feed/feed.service';
import { RoundReader, type RoundSnapshot } from '../rounds/round-reader.service';
import { CatalogService, playMethodName, type Catalog, type CatalogGame } from './catalog.service';
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

/** The part of a heartbeat's data every player of a game sees alike in one moment, serialized once. */
interface SharedPart {
  snapshot: RoundSnapshot;
  catalog: Catalog;
  gameStatus: GameStatus;
  openTime1: number;
  whetherClose: boolean;
  nextOpen: number | null;
  serverTime: number;
  /** `{"last_issue":...,"issue":...,"game_status":...,"next_open":...,"user_quantity":` */
  head: string;
  /** `,"server_time":...}` */
  tail: string;
}

/** A feed row serialized for one language, split around its only per-player value (`is_self`). */
interface RowJson {
  catalog: Catalog;
  before: string;
  after: string;
}

const IS_SELF = '"is_self":false';

/**
 * `Lottery/heart`, polled by every player in a room every 2 s: read-only and cheap. Rounds, games and
 * rooms come from short in-memory caches shared by all players (a couple of indexed queries per game
 * and second); per request only the room feed's cached rows are filtered and one indexed query looks
 * for the player's unseen win. The balance is the row the session check has just read.
 *
 * The answer is built as JSON text: the part shared by every player of the game in the same second
 * (last and current round, countdown, game status, next opening, server time) is serialized once per
 * game, language and change of any of its inputs (`SharedPart`, compared by value, so it is never stale),
 * each feed row once per language (`RowJson`, with `is_self` spliced in per player), and per request
 * only the balance and the unseen win. `heart` gives the same answer as an object.
 */
@Injectable()
export class HeartService {
  private readonly shared = new Map<string, SharedPart>();
  private readonly rowJson = new WeakMap<FeedRow, Map<string, RowJson>>();
  /** Shared parts built and reused (tests and the bench read them). */
  sharedBuilt = 0;
  sharedReused = 0;

  constructor(
    private readonly clock: Clock,
    private readonly catalog: CatalogService,
    private readonly rounds: RoundReader,
    private readonly feed: FeedService,
    private readonly orders: OrdersService,
  ) {}

  /** The answer as an object (the route sends `heartJson`, the same answer as text). */
  @DocumentedOperation('LotteryController_heart')
  async heart(user: HeartUser, dto: HeartRequest, lang: string): Promise<HeartResponse> {
    return JSON.parse(await this.heartJson(user, dto, lang)) as HeartResponse;
  }

  /**
   * The heartbeat's `data` as JSON text. When every cache it reads is warm (a steady poll: the catalog, the
   * round snapshot, the room's rows, no unseen win) the text is built at once, without a promise; otherwise
   * it waits for the reads. Both build it the same way (`compose`). A refusal is thrown (or rejected).
   */
  heartJson(user: HeartUser, dto: HeartRequest, lang: string): string | Promise<string> {
    const now = this.clock.now();
    const c = this.catalog.peek(now);
    if (c === undefined) return this.catalog.get().then((cat) => this.withCatalog(cat, user, dto, lang, now));
    return this.withCatalog(c, user, dto, lang, now);
  }

  private withCatalog(c: Catalog, user: HeartUser, dto: HeartRequest, lang: string, now: number): string | Promise<string> {
    const game = c.games.get(dto.game_id);
    if (game === undefined) throw new ApiError('GAME_NOT_FOUND');
    const plan = c.plans.get(dto.plan_id);
    if (plan === undefined || plan.gameId !== game.id || !plan.enabled) throw new ApiError('PLAN_NOT_FOUND');
    const gameStatus: GameStatus = game.enabled && this.rounds.currentSlot(now) !== null ? 1 : 0;
    const snapshot = this.rounds.peek(game.id, now);
    const rows = this.feed.peekSlice(plan.id, dto.since_id, now);
    if (snapshot !== undefined && rows !== undefined && this.orders.knownNoWin(user.id, game.id))
      return this.compose(c, game, gameStatus, snapshot, rows, null, user, lang, now);
    return Promise.all([this.rounds.snapshot(game.id, now), this.feed.roomSlice(plan.id, dto.since_id), this.orders.hitNotice(user.id, game.id)]).then(
      ([s, r, hit]) => this.compose(c, game, gameStatus, s, r, hit, user, lang, now),
    );
  }

  private compose(
    c: Catalog,
    game: CatalogGame,
    gameStatus: GameStatus,
    snapshot: RoundSnapshot,
    rows: FeedRow[],
    hit: HitNotice | null,
    user: HeartUser,
    lang: string,
    now: number,
  ): string {
    const part = this.sharedPart(c, game, snapshot, gameStatus, lang, now);
    let message = '[';
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i] as FeedRow;
      const j = this.rowOf(c, r, lang);
      message += `${i === 0 ? '' : ','}${j.before}${r.userId === user.id ? 'true' : 'false'}${j.after}`;
    }
    const quantity = `{"money":${JSON.stringify(minorToMajor(user.money_minor))},"lock_money":${JSON.stringify(minorToMajor(user.lock_money_minor))}}`;
    return `${part.head}${quantity},"message":${message}],"hit_notice":${JSON.stringify(hit)}${part.tail}`;
  }

  private sharedPart(c: Catalog, game: CatalogGame, snapshot: RoundSnapshot, gameStatus: GameStatus, lang: string, now: number): SharedPart {
    const cur = snapshot.current;
    const openTime1 = cur === null ? 0 : Math.max(0, Math.ceil((cur.closeAt - now) / 1000));
    const whetherClose = cur === null ? false : !isBettingOpen({ state: cur.state as RoundState, closeAt: cur.closeAt }, now);
    const nextOpen = gameStatus === 1 || !game.enabled ? null : Math.floor(this.rounds.nextOpening(now) / 1000);
    const serverTime = Math.floor(now / 1000);
    const key = `${game.id}|${lang}`;
    const p = this.shared.get(key);
    if (
      p !== undefined &&
      p.snapshot === snapshot &&
      p.catalog === c &&
      p.gameStatus === gameStatus &&
      p.openTime1 === openTime1 &&
      p.whetherClose === whetherClose &&
      p.nextOpen === nextOpen &&
      p.serverTime === serverTime
    ) {
      this.sharedReused++;
      return p;
    }
    this.sharedBuilt++;
    const issue: CurrentIssue | null =
      cur === null
        ? null
        : {
            issue: cur.issue,
            openTime1,
            closeTime: Math.floor(cur.closeAt / 1000),
            drawTime: Math.floor(cur.drawAt / 1000),
            whether_close: whetherClose,
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
    // The keys in HeartResponse's order (as the object the Nest route serialized had them).
    const head = `{"last_issue":${JSON.stringify(lastIssue)},"issue":${JSON.stringify(issue)},"game_status":${gameStatus},"next_open":${JSON.stringify(nextOpen)},"user_quantity":`;
    const part: SharedPart = { snapshot, catalog: c, gameStatus, openTime1, whetherClose, nextOpen, serverTime, head, tail: `,"server_time":${serverTime}}` };
    if (this.shared.size > 1000) this.shared.clear();
    this.shared.set(key, part);
    return part;
  }

  private rowOf(c: Catalog, r: FeedRow, lang: string): RowJson {
    let byLang = this.rowJson.get(r);
    if (byLang === undefined) this.rowJson.set(r, (byLang = new Map()));
    const hit = byLang.get(lang);
    if (hit !== undefined && hit.catalog === c) return hit;
    const text = JSON.stringify(feedMessage(r, Number.NaN, (code) => playMethodName(c, code, lang)));
    const at = text.indexOf(IS_SELF) + IS_SELF.length - 'false'.length;
    const j: RowJson = { catalog: c, before: text.slice(0, at), after: text.slice(at + 'false'.length) };
    byLang.set(lang, j);
    return j;
  }
}
