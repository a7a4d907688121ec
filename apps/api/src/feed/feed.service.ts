import { Injectable, Optional } from '@nestjs/common';
import type { ActivityItem, FeedMessage } from '@sum28/contracts';
import { BET_STATUS, maskName, minorToMajor } from '@sum28/domain';
import { Clock } from '../common/clock';
import { RoundEvents } from '../common/events/round-events';
import { ReadDb } from '../common/db/read-db';
import { all, int, rowOf, str, strOrNull } from '../common/db/sql';
import { SharedEvents } from '../common/shared/shared-events';

/** Entries a room keeps in memory and the most one answer carries. */
export const ROOM_FEED_SIZE = 50;
/** Entries answered on the first poll (no `since_id`). */
export const ROOM_FEED_FIRST = 20;
/** A room's entries are re-read at most this often (a bet placed on this instance refreshes at once). */
export const ROOM_FEED_TTL_MS = 500;
/** Home ticker: the latest real wins. */
export const ACTIVITY_SIZE = 50;
export const ACTIVITY_TTL_MS = 10_000;

/** A feed entry as cached: names already masked, money already formatted (the heartbeat reads these 30 times a minute per player). */
export interface FeedRow {
  id: number;
  userId: number;
  maskedUserId: string;
  maskedName: string;
  avatar: string;
  issue: string;
  quantity: number;
  playType: string;
  createtime: number;
}

/** A feed entry as the wire shows it to player `selfId`. */
export function feedMessage(r: FeedRow, selfId: number, playMethod: (code: string) => string): FeedMessage {
  return {
    id: r.id,
    user_id: r.maskedUserId,
    inviter_id: null,
    is_self: r.userId === selfId,
    nickname: r.maskedName,
    url: r.avatar,
    issue: r.issue,
    quantity: r.quantity,
    play_method: playMethod(r.playType),
    play_type: r.playType,
    createtime: r.createtime,
  };
}

/** A home-ticker entry with its game, so the caller can name the game in the player's language. */
export interface ActivityWin extends ActivityItem {
  game_id: number;
}

/** A bet of the room feed (refresh). */
const RoomBetRow = rowOf({
  id: int,
  user_id: int,
  issue: str,
  stake_minor: int,
  play_type: str,
  created_at: int,
  nickname: str,
  username: str,
  avatar: strOrNull,
});

/** A win of the home ticker (loadWins): settled winning bets have a payout and a settlement time. */
const WinRow = rowOf({ id: int, game_id: int, payout_minor: int, settled_at: int, nickname: str, username: str, game_name: str });

/** A room's rows after `sinceId`, or its latest ROOM_FEED_FIRST. */
function sliceOf(rows: FeedRow[], sinceId: number | undefined): FeedRow[] {
  return sinceId === undefined ? rows.slice(-ROOM_FEED_FIRST) : rows.filter((r) => r.id > sinceId);
}

/** Whether a room's rows read at `c.at` are still answered at `now`. */
function fresh(c: RoomCache, now: number): boolean {
  return now - c.at >= 0 && now - c.at < ROOM_FEED_TTL_MS;
}

interface RoomCache {
  at: number;
  maxId: number;
  rows: FeedRow[];
  loading: Promise<void> | null;
}

/**
 * Real activity, nothing fabricated (architecture section 1): the bet-room feed is the room's own
 * recent bets, the home ticker the latest real wins; names are masked (`ab***9`), and an empty list
 * is the honest answer when there is nothing. Both are cached briefly in memory: the room feed is read
 * by every player's heartbeat every 2 s.
 */
@Injectable()
export class FeedService {
  private readonly rooms = new Map<number, RoomCache>();
  private activity: { at: number; value: Promise<ActivityWin[]> } | null = null;

  constructor(
    private readonly db: ReadDb,
    private readonly clock: Clock,
    events: RoundEvents,
    @Optional() private readonly shared?: SharedEvents,
  ) {
    events.onSettled(() => this.invalidate());
    // Other instances' bets and settlements (REDIS_URL): the same invalidation as for this instance's.
    shared?.on('bet', (planId) => this.noteBet(planId));
    shared?.on('wins', () => this.invalidate());
  }

