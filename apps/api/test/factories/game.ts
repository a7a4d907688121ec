import { BetEntity, CapitalLogEntity, TxRunner } from '@sum28/database';
import { nextSlotAfter, slotAt, type RoundSlot } from '@sum28/domain';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import type { DataSource } from 'typeorm';
import { LEDGER_KIND, betPosting, capitalKey } from '../../src/ledger/ledger-keys';
import { LedgerService } from '../../src/ledger/ledger.service';
import { RoundLifecycleService } from '../../src/rounds/round-lifecycle.service';
import { RoundReader } from '../../src/rounds/round-reader.service';
import { SettlementService } from '../../src/rounds/settlement.service';
import type { TestApp } from './test-app';
import { startLimitMs } from './limits';
import { sqlOf } from './sql';

/** Game-engine helpers for the rounds, betting, settlement, fairness, feed and scale suites. */

export const REPO_ROOT = resolve(__dirname, '..', '..', '..', '..');
export const MAIN_JS = join(REPO_ROOT, 'apps', 'api', 'dist', 'main.js');

export interface Engine {
  lifecycle: RoundLifecycleService;
  settlement: SettlementService;
  reader: RoundReader;
}

export function engine(t: TestApp): Engine {
  return { lifecycle: t.app.get(RoundLifecycleService), settlement: t.app.get(SettlementService), reader: t.app.get(RoundReader) };
}

/** Moves the test clock to an absolute instant (never backwards). */
export function clockTo(t: TestApp, ms: number): void {
  const d = ms - t.clock.now();
  if (d > 0) t.clock.advance(d);
}

/** The slot running now on the test clock (OPEN_HOURS=always, so there always is one). */
export function currentSlot(t: TestApp): RoundSlot {
  const s = slotAt(t.clock.now(), t.cfg.schedule);
  if (s === null) throw new Error('no slot now');
  return s;
}

/**
 * Moves the clock to the start of the next slot (plus `afterOpenMs`) and ticks, so a round is open
 * with its whole betting time ahead. Answers the slot.
 */
export async function freshRound(t: TestApp, afterOpenMs = 1000): Promise<RoundSlot> {
  const next = nextSlotAfter(t.clock.now(), t.cfg.schedule);
  clockTo(t, next.openAt + afterOpenMs);
  await engine(t).lifecycle.tick();
  return next;
}

