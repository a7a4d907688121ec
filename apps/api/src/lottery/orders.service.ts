import { Inject, Injectable } from '@nestjs/common';
import { ORDER_TAB, PROFIT_PENDING, type HitNotice, type OrderListResponse, type OrderRow } from '@sum28/contracts';
import { TxRunner } from '@sum28/database';
import { BET_STATUS, GROUP, lotteryCode, minor, minorToMajor, oddsMilliToDecimal, roundNet } from '@sum28/domain';
import { ApiError } from '../common/api-error';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../common/config/app-config';
import { historyWindow, pageOf, pagedAnswer } from '../common/history-query';
import { ReadDb } from '../common/db/read-db';
import { RoundEvents } from '../common/events/round-events';
import { all, exec, first, int, intOrNull, one, rowOf, Sql, str, type RowType } from '../common/db/sql';
import type { OrderListDto } from './dto/order.dto';
import { CatalogService, gameName, planTitle, playMethodName, type Catalog } from './catalog.service';
import { DIGIT_COLUMNS, tripleOf } from './lottery.service';

/** SQL condition of each bet-record tab (`activeTab`); 'not accepted' is always empty: refused bets are not stored. */
const TAB_FILTER: Readonly<Record<number, string>> = {
  [ORDER_TAB.ALL]: '1 = 1',
  [ORDER_TAB.UNPROFITABLE]: `b.status = ${BET_STATUS.SETTLED} AND b.whether_hit = 0`,
  [ORDER_TAB.PROFITABLE]: `b.status = ${BET_STATUS.SETTLED} AND b.whether_hit = 1`,
  [ORDER_TAB.ACCEPTED]: `b.status = ${BET_STATUS.PENDING}`,
  [ORDER_TAB.NOT_ACCEPTED]: '1 = 0',
  [ORDER_TAB.CANCELLED]: `b.status = ${BET_STATUS.CANCELLED}`,
};

/** The player's bets: the bet record, the win popup and its acknowledgement. */
const NO_WIN_CACHE_MS = 1000;

@Injectable()
export class OrdersService {
  private readonly sql: Sql;
  /** Rounds this instance has settled (RoundEvents); a remembered empty answer is dropped when it moves. */
  private settledCount = 0;
  /** `user:game` -> when a look-up last found no unseen win, and the local settlement count then (see hitNotice). */
  private readonly noWin = new Map<string, { at: number; settled: number }>();

