import { Inject, Injectable, Optional } from '@nestjs/common';
import { nextSlotAfter, slotAt, type RoundSlot } from '@sum28/domain';
import { APP_CONFIG, type AppConfig } from '../common/config/app-config';
import { ReadDb } from '../common/db/read-db';
import { first, int, intOrNull, rowOf, str } from '../common/db/sql';
import { SharedEvents } from '../common/shared/shared-events';

/** The round of the current slot as players see it: no seed (it is secret until the draw). */
export interface CurrentRound {
  id: number;
  gameId: number;
  issue: string;
  state: string;
  openAt: number;
  closeAt: number;
  drawAt: number;
  hash: string;
}

/** The latest drawn round, seed revealed. */
export interface DrawnRound {
  id: number;
  gameId: number;
  issue: string;
  triple: [number, number, number];
  sum: number;
  hash: string;
  seed: string;
  drawnAt: number;
}

export interface RoundSnapshot {
  current: CurrentRound | null;
  last: DrawnRound | null;
}

/** The round of the current slot (no seed). */
const CurrentRoundRow = rowOf({ id: int, issue: str, state: str, open_at: int, close_at: int, draw_at: int, hash_hex: str });

/** The latest drawn round: the query keeps only rounds with a result. */
const DrawnRoundRow = rowOf({
  id: int,
  issue: str,
  site_1: int,
  site_2: int,
  site_3: int,
  sum: int,
  hash_hex: str,
  seed_hex: str,
  drawn_at: intOrNull,
});

/** How long a game's snapshot is reused (the heartbeat asks every 2 s per player). */
export const SNAPSHOT_TTL_MS = 1000;

/**
 * Read side of the rounds for the hot heartbeat: per game, the current slot's round and the latest
 * drawn round, cached for SNAPSHOT_TTL_MS (and dropped at once when this instance changes a round or
 * the slot changes). Two indexed queries per game and second, whatever the number of players.
 * A seed is selected only for rounds that are drawn.
 */
@Injectable()
export class RoundReader {
  /** Per game: the snapshot being read or read (`ready` once it is), for `slot`, from `at`. */
  private readonly cache = new Map<number, { at: number; slot: string | null; value: Promise<RoundSnapshot>; ready?: RoundSnapshot }>();
  private slotCache: { at: number; slot: RoundSlot | null } | null = null;
  private openingCache: { at: number; openAt: number } | null = null;

  constructor(
    private readonly db: ReadDb,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    @Optional() private readonly shared?: SharedEvents,
  ) {
    // A round changed on another instance (REDIS_URL): drop it here too (0: every game).
    shared?.on('round', (gameId) => this.invalidate(gameId === 0 ? undefined : gameId));
  }

  /**
   * The slot running at `now` (null outside opening hours). Time-zone maths is not free, so the slot is
   * reused while `now` stays inside it (and for at most a second when there is none).
   */
  currentSlot(now: number): RoundSlot | null {
    const c = this.slotCache;
    if (c !== null && (c.slot !== null ? now >= c.slot.openAt && now < c.slot.drawAt : now >= c.at && now - c.at < 1000)) return c.slot;
    const slot = slotAt(now, this.cfg.schedule);
    this.slotCache = { at: now, slot };
    return slot;
  }

  /**
   * When the next round opens (epoch ms): the bet room's 'closed' state shows it outside opening hours, on
   * every heartbeat. The answer is the same for any time between the moment it was computed and that opening.
   */
  nextOpening(now: number): number {
    const c = this.openingCache;
    if (c !== null && now >= c.at && now < c.openAt) return c.openAt;
    const openAt = nextSlotAfter(now, this.cfg.schedule).openAt;
    this.openingCache = { at: now, openAt };
    return openAt;
  }

  snapshot(gameId: number, now: number): Promise<RoundSnapshot> {
    const hit = this.fresh(gameId, now);
    if (hit !== undefined) return hit.value;
    const slot = this.currentSlot(now)?.issue ?? null;
    const value = this.load(gameId, slot);
    const entry: { at: number; slot: string | null; value: Promise<RoundSnapshot>; ready?: RoundSnapshot } = { at: now, slot, value };
    this.cache.set(gameId, entry);
    value.then(
      (s) => (entry.ready = s),
      () => this.cache.get(gameId) === entry && this.cache.delete(gameId),
    );
    return value;
  }

  /** The snapshot `snapshot` would answer, if it is already read (no promise: the heartbeat's path), else undefined. */
  peek(gameId: number, now: number): RoundSnapshot | undefined {
    return this.fresh(gameId, now)?.ready;
  }

  private fresh(gameId: number, now: number): { value: Promise<RoundSnapshot>; ready?: RoundSnapshot } | undefined {
    const hit = this.cache.get(gameId);
    if (hit === undefined || !(now - hit.at >= 0 && now - hit.at < SNAPSHOT_TTL_MS)) return undefined;
    return hit.slot === (this.currentSlot(now)?.issue ?? null) ? hit : undefined;
  }

  invalidate(gameId?: number): void {
    this.shared?.emit('round', gameId ?? 0);
    if (gameId === undefined) this.cache.clear();
    else this.cache.delete(gameId);
  }

  private async load(gameId: number, slot: string | null): Promise<RoundSnapshot> {
    let current: CurrentRound | null = null;
    if (slot !== null) {
      const r = await first(
        CurrentRoundRow,
        this.db.all(`SELECT id, issue, state, open_at, close_at, draw_at, hash_hex FROM rounds WHERE game_id = ? AND issue = ?`, [gameId, slot]),
      );
      if (r !== undefined) {
        current = {
          id: r.id,
          gameId,
          issue: r.issue,
          state: r.state,
          openAt: r.open_at,
          closeAt: r.close_at,
          drawAt: r.draw_at,
          hash: r.hash_hex,
        };
      }
    }
    const d = await first(
      DrawnRoundRow,
      this.db.all(
        `SELECT id, issue, site_1, site_2, site_3, sum, hash_hex, seed_hex, drawn_at FROM rounds
          WHERE game_id = ? AND drawn_at IS NOT NULL AND sum IS NOT NULL ORDER BY open_at DESC LIMIT 1`,
        [gameId],
      ),
    );
    const last: DrawnRound | null =
      d === undefined
        ? null
        : {
            id: d.id,
            gameId,
            issue: d.issue,
            triple: [d.site_1, d.site_2, d.site_3],
            sum: d.sum,
            hash: d.hash_hex,
            seed: d.seed_hex,
            drawnAt: d.drawn_at ?? 0,
          };
    return { current, last };
  }
}
