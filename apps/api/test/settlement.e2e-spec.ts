import { TxRunner } from '@sum28/database';
import { MAX_BALANCE_CEILING_MINOR, minor, payoutMinor, settleBet, type PlayType } from '@sum28/domain';
import { SettingsService } from '../src/settings/settings.service';
import { balanceOf, bet, call, clockTo, count, engine, freshRound, insertBets, referencePayout, roundOf, type RoundRow } from './factories/game';
import { createTestApp, fundPlayer, ledgerViolations, registerPlayer, type TestApp } from './factories/test-app';
import { query } from './factories/sql';
import { TEST_DB } from './factories/test-db';

interface BetRow {
  id: number;
  user_id: number;
  play_type: string;
  stake_minor: number;
  odds_milli: number;
  status: number;
  whether_hit: number;
  payout_minor: number | null;
  profit_minor: number | null;
}

const n = (v: unknown): number => Number(v);

async function betsOf(t: TestApp, roundId: number): Promise<BetRow[]> {
  const q = t.ds.options.type === 'postgres' ? '$1' : '?';
  return ((await t.ds.query(`SELECT * FROM bets WHERE round_id = ${q} ORDER BY id`, [roundId])) as Record<string, unknown>[]).map((b) => ({
    id: n(b['id']),
    user_id: n(b['user_id']),
    play_type: String(b['play_type']),
    stake_minor: n(b['stake_minor']),
    odds_milli: n(b['odds_milli']),
    status: n(b['status']),
    whether_hit: n(b['whether_hit']),
    payout_minor: b['payout_minor'] === null ? null : n(b['payout_minor']),
    profit_minor: b['profit_minor'] === null ? null : n(b['profit_minor']),
  }));
}

function ph(t: TestApp, i: number): string {
  return t.ds.options.type === 'postgres' ? `$${i}` : '?';
}

/** Moves a fresh round to `drawn` (not settled): closes and draws it directly. */
async function drawnRound(t: TestApp, gameId = 1): Promise<RoundRow> {
  const slot = await freshRound(t);
  const r = await roundOf(t.ds, gameId, slot.issue);
  clockTo(t, slot.drawAt);
  const e = engine(t).lifecycle;
  expect(await e.close(r.id, t.clock.now())).toBe(true);
  expect(await e.draw(r.id, t.clock.now())).toBe(true);
  return roundOf(t.ds, gameId, slot.issue);
}