  constructor(
    private readonly db: ReadDb,
    private readonly tx: TxRunner,
    events: RoundEvents,
    private readonly clock: Clock,
    private readonly catalog: CatalogService,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {
    events.onSettled(() => this.settledCount++);
    this.sql = new Sql(tx.kind);
  }

  /** Bets placed between two platform days (inclusive), newest first, one page; scope 1 = the agent's invitees. */
  async orderList(user: { id: number; group_id: number }, dto: OrderListDto, lang: string): Promise<OrderListResponse> {
    const { from, to } = historyWindow(dto, this.clock.now(), this.cfg.schedule.tz);
    const scope = dto.scope ?? 0;
    if (scope === 1 && user.group_id !== GROUP.AGENT) throw new ApiError('AGENT_ONLY');
    const page = pageOf(dto);
    const who = scope === 1 ? 'b.user_id IN (SELECT id FROM users WHERE inviter_id = ?)' : 'b.user_id = ?';
    const where = `${who} AND b.created_at >= ? AND b.created_at < ? AND ${TAB_FILTER[dto.activeTab] ?? '1 = 0'}`;
    const [rows, counted] = await Promise.all([
      all(
        OrderRecordRow,
        this.db.all(
          `${ORDER_RECORD_SELECT}
          WHERE ${where}
          ORDER BY b.created_at DESC, b.id DESC LIMIT ? OFFSET ?`,
          [user.id, from, to, page.pageSize, page.offset],
        ),
      ),
      one(CountRow, this.db.all(`SELECT COUNT(*) AS n FROM bets b WHERE ${where}`, [user.id, from, to])),
    ]);
    const c = await this.catalog.get();
    return pagedAnswer(
      rows.map((r) => orderRow(r, lang, c)),
      counted.n,
      page,
    );
  }

  /**
   * One bet by its order number: the caller's own, or, for an agent, one of its invitees' (what the bet record's two
   * scopes list). Anything else is ORDER_NOT_FOUND, so an answer never tells whether someone else's order exists.
   */
  async orderDetail(user: { id: number; group_id: number }, orderNo: string, lang: string): Promise<OrderRow> {
    const agent = user.group_id === GROUP.AGENT;
    const whose = agent ? '(b.user_id = ? OR u.inviter_id = ?)' : 'b.user_id = ?';
    const params = agent ? [orderNo, user.id, user.id] : [orderNo, user.id];
    const row = await first(OrderRecordRow, this.db.all(`${ORDER_RECORD_SELECT} WHERE b.order_no = ? AND ${whose}`, params));
    if (row === undefined) throw new ApiError('ORDER_NOT_FOUND');
    return orderRow(row, lang, await this.catalog.get());
  }

  /**
   * The oldest unseen win of a player in a game. Polled every 2 s by every player (heartbeat), and almost
   * always empty: an empty answer is remembered for NO_WIN_CACHE_MS or until this instance settles a
   * round, so a win settled elsewhere shows at most that much later. A found win is never cached, so a
   * closed notice cannot come back.
   */
  async hitNotice(userId: number, gameId: number): Promise<HitNotice | null> {
    if (this.knownNoWin(userId, gameId)) return null;
    const key = `${userId}:${gameId}`;
    const now = Date.now();
    const settledCount = this.settledCount;
    const r = await first(
      WinNoticeRow,
      this.db.all(
        `SELECT id, profit_minor, round_id, issue FROM bets
          WHERE user_id = ? AND whether_hit = 1 AND result_seen = ${this.sql.FALSE} AND game_id = ? AND status = ${BET_STATUS.SETTLED}
          ORDER BY id LIMIT 1`,
        [userId, gameId],
      ),
    );
    if (r === undefined) {
      if (this.noWin.size >= 100_000) this.noWin.clear();
      this.noWin.set(key, { at: now, settled: settledCount });
      return null;
    }
    this.noWin.delete(key);
    // The whole round for this player in this game: every room's settled bets, hits and misses.
    const bets = await all(
      RoundBetRow,
      this.db.all(
        `SELECT play_type, stake_minor, payout_minor, whether_hit FROM bets
          WHERE user_id = ? AND game_id = ? AND round_id = ? AND status = ${BET_STATUS.SETTLED} ORDER BY id`,
        [userId, gameId, r.round_id],
      ),
    );
    const settled = bets.map((b) => ({ playType: b.play_type, stake: minor(b.stake_minor), payout: minor(b.payout_minor ?? 0), hit: b.whether_hit === 1 }));
    const net = roundNet(settled);
    return {
      profit: minorToMajor(r.profit_minor),
      id: r.id,
      issue: r.issue,
      staked: minorToMajor(net.staked),
      paid: minorToMajor(net.paid),
      net: minorToMajor(net.net),
      wins: settled.filter((b) => b.hit).map((b) => ({ play_type: b.playType, stake: minorToMajor(b.stake), payout: minorToMajor(b.payout) })),
    };
  }

  /** True when `hitNotice` would answer null without reading (no promise: the heartbeat's path). */
  knownNoWin(userId: number, gameId: number): boolean {
    const empty = this.noWin.get(`${userId}:${gameId}`);
    return empty !== undefined && empty.settled === this.settledCount && Date.now() - empty.at < NO_WIN_CACHE_MS;
  }

  /** getGameResult: the unseen win, or NO_UNSEEN_WIN (a non-1 code the app ignores; code 1 pops the win dialog). */
  async unseenWin(userId: number, gameId: number): Promise<HitNotice> {
    const win = await this.hitNotice(userId, gameId);
    if (win === null) throw new ApiError('NO_UNSEEN_WIN');
    return win;
  }

  /**
   * Marks a settled bet's result as seen; only the owner's bets (else ORDER_NOT_FOUND). A pending bet is
   * refused (BET_NOT_SETTLED): closing it would hide its later win for good.
   */
  async closeGameResult(userId: number, orderId: number): Promise<null> {
    // The popup told the whole round: every win of the player in that round and game is seen with it.
    const res = await this.tx.write((m) =>
      exec(
        m,
        this.sql.q(
          `UPDATE bets SET result_seen = ${this.sql.TRUE}
            WHERE user_id = ? AND status = ${BET_STATUS.SETTLED}
              AND (id = ? OR (whether_hit = 1 AND round_id IN (SELECT round_id FROM bets WHERE id = ? AND user_id = ? AND status = ${BET_STATUS.SETTLED})))`,
        ),
        [userId, orderId, orderId, userId],
      ),
    );
    if (res.affected >= 1) return null;
    const found = await this.db.all(`SELECT status FROM bets WHERE id = ? AND user_id = ?`, [orderId, userId]);
    throw new ApiError(found.length === 0 ? 'ORDER_NOT_FOUND' : 'BET_NOT_SETTLED');
  }
}

/** The bets of the bet record with their room, game, player and round result (orderList, orderDetail): add a WHERE. */
const ORDER_RECORD_SELECT = `SELECT b.id, b.order_no, b.stake_minor, b.profit_minor, b.payout_minor, b.status, b.whether_hit, b.odds_milli, b.play_type, b.created_at,
                b.issue, b.round_id, b.plan_id, b.game_id, p.title AS plan_name, g.name AS game_name, u.username, r.site_1, r.site_2, r.site_3, r.sum
           FROM bets b JOIN plans p ON p.id = b.plan_id JOIN games g ON g.id = b.game_id JOIN rounds r ON r.id = b.round_id
           JOIN users u ON u.id = b.user_id`;

/** A bet of the bet record with its room, game, player and round result (orderList). */
const OrderRecordRow = rowOf({
  id: int,
  order_no: str,
  stake_minor: int,
  /** NULL until the bet is settled or cancelled */
  profit_minor: intOrNull,
  /** NULL until the bet is settled */
  payout_minor: intOrNull,
  status: int,
  /** NULL until the bet is settled */
  whether_hit: intOrNull,
  odds_milli: int,
  play_type: str,
  created_at: int,
  issue: str,
  round_id: int,
  plan_id: int,
  game_id: int,
  plan_name: str,
  game_name: str,
  username: str,
  ...DIGIT_COLUMNS,
});
type OrderRecordRow = RowType<typeof OrderRecordRow>;

/** COUNT(*) of a query. */
const CountRow = rowOf({ n: int });

/** An unseen win (hitNotice): a settled winning bet has its profit. */
const WinNoticeRow = rowOf({ id: int, profit_minor: int, round_id: int, issue: str });

/** A settled bet of the round of a win notice. */
const RoundBetRow = rowOf({ play_type: str, stake_minor: int, payout_minor: intOrNull, whether_hit: intOrNull });

/** One bet of the bet record, as the app shows it. */
function orderRow(r: OrderRecordRow, lang: string, c: Catalog): OrderRow {
  const status = r.status;
  const triple = tripleOf(r);
  const playType = r.play_type;
  return {
    id: r.id,
    orderNo: r.order_no,
    quantity: minorToMajor(r.stake_minor),
    // a settled or cancelled bet has its profit (int() refuses a NULL one, as before)
    profit: status === BET_STATUS.PENDING ? PROFIT_PENDING : status === BET_STATUS.CANCELLED ? 0 : minorToMajor(int(r.profit_minor)),
    // what the bet paid back: settled bets only (a miss pays 0; a cancelled bet's stake is refunded, not paid)
    payout: status === BET_STATUS.PENDING ? PROFIT_PENDING : status === BET_STATUS.CANCELLED ? 0 : minorToMajor(r.payout_minor ?? 0),
    status: status as OrderRow['status'],
    whether_hit: status === BET_STATUS.SETTLED && int(r.whether_hit) === 1 ? 1 : 0,
    odds: oddsMilliToDecimal(r.odds_milli),
    plan_name: planTitle(c, r.plan_id, lang, r.plan_name),
    play_method: playMethodName(c, playType, lang),
    play_type: playType,
    lottery_code: triple ? lotteryCode(triple) : null,
    createtime: Math.floor(r.created_at / 1000),
    issue: r.issue,
    name: gameName(c, r.game_id, lang, r.game_name),
    game_id: r.game_id,
    issue_id: r.round_id,
    username: r.username,
  };
}