export interface RoundRow {
  id: number;
  game_id: number;
  issue: string;
  state: string;
  open_at: number;
  close_at: number;
  draw_at: number;
  seed_hex: string;
  hash_hex: string;
  site_1: number | null;
  site_2: number | null;
  site_3: number | null;
  sum: number | null;
  drawn_at: number | null;
  settled_at: number | null;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

function toRound(r: Record<string, unknown>): RoundRow {
  return {
    id: Number(r['id']),
    game_id: Number(r['game_id']),
    issue: String(r['issue']),
    state: String(r['state']),
    open_at: Number(r['open_at']),
    close_at: Number(r['close_at']),
    draw_at: Number(r['draw_at']),
    seed_hex: String(r['seed_hex']),
    hash_hex: String(r['hash_hex']),
    site_1: num(r['site_1']),
    site_2: num(r['site_2']),
    site_3: num(r['site_3']),
    sum: num(r['sum']),
    drawn_at: num(r['drawn_at']),
    settled_at: num(r['settled_at']),
  };
}

export async function roundOf(ds: DataSource, gameId: number, issue: string): Promise<RoundRow> {
  const pg = ds.options.type === 'postgres';
  const rows = (await ds.query(`SELECT * FROM rounds WHERE game_id = ${pg ? '$1' : '?'} AND issue = ${pg ? '$2' : '?'}`, [gameId, issue])) as Record<
    string,
    unknown
  >[];
  if (rows[0] === undefined) throw new Error(`no round ${gameId}/${issue}`);
  return toRound(rows[0]);
}

export async function allRounds(ds: DataSource): Promise<RoundRow[]> {
  return ((await ds.query(`SELECT * FROM rounds ORDER BY game_id, issue`)) as Record<string, unknown>[]).map(toRound);
}

/** POST a player call with a token; answers the envelope. */
export async function call(
  t: TestApp,
  path: string,
  token: string | null,
  body: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<Envelope> {
  let req = t.http().post(`/index.php/api/${path}`).set(headers);
  if (token !== null) req = req.set('token', token);
  const res = await req.send(body);
  if (res.status >= 500) throw new Error(`${path}: HTTP ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Envelope;
}

export interface Envelope {
  code: number;
  msg: string;
  data: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are checked field by field
  error?: string;
  params?: Record<string, unknown>;
}

export async function bet(
  t: TestApp,
  token: string,
  body: { issue: string; play_type: string; money: unknown; plan_id?: number; game_id?: number; follow_id?: number; idempotency_key?: string },
  headers: Record<string, string> = {},
): Promise<Envelope> {
  return call(t, 'Lottery/playOrder', token, { plan_id: 1, game_id: 1, ...body }, headers);
}

export async function balanceOf(ds: DataSource, userId: number): Promise<{ money: number; lock: number; status: string }> {
  const pg = ds.options.type === 'postgres';
  const r = (
    (await ds.query(`SELECT money_minor, lock_money_minor, status FROM users WHERE id = ${pg ? '$1' : '?'}`, [userId])) as Record<string, unknown>[]
  )[0];
  return { money: Number(r?.['money_minor']), lock: Number(r?.['lock_money_minor']), status: String(r?.['status']) };
}

export async function count(ds: DataSource, sql: string, params: unknown[] = []): Promise<number> {
  const r = ((await ds.query(sqlOf(ds).q(sql), params)) as Record<string, unknown>[])[0];
  return Number(r?.['n'] ?? Object.values(r ?? {})[0]);
}

/** Credits a player as an approved recharge would, straight on a data source (for databases that a spawned server owns). */
export async function fundOn(ds: DataSource, userId: number, amountMinor: number, now = Date.now(), tx = new TxRunner(ds)): Promise<void> {
  const ledger = new LedgerService();
  await tx.write(async (m) => {
    const before = await ledger.balances(m, userId);
    const log = await m.save(CapitalLogEntity, {
      user_id: userId,
      type: 0,
      quantity_minor: amountMinor,
      over_minor: before.money + amountMinor,
      currency: 'TWD',
      mark: 'test funding',
      status: 1,
      ref_id: null,
      pay_snapshot: null,
      requested_by: null,
      resolved_by: 0,
      resolved_at: now,
      remark: '',
      created_at: now,
    });
    await ledger.post(
      m,
      {
        uniqueKey: capitalKey(log.id, 'resolve'),
        kind: LEDGER_KIND.RECHARGE,
        userId,
        refType: 'capital',
        refId: log.id,
        lines: [
          { account: 'house_cash', amount: -amountMinor },
          { account: 'user_available', userId, amount: amountMinor },
        ],
      },
      now,
    );
  });
}

/**
 * Fast path for scale tests and the bench: `players` funded users (no password, no session) created
 * with set-based SQL, their funding postings included, so the ledger checker stays at 0 violations.
 * Answers their ids. SQLite only.
 */
export async function bulkPlayers(ds: DataSource, n: number, fundMinor: number, now = Date.now()): Promise<number[]> {
  const tx = new TxRunner(ds);
  return tx.write(async (m) => {
    const prefix = `bk${Date.now().toString(36)}`;
    const first = Number(((await m.query(`SELECT COALESCE(MAX(id), 0) AS n FROM users`)) as { n: number }[])[0]?.n) + 1;
    await m.query(
      `WITH RECURSIVE s(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM s WHERE i + 1 < ?)
       INSERT INTO users (id, username, nickname, password_hash, group_id, inviter_id, status, money_minor, lock_money_minor, adult_consent_at, created_at, updated_at)
       SELECT ? + i, ? || i, '', '!bulk', 1, 1, 'active', ?, 0, ?, ?, ? FROM s`,
      [n, first, prefix, fundMinor, now, now, now],
    );
    const firstLog = Number(((await m.query(`SELECT COALESCE(MAX(id), 0) AS n FROM capital_logs`)) as { n: number }[])[0]?.n) + 1;
    await m.query(
      `INSERT INTO capital_logs (id, user_id, type, quantity_minor, over_minor, currency, mark, status, resolved_by, resolved_at, remark, created_at)
       SELECT ? + (id - ?), id, 0, ?, ?, 'TWD', 'bulk funding', 1, 0, ?, '', ? FROM users WHERE id >= ? ORDER BY id`,
      [firstLog, first, fundMinor, fundMinor, now, now, first],
    );
    await m.query(
      `INSERT INTO ledger_transactions (unique_key, kind, user_id, ref_type, ref_id, created_at)
       SELECT 'capital:' || id || ':resolve', 'recharge', user_id, 'capital', id, ? FROM capital_logs WHERE id >= ? ORDER BY id`,
      [now, firstLog],
    );
    await m.query(
      `INSERT INTO ledger_entries (tx_id, account, user_id, amount_minor, created_at)
       SELECT t.id, 'house_cash', NULL, 0 - c.quantity_minor, ? FROM capital_logs c JOIN ledger_transactions t ON t.unique_key = 'capital:' || c.id || ':resolve' WHERE c.id >= ?
       UNION ALL
       SELECT t.id, 'user_available', c.user_id, c.quantity_minor, ? FROM capital_logs c JOIN ledger_transactions t ON t.unique_key = 'capital:' || c.id || ':resolve' WHERE c.id >= ?`,
      [now, firstLog, now, firstLog],
    );
    return Array.from({ length: n }, (_, i) => first + i);
  });
}

/** One live session per user (as a sign-in would write), for players made by bulkPlayers; answers the tokens in order. */
export async function bulkSessions(ds: DataSource, userIds: readonly number[], now = Date.now(), ttlMs = 7 * 86_400_000): Promise<string[]> {
  const tokens = userIds.map(() => randomBytes(32).toString('base64url'));
  await new TxRunner(ds).write(async (m) => {
    for (let i = 0; i < userIds.length; i += 200) {
      const chunk = userIds.slice(i, i + 200);
      await m.query(
        sqlOf(ds).q(
          `INSERT INTO user_sessions (user_id, token_hash, ip, created_at, expires_at, revoked_at) VALUES ${chunk.map(() => "(?, ?, '', ?, ?, NULL)").join(', ')}`,
        ),
        chunk.flatMap((u, j) => [
          u,
          createHash('sha256')
            .update(tokens[i + j]!)
            .digest('hex'),
          now,
          now + ttlMs,
        ]),
      );
    }
  });
  return tokens;
}

/**
 * Fast path: `n` pending bets on an open round, spread over `userIds`, with their stake postings,
 * capital logs and balances, all set-based (what n calls of BettingService would write, minus the
 * HTTP layer and the per-bet checks). SQLite only. Answers the number of bets written.
 */
export async function bulkBets(
  ds: DataSource,
  round: { id: number; game_id: number; issue: string; open_at: number },
  planId: number,
  userIds: number[],
  n: number,
  stakeMinor = 1000,
  at = round.open_at + 1,
): Promise<number> {
  const tx = new TxRunner(ds);
  const types = ['big', 'small', 'odd', 'even', 'big_odd', 'small_even', 'extreme_big', 'sum_13', 'sum_14', 'extreme_small'];
  return tx.write(async (m) => {
    await m.query(`CREATE TEMP TABLE IF NOT EXISTS bulk_users (k INTEGER PRIMARY KEY, user_id INTEGER)`);
    await m.query(`DELETE FROM bulk_users`);
    for (let i = 0; i < userIds.length; i += 500) {
      const chunk = userIds.slice(i, i + 500);
      await m.query(
        `INSERT INTO bulk_users (k, user_id) VALUES ${chunk.map(() => '(?, ?)').join(', ')}`,
        chunk.flatMap((u, j) => [i + j, u]),
      );
    }
    const firstBet = Number(((await m.query(`SELECT COALESCE(MAX(id), 0) AS n FROM bets`)) as { n: number }[])[0]?.n) + 1;
    // Each player bets on one play type only (no opposite pairs), like the players of the bench.
    await m.query(
      `WITH RECURSIVE s(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM s WHERE i + 1 < ?)
       INSERT INTO bets (id, order_no, user_id, game_id, plan_id, round_id, issue, play_type, stake_minor, odds_milli, status, follow_of, result_seen, created_at)
       SELECT ? + s.i, ? || 'B' || (? + s.i), u.user_id, ?, ?, ?, ?,
              CASE (u.k % ${types.length}) ${types.map((p, i) => `WHEN ${i} THEN '${p}'`).join(' ')} END,
              ?, o.odds_milli, 0, NULL, 0, ?
         FROM s JOIN bulk_users u ON u.k = s.i % ?
         JOIN odds o ON o.plan_id = ? AND o.play_type = CASE (u.k % ${types.length}) ${types.map((p, i) => `WHEN ${i} THEN '${p}'`).join(' ')} END`,
      [n, firstBet, round.issue, firstBet, round.game_id, planId, round.id, round.issue, stakeMinor, at, userIds.length, planId],
    );
    await m.query(
      `INSERT INTO ledger_transactions (unique_key, kind, user_id, ref_type, ref_id, created_at)
       SELECT 'bet:' || id || ':stake', 'bet_stake', user_id, 'bet', id, ? FROM bets WHERE id >= ? ORDER BY id`,
      [at, firstBet],
    );
    await m.query(
      `INSERT INTO ledger_entries (tx_id, account, user_id, amount_minor, created_at)
       SELECT t.id, 'user_available', b.user_id, 0 - b.stake_minor, ? FROM bets b JOIN ledger_transactions t ON t.unique_key = 'bet:' || b.id || ':stake' WHERE b.id >= ?
       UNION ALL
       SELECT t.id, 'house_game', NULL, b.stake_minor, ? FROM bets b JOIN ledger_transactions t ON t.unique_key = 'bet:' || b.id || ':stake' WHERE b.id >= ?`,
      [at, firstBet, at, firstBet],
    );
    await m.query(
      `INSERT INTO capital_logs (user_id, type, quantity_minor, over_minor, currency, mark, status, ref_id, remark, created_at)
       SELECT b.user_id, 2, b.stake_minor, u.money_minor - SUM(b.stake_minor) OVER (PARTITION BY b.user_id ORDER BY b.id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW),
              '', 'stake', 1, b.id, b.order_no, ?
         FROM bets b JOIN users u ON u.id = b.user_id WHERE b.id >= ? ORDER BY b.id`,
      [at, firstBet],
    );
    await m.query(
      `UPDATE users SET money_minor = money_minor - w.total FROM (SELECT user_id, SUM(stake_minor) AS total FROM bets WHERE id >= ? GROUP BY user_id) AS w
        WHERE users.id = w.user_id`,
      [firstBet],
    );
    const short = Number(((await m.query(`SELECT COUNT(*) AS n FROM users WHERE money_minor < 0`)) as { n: number }[])[0]?.n);
    if (short > 0) throw new Error('bulkBets: players could not cover their stakes');
    return n;
  });
}

/** Builds the API (`tsc -b apps/api/tsconfig.build.json`) for the tests that start `node apps/api/dist/main.js`. */
export function buildApi(): void {
  try {
    execFileSync(process.execPath, [join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-b', join(REPO_ROOT, 'apps/api/tsconfig.build.json')], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    });
  } catch (e) {
    // Type errors elsewhere still emit JavaScript (typecheck reports them); only a missing build is fatal.
    if (!existsSync(MAIN_JS)) throw e;
  }
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr !== null ? addr.port : 0;
      srv.close(() => ok(port));
    });
  });
}

export interface ServerProcess {
  proc: ChildProcess;
  readonly port: number;
  output: () => string;
  /** Resolves when the output matches `re` (rejects after `timeoutMs`). */
  waitFor: (re: RegExp, timeoutMs?: number) => Promise<void>;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/** Starts the built server (`node apps/api/dist/main.js`) with `env` on a free port and waits until it listens. */
/**
 * Starts `node apps/api/dist/main.js` with `env` and answers once its output shows `readyOn` (default: serving).
 * A test that acts on a line written during start-up (a settlement the scheduler runs while the app boots, before
 * it serves) passes that line instead.
 */
export async function startServer(
  env: Record<string, string>,
  readyOn: { re: RegExp; timeoutMs: number } = { re: /Serving on http/, timeoutMs: startLimitMs() },
): Promise<ServerProcess> {
  // PORT=0 unless the test names one (a restart on the same port): the server binds a free port itself and prints it,
  // so no other process can take the port between a probe and the bind.
  const proc = spawn(process.execPath, [MAIN_JS], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env['PATH'] ?? '',
      NODE_ENV: 'test',
      CAPTCHA_MODE: 'off',
      PASSWORD_HASH_PROFILE: 'test',
      OPEN_HOURS: 'always',
      SEED_DEMO: 'false',
      SIGNIN_RATE_LIMIT: '100000',
      ADMIN_PASSWORD: 'test-admin-password-1',
      HOST: '127.0.0.1',
      PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const waiters: { re: RegExp; ok: () => void }[] = [];
  const onData = (b: Buffer): void => {
    out += b.toString();
    for (const w of [...waiters]) if (w.re.test(out)) w.ok();
  };
  proc.stdout?.on('data', onData);
  proc.stderr?.on('data', onData);
  const exited = new Promise<number | null>((ok) => proc.on('exit', (code) => ok(code)));
  const waitFor = (re: RegExp, timeoutMs = startLimitMs()): Promise<void> =>
    new Promise((ok, fail) => {
      if (re.test(out)) return ok();
      const timer = setTimeout(() => fail(new Error(`timed out waiting for ${re} in server output:\n${out.slice(-3000)}`)), timeoutMs);
      waiters.push({
        re,
        ok: () => {
          clearTimeout(timer);
          ok();
        },
      });
      void exited.then(() => {
        clearTimeout(timer);
        if (!re.test(out)) fail(new Error(`server exited while waiting for ${re}:\n${out.slice(-3000)}`));
      });
    });
  const server: ServerProcess = {
    proc,
    /** The port the server bound and printed (known once it serves). */
    get port(): number {
      const m = /Serving on http:\/\/localhost:(\d+)/.exec(out);
      if (m === null) throw new Error(`the server has not printed its port yet:\n${out.slice(-2000)}`);
      return Number(m[1]);
    },
    output: () => out,
    waitFor,
    stop: async (signal: NodeJS.Signals = 'SIGTERM') => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      return exited;
    },
  };
  await waitFor(readyOn.re, readyOn.timeoutMs);
  return server;
}

/** node:crypto reimplementation of the draw (architecture section 5), independent of libs/domain. */
export function independentDraw(seedHex: string, gameId: number, issue: string): { digits: number[]; sum: number; hash: string } {
  const key = Buffer.from(seedHex, 'hex');
  const digits: number[] = [];
  for (let block = 0; digits.length < 3; block++) {
    const msg = block === 0 ? `${gameId}:${issue}` : `${gameId}:${issue}:${block}`;
    for (const b of createHmac('sha256', key).update(msg, 'utf8').digest()) {
      if (b < 250 && digits.length < 3) digits.push(b % 10);
    }
  }
  return { digits, sum: digits.reduce((a, b) => a + b, 0), hash: createHash('sha256').update(key).digest('hex') };
}

/** Reference value for a test's expectations (the domain function under test is NOT used here). */
export function referencePayout(stake: number, oddsMilli: number): number {
  return Number((BigInt(stake) * BigInt(oddsMilli)) / 1000n);
}

/**
 * Writes bets with chosen stakes and odds snapshots onto a round, each with its stake posting and
 * capital log, through the LedgerService (both databases). For settlement arithmetic tests: the odds
 * here may be any snapshot, not only the room's current odds.
 */
export async function insertBets(
  ds: DataSource,
  round: { id: number; game_id: number; issue: string; open_at: number },
  bets: { userId: number; playType: string; stake: number; odds: number; planId?: number }[],
): Promise<number[]> {
  const tx = new TxRunner(ds);
  const ledger = new LedgerService();
  const ids: number[] = [];
  await tx.write(async (m) => {
    for (const [i, b] of bets.entries()) {
      const at = round.open_at + 1;
      const saved = await m.save(BetEntity, {
        order_no: `${round.issue}T${Date.now() % 1e9}${i}`.slice(0, 32),
        user_id: b.userId,
        game_id: round.game_id,
        plan_id: b.planId ?? 1,
        round_id: round.id,
        issue: round.issue,
        play_type: b.playType,
        stake_minor: b.stake,
        odds_milli: b.odds,
        status: 0,
        whether_hit: null,
        payout_minor: null,
        profit_minor: null,
        follow_of: null,
        result_seen: false,
        created_at: at,
        settled_at: null,
      });
      const bal = await ledger.post(m, betPosting(saved.id, b.userId, 'stake', b.stake), at);
      await m.save(CapitalLogEntity, {
        user_id: b.userId,
        type: 2,
        quantity_minor: b.stake,
        over_minor: bal.get(b.userId)?.money ?? 0,
        currency: '',
        mark: 'stake',
        status: 1,
        ref_id: saved.id,
        pay_snapshot: null,
        requested_by: null,
        resolved_by: null,
        resolved_at: null,
        remark: saved.order_no,
        created_at: at,
      });
      ids.push(saved.id);
    }
  });
  return ids;
}

/** A throw-away PostgreSQL database for a whole describe block (withPgDatabase wraps one callback only). */
export async function createPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const { PG_ADMIN_URL } = await import('./postgres');
  const { DataSource } = await import('typeorm');
  const name = `sum28_g_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new DataSource({ type: 'postgres', url: PG_ADMIN_URL });
  await admin.initialize();
  await admin.query(`CREATE DATABASE ${name}`);
  return {
    url: PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.destroy();
    },
  };
}
