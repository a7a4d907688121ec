import { FAIRNESS_TEST_VECTORS, digitFrequencyChiSquare, drawFromSeed, sumFrequencyChiSquare } from '@sum28/domain';
import { TxRunner } from '@sum28/database';
import { randomBytes } from 'node:crypto';
import { allRounds, bet, call, clockTo, engine, freshRound, independentDraw, roundOf, type RoundRow } from './factories/game';
import { createTestApp, fundPlayer, ledgerViolations, registerPlayer, type TestApp } from './factories/test-app';
import { query } from './factories/sql';
import { DEFAULT_RUN } from './factories/test-db';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('provably fair draws: the verify call', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is public, refuses a round before its draw (ROUND_NOT_DRAWN) and unknown rounds, and recomputes a drawn one', async () => {
    const slot = await freshRound(t);
    const open = await call(t, 'Lottery/verify', null, { game_id: 1, issue: slot.issue });
    expect(open).toMatchObject({ code: expect.any(Number), error: 'ROUND_NOT_DRAWN', data: null });
    const seed = (await roundOf(t.ds, 1, slot.issue)).seed_hex;
    expect(JSON.stringify(open)).not.toContain(seed);
    expect((await call(t, 'Lottery/verify', null, { game_id: 1, issue: '20200101001' })).error).toBe('ROUND_NOT_FOUND');
    clockTo(t, slot.drawAt);
    await engine(t).lifecycle.tick();
    const r = await roundOf(t.ds, 1, slot.issue);
    const v = await call(t, 'Lottery/verify', null, { game_id: 1, issue: slot.issue });
    const ref = independentDraw(r.seed_hex, 1, slot.issue);
    expect(v.data).toEqual({
      game_id: 1,
      issue: slot.issue,
      hash: r.hash_hex,
      seed: r.seed_hex,
      triple: [r.site_1, r.site_2, r.site_3],
      recomputed: ref.digits,
      recomputed_hash: ref.hash,
      hash_ok: true,
      ok: true,
    });
    expect(ref.hash).toBe(r.hash_hex);
  });

  it('never shows a result before it is committed: player reads see committed data only', async () => {
    const p = await registerPlayer(t);
    const slot = await freshRound(t);
    clockTo(t, slot.closeAt);
    await engine(t).lifecycle.tick();
    const r = await roundOf(t.ds, 1, slot.issue);
    // A write transaction that has stored (bogus) digits and a drawn state but not committed yet.
    let release: () => void = () => undefined;
    const hold = new Promise<void>((ok) => (release = ok));
    let written = false;
    const writing = t.app.get(TxRunner).write(async (m) => {
      await query(m, `UPDATE rounds SET state = 'drawn', site_1 = 1, site_2 = 2, site_3 = 3, sum = 6, drawn_at = ? WHERE id = ?`, [t.clock.now(), r.id]);
      written = true;
      await hold;
      throw new Error('rolled back on purpose');
    });
    while (!written) await sleep(5);
    clockTo(t, t.clock.now() + 1500); // past the heartbeat's round cache
    const verify = await call(t, 'Lottery/verify', null, { game_id: 1, issue: slot.issue });
    const heart = await call(t, 'Lottery/heart', p.token, { plan_id: 1, game_id: 1 });
    const list = await call(t, 'Lottery/issueList', p.token, { game_id: 1, limit: 5 });
    release();
    await expect(writing).rejects.toThrow('rolled back on purpose');
    expect(verify.error).toBe('ROUND_NOT_DRAWN');
    expect(heart.data.last_issue?.issue).not.toBe(slot.issue);
    const row = (list.data as { issue: string; seed: string | null; sum: number | null }[]).find((x) => x.issue === slot.issue);
    expect(row).toMatchObject({ seed: null, sum: null });
    const text = JSON.stringify([verify, heart, list]);
    expect(text).not.toContain(r.seed_hex);
    expect((await roundOf(t.ds, 1, slot.issue)).state).toBe('closed');
  });

  it('the independent node:crypto implementation agrees with the published test vectors', () => {
    for (const v of FAIRNESS_TEST_VECTORS) {
      const ref = independentDraw(v.seedHex, v.gameId, v.issue);
      expect([ref.hash, ...ref.digits, ref.sum]).toEqual([v.hashHex, ...v.triple, v.sum]);
    }
  });

  // 50,000 draws in `npm test`; `npm run test:reliability` runs 1,000,000 (T25_DRAWS), about 30 s of CPU.
  const T25_DRAWS = Number(process.env['T25_DRAWS'] ?? 50_000);
  // Database-independent: once per `npm test`, in the default run.
  if (DEFAULT_RUN)
    it(`T25: ${T25_DRAWS.toLocaleString('en')} draws through the production path (randomBytes(32) seeds) are uniform per position and their sums follow the theory (chi-square)`, () => {
      const digits = [0, 1, 2].map(() => new Array<number>(10).fill(0));
      const sums = new Array<number>(28).fill(0);
      const N = T25_DRAWS;
      for (let i = 0; i < N; i++) {
        const d = drawFromSeed(randomBytes(32).toString('hex'), 1 + (i % 4), `20261122${String(1 + (i % 400)).padStart(3, '0')}`);
        d.triple.forEach((digit, pos) => (digits[pos]![digit]! += 1));
        sums[d.sum]! += 1;
      }
      const tests = [...digits.map((c) => digitFrequencyChiSquare(c)), sumFrequencyChiSquare(sums)];
      console.log(
        `T25: ${N} draws, chi-square p-values per position ${tests
          .slice(0, 3)
          .map((x) => x.pValue.toFixed(3))
          .join(', ')}; sums (27 dof) ${tests[3]!.pValue.toFixed(3)}`,
      );
      // Each p-value is uniform under the null; all four above 0.001 holds with probability 99.6%.
      for (const x of tests) expect(x.pValue).toBeGreaterThan(0.001);
    });
});

