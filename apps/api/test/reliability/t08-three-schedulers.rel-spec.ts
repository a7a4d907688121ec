import { createDataSource } from '@sum28/database';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { buildApi, REDIS_URL, redisAvailable, roundsExactlyOnce, startInstances } from '../factories/cluster';
import { createPgDatabase, fundOn, type ServerProcess } from '../factories/game';
import { pgAvailable } from '../factories/postgres';

/**
 * T8 (docs/reliability.md): several API processes with SCHEDULER=on on one PostgreSQL database (with Redis), bets
 * through every instance, until T8_ROUNDS rounds (all games together; default 100) are settled with T8_ROUND_SECONDS
 * rounds (default 5, the shortest the API accepts). Each round is opened, closed, drawn and settled exactly once
 * (by the logs of the instance that won each transition, and by the database), payouts = winning bets, ledger 0.
 */
const ROUNDS = Number(process.env['T8_ROUNDS'] ?? 100);
const INSTANCES = Number(process.env['T8_INSTANCES'] ?? 3);
const ROUND_SECONDS = Number(process.env['T8_ROUND_SECONDS'] ?? 5);
const PLAYERS = 9;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

const ready = pgAvailable() && redisAvailable();
if (!ready) console.warn('T8: PostgreSQL on 127.0.0.1:5432 or Redis at REDIS_URL is not reachable: skipped');
(ready ? describe : describe.skip)(`T8: ${INSTANCES} instances with schedulers on, one PostgreSQL, ${ROUNDS} fast rounds`, () => {
  let db: { url: string; drop: () => Promise<void> } | null = null;
  let side: DataSource | null = null;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    buildApi();
    db = await createPgDatabase();
    await startInstances(
      INSTANCES,
      { DATABASE_URL: db.url, REDIS_URL, SCHEDULER: 'on', ROUND_SECONDS: String(ROUND_SECONDS), BET_CLOSE_SECONDS: '2' },
      servers,
    );
    side = createDataSource({ url: db.url });
    await side.initialize();
  }, 240_000);

  afterAll(async () => {
    for (const s of servers) await s.stop('SIGKILL');
    await side?.destroy();
    await db?.drop();
  });

  it('opens, closes, draws and settles each round exactly once; payouts = winning bets; ledger 0', async () => {
    const api = (i: number): ReturnType<typeof request> => request(`http://127.0.0.1:${servers[i % servers.length]!.port}`);
    const players: { token: string; id: number }[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const res = await api(i)
        .post('/index.php/api/user/register')
        .send({ username: `t8x${process.pid % 1000}y${i}z${Date.now() % 1000}`, password: 'secret-pw-123', invite_code: '100001', adult: true });
      expect(res.body.code).toBe(1);
      players.push({ token: res.body.data.userinfo.token, id: res.body.data.userinfo.user_id });
    }
    for (const p of players) await fundOn(side!, p.id, 100_000_000);

    const started = Date.now();
    // 4 games open a round each slot: ROUNDS / 4 slots, twice that long at most, plus the start-up and the last settlement
    const deadline = started + ((ROUNDS / 4) * ROUND_SECONDS * 2 + 60) * 1000;
    const types = ['big', 'small', 'odd', 'even', 'sum_13', 'big_odd', 'extreme_small', 'small_even'];
    const betOn = new Set<string>();
    const through = new Array<number>(INSTANCES).fill(0);
    let accepted = 0;
    let settled = 0;
    while (settled < ROUNDS && Date.now() < deadline) {
      for (const game of [1, 2, 3, 4]) {
        const heart = await api(game)
          .post('/index.php/api/Lottery/heart')
          .set('token', players[0]!.token)
          .send({ plan_id: (game - 1) * 4 + 1, game_id: game });
        const cur = heart.body.data?.issue;
        const key = `${game}:${cur?.issue}`;
        if (!cur || cur.whether_close || cur.openTime1 < 1 || betOn.has(key)) continue;
        betOn.add(key);
        const placed = await Promise.all(
          players.map((p, i) =>
            api(i + game)
              .post('/index.php/api/Lottery/playOrder')
              .set('token', p.token)
              .send({ issue: cur.issue, plan_id: (game - 1) * 4 + 1, game_id: game, play_type: types[(i + game) % types.length], money: `${i + 1}.25` }),
          ),
        );
        placed.forEach((r, i) => {
          if (r.body.code === 1) {
            accepted++;
            through[(i + game) % INSTANCES]!++;
          }
        });
      }
      settled = Number((await side!.query(`SELECT COUNT(*) AS n FROM rounds WHERE state = 'settled'`))[0].n);
      await sleep(250);
    }
    const ranMs = Date.now() - started;
    // The rounds with bets still in flight draw and settle; then the instances stop (their logs are final).
    await sleep((ROUND_SECONDS + 3) * 1000);
    for (const s of servers) await s.stop('SIGTERM');

    const once = await roundsExactlyOnce(side!, servers);
    expect(once.settled).toBeGreaterThanOrEqual(ROUNDS);
    expect(Number((await side!.query(`SELECT COUNT(*) AS n FROM bets`))[0].n)).toBe(accepted);
    expect(Number((await side!.query(`SELECT COUNT(*) AS n FROM bets WHERE status = 0`))[0].n)).toBe(0);
    expect(accepted).toBeGreaterThanOrEqual(PLAYERS * (ROUNDS / 2)); // bets in at least half of the rounds
    // every instance took bets and did part of the scheduler's work
    expect(through.every((n) => n > 0)).toBe(true);
    console.log(
      `T8: ${INSTANCES} instances (SCHEDULER=on on all, ${ROUND_SECONDS} s rounds, PostgreSQL + Redis) for ${Math.round(ranMs / 1000)} s: ` +
        `${once.rounds} rounds (${once.settled} settled); by instance: opened ${once.openedBy.join('/')}, closed ${once.closedBy.join('/')}, ` +
        `drawn ${once.drawnBy.join('/')}, settled ${once.settledBy.join('/')}; ${accepted} bets through ${through.join('/')}; ` +
        `${once.payouts} payouts = ${once.winners} winning bets; duplicates ${once.duplicates}; ledger check ${once.ledgerViolations} violations`,
    );
  }, 3_600_000);
});
