import { TxRunner } from '@sum28/database';
import { slotsBetween } from '@sum28/domain';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Clock } from '../src/common/clock';
import { APP_CONFIG, type AppConfig } from '../src/common/config/app-config';
import { RoundLifecycleService } from '../src/rounds/round-lifecycle.service';
import { RoundReader } from '../src/rounds/round-reader.service';
import { SettlementService } from '../src/rounds/settlement.service';
import { allRounds, bet, clockTo, engine, freshRound, independentDraw, roundOf } from './factories/game';
import { createTestApp, fundPlayer, ledgerViolations, registerPlayer, type TestApp } from './factories/test-app';
import { query, sqlOf } from './factories/sql';

/** The round state machine driven by the test clock (SCHEDULER off): fast and exact. */
describe('RoundLifecycleService', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    const p = await registerPlayer(t);
    token = p.token;
    await fundPlayer(t, p.userId, 1_000_000);
  });
  afterAll(async () => {
    await t.close();
  });

  it('opens the current slot for every enabled game with a SHA-256 commitment of a fresh 32-byte seed', async () => {
    const slot = await freshRound(t);
    const rounds = (await allRounds(t.ds)).filter((r) => r.issue === slot.issue);
    expect(rounds.map((r) => r.game_id)).toEqual([1, 2, 3, 4]);
    for (const r of rounds) {
      expect(r.state).toBe('open');
      expect(r.seed_hex).toMatch(/^[0-9a-f]{64}$/);
      expect(r.hash_hex).toBe(createHash('sha256').update(Buffer.from(r.seed_hex, 'hex')).digest('hex'));
      expect([r.open_at, r.close_at, r.draw_at]).toEqual([slot.openAt, slot.closeAt, slot.drawAt]);
      expect(r.sum).toBeNull();
    }
    expect(new Set(rounds.map((r) => r.seed_hex)).size).toBe(4);
  });

  it('adds nothing on a second tick or from a second instance: UNIQUE (game_id, issue) keeps the first seed', async () => {
    const slot = await freshRound(t);
    const before = await roundOf(t.ds, 1, slot.issue);
    expect((await engine(t).lifecycle.tick()).opened).toBe(0);
    // A second scheduler (another instance) has an empty memory and really tries the INSERT.
    const other = new RoundLifecycleService(
      t.app.get(DataSource),
      t.app.get(TxRunner),
      t.app.get(Clock),
      t.app.get<AppConfig>(APP_CONFIG),
      t.app.get(SettlementService),
      t.app.get(RoundReader),
    );
    expect(await other.open(1, slot, t.clock.now())).toBe(false);
    expect((await other.tick()).opened).toBe(0);
    const after = await roundOf(t.ds, 1, slot.issue);
    expect(after.seed_hex).toBe(before.seed_hex);
    expect(after.id).toBe(before.id);
  });

  it('closes at close_at, draws at draw_at from the stored seed and settles in the same step', async () => {
    const slot = await freshRound(t);
    const placed = await bet(t, token, { issue: slot.issue, play_type: 'big', money: 10 });
    expect(placed.code).toBe(1);
    // A stopped clock: 500 ms before close stays before close however slow the machine is.
    t.clock.freeze();
    try {
      clockTo(t, slot.closeAt - 500);
      await engine(t).lifecycle.tick();
      expect((await roundOf(t.ds, 1, slot.issue)).state).toBe('open');
      clockTo(t, slot.closeAt);
      const closing = await engine(t).lifecycle.tick();
      expect(closing.closed).toBeGreaterThanOrEqual(4);
      expect((await roundOf(t.ds, 1, slot.issue)).state).toBe('closed');
      clockTo(t, slot.drawAt - 500);
      await engine(t).lifecycle.tick();
      expect((await roundOf(t.ds, 1, slot.issue)).state).toBe('closed');
      clockTo(t, slot.drawAt);
      const drawing = await engine(t).lifecycle.tick();
      expect(drawing.drawn).toBeGreaterThanOrEqual(4);
      const r = await roundOf(t.ds, 1, slot.issue);
      expect(r.state).toBe('settled');
      // The clock stood at draw_at: the draw is stamped then.
      expect(r.drawn_at).toBe(slot.drawAt);
      const ref = independentDraw(r.seed_hex, 1, slot.issue);
      expect([r.site_1, r.site_2, r.site_3]).toEqual(ref.digits);
      expect(r.sum).toBe(ref.sum);
      const settledBets = await query(t.ds, `SELECT status FROM bets WHERE id = ?`, [placed.data.order_id]);
      expect(settledBets).toEqual([{ status: 1 }]);
      expect(drawing.settled.find((s) => s.roundId === r.id)?.bets).toBe(1);
    } finally {
      t.clock.thaw();
    }
  });

  it('never draws twice: a repeated draw or settle changes nothing', async () => {
    const slot = await freshRound(t);
    clockTo(t, slot.closeAt);
    await engine(t).lifecycle.tick();
    clockTo(t, slot.drawAt);
    const id = (await roundOf(t.ds, 2, slot.issue)).id;
    // Draw only (as if the process died before settling), then everything again.
    const first = await roundOf(t.ds, 2, slot.issue);
    expect(first.state).toBe('closed');
    expect(await engine(t).lifecycle.draw(id, t.clock.now())).toBe(true);
    const drawn = await roundOf(t.ds, 2, slot.issue);
    expect(await engine(t).lifecycle.draw(id, t.clock.now())).toBe(false);
    expect(await engine(t).lifecycle.close(id, t.clock.now())).toBe(false);
    await engine(t).lifecycle.tick();
    const settled = await roundOf(t.ds, 2, slot.issue);
    expect(settled.state).toBe('settled');
    expect([settled.site_1, settled.site_2, settled.site_3, settled.sum, settled.drawn_at]).toEqual([
      drawn.site_1,
      drawn.site_2,
      drawn.site_3,
      drawn.sum,
      drawn.drawn_at,
    ]);
    expect(await engine(t).settlement.settleRound(id)).toBeNull();
  });

  it('catches up after downtime: rounds left open are drawn from their stored seeds and settled; missed slots are not invented', async () => {
    const slot = await freshRound(t);
    const placed = await bet(t, token, { issue: slot.issue, play_type: 'odd', money: 20 });
    expect(placed.code).toBe(1);
    const seedBefore = (await roundOf(t.ds, 1, slot.issue)).seed_hex;
    const roundsBefore = (await allRounds(t.ds)).length;
    // Nothing runs for ten rounds.
    const downtime = 10 * t.cfg.schedule.roundSeconds * 1000;
    clockTo(t, slot.openAt + downtime + 1000);
    const report = await engine(t).lifecycle.tick();
    const r = await roundOf(t.ds, 1, slot.issue);
    expect(r.state).toBe('settled');
    expect(r.seed_hex).toBe(seedBefore);
    expect([r.site_1, r.site_2, r.site_3]).toEqual(independentDraw(seedBefore, 1, slot.issue).digits);
    expect(r.drawn_at).toBeGreaterThanOrEqual(slot.openAt + downtime + 1000);
    expect((await query(t.ds, `SELECT status FROM bets WHERE id = ?`, [placed.data.order_id]))[0].status).toBe(1);
    // Only the current slot was opened (4 games); the 9 slots in between do not exist.
    const missed = slotsBetween(slot.drawAt, slot.openAt + downtime, t.cfg.schedule).map((s) => s.issue);
    expect(missed.length).toBeGreaterThanOrEqual(9);
    const issues = new Set((await allRounds(t.ds)).map((x) => x.issue));
    expect(missed.filter((i) => issues.has(i))).toEqual([]);
    expect(report.opened).toBe(4);
    expect((await allRounds(t.ds)).length).toBe(roundsBefore + 4);
  });

  it('opens rounds of enabled games only; an open round of a game disabled meanwhile still finishes', async () => {
    const slot = await freshRound(t);
    await t.app.get(TxRunner).write((m) => query(m, `UPDATE games SET enabled = ${sqlOf(m).FALSE} WHERE id = 4`));
    try {
      clockTo(t, slot.drawAt);
      await engine(t).lifecycle.tick();
      expect((await roundOf(t.ds, 4, slot.issue)).state).toBe('settled');
      const next = await freshRound(t);
      expect((await allRounds(t.ds)).filter((r) => r.issue === next.issue).map((r) => r.game_id)).toEqual([1, 2, 3]);
    } finally {
      await t.app.get(TxRunner).write((m) => query(m, `UPDATE games SET enabled = ${sqlOf(m).TRUE} WHERE id = 4`));
    }
  });

  it('writes the next round shortly before it opens, so it exists the moment it opens (bets wait for open_at)', async () => {
    // The test clock follows the wall clock: the last slot before the nightly close has no successor at its draw,
    // so take the next slot that has one (at most one more step: the first slot of the next session).
    const successorOf = (s: { drawAt: number }) => slotsBetween(s.drawAt, s.drawAt + 1, t.cfg.schedule)[0];
    let slot = await freshRound(t);
    if (successorOf(slot) === undefined) slot = await freshRound(t);
    const successor = successorOf(slot);
    expect(successor).toBeDefined();
    clockTo(t, slot.drawAt - 2000);
    // Stopped 2 s before the next round opens: on a loaded machine the steps below may take longer than that.
    t.clock.freeze();
    try {
      await engine(t).lifecycle.tick();
      const nextIssue = successor?.issue ?? '';
      const next = await roundOf(t.ds, 1, nextIssue);
      expect(next.state).toBe('open');
      expect(next.open_at).toBe(slot.drawAt);
      const early = await bet(t, token, { issue: nextIssue, play_type: 'big', money: 10 });
      expect(early.error).toBe('ROUND_NOT_OPEN');
    } finally {
      t.clock.thaw();
    }
  });

  it('keeps the ledger invariants (0 violations)', async () => {
    clockTo(t, t.clock.now() + 3600_000);
    await engine(t).lifecycle.tick();
    expect(await ledgerViolations(t)).toEqual({ violations: 0, failing: [] });
  });
});

