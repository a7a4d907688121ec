import type { DataSource } from 'typeorm';
import { runLedgerCheck } from '../../src/ledger/ledger-check';
import { count, fundOn } from '../factories/game';
import { sleep, type Answer, type LoopbackClient } from '../factories/load';

const TYPES = ['big', 'small', 'odd', 'even', 'sum_13', 'big_odd', 'extreme_small', 'sum_14'];

/** A funded player of an outage test, with the client IP its requests come from. */
export interface OutagePlayer {
  token: string;
  id: number;
  ip: string;
}

/** `n` players signed up through `client` (client IPs `<ipPrefix>.1`...) and funded with 1,000,000.00 each through `side`. */
export async function fundedPlayers(client: LoopbackClient, side: DataSource, n: number, name: string, ipPrefix: string): Promise<OutagePlayer[]> {
  const players: OutagePlayer[] = [];
  for (let i = 0; i < n; i++) {
    const ip = `${ipPrefix}.${i + 1}`;
    const a = await client.post(
      '/index.php/api/user/register',
      { username: `${name}${process.pid % 1000}x${i}`, password: 'secret-pw-123', invite_code: '100001', adult: true },
      { 'x-forwarded-for': ip },
    );
    expect(a.body?.code).toBe(1);
    players.push({ token: a.body.data.userinfo.token, id: a.body.data.userinfo.user_id, ip });
    await fundOn(side, a.body.data.userinfo.user_id, 100_000_000);
  }
  return players;
}

/**
 * The player load of the outage tests (T12 on PostgreSQL and on SQLite): each player loops heartbeat, then one
 * bet with an idempotency key, retried with the same key and body until a definite answer (or 60 s), while the
 * test takes the database away and gives it back. Every answer is classified: definite (200 with the
 * envelope), a clean error (5xx with the envelope), or unclean (anything else: reset, timeout, no envelope).
 */
export class OutageLoad {
  readonly tally = { requests: 0, cleanErrors: 0, uncleanErrors: 0, retries: 0, hearts: 0, betsAccepted: 0, betsRefused: 0, keys: 0, gaveUp: 0 };
  readonly unclean: string[] = [];
  /** '<status> <error key>' of the errors and refusals -> count */
  readonly answers = new Map<string, number>();
  readonly latencies: number[] = [];
  /** idempotency key -> order id */
  readonly accepted = new Map<string, number>();
  readonly refusedKeys = new Set<string>();
  /** Refusals other than ROUND_CLOSED (the round may close while a bet is retried): none expected. */
  readonly unexpected: string[] = [];
  private loading = false;
  private loops: Promise<void>[] = [];

  constructor(
    private readonly clients: LoopbackClient[],
    private readonly players: OutagePlayer[],
    private readonly keyPrefix: string,
  ) {}

  start(): void {
    this.loading = true;
    this.loops = this.players.map((_, i) => this.loop(i));
  }

  async stop(): Promise<void> {
    this.loading = false;
    await Promise.all(this.loops);
  }

  private note(a: Answer): void {
    const k = `${a.status} ${String(a.body?.error)}`;
    this.answers.set(k, (this.answers.get(k) ?? 0) + 1);
  }

  private classify(a: Answer): 'ok' | 'clean' | 'unclean' {
    this.tally.requests++;
    this.latencies.push(a.ms);
    if (a.status === 200 && typeof a.body?.code === 'number') return 'ok';
    if (a.status >= 500 && a.status < 600 && typeof a.body?.error === 'string' && typeof a.body?.code === 'number') {
      this.note(a);
      this.tally.cleanErrors++;
      return 'clean';
    }
    this.tally.uncleanErrors++;
    if (this.unclean.length < 20) this.unclean.push(`${a.status} ${a.error ?? JSON.stringify(a.body).slice(0, 200)} after ${Math.round(a.ms)} ms`);
    return 'unclean';
  }

