import { openDatabase, seedDatabase } from '@sum28/database';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { runLedgerCheck } from '../../src/ledger/ledger-check';
import { buildApi, bulkPlayers, bulkSessions, count, startServer, type ServerProcess } from '../factories/game';
import { cpuPressure, cpuSecondsOf, latencySummary, serverLatency, LoopbackClient, scheduledArrival, sleep, type Answer } from '../factories/load';

/**
 * T16 (docs/reliability.md): close-burst load. One API process (SQLite file, SCHEDULER=on), rounds of
 * T16_ROUND_SECONDS (default 16 s, betting closes 3 s before the draw). For T16_ROUNDS rounds (default 20)
 * the bet rate ramps linearly from 0 to T16_PEAK bets/s (default 100) over the last 10 s before the close
 * (k6's ramping-arrival-rate), spread over the 4 games' rounds, then keeps the peak for 1.5 s after the
 * close with the closed round's issue: those must be refused (ROUND_CLOSED) as usual.
 *
 * Checked: errors (transport failures, 5xx, answers other than success or ROUND_CLOSED) < 0.1%, 0 dropped
 * iterations, no bet stored with created_at >= its round's close_at, every acknowledged bet stored once,
 * each round's settlement finished before the next round's close, ledger check 0. Printed: peak bets/s
 * (target and achieved in the last second before the close), settle time per round (draw time to
 * settled, max / median), refused-late counts, bet latency.
 */
const ROUNDS = Number(process.env['T16_ROUNDS'] ?? 20);
const PEAK = Number(process.env['T16_PEAK'] ?? 100);
const ROUND_SECONDS = Number(process.env['T16_ROUND_SECONDS'] ?? 16);
const RAMP_MS = 10_000;
const TAIL_MS = 1500;
const PLAYERS = 2000;
const TYPES = ['big', 'small', 'odd', 'even', 'big_odd', 'small_even', 'extreme_big', 'sum_13', 'sum_14', 'extreme_small'];

