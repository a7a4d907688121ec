import { createDataSource } from '@sum28/database';
import { slotAt } from '@sum28/domain';
import type { DataSource } from 'typeorm';
import { loadConfig } from '../../src/common/config/app-config';
import { runLedgerCheck } from '../../src/ledger/ledger-check';
import { allRounds, buildApi, count, createPgDatabase, fundOn, independentDraw, startServer, type RoundRow, type ServerProcess } from '../factories/game';
import { LoopbackClient, sleep } from '../factories/load';
import { pgAvailable } from '../factories/postgres';

/**
 * T9 (docs/reliability.md): missed rounds after downtime, with real processes and real downtime. Two API
 * processes (SCHEDULER=on on both) on one PostgreSQL database, short rounds (T9_ROUND_SECONDS, default
 * 10 s, betting closes 3 s before the draw). Bets go into the open round of each of the 4 games, then every
 * instance is stopped (first phase SIGTERM, second phase SIGKILL) for about 3 rounds, then restarted.
 *
 * The published catch-up rule (docs/ARCHITECTURE.md "Rounds and catch-up", RoundLifecycleService.tick):
 * a round left open is closed, drawn from its seed stored before the downtime and settled (its bets were
 * accepted before close_at and stay valid: settled, not refunded); slots whose time passed while nothing
 * ran are not created (a gap in the issue sequence); only the slot current at the restart (and the next
 * one) is opened. Checked: every round drawn and settled once (by one process), digits reproduced from
 * the stored seed by an independent node:crypto implementation, each bet settled once, 0 refunds, no
 * round created for a slot of the downtime, the ledger check at 0.
 */
const ROUND_SECONDS = Number(process.env['T9_ROUND_SECONDS'] ?? 10);
const BET_CLOSE_SECONDS = 3;
const DOWN_ROUNDS = 3;
const PLAYERS = 6;
const TYPES = ['big', 'small', 'odd', 'even', 'sum_13', 'big_odd'];

const pgDescribe = pgAvailable() ? describe : describe.skip;