interface Seen {
  at: number;
  path: string;
  text: string;
}

/**
 * Real time, real scheduler: ROUND_SECONDS=12, BET_CLOSE_SECONDS=3, OPEN_HOURS=always, for about 30 s.
 * Rounds open, close, draw and settle on time; every result is reproduced by an independent
 * implementation; no seed appears in any answer before its round was drawn.
 */
// The one real-time scheduler run of `npm test` (everywhere else the test clock drives rounds): in the default run.
if (DEFAULT_RUN)
  describe('a 30-second real-time run with the scheduler on', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ SCHEDULER: 'on', ROUND_SECONDS: '12', BET_CLOSE_SECONDS: '3', TEST_CLOCK: 'real' });
    });
    afterAll(async () => {
      await t.close();
    });

    it('opens, closes, draws and settles on time, reproducibly, without leaking a seed', async () => {
      const players = [await registerPlayer(t), await registerPlayer(t)];
      for (const p of players) await fundPlayer(t, p.userId, 10_000_000);
      const seen: Seen[] = [];
      const record = async (path: string, token: string | null, body: Record<string, unknown>): Promise<ReturnType<typeof call>> => {
        const res = await call(t, path, token, body);
        seen.push({ at: Date.now(), path, text: JSON.stringify(res) });
        return res;
      };
      const started = Date.now();
      const betOn = new Set<string>();
      const types = ['big', 'small_odd', 'sum_13', 'extreme_big', 'even', 'sum_20'];
      let placed = 0;
      const refused: string[] = [];
      let verifiedEarly = 0;
      while (Date.now() - started < 30_000) {
        const [a, b] = players as [(typeof players)[0], (typeof players)[0]];
        const heart = await record('Lottery/heart', a.token, { plan_id: 1, game_id: 1, since_id: 0 });
        const cur = heart.data?.issue as { issue: string; whether_close: boolean; openTime1: number } | null;
        if (cur && !cur.whether_close && cur.openTime1 >= 1 && !betOn.has(cur.issue)) {
          betOn.add(cur.issue);
          for (const [i, p] of types.entries()) {
            for (const [who, game] of [
              [a, 1],
              [b, 1 + (i % 4)],
            ] as const) {
              const r = await bet(t, who.token, { issue: cur.issue, play_type: p, money: `${i + 1}`, game_id: game, plan_id: (game - 1) * 4 + 1 });
              seen.push({ at: Date.now(), path: 'Lottery/playOrder', text: JSON.stringify(r) });
              if (r.code === 1) placed++;
              else refused.push(String(r.error));
            }
          }
          const v = await record('Lottery/verify', null, { game_id: 1, issue: cur.issue });
          if (v.error === 'ROUND_NOT_DRAWN') verifiedEarly++;
        }
        await record('Lottery/issueList', b.token, { game_id: 1 + (seen.length % 4), limit: 10 });
        await record('Lottery/cand', b.token, { game_id: 1, limit: 10 });
        await record('user/orderList', a.token, { begin_date: '2026-01-01', end_date: '2030-12-31', activeTab: 0, pageSize: 100 });
        const last = heart.data?.last_issue as { issue: string } | null;
        if (last) await record('Lottery/verify', null, { game_id: 1, issue: last.issue });
        seen.push({ at: Date.now(), path: 'index/index', text: JSON.stringify((await t.http().get('/index.php/api/index/index')).body) });
        await sleep(400);
      }
      // Let the last round with bets be drawn and settled (at most one round plus a step).
      await sleep(13_000);
      const end = Date.now();

      const rounds = await allRounds(t.ds);
      const due = rounds.filter((r) => r.draw_at <= end - 1500);
      expect(due.length).toBeGreaterThanOrEqual(4 * 3);
      const lateBy: number[] = [];
      for (const r of due) {
        expect([r.issue, r.state]).toEqual([r.issue, 'settled']);
        expect(r.drawn_at).not.toBeNull();
        lateBy.push((r.drawn_at ?? 0) - r.draw_at);
        expect(r.drawn_at).toBeGreaterThanOrEqual(r.draw_at);
        expect((r.settled_at ?? 0) - r.draw_at).toBeLessThan(3000);
        const ref = independentDraw(r.seed_hex, r.game_id, r.issue);
        expect([r.hash_hex, r.site_1, r.site_2, r.site_3, r.sum]).toEqual([ref.hash, ...ref.digits, ref.sum]);
      }
      // The scheduler steps every 500 ms; allow for a loaded test machine.
      expect(Math.max(...lateBy)).toBeLessThan(2000);
      // Every slot after the first was written before (or at most one step after) it opened, without gaps.
      const created = (await query(t.ds, `SELECT game_id, issue, created_at, open_at FROM rounds ORDER BY game_id, issue`)) as {
        game_id: number;
        issue: string;
        created_at: number;
        open_at: number;
      }[];
      for (const g of [1, 2, 3, 4]) {
        const mine = created.filter((r) => r.game_id === g);
        const seqs = mine.map((r) => Number(r.issue.slice(8)));
        expect(seqs).toEqual(seqs.map((_, i) => (seqs[0] ?? 0) + i));
        for (const r of mine.slice(1)) expect(r.created_at).toBeLessThanOrEqual(r.open_at + 1000);
      }
      const bets = (await query(t.ds, `SELECT b.created_at, r.close_at, b.status, r.state FROM bets b JOIN rounds r ON r.id = b.round_id`)) as {
        created_at: number;
        close_at: number;
        status: number;
        state: string;
      }[];
      expect(bets.length).toBe(placed);
      for (const b of bets) {
        expect(b.created_at).toBeLessThan(b.close_at);
        if (b.state === 'settled') expect(b.status).toBe(1);
      }
      expect(placed).toBeGreaterThanOrEqual(12 * 2);

      // No seed in any answer before its round was drawn; undrawn rounds' seeds nowhere.
      let leaks = 0;
      const drawnAt = new Map<string, number | null>(rounds.map((r: RoundRow) => [r.seed_hex, r.drawn_at]));
      for (const s of seen) {
        for (const [seed, at] of drawnAt) if (s.text.includes(seed) && (at === null || at > s.at)) leaks++;
      }
      const revealedSomewhere = [...drawnAt].filter(([seed]) => seen.some((s) => s.text.includes(seed))).length;
      expect(leaks).toBe(0);
      expect(revealedSomewhere).toBeGreaterThan(0);
      expect(verifiedEarly).toBeGreaterThan(0);
      expect((await ledgerViolations(t)).violations).toBe(0);
      console.log(
        `real-time run: ${Math.round((end - started) / 1000)} s, ${rounds.length} rounds (${due.length} due, all settled), ${placed} bets accepted, ` +
          `${refused.length} refused, draw late by at most ${Math.max(...lateBy)} ms, ${seen.length} answers scanned for ${drawnAt.size} seeds: ` +
          `${revealedSomewhere} revealed after their draw, unrevealed leaks = ${leaks}, every result reproduced by node:crypto`,
      );
    });
  });