describe('RoundLifecycleService outside opening hours', () => {
  it('opens nothing between close and opening time, and the heartbeat says game_status 0', async () => {
    const t = await createTestApp({ OPEN_HOURS: '10:00-02:00', PLATFORM_TZ: 'Asia/Taipei' });
    try {
      // 04:00 in Taipei (UTC+8) is 20:00 UTC of the previous day.
      const d = new Date(t.clock.now());
      const target = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1, 20, 0, 0);
      clockTo(t, target);
      expect((await engine(t).lifecycle.tick()).opened).toBe(0);
      expect(await allRounds(t.ds)).toEqual([]);
      const p = await registerPlayer(t);
      const heart = await t.http().post('/index.php/api/Lottery/heart').set('token', p.token).send({ plan_id: 1, game_id: 1 });
      expect(heart.body.data.game_status).toBe(0);
      expect(heart.body.data.issue).toBeNull();
      // The next round opens at 10:00 Taipei, i.e. 02:00 UTC of the next day.
      expect(heart.body.data.next_open).toBe(Math.floor((target + 6 * 3600_000) / 1000));
      const refused = await bet(t, p.token, { issue: '20261122001', play_type: 'big', money: 10 });
      expect(refused.error).toBe('PLATFORM_CLOSED');
    } finally {
      await t.close();
    }
  });
});