function settlementSuite(name: string): void {
  describe(`SettlementService on ${name}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => {
      await t?.close();
    });

    it('settles every bet of a drawn round exactly once: hit, payout = floor(stake x odds), profit, capital logs with running balances', async () => {
      const a = await registerPlayer(t);
      const b = await registerPlayer(t);
      await fundPlayer(t, a.userId, 500_000);
      await fundPlayer(t, b.userId, 500_000);
      const slot = await freshRound(t);
      const types = ['big', 'odd', 'big_odd', 'big_even', 'small_odd', 'small_even', 'extreme_big', 'extreme_small', 'sum_13', 'sum_14'];
      for (const [i, p] of types.entries()) {
        expect((await bet(t, a.token, { issue: slot.issue, play_type: p, money: ['0.01', '1', '3.33', '10', '99.99'][i % 5] })).code).toBe(1);
        expect((await bet(t, b.token, { issue: slot.issue, play_type: i % 2 ? 'small' : 'even', money: `${i + 1}.07` })).code).toBe(1);
      }
      const before = { a: (await balanceOf(t.ds, a.userId)).money, b: (await balanceOf(t.ds, b.userId)).money };
      clockTo(t, slot.drawAt);
      await engine(t).lifecycle.tick();
      const round = await roundOf(t.ds, 1, slot.issue);
      expect(round.state).toBe('settled');
      const rows = await betsOf(t, round.id);
      expect(rows).toHaveLength(20);
      const expected = { a: before.a, b: before.b };
      for (const r of rows) {
        const s = settleBet({ playType: r.play_type as PlayType, stake: minor(r.stake_minor), oddsMilli: r.odds_milli }, round.sum ?? -1);
        expect({ id: r.id, status: r.status, hit: r.whether_hit, payout: r.payout_minor, profit: r.profit_minor }).toEqual({
          id: r.id,
          status: 1,
          hit: s.isHit ? 1 : 0,
          payout: s.isHit ? referencePayout(r.stake_minor, r.odds_milli) : 0,
          profit: s.profit,
        });
        if (s.isHit) {
          const who = r.user_id === a.userId ? 'a' : 'b';
          expected[who] += s.payout;
          const log = (await t.ds.query(`SELECT quantity_minor, over_minor, mark, status FROM capital_logs WHERE type = 3 AND ref_id = ${ph(t, 1)}`, [
            r.id,
          ])) as Record<string, unknown>[];
          expect(log.map((l) => [n(l['quantity_minor']), n(l['over_minor']), l['mark'], n(l['status'])])).toEqual([[s.payout, expected[who], 'payout', 1]]);
        }
      }
      expect((await balanceOf(t.ds, a.userId)).money).toBe(expected.a);
      expect((await balanceOf(t.ds, b.userId)).money).toBe(expected.b);
      const winners = rows.filter((r) => r.whether_hit === 1).length;
      expect(
        await count(
          t.ds,
          `SELECT COUNT(*) AS n FROM ledger_transactions WHERE kind = 'bet_payout' AND ref_id IN (SELECT id FROM bets WHERE round_id = ${ph(t, 1)})`,
          [round.id],
        ),
      ).toBe(winners);
      expect(await ledgerViolations(t)).toEqual({ violations: 0, failing: [] });
    });

    it('computes payouts in SQL exactly as the domain does, at the boundaries (integer division, large stakes)', async () => {
      // These bets are inserted behind the betting rules (odds up to 1000x on any sum), so the winnings pass
      // the default max_balance; the ceiling keeps the ledger checker's I13 about this player quiet.
      await t.app.get(SettingsService).set('max_balance_minor', MAX_BALANCE_CEILING_MINOR);
      const c = await registerPlayer(t);
      await fundPlayer(t, c.userId, 5_000_000_000);
      const round = await drawnRound(t);
      const hit = `sum_${round.sum}`;
      const stakes = [1, 2, 3, 7, 99, 333, 999, 1000, 1001, 12_345, 999_999, 99_999_999, 100_000_000];
      const odds = [1001, 1940, 1999, 3600, 4190, 12_930, 17_320, 999_999, 1_000_000];
      // A deterministic spread of other values (xorshift), to catch rounding anywhere in between.
      let x = 0x2545f491;
      const rnd = (): number => ((x ^= x << 13), (x ^= x >>> 17), (x ^= x << 5), (x >>> 0) / 2 ** 32);
      const pairs: [number, number][] = stakes.flatMap((s) => odds.map((o): [number, number] => [s, o]));
      for (let i = 0; i < 60; i++) pairs.push([1 + Math.floor(rnd() * 50_000_000), 1001 + Math.floor(rnd() * 998_999)]);
      await insertBets(
        t.ds,
        round,
        pairs.map(([stake, o]) => ({ userId: c.userId, playType: hit, stake, odds: o })),
      );
      const before = (await balanceOf(t.ds, c.userId)).money;
      const report = await engine(t).settlement.settleRound(round.id);
      expect(report?.winners).toBe(pairs.length);
      const rows = await betsOf(t, round.id);
      let total = 0;
      for (const r of rows) {
        const want = payoutMinor(minor(r.stake_minor), r.odds_milli);
        expect([r.stake_minor, r.odds_milli, r.payout_minor]).toEqual([r.stake_minor, r.odds_milli, want]);
        expect(want).toBe(referencePayout(r.stake_minor, r.odds_milli));
        expect(r.profit_minor).toBe(want - r.stake_minor);
        total += want;
      }
      expect((await balanceOf(t.ds, c.userId)).money).toBe(before + total);
      const lastLog = (await t.ds.query(`SELECT over_minor FROM capital_logs WHERE user_id = ${ph(t, 1)} AND type = 3 ORDER BY id DESC LIMIT 1`, [
        c.userId,
      ])) as {
        over_minor: unknown;
      }[];
      expect(n(lastLog[0]?.over_minor)).toBe(before + total);
      console.log(`payout arithmetic (${name}): ${rows.length} stake x odds pairs settled in SQL, mismatches with domain payoutMinor = 0`);
    });

    it('T7: settles a round once however often it is asked (2x in a row, 5x at once); the UNIQUE payout key refuses a second payout even if the state were reset', async () => {
      const a = await registerPlayer(t);
      await fundPlayer(t, a.userId, 100_000);
      const round = await drawnRound(t);
      const hitType = `sum_${round.sum}`;
      await insertBets(t.ds, round, [
        { userId: a.userId, playType: hitType, stake: 100, odds: 2000 },
        { userId: a.userId, playType: round.sum === 0 ? 'sum_1' : 'sum_0', stake: 100, odds: 2000 },
      ]);
      const s = engine(t).settlement;
      const seq = [await s.settleRound(round.id), await s.settleRound(round.id)];
      const par = await Promise.all(Array.from({ length: 5 }, () => s.settleRound(round.id)));
      expect([...seq, ...par].filter((x) => x !== null)).toHaveLength(1);
      const payouts = `SELECT COUNT(*) AS n FROM ledger_transactions WHERE kind = 'bet_payout' AND ref_id IN (SELECT id FROM bets WHERE round_id = ${ph(t, 1)})`;
      expect(await count(t.ds, payouts, [round.id])).toBe(1);
      const money = (await balanceOf(t.ds, a.userId)).money;
      // A bug that put the round back to 'drawn' and its bets back to pending: the payout key still refuses.
      const tx = new TxRunner(t.ds);
      await tx.write((m) => m.query(`UPDATE rounds SET state = 'drawn' WHERE id = ${ph(t, 1)}`, [round.id]));
      await tx.write((m) => m.query(`UPDATE bets SET status = 0 WHERE round_id = ${ph(t, 1)}`, [round.id]));
      await expect(s.settleRound(round.id)).rejects.toThrow();
      expect(await count(t.ds, payouts, [round.id])).toBe(1);
      expect((await balanceOf(t.ds, a.userId)).money).toBe(money);
      await tx.write((m) => m.query(`UPDATE rounds SET state = 'settled' WHERE id = ${ph(t, 1)}`, [round.id]));
      await tx.write((m) => m.query(`UPDATE bets SET status = 1 WHERE round_id = ${ph(t, 1)}`, [round.id]));
      expect((await ledgerViolations(t)).violations).toBe(0);
      console.log(`T7 (${name}): 7 settlement runs (2 sequential, 5 concurrent) + 1 with the state reset, payout postings = winners = 1, duplicates = 0`);
    });

    it('voids a round with refunds (status 2, bet_refund postings, capital logs type 3 "refund"), once; settled rounds cannot be voided', async () => {
      const a = await registerPlayer(t);
      await fundPlayer(t, a.userId, 100_000);
      const slot = await freshRound(t);
      for (const [p, m] of [
        ['big', '10'],
        ['sum_3', '2.5'],
        ['odd', '7'],
      ] as const)
        expect((await bet(t, a.token, { issue: slot.issue, play_type: p, money: m })).code).toBe(1);
      const other = await bet(t, a.token, { issue: slot.issue, play_type: 'big', money: '1', game_id: 2, plan_id: 5 });
      expect(other.code).toBe(1);
      const round = await roundOf(t.ds, 1, slot.issue);
      const s = engine(t).settlement;
      const report = await s.voidRound(round.id, 7, 'feed outage');
      expect(report).toEqual({ roundId: round.id, refunded: 3, refundMinor: 1950 });
      expect((await balanceOf(t.ds, a.userId)).money).toBe(100_000 - 100);
      const rows = await betsOf(t, round.id);
      expect(rows.map((r) => [r.status, r.profit_minor])).toEqual([
        [2, 0],
        [2, 0],
        [2, 0],
      ]);
      const logs = (await t.ds.query(
        `SELECT type, mark, quantity_minor, over_minor FROM capital_logs WHERE user_id = ${ph(t, 1)} AND mark = 'refund' ORDER BY id`,
        [a.userId],
      )) as Record<string, unknown>[];
      expect(logs.map((l) => [n(l['type']), l['mark'], n(l['quantity_minor']), n(l['over_minor'])])).toEqual([
        [3, 'refund', 1000, 100_000 - 100 - 950],
        [3, 'refund', 250, 100_000 - 100 - 700],
        [3, 'refund', 700, 100_000 - 100],
      ]);
      const v = await roundOf(t.ds, 1, slot.issue);
      expect(v.state).toBe('void');
      await expect(s.voidRound(round.id, 7, 'again')).rejects.toMatchObject({ key: 'ALREADY_RESOLVED' });
      await expect(s.voidRound(999_999, 7, 'none')).rejects.toMatchObject({ key: 'ROUND_NOT_FOUND' });
      clockTo(t, slot.drawAt);
      await engine(t).lifecycle.tick();
      expect((await roundOf(t.ds, 1, slot.issue)).state).toBe('void');
      expect((await roundOf(t.ds, 1, slot.issue)).sum).toBeNull();
      const settledOther = await roundOf(t.ds, 2, slot.issue);
      expect(settledOther.state).toBe('settled');
      await expect(s.voidRound(settledOther.id, 7, 'too late')).rejects.toMatchObject({ key: 'ALREADY_RESOLVED' });
      const drawn = await drawnRound(t, 3);
      await s.voidRound(drawn.id, 7, 'void after draw');
      const kept = await roundOf(t.ds, 3, drawn.issue);
      expect([kept.state, kept.site_1, kept.site_2, kept.site_3, kept.sum]).toEqual(['void', drawn.site_1, drawn.site_2, drawn.site_3, drawn.sum]);
      expect(await ledgerViolations(t)).toEqual({ violations: 0, failing: [] });
    });

    it('T2 on this database: concurrent bets that together overspend leave exactly the affordable ones', async () => {
      const slot = await freshRound(t);
      const p = await registerPlayer(t);
      await fundPlayer(t, p.userId, 10_000);
      const attempts = await Promise.all(Array.from({ length: 20 }, (_, i) => bet(t, p.token, { issue: slot.issue, play_type: `sum_${i}`, money: 50 })));
      expect(attempts.filter((x) => x.code === 1)).toHaveLength(2);
      expect(attempts.filter((x) => x.code !== 1).every((x) => x.error === 'INSUFFICIENT_FUNDS')).toBe(true);
      expect((await balanceOf(t.ds, p.userId)).money).toBe(0);
      expect((await ledgerViolations(t)).violations).toBe(0);
    });
  });
}

// On the run's database: SQLite in the SQLite runs, PostgreSQL in the PostgreSQL run (scripts/test-databases.js).
settlementSuite(TEST_DB === 'postgres' ? 'PostgreSQL' : `SQLite (${TEST_DB})`);

describe('win notice and bet record', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows the oldest unseen win (heart, getGameResult) until closed; closeGameResult takes only the owner’s bets', async () => {
    const p = await registerPlayer(t);
    const other = await registerPlayer(t);
    await fundPlayer(t, p.userId, 100_000);
    const slot = await freshRound(t);
    const ids: number[] = [];
    for (let s = 0; s <= 27; s++) ids.push((await bet(t, p.token, { issue: slot.issue, play_type: `sum_${s}`, money: 1 })).data.order_id);
    expect((await call(t, 'user/getGameResult', p.token, { game_id: 1 })).error).toBe('NO_UNSEEN_WIN');
    clockTo(t, slot.drawAt);
    await engine(t).lifecycle.tick();
    const r = await roundOf(t.ds, 1, slot.issue);
    const winId = ids[r.sum ?? -1];
    const win = await call(t, 'user/getGameResult', p.token, { game_id: 1 });
    // The notice tells the whole round: 28 stakes of 1, one of them paid; the net is what the player is up or down.
    const paid = Math.floor(Number((await query(t.ds, `SELECT payout_minor FROM bets WHERE id = ?`, [winId]))[0]?.payout_minor)) / 100;
    expect(win.data).toEqual({
      id: winId,
      profit: Math.round((paid - 1) * 100) / 100,
      issue: slot.issue,
      staked: 28,
      paid,
      net: Math.round((paid - 28) * 100) / 100,
      wins: [{ play_type: `sum_${r.sum}`, stake: 1, payout: paid }],
    });
    expect(win.data.profit).toBeGreaterThan(0);
    expect((await call(t, 'user/getGameResult', p.token, { game_id: 2 })).error).toBe('NO_UNSEEN_WIN');
    const heart = await call(t, 'Lottery/heart', p.token, { plan_id: 1, game_id: 1 });
    expect(heart.data.hit_notice).toEqual(win.data);
    expect((await call(t, 'user/closeGameResult', other.token, { order_id: winId })).error).toBe('ORDER_NOT_FOUND');
    expect((await call(t, 'user/closeGameResult', p.token, { order_id: 99_999_999 })).error).toBe('ORDER_NOT_FOUND');
    expect((await call(t, 'user/closeGameResult', p.token, { order_id: winId })).code).toBe(1);
    expect((await call(t, 'user/getGameResult', p.token, { game_id: 1 })).error).toBe('NO_UNSEEN_WIN');
  });

  it('tells a round with a hit as the round it was (staked, paid, net, the hits), in every room of the game, and one close acknowledges all its hits', async () => {
    const p = await registerPlayer(t);
    await fundPlayer(t, p.userId, 1_000_000); // the senior room (plan 2) asks a balance of 1,000
    const slot = await freshRound(t);
    // Every exact sum in two rooms: one bet hits in each room, 54 miss (no two of them are opposite bets).
    for (const plan_id of [1, 2]) for (let s = 0; s <= 27; s++) await bet(t, p.token, { issue: slot.issue, play_type: `sum_${s}`, money: plan_id, plan_id });
    clockTo(t, slot.drawAt);
    await engine(t).lifecycle.tick();
    const rows = await query(t.ds, `SELECT id, play_type, stake_minor, payout_minor, whether_hit FROM bets WHERE user_id = ? ORDER BY id`, [p.userId]);
    const hits = rows.filter((b) => Number(b.whether_hit) === 1);
    expect(hits.length).toBe(2);
    const paidMinor = rows.reduce((a, b) => a + Number(b.payout_minor ?? 0), 0);
    const win = (await call(t, 'user/getGameResult', p.token, { game_id: 1 })).data;
    expect(win).toMatchObject({ id: Number(hits[0]?.id), issue: slot.issue, staked: 84, paid: paidMinor / 100, net: (paidMinor - 8_400) / 100 });
    expect(win.wins).toEqual(hits.map((b) => ({ play_type: b.play_type, stake: Number(b.stake_minor) / 100, payout: Number(b.payout_minor) / 100 })));
    // The heartbeat carries the same notice; one close acknowledges every hit of the round.
    expect((await call(t, 'Lottery/heart', p.token, { plan_id: 2, game_id: 1 })).data.hit_notice).toEqual(win);
    expect((await call(t, 'user/closeGameResult', p.token, { order_id: win.id })).code).toBe(1);
    expect((await call(t, 'user/getGameResult', p.token, { game_id: 1 })).error).toBe('NO_UNSEEN_WIN');
    // A settled miss may still be acknowledged by itself (the spec's call), and nothing else changes.
    const miss = rows.find((b) => Number(b.whether_hit) === 0);
    expect((await call(t, 'user/closeGameResult', p.token, { order_id: Number(miss?.id) })).code).toBe(1);
  });

  it('lists bets by platform day and status tab, with profit "----" while pending and the result once drawn; agents see their invitees', async () => {
    const agent = await registerPlayer(t);
    await t.app.get(TxRunner).write((m) => query(m, `UPDATE users SET group_id = 3 WHERE id = ?`, [agent.userId]));
    const sub = await t
      .http()
      .post('/index.php/api/user/register')
      .send({ username: `sub${Date.now() % 1e8}`, password: 'secret-pw-123', invite_code: String(agent.userId + 100_000), adult: true });
    const subToken = sub.body.data.userinfo.token as string;
    const subId = sub.body.data.userinfo.user_id as number;
    await fundPlayer(t, subId, 100_000);
    const slot = await freshRound(t);
    const placed = await bet(t, subToken, { issue: slot.issue, play_type: 'big', money: '5.5' });
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: t.cfg.schedule.tz }).format(new Date(t.clock.now()));
    const list = async (token: string, body: Record<string, unknown>): Promise<Record<string, unknown>[]> =>
      (await call(t, 'user/orderList', token, { begin_date: day, end_date: day, activeTab: 0, lang: 'en', ...body })).data.data;
    const pending = await list(subToken, {});
    expect(pending[0]).toMatchObject({
      id: placed.data.order_id,
      orderNo: placed.data.order_no,
      quantity: 5.5,
      profit: '----',
      payout: '----',
      status: 0,
      whether_hit: 0,
      odds: 1.94,
      plan_name: 'Beginner room',
      play_method: 'Big',
      play_type: 'big',
      lottery_code: null,
      issue: slot.issue,
      name: 'Singapore',
    });
    expect((await list(subToken, { activeTab: 3 })).map((x) => x['id'])).toContain(placed.data.order_id);
    expect(await list(subToken, { activeTab: 4 })).toEqual([]);
    clockTo(t, slot.drawAt);
    await engine(t).lifecycle.tick();
    const r = await roundOf(t.ds, 1, slot.issue);
    const done = (await list(subToken, {}))[0] ?? {};
    expect(done['lottery_code']).toBe(`${r.site_1} ${r.site_2} ${r.site_3} ${r.sum}`);
    expect(done['status']).toBe(1);
    const won = (r.sum ?? 0) >= 14;
    expect(done['profit']).toBe(won ? 5.17 : -5.5);
    // payout (派彩) = what the bet paid back, stake included: profit + stake for a hit, 0 for a miss
    expect(done['payout']).toBe(won ? 10.67 : 0);
    expect((await list(subToken, { activeTab: won ? 2 : 1 })).map((x) => x['id'])).toContain(placed.data.order_id);
    expect((await list(subToken, { activeTab: won ? 1 : 2 })).map((x) => x['id'])).not.toContain(placed.data.order_id);
    expect((await list(agent.token, { scope: 1 })).map((x) => [x['id'], x['username']])).toContainEqual([
      placed.data.order_id,
      sub.body.data.userinfo.username,
    ]);
    expect(await list(agent.token, { scope: 0 })).toEqual([]);
    // One bet by its order number (the bet detail screen): the bettor's and its agent's, nobody else's.
    const detail = async (token: string, orderNo: unknown): Promise<{ code: number; error?: string; data: unknown }> =>
      call(t, 'user/orderDetail', token, { orderNo, lang: 'en' });
    expect((await detail(subToken, placed.data.order_no)).data).toEqual(done);
    expect((await detail(agent.token, placed.data.order_no)).data).toEqual(done);
    const stranger = await registerPlayer(t);
    expect((await detail(stranger.token, placed.data.order_no)).error).toBe('ORDER_NOT_FOUND');
    expect(
      (
        await detail(
          subToken,
          `${placed.data.order_no}`.replace(/.$/, (d) => String((Number(d) + 1) % 10)),
        )
      ).error,
    ).toBe('ORDER_NOT_FOUND');
    for (const bad of ['12ab', '', '1'.repeat(33), 5]) expect((await detail(subToken, bad)).error).toBe('VALIDATION_FAILED');
    expect((await call(t, 'user/orderList', subToken, { begin_date: day, end_date: day, activeTab: 0, scope: 1 })).error).toBe('AGENT_ONLY');
    expect((await call(t, 'user/orderList', subToken, { begin_date: '2026-02-30', end_date: day, activeTab: 0 })).error).toBe('VALIDATION_FAILED');
    expect((await call(t, 'user/orderList', subToken, { begin_date: day, end_date: '2020-01-01', activeTab: 0 })).error).toBe('VALIDATION_FAILED');
    expect(await list(subToken, { begin_date: '2020-01-01', end_date: '2020-01-02' })).toEqual([]);
    expect(await list(subToken, { page: 2 })).toEqual([]);
  });
});