pgDescribe('T9: every instance down for ~3 rounds with bets in the open round, then restarted', () => {
  let db: { url: string; drop: () => Promise<void> } | null = null;
  let side: DataSource | null = null;
  const servers: ServerProcess[] = [];
  beforeAll(() => buildApi(), 180_000);
  afterAll(async () => {
    for (const s of servers) await s.stop('SIGKILL');
    await side?.destroy();
    await db?.drop();
  });

  it('settles the open round from its stored seed after the restart, invents no missed round, draws and settles each round once', async () => {
    db = await createPgDatabase();
    const env = { DATABASE_URL: db.url, SCHEDULER: 'on', ROUND_SECONDS: String(ROUND_SECONDS), BET_CLOSE_SECONDS: String(BET_CLOSE_SECONDS) };
    const cfg = loadConfig({ ...env, NODE_ENV: 'test', CAPTCHA_MODE: 'off', OPEN_HOURS: 'always' });
    const roundMs = ROUND_SECONDS * 1000;
    let firstServingAt = 0;
    const startAll = async (): Promise<ServerProcess[]> => {
      const started: ServerProcess[] = [];
      for (let i = 0; i < 2; i++) {
        started.push(await startServer(env)); // one after the other: the first migrates
        if (i === 0) firstServingAt = Date.now();
      }
      servers.push(...started);
      return started;
    };
    let running = await startAll();
    side = createDataSource({ url: db.url });
    await side.initialize();
    const players: { token: string; id: number }[] = [];
    {
      const c = new LoopbackClient(running[0]!.port);
      for (let i = 0; i < PLAYERS; i++) {
        const res = await c.post('/index.php/api/user/register', {
          username: `t9p${process.pid % 1000}x${i}${Date.now() % 1000}`,
          password: 'secret-pw-123',
          invite_code: '100001',
          adult: true,
        });
        expect(res.body?.code).toBe(1);
        players.push({ token: res.body.data.userinfo.token, id: res.body.data.userinfo.user_id });
        await fundOn(side, res.body.data.userinfo.user_id, 10_000_000);
      }
      c.close();
    }

    const phases: string[] = [];
    const accepted = new Map<number, number>(); // bet id -> round id
    for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
      // 1. Bets into the open round of every game, with at least 4 s of betting left.
      const clients = running.map((s) => new LoopbackClient(s.port));
      let issues: { game: number; issue: string }[] = [];
      for (let tries = 0; issues.length === 0; tries++) {
        if (tries > 100) throw new Error('no open round with 4 s left');
        const seen: { game: number; issue: string; left: number }[] = [];
        for (const game of [1, 2, 3, 4]) {
          const h = await clients[game % 2]!.post('/index.php/api/Lottery/heart', { plan_id: (game - 1) * 4 + 1, game_id: game }, { token: players[0]!.token });
          const cur = h.body?.data?.issue;
          if (cur && !cur.whether_close) seen.push({ game, issue: cur.issue, left: cur.openTime1 });
        }
        if (seen.length === 4 && seen.every((s) => s.left >= 4)) issues = seen;
        else await sleep(250);
      }
      const betIds: number[] = [];
      await Promise.all(
        issues.flatMap(({ game, issue }) =>
          players.map(async (p, i) => {
            const a = await clients[i % 2]!.post(
              '/index.php/api/Lottery/playOrder',
              {
                issue,
                plan_id: (game - 1) * 4 + 1,
                game_id: game,
                play_type: TYPES[i % TYPES.length],
                money: `${i + 1}.5`,
                idempotency_key: `t9-${signal}-${game}-${i}`,
              },
              { token: p.token },
            );
            expect(a.body?.code).toBe(1);
            betIds.push(Number(a.body.data.order_id));
          }),
        ),
      );
      for (const c of clients) c.close();

      // 2. Every instance down, the open round still open.
      await Promise.all(running.map((s) => s.stop(signal)));
      const stoppedAt = Date.now();
      const before = new Map((await allRounds(side)).map((r) => [r.id, r]));
      const betRounds = new Map<number, number>();
      for (const row of (await side.query(`SELECT id, round_id, status FROM bets WHERE id = ANY($1)`, [betIds])) as Record<string, unknown>[]) {
        expect(Number(row['status'])).toBe(0);
        betRounds.set(Number(row['id']), Number(row['round_id']));
        accepted.set(Number(row['id']), Number(row['round_id']));
      }
      expect(betRounds.size).toBe(betIds.length);
      const openRounds = [...new Set(betRounds.values())];
      expect(openRounds.length).toBe(4);
      for (const id of openRounds) expect(before.get(id)?.state).toBe('open');
      const unfinished = [...before.values()].filter((r) => r.state !== 'settled');

      // 3. Down for about DOWN_ROUNDS rounds after the close of the bets' round.
      const closeAt = Math.max(...openRounds.map((id) => before.get(id)!.close_at));
      await sleep(Math.max(0, closeAt + DOWN_ROUNDS * roundMs - Date.now()));
      const restartAt = Date.now();
      running = await startAll();
      const servingMs = firstServingAt - restartAt;
      // 4. Recovered: every round left unfinished at the stop settled.
      let after: Map<number, RoundRow> = new Map();
      for (;;) {
        after = new Map((await allRounds(side)).map((r) => [r.id, r]));
        if (unfinished.every((r) => after.get(r.id)?.state === 'settled')) break;
        if (Date.now() - restartAt > 60_000) throw new Error(`not recovered: ${JSON.stringify(unfinished.map((r) => after.get(r.id)))}`);
        await sleep(100);
      }
      // The first instance's first scheduler step is the catch-up: the last of those rounds settled this long after the restart began.
      const recoveredMs = Math.max(...unfinished.map((r) => after.get(r.id)!.settled_at!)) - restartAt;
      const downtimeMs = restartAt - stoppedAt;

      for (const r of unfinished) {
        const now = after.get(r.id)!;
        expect(now.seed_hex).toBe(r.seed_hex); // the seed committed before the downtime, not a new one
        expect(now.hash_hex).toBe(r.hash_hex);
        if (r.sum === null) expect(now.drawn_at).toBeGreaterThanOrEqual(restartAt); // drawn by the catch-up, not before the stop
        const ref = independentDraw(now.seed_hex, now.game_id, now.issue);
        expect([now.site_1, now.site_2, now.site_3, now.sum]).toEqual([...ref.digits, ref.sum]);
      }
      // No round for a slot of the downtime: every round created since the stop belongs to the slot running at
      // the restart or later.
      const restartSlot = slotAt(restartAt, cfg.schedule)!;
      const created = [...after.values()].filter((r) => !before.has(r.id));
      expect(created.length).toBeGreaterThanOrEqual(4);
      for (const r of created) expect(r.open_at).toBeGreaterThanOrEqual(restartSlot.openAt);
      let skipped = 0;
      for (const game of [1, 2, 3, 4]) {
        const lastBefore = Math.max(...[...before.values()].filter((r) => r.game_id === game).map((r) => r.open_at));
        const firstAfter = Math.min(...created.filter((r) => r.game_id === game).map((r) => r.open_at));
        const gap = Math.round((firstAfter - lastBefore) / roundMs) - 1;
        expect(gap).toBeGreaterThanOrEqual(DOWN_ROUNDS - 2);
        skipped += gap;
      }
      // The bets: settled once from the stored outcome, none refunded.
      const ids = [...betRounds.keys()];
      const settled = await count(side, `SELECT COUNT(*) AS n FROM bets WHERE id = ANY(?) AND status = 1`, [ids]);
      expect(settled).toBe(ids.length);
      const refunds = await count(side, `SELECT COUNT(*) AS n FROM ledger_transactions WHERE kind = 'bet_refund'`);
      expect(refunds).toBe(0);
      const report = await runLedgerCheck(side);
      expect(report.violations).toBe(0);
      phases.push(
        `${signal}: downtime ${(downtimeMs / 1000).toFixed(1)} s (${(downtimeMs / roundMs).toFixed(1)} rounds), ${unfinished.length} rounds recovered ` +
          `(${openRounds.length} open with bets, ${unfinished.length - openRounds.length} other unfinished), ${skipped} missed slots not created (4 games), ` +
          `${settled} bets settled / 0 refunded, first instance serving ${servingMs} ms and every unfinished round settled ${recoveredMs} ms after the restart began`,
      );
    }

    // Let the rounds opened at the last restart finish, then stop and look at the whole history.
    await sleep(roundMs + 2000);
    await Promise.all(running.map((s) => s.stop('SIGTERM')));
    const dupes = await side.query(`SELECT game_id, issue, COUNT(*) AS n FROM rounds GROUP BY game_id, issue HAVING COUNT(*) > 1`);
    expect(dupes).toEqual([]);
    const logged = (re: RegExp): number[] => servers.flatMap((s) => [...s.output().matchAll(re)].map((m) => Number(m[1])));
    const drawnBy = logged(/round (\d+) drawn/g);
    const settledBy = logged(/round (\d+) settled/g);
    expect(new Set(drawnBy).size).toBe(drawnBy.length);
    expect(new Set(settledBy).size).toBe(settledBy.length);
    const rounds = await allRounds(side);
    const settledRounds = rounds.filter((r) => r.state === 'settled');
    expect(settledBy.length).toBe(settledRounds.length);
    for (const r of rounds.filter((x) => x.sum !== null)) {
      const ref = independentDraw(r.seed_hex, r.game_id, r.issue);
      expect([r.site_1, r.site_2, r.site_3, r.sum]).toEqual([...ref.digits, ref.sum]);
    }
    const winners = await count(side, `SELECT COUNT(*) AS n FROM bets WHERE whether_hit = 1 AND status = 1`);
    expect(await count(side, `SELECT COUNT(*) AS n FROM ledger_transactions WHERE kind = 'bet_payout'`)).toBe(winners);
    expect(await count(side, `SELECT COUNT(*) AS n FROM ledger_transactions WHERE kind = 'bet_stake'`)).toBe(accepted.size);
    expect(await count(side, `SELECT COUNT(*) AS n FROM bets WHERE status <> 1`)).toBe(0);
    const report = await runLedgerCheck(side);
    expect(report.violations).toBe(0);
    console.log(
      `T9: 2 instances on PostgreSQL, ${ROUND_SECONDS} s rounds, all stopped twice with bets in the open round of 4 games. ${phases.join('. ')}. ` +
        `Whole run: ${rounds.length} rounds, ${settledRounds.length} settled, each drawn and settled once (${drawnBy.length} draws, ${settledBy.length} settlements logged), ` +
        `${accepted.size} bets, ${winners} payouts = winning bets, ledger check ${report.violations} violations`,
    );
  }, 600_000);
});