  private async loop(i: number): Promise<void> {
    const p = this.players[i]!;
    const c = this.clients[i % this.clients.length]!;
    const game = (i % 4) + 1;
    const plan = (game - 1) * 4 + 1;
    const headers = { token: p.token, 'x-forwarded-for': p.ip };
    let issue = '';
    for (let n = 0; this.loading; n++) {
      const h = await c.post('/index.php/api/Lottery/heart', { plan_id: plan, game_id: game }, headers);
      this.tally.hearts++;
      if (this.classify(h) === 'ok' && h.body.code === 1 && h.body.data.issue && !h.body.data.issue.whether_close) issue = h.body.data.issue.issue;
      if (issue === '') {
        await sleep(200);
        continue;
      }
      const key = `${this.keyPrefix}-bet-${i}-${n}`;
      const body = { issue, plan_id: plan, game_id: game, play_type: TYPES[i % TYPES.length], money: String(1 + (n % 9)), idempotency_key: key };
      this.tally.keys++;
      const firstTry = Date.now();
      for (let attempt = 0; ; attempt++) {
        if (attempt > 0) this.tally.retries++;
        const a = await c.post('/index.php/api/Lottery/playOrder', body, headers);
        const kind = this.classify(a);
        if (kind === 'ok') {
          if (a.body.code === 1) {
            const prior = this.accepted.get(key);
            if (prior !== undefined && prior !== Number(a.body.data.order_id))
              this.unexpected.push(`${key}: answered order ${a.body.data.order_id} after ${prior}`);
            this.accepted.set(key, Number(a.body.data.order_id));
            this.tally.betsAccepted++;
          } else {
            this.note(a);
            if (a.body.error !== 'ROUND_CLOSED') this.unexpected.push(`${key}: ${JSON.stringify(a.body).slice(0, 200)}`);
            this.refusedKeys.add(key);
            this.tally.betsRefused++;
          }
          break;
        }
        if (Date.now() - firstTry > 60_000) {
          this.tally.gaveUp++;
          break;
        }
        await sleep(200 + 100 * Math.min(attempt, 10));
      }
      await sleep(100);
    }
  }
}

/** What the database holds after an outage test, against what the clients were told. */
export async function storedAgainstAnswers(side: DataSource, load: OutageLoad) {
  const bets = (await side.query(`SELECT id, status FROM bets`)) as { id: number; status: number }[];
  const betIds = bets.map((b) => Number(b.id));
  const keyed = (await side.query(`SELECT "key", response FROM idempotency_keys WHERE scope LIKE 'bet:%'`)) as { key: string; response: string | null }[];
  const keyToOrder = new Map(
    keyed.map((k) => [k.key, k.response === null ? null : (JSON.parse(k.response) as { value: { order_id: number } }).value.order_id]),
  );
  const acceptedIds = new Set(load.accepted.values());
  return {
    betIds,
    lost: [...load.accepted].filter(([key, id]) => !betIds.includes(id) || keyToOrder.get(key) !== id),
    unknown: betIds.filter((id) => !acceptedIds.has(id)),
    duplicates: betIds.length - new Set(betIds).size + (keyed.length - new Set(keyed.map((k) => k.key)).size),
    refusedStored: [...load.refusedKeys].filter((k) => keyToOrder.has(k)),
    stakes: await count(side, `SELECT COUNT(*) AS n FROM ledger_transactions WHERE kind = 'bet_stake'`),
    pendingInSettled: await count(side, `SELECT COUNT(*) AS n FROM bets b JOIN rounds r ON r.id = b.round_id WHERE r.state = 'settled' AND b.status = 0`),
    settledRounds: await count(side, `SELECT COUNT(*) AS n FROM rounds WHERE state = 'settled'`),
    violations: (await runLedgerCheck(side)).violations,
  };
}

/** The expectations every outage test shares: clean errors only, nothing lost, doubled or left half-moved. */
export function expectNoMoneyLost(load: OutageLoad, stored: Awaited<ReturnType<typeof storedAgainstAnswers>>, maxLatencyMs: number, boundMs: number): void {
  // An outage is the database's, not a bug: 503 SERVICE_UNAVAILABLE (with Retry-After), never 500 INTERNAL.
  expect([...load.answers.keys()].filter((k) => k.startsWith('5') && k !== '503 SERVICE_UNAVAILABLE')).toEqual([]);
  expect(load.tally.uncleanErrors).toBe(0);
  expect(load.unexpected).toEqual([]);
  expect(load.tally.gaveUp).toBe(0);
  expect(maxLatencyMs).toBeLessThan(boundMs);
  expect(load.accepted.size).toBeGreaterThan(0);
  expect(stored.lost).toEqual([]);
  expect(stored.unknown).toEqual([]);
  expect(stored.duplicates).toBe(0);
  expect(stored.refusedStored).toEqual([]);
  expect(stored.betIds.length).toBe(load.accepted.size);
  expect(stored.stakes).toBe(stored.betIds.length);
  expect(stored.pendingInSettled).toBe(0);
  expect(stored.violations).toBe(0);
}