  /**
   * The room's bets after `sinceId` (oldest first, at most ROOM_FEED_SIZE), or the latest ROOM_FEED_FIRST;
   * `playMethod` names a category in the caller's language.
   */
  async room(planId: number, sinceId: number | undefined, selfId: number, playMethod: (code: string) => string): Promise<FeedMessage[]> {
    return (await this.roomSlice(planId, sinceId)).map((r) => feedMessage(r, selfId, playMethod));
  }

  /** The cached rows `room` answers (the heartbeat serializes each row once and reuses it). */
  async roomSlice(planId: number, sinceId: number | undefined): Promise<FeedRow[]> {
    return sliceOf(await this.roomRows(planId), sinceId);
  }

  /** What `roomSlice` would answer, if the room's rows are already read and fresh (no promise: the heartbeat's path), else undefined. */
  peekSlice(planId: number, sinceId: number | undefined, now: number): FeedRow[] | undefined {
    const c = this.rooms.get(planId);
    return c !== undefined && c.loading === null && fresh(c, now) ? sliceOf(c.rows, sinceId) : undefined;
  }

  /** A bet was placed in this room on this instance: the next read fetches it. */
  noteBet(planId: number): void {
    this.shared?.emit('bet', planId);
    const c = this.rooms.get(planId);
    if (c) c.at = -Infinity;
  }

  /** Rounds were settled: the home ticker is re-read on the next request. */
  invalidate(): void {
    this.shared?.emit('wins', 0);
    this.activity = null;
  }

  /** The latest real wins for the home ticker, newest first (`game_name` is the base name; see ContentService). */
  recentWins(): Promise<ActivityWin[]> {
    const now = this.clock.now();
    if (this.activity && now - this.activity.at >= 0 && now - this.activity.at < ACTIVITY_TTL_MS) return this.activity.value;
    const value = this.loadWins();
    this.activity = { at: now, value };
    value.catch(() => (this.activity = null));
    return value;
  }

  private async roomRows(planId: number): Promise<FeedRow[]> {
    const now = this.clock.now();
    let c = this.rooms.get(planId);
    if (!c) {
      c = { at: -Infinity, maxId: 0, rows: [], loading: null };
      this.rooms.set(planId, c);
    }
    if (c.loading) await c.loading;
    else if (!fresh(c, now)) {
      const cache = c;
      cache.at = now;
      cache.loading = this.refresh(planId, cache).finally(() => (cache.loading = null));
      await cache.loading;
    }
    return c.rows;
  }

  private async refresh(planId: number, c: RoomCache): Promise<void> {
    const rows = await all(
      RoomBetRow,
      this.db.all(
        `SELECT b.id, b.user_id, b.issue, b.stake_minor, b.play_type, b.created_at, u.nickname, u.username, u.avatar
           FROM bets b JOIN users u ON u.id = b.user_id
          WHERE b.plan_id = ? AND b.id > ? ORDER BY b.id DESC LIMIT ${ROOM_FEED_SIZE}`,
        [planId, c.maxId],
      ),
    );
    if (rows.length === 0) return;
    const fresh = rows.reverse().map((r): FeedRow => ({
      id: r.id,
      userId: r.user_id,
      maskedUserId: maskName(String(r.user_id)),
      maskedName: maskName(r.nickname || r.username),
      avatar: r.avatar ?? '',
      issue: r.issue,
      quantity: minorToMajor(r.stake_minor),
      playType: r.play_type,
      createtime: Math.floor(r.created_at / 1000),
    }));
    c.rows = [...c.rows, ...fresh].slice(-ROOM_FEED_SIZE);
    c.maxId = c.rows[c.rows.length - 1]?.id ?? c.maxId;
  }

  private async loadWins(): Promise<ActivityWin[]> {
    const rows = await all(
      WinRow,
      this.db.all(
        `SELECT b.id, b.game_id, b.payout_minor, b.settled_at, u.nickname, u.username, g.name AS game_name
         FROM bets b JOIN users u ON u.id = b.user_id JOIN games g ON g.id = b.game_id
        WHERE b.whether_hit = 1 AND b.status = ${BET_STATUS.SETTLED} ORDER BY b.id DESC LIMIT ${ACTIVITY_SIZE}`,
      ),
    );
    return rows.map((r) => ({
      id: r.id,
      game_id: r.game_id,
      nickname: maskName(r.nickname || r.username),
      game_name: r.game_name,
      amount: minorToMajor(r.payout_minor),
      createtime: Math.floor(r.settled_at / 1000),
    }));
  }
}