describe(`T16: bets ramp to ${PEAK}/s in the last 10 s before each close, ${ROUNDS} rounds (SQLite, scheduler on)`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'sum28-t16-'));
  const url = `sqlite:${join(dir, 't16.sqlite')}`;
  let server: ServerProcess | null = null;
  let side: DataSource | null = null;
  let client: LoopbackClient | null = null;

  beforeAll(() => buildApi(), 180_000);
  afterAll(async () => {
    client?.close();
    await server?.stop('SIGKILL');
    await side?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses late bets, settles each round before the next close, loses no acknowledged bet', async () => {
    const prep = await openDatabase({ url });
    await seedDatabase(prep, { now: Date.now(), demo: false });
    const ids = await bulkPlayers(prep, PLAYERS, 100_000_000);
    const tokens = await bulkSessions(prep, ids);
    await prep.destroy();
    server = await startServer({ DATABASE_URL: url, SCHEDULER: 'on', ROUND_SECONDS: String(ROUND_SECONDS), BET_CLOSE_SECONDS: '3', TRUST_PROXY: 'true' });
    side = await openDatabase({ url });
    client = new LoopbackClient(server.port, 128, 10_000);
    const c = client;
    const player = (i: number): { token: string; ip: string; type: string } => ({
      token: tokens[i]!,
      ip: `10.16.${(i >> 8) & 255}.${i & 255}`,
      type: TYPES[i % TYPES.length]!,
    });
    const heart = async (game: number): Promise<{ issue: string; closeAtMs: number; open: boolean } | null> => {
      const p = player(game);
      const a = await c.post('/index.php/api/Lottery/heart', { plan_id: (game - 1) * 4 + 1, game_id: game }, { token: p.token, 'x-forwarded-for': p.ip });
      const cur = a.body?.data?.issue;
      return cur ? { issue: cur.issue, closeAtMs: cur.closeTime * 1000, open: !cur.whether_close } : null;
    };

    const betMs: number[] = [];
    const errors: string[] = [];
    let errorCount = 0;
    let requests = 0;
    const acceptedIds = new Set<number>();
    const retryLater: { body: Record<string, unknown>; headers: Record<string, string> }[] = [];
    const perRound: {
      issue: string;
      sent: number;
      accepted: number;
      refusedLate: number;
      tailRefused: number;
      tailAccepted: number;
      tailSent: number;
      lastSecond: number;
      dropped: number;
      lag: number;
    }[] = [];
    const loadBefore = loadavg()[0]!;
    const cpuBefore = cpuSecondsOf(server.proc.pid);
    const ownCpuBefore = process.cpuUsage();
    const wallBefore = Date.now();
    let lastIssue = '';
    let n = 0;
    for (let r = 0; r < ROUNDS; r++) {
      // The next round open for betting, with its close more than 10 s ahead (its ramp has not begun).
      let rooms: { game: number; issue: string; closeAtMs: number }[] = [];
      for (let tries = 0; rooms.length === 0; tries++) {
        if (tries > 400) throw new Error('no open round');
        const seen = await Promise.all([1, 2, 3, 4].map(async (game) => ({ game, cur: await heart(game) })));
        if (seen.every((s) => s.cur !== null && s.cur.open && s.cur.issue !== lastIssue && s.cur.closeAtMs - Date.now() > RAMP_MS + 200))
          rooms = seen.map((s) => ({ game: s.game, issue: s.cur!.issue, closeAtMs: s.cur!.closeAtMs }));
        else await sleep(100);
      }
      lastIssue = rooms[0]!.issue;
      const closeAtMs = rooms[0]!.closeAtMs;
      expect(rooms.every((x) => x.closeAtMs === closeAtMs)).toBe(true);
      await sleep(closeAtMs - RAMP_MS - Date.now());
      // Ramp 0 -> PEAK over RAMP_MS: i arrivals by time t when PEAK t^2 / (2 RAMP) = i; then PEAK/s for TAIL_MS.
      const rampCount = Math.floor((PEAK * RAMP_MS) / 2000);
      const tailCount = Math.floor((PEAK * TAIL_MS) / 1000);
      const start = performance.now();
      const startEpoch = Date.now();
      const row = { issue: lastIssue, sent: 0, accepted: 0, refusedLate: 0, tailRefused: 0, tailAccepted: 0, tailSent: 0, lastSecond: 0, dropped: 0, lag: 0 };
      const report = await scheduledArrival({
        count: rampCount + tailCount,
        atMs: (i) => (i < rampCount ? Math.sqrt((2 * RAMP_MS * i) / (PEAK / 1000)) : RAMP_MS + ((i - rampCount) * 1000) / PEAK),
        maxInFlight: 1000,
        fire: async () => {
          const k = n++;
          const p = player(k % PLAYERS);
          const room = rooms[k % 4]!;
          const sentAt = Date.now();
          const tail = sentAt >= closeAtMs;
          if (tail) row.tailSent++;
          else if (sentAt >= closeAtMs - 1000) row.lastSecond++;
          row.sent++;
          const body = {
            issue: room.issue,
            plan_id: (room.game - 1) * 4 + 1,
            game_id: room.game,
            play_type: p.type,
            money: String(1 + (k % 10)),
            idempotency_key: `t16-bet-${k}`,
          };
          const headers = { token: p.token, 'x-forwarded-for': p.ip };
          const a: Answer = await c.post('/index.php/api/Lottery/playOrder', body, headers);
          requests++;
          betMs.push(a.ms);
          if (a.status === 200 && a.body?.code === 1) {
            row.accepted++;
            if (tail) row.tailAccepted++;
            acceptedIds.add(Number(a.body.data.order_id));
          } else if (a.status === 200 && a.body?.error === 'ROUND_CLOSED') {
            row.refusedLate++;
            if (tail) row.tailRefused++;
          } else {
            errorCount++;
            if (a.status === 0 || a.status >= 500) retryLater.push({ body, headers });
            if (errors.length < 20) errors.push(`${a.status} ${a.error ?? JSON.stringify(a.body).slice(0, 200)}`);
          }
        },
      });
      row.dropped = report.dropped;
      row.lag = report.maxStartLagMs;
      perRound.push(row);
      expect(performance.now() - start).toBeGreaterThanOrEqual(RAMP_MS); // the schedule really spanned the ramp
      expect(startEpoch).toBeLessThan(closeAtMs - RAMP_MS + 1000);
    }
    // A client whose request failed asks again with the same key: its bet is then known either way.
    for (const { body, headers } of retryLater) {
      const a = await c.post('/index.php/api/Lottery/playOrder', body, headers);
      if (a.status === 200 && a.body?.code === 1) acceptedIds.add(Number(a.body.data.order_id));
    }
    // The last round draws and settles.
    await sleep((ROUND_SECONDS + 2) * 1000);
    const loadAfter = loadavg()[0]!;
    const pressure = cpuPressure();
    const apiCpu = (cpuSecondsOf(server.proc.pid) - cpuBefore) / ((Date.now() - wallBefore) / 1000);
    const ownCpu = process.cpuUsage(ownCpuBefore);
    const loaderCpu = (ownCpu.user + ownCpu.system) / 1000 / (Date.now() - wallBefore);
    const serverBet = await serverLatency(c, '/index.php/api/Lottery/playOrder');
    await server.stop('SIGTERM');

    const late = await count(side, `SELECT COUNT(*) AS n FROM bets b JOIN rounds r ON r.id = b.round_id WHERE b.created_at >= r.close_at`);
    const storedIds = ((await side.query(`SELECT id FROM bets`)) as { id: number }[]).map((x) => Number(x.id));
    const rounds = (await side.query(
      `SELECT r.id, r.game_id, r.issue, r.draw_at, r.drawn_at, r.settled_at, r.state, nx.close_at AS next_close_at,
              (SELECT COUNT(*) FROM bets b WHERE b.round_id = r.id) AS bets
         FROM rounds r LEFT JOIN rounds nx ON nx.game_id = r.game_id AND nx.open_at = r.draw_at
        WHERE r.id IN (SELECT DISTINCT round_id FROM bets) ORDER BY r.draw_at, r.game_id`,
    )) as {
      id: number;
      game_id: number;
      issue: string;
      draw_at: number;
      drawn_at: number | null;
      settled_at: number | null;
      state: string;
      next_close_at: number | null;
      bets: number;
    }[];
    const pending = await count(side, `SELECT COUNT(*) AS n FROM bets WHERE status = 0`);
    const ledger = await runLedgerCheck(side);

    const settleMs = rounds.map((x) => Number(x.settled_at) - Number(x.draw_at));
    const beforeNextClose = rounds.filter((x) => x.settled_at !== null && x.next_close_at !== null && Number(x.settled_at) < Number(x.next_close_at));
    const sorted = [...settleMs].sort((a, b) => a - b);
    const bs = latencySummary(betMs);
    const dropped = perRound.reduce((s, x) => s + x.dropped, 0);
    const accepted = perRound.reduce((s, x) => s + x.accepted, 0);
    const refusedLate = perRound.reduce((s, x) => s + x.refusedLate, 0);
    const tailRefused = perRound.reduce((s, x) => s + x.tailRefused, 0);
    const tailAccepted = perRound.reduce((s, x) => s + x.tailAccepted, 0);
    const tailSent = perRound.reduce((s, x) => s + x.tailSent, 0);
    const lastSecond = perRound.map((x) => x.lastSecond);
    console.log(
      `T16: ${ROUNDS} rounds of ${ROUND_SECONDS} s x 4 games (SQLite, 1 process, scheduler on; load average ${loadBefore.toFixed(1)} -> ${loadAfter.toFixed(1)} on ${cpus().length} cores, CPU pressure ${pressure}% of the last minute, the API process used ${Math.round(apiCpu * 100)}% of a core, this load generator ${Math.round(loaderCpu * 100)}%): ` +
        `bets ramped 0 -> ${PEAK}/s over the last 10 s before each close, then ${PEAK}/s for ${TAIL_MS} ms after it; ` +
        `${requests} bets sent (last second before the close: ${Math.min(...lastSecond)}-${Math.max(...lastSecond)} sent), ${accepted} accepted, ` +
        `refused as late ${refusedLate} (${tailRefused} of ${tailSent} sent after the close; accepted of those ${tailAccepted}), accepted at or after close_at ${late}; errors ${errorCount} (${((100 * errorCount) / requests).toFixed(3)}%), ` +
        `dropped iterations ${dropped} (max start lag ${Math.max(...perRound.map((x) => x.lag))} ms); bet p50/p95/p99/max ${bs.p50}/${bs.p95}/${bs.p99}/${bs.max} ms (in the API, arrival to answer: p50 <= ${serverBet.p50Le} ms, p99 <= ${serverBet.p99Le} ms); ` +
        `settle time (draw time -> settled) over ${rounds.length} rounds with bets: median ${sorted[Math.floor(sorted.length / 2)]} ms, max ${sorted[sorted.length - 1]} ms ` +
        `(${Math.max(...rounds.map((x) => Number(x.bets)))} bets in the largest round), settled before the next close ${beforeNextClose.length} of ${rounds.length}; ` +
        `bets stored ${storedIds.length}, pending ${pending}; ledger check ${ledger.violations} violations`,
    );
    if (errors.length > 0) console.log(`T16 first errors:\n  ${errors.join('\n  ')}`);

    expect(errorCount / requests).toBeLessThan(0.001);
    expect(dropped).toBe(0);
    expect(late).toBe(0);
    expect(tailAccepted).toBe(0); // no bet sent after the close was accepted
    expect(tailSent).toBeGreaterThan(0);
    expect(accepted).toBeGreaterThan(0.5 * ROUNDS * Math.floor((PEAK * RAMP_MS) / 2000));
    expect(new Set(storedIds)).toEqual(acceptedIds);
    expect(rounds.length).toBe(4 * ROUNDS);
    expect(rounds.every((x) => x.state === 'settled')).toBe(true);
    expect(beforeNextClose.length).toBe(rounds.length);
    expect(pending).toBe(0);
    expect(ledger.violations).toBe(0);
  }, 3_600_000);
});
