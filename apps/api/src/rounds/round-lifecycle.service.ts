import { Inject, Injectable, Logger } from '@nestjs/common';
import { TxRunner } from '@sum28/database';
import { drawFromSeed, hashSeedHex, nextSlotAfter, slotAt, type RoundSlot } from '@sum28/domain';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../common/config/app-config';
import { RoundReader } from './round-reader.service';
import { SettlementService, type SettleReport } from './settlement.service';
import { all, bool, exec, first, int, rowOf, Sql, str } from '../common/db/sql';

export interface TickReport {
  opened: number;
  closed: number;
  drawn: number;
  settled: SettleReport[];
}

/** A round the scheduler still has to move on (tick). */
const DueRoundRow = rowOf({ id: int, game_id: int, state: str, close_at: int, draw_at: int });

/** A game and whether it runs (openCurrent). */
const GameRow = rowOf({ id: int, enabled: bool });

/** A round about to be drawn, with its stored seed (draw). */
const DrawRoundRow = rowOf({ game_id: int, issue: str, state: str, seed_hex: str, draw_at: int });

/** The next round's row is written this long before it opens, so it exists the moment it opens. */
export const PREOPEN_MS = 10_000;

/**
 * The round state machine `open -> closed -> drawn -> settled` (or `void`, see SettlementService),
 * kept in the database so any number of instances can run it:
 *
 * - open: INSERT of the slot's row with a fresh CSPRNG seed and its SHA-256, `ON CONFLICT (game_id,
 *   issue) DO NOTHING`, so the first instance's seed stands and the others add nothing;
 * - close, draw, settle: each a conditional UPDATE on the state (`... WHERE id = ? AND state = 'open'`);
 *   the instance whose UPDATE changes the row does the work. The draw reads the stored seed and stores
 *   the digits in the same statement that makes the round `drawn`, before any API can show them.
 *
 * `tick(now)` is the whole scheduler step and also the catch-up after downtime (docs/ARCHITECTURE.md,
 * "Rounds and catch-up"): every round left open, closed or drawn whose time has come is moved on from
 * its stored seed; only the current slot (and the next one when it is about to open) is opened, so
 * rounds whose time passed while nothing ran are not invented.
 */
@Injectable()
export class RoundLifecycleService {
  private readonly log = new Logger('Rounds');
  private readonly sql: Sql;
  /** `<game>:<issue>` rows known to exist, so a tick does not write to open them again. */
  private readonly known = new Set<string>();

  constructor(
    private readonly ds: DataSource,
    private readonly tx: TxRunner,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly settlement: SettlementService,
    private readonly reader: RoundReader,
  ) {
    this.sql = new Sql(tx.kind);
  }

  /** One scheduler step at `now`: move due rounds on (oldest first), then open the current slot. */
  async tick(now: number = this.clock.now()): Promise<TickReport> {
    const report: TickReport = { opened: 0, closed: 0, drawn: 0, settled: [] };
    const pending = await all(
      DueRoundRow,
      this.ds.query(`SELECT id, game_id, state, close_at, draw_at FROM rounds WHERE state IN ('open', 'closed', 'drawn') ORDER BY draw_at, id`),
    );
    for (const r of pending) {
      const id = r.id;
      let state = r.state;
      if (state === 'open' && now >= r.close_at) {
        if (await this.close(id, now)) {
          report.closed++;
          this.log.log(`round ${id} closed`);
        }
        state = 'closed';
      }
      if (state === 'closed' && now >= r.draw_at) {
        if (await this.draw(id, now)) {
          report.drawn++;
          this.log.log(`round ${id} drawn`);
        }
        state = 'drawn';
      }
      if (state === 'drawn') {
        const settled = await this.settlement.settleRound(id);
        if (settled) {
          report.settled.push(settled);
          this.log.log(`round ${id} settled: ${settled.bets} bets, ${settled.winners} winners in ${settled.ms} ms`);
        }
      }
      if (state !== r.state) this.reader.invalidate(r.game_id);
    }
    report.opened = await this.openCurrent(now);
    return report;
  }

  /** Opens the slot running at `now` (and the next when it opens within PREOPEN_MS) for every enabled game. */
  async openCurrent(now: number): Promise<number> {
    const slots: RoundSlot[] = [];
    const current = slotAt(now, this.cfg.schedule);
    if (current) slots.push(current);
    const next = nextSlotAfter(now, this.cfg.schedule);
    if (next.openAt - now <= Math.min(PREOPEN_MS, (this.cfg.schedule.roundSeconds * 1000) / 2)) slots.push(next);
    if (slots.length === 0) return 0;
    const games = (await all(GameRow, this.ds.query(`SELECT id, enabled FROM games ORDER BY id`))).filter((g) => g.enabled).map((g) => g.id);
    let opened = 0;
    for (const gameId of games)
      for (const slot of slots)
        if (await this.open(gameId, slot, now)) {
          opened++;
          this.log.log(`round ${gameId}:${slot.issue} opened`);
        }
    return opened;
  }

  /** Writes the round row of a slot with its seed commitment; false when it already existed. */
  async open(gameId: number, slot: RoundSlot, now: number): Promise<boolean> {
    const key = `${gameId}:${slot.issue}`;
    if (this.known.has(key)) return false;
    const seed = randomBytes(32).toString('hex');
    const res = await this.tx.write((m) =>
      exec(
        m,
        this.sql.q(
          `INSERT INTO rounds (game_id, issue, day, seq, open_at, close_at, draw_at, state, seed_hex, hash_hex, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, 'open', ?, ?, ?) ON CONFLICT (game_id, issue) DO NOTHING`,
        ),
        [gameId, slot.issue, slot.day, slot.seq, slot.openAt, slot.closeAt, slot.drawAt, seed, hashSeedHex(seed), now],
      ),
    );
    if (this.known.size > 10_000) this.known.clear();
    this.known.add(key);
    const inserted = res.affected === 1;
    if (inserted) this.reader.invalidate(gameId);
    return inserted;
  }

  /** open -> closed once betting time is over. */
  async close(roundId: number, now: number): Promise<boolean> {
    const res = await this.tx.write((m) =>
      exec(m, this.sql.q(`UPDATE rounds SET state = 'closed' WHERE id = ? AND state = 'open' AND close_at <= ?`), [roundId, now]),
    );
    return res.affected === 1;
  }

  /** closed -> drawn at the draw time: the digits come from the stored seed and are stored with the transition. */
  async draw(roundId: number, now: number): Promise<boolean> {
    return this.tx.write(async (m) => {
      const r = await first(DrawRoundRow, m.query(this.sql.q(`SELECT game_id, issue, state, seed_hex, draw_at FROM rounds WHERE id = ?`), [roundId]));
      if (r === undefined || r.state !== 'closed' || now < r.draw_at) return false;
      const d = drawFromSeed(r.seed_hex, r.game_id, r.issue);
      const res = await exec(
        m,
        this.sql.q(
          `UPDATE rounds SET state = 'drawn', site_1 = ?, site_2 = ?, site_3 = ?, sum = ?, drawn_at = ?
            WHERE id = ? AND state = 'closed' AND sum IS NULL AND draw_at <= ?`,
        ),
        [d.triple[0], d.triple[1], d.triple[2], d.sum, now, roundId, now],
      );
      return res.affected === 1;
    });
  }
}
