import { ERROR_CODES, translate } from '@sum28/contracts';
import { TxRunner } from '@sum28/database';
import { Body, Controller, HttpCode, Module, Post, UseGuards, UseInterceptors } from '@nestjs/common';
import { Throttle } from '@nestjs/throttler';
import type { HeartResponse } from '@sum28/contracts';
import { AuthModule } from '../src/auth/auth.module';
import { Player, PlayerAuthGuard, type PlayerContext } from '../src/auth/player-auth.guard';
import { EnvelopeInterceptor } from '../src/common/http/envelope';
import { MAX_BODY_DEPTH } from '../src/common/validation/body-shape';
import { HeartDto } from '../src/lottery/dto/lottery.dto';
import { FeedService } from '../src/feed/feed.service';
import { HeartRoute } from '../src/lottery/heart-route';
import { HEART_LIMIT_PER_MINUTE, HeartService } from '../src/lottery/heart.service';
import { LotteryModule } from '../src/lottery/lottery.module';
import { bet, call, clockTo, count, engine, freshRound, roundOf } from './factories/game';
import { createTestApp, fundPlayer, registerPlayer, type TestApp } from './factories/test-app';
import { query, sqlOf } from './factories/sql';

const TABLES = ['users', 'user_sessions', 'rounds', 'bets', 'ledger_transactions', 'ledger_entries', 'capital_logs', 'idempotency_keys'];

async function rowCounts(t: TestApp): Promise<string> {
  const out: string[] = [];
  for (const table of TABLES) out.push(`${table}=${await count(t.ds, `SELECT COUNT(*) AS n FROM ${table}`)}`);
  out.push(JSON.stringify(await t.ds.query(`SELECT id, money_minor, status, updated_at FROM users ORDER BY id`)));
  out.push(JSON.stringify(await t.ds.query(`SELECT id, state, settled_at FROM rounds ORDER BY id`)));
  return out.join(';');
}

describe('real activity: the room feed, the home ticker and the other read calls', () => {
  let t: TestApp;
  let alice: { token: string; userId: number; username: string };
  let bob: { token: string; userId: number; username: string };
  beforeAll(async () => {
    t = await createTestApp();
    alice = await registerPlayer(t, `alice${Date.now() % 1e6}`);
    bob = await registerPlayer(t, `bobby${Date.now() % 1e6}`);
    await fundPlayer(t, alice.userId, 1_000_000);
    await fundPlayer(t, bob.userId, 1_000_000);
  });
  afterAll(async () => {
    await t.close();
  });

  it('is empty when nobody has played: no bots, an honest empty list', async () => {
    await freshRound(t);
    const heart = await call(t, 'Lottery/heart', alice.token, { plan_id: 1, game_id: 1 });
    expect(heart.code).toBe(1);
    expect(heart.data.message).toEqual([]);
    expect(heart.data.hit_notice).toBeNull();
    expect(heart.data.last_issue).toBeNull();
    const home = await t.http().get('/index.php/api/index/index');
    expect(home.body.data.activity).toEqual([]);
  });

  it('shows the room’s real bets with masked names, oldest first, and only newer ones after since_id', async () => {
    const slot = await freshRound(t);
    const a1 = await bet(t, alice.token, { issue: slot.issue, play_type: 'big', money: '10' });
    const b1 = await bet(t, bob.token, { issue: slot.issue, play_type: 'sum_13', money: '2.5' });
    await bet(t, bob.token, { issue: slot.issue, play_type: 'odd', money: '3', plan_id: 2 }); // another room
    await bet(t, bob.token, { issue: slot.issue, play_type: 'odd', money: '3', plan_id: 5, game_id: 2 }); // another game
    const heart = await call(t, 'Lottery/heart', alice.token, { plan_id: 1, game_id: 1, lang: 'en' });
    const msgs = heart.data.message as Record<string, unknown>[];
    expect(msgs.map((m) => m['id'])).toEqual([a1.data.order_id, b1.data.order_id]);
    expect(msgs[0]).toEqual({
      id: a1.data.order_id,
      user_id: expect.stringContaining('***'),
      inviter_id: null,
      is_self: true,
      nickname: `al***${alice.username.slice(-1)}`,
      url: expect.any(String),
      issue: slot.issue,
      quantity: 10,
      play_method: 'Big',
      play_type: 'big',
      createtime: expect.any(Number),
    });
    expect(msgs[1]).toMatchObject({ is_self: false, nickname: `bo***${bob.username.slice(-1)}`, quantity: 2.5, play_method: 'Sum 13' });
    const text = JSON.stringify(heart);
    expect(text).not.toContain(alice.username);
    expect(text).not.toContain(bob.username);
    const tw = await call(t, 'Lottery/heart', bob.token, { plan_id: 1, game_id: 1 });
    expect((tw.data.message as Record<string, unknown>[])[0]?.['play_method']).toBe('大');
    expect((tw.data.message as Record<string, unknown>[])[0]?.['is_self']).toBe(false);
    const since = await call(t, 'Lottery/heart', alice.token, { plan_id: 1, game_id: 1, since_id: a1.data.order_id });
    expect((since.data.message as Record<string, unknown>[]).map((m) => m['id'])).toEqual([b1.data.order_id]);
    const none = await call(t, 'Lottery/heart', alice.token, { plan_id: 1, game_id: 1, since_id: b1.data.order_id });
    expect(none.data.message).toEqual([]);
  });

  it('answers the current and the last round, the balance and the clock; the seed only of the drawn round', async () => {
    const slot = await freshRound(t, 2000);
    const round = await roundOf(t.ds, 1, slot.issue);
    const asked = t.clock.now();
    const h = await call(t, 'Lottery/heart', alice.token, { plan_id: 1, game_id: 1, issue: '' });
    const answered = t.clock.now();
    // openTime1 and server_time are read between the two instants above (a second may tick in between).
    expect(h.data.issue.openTime1).toBeGreaterThanOrEqual(Math.ceil((slot.closeAt - answered) / 1000));
    expect(h.data.issue.openTime1).toBeLessThanOrEqual(Math.ceil((slot.closeAt - asked) / 1000));
    expect(h.data.server_time).toBeGreaterThanOrEqual(Math.floor(asked / 1000));
    expect(h.data.server_time).toBeLessThanOrEqual(Math.floor(answered / 1000));
    expect(h.data.issue).toEqual({
      issue: slot.issue,
      openTime1: h.data.issue.openTime1,
      closeTime: Math.floor(slot.closeAt / 1000),
      drawTime: Math.floor(slot.drawAt / 1000),
      whether_close: false,
      game_status: 1,
      hash: round.hash_hex,
    });
    expect(h.data.game_status).toBe(1);
    expect(h.data.next_open).toBeNull();
    const money = Number((await query(t.ds, `SELECT money_minor FROM users WHERE id = ?`, [alice.userId]))[0].money_minor);
    expect(h.data.user_quantity).toEqual({ money: money / 100, lock_money: 0 });
    expect(JSON.stringify(h)).not.toContain(round.seed_hex);
    clockTo(t, slot.closeAt + 100);
    await engine(t).lifecycle.tick();
    const closed = await call(t, 'Lottery/heart', alice.token, { plan_id: 1, game_id: 1 });
    expect(closed.data.issue).toMatchObject({ issue: slot.issue, whether_close: true, openTime1: 0 });
    clockTo(t, slot.drawAt + 100);
    await engine(t).lifecycle.tick();
    const drawn = await roundOf(t.ds, 1, slot.issue);
    const after = await call(t, 'Lottery/heart', alice.token, { plan_id: 1, game_id: 1 });
    const sum = drawn.sum ?? -1;
    expect(after.data.last_issue).toEqual({
      issue: slot.issue,
      site_1: drawn.site_1,
      site_2: drawn.site_2,
      site_3: drawn.site_3,
      code: sum,
      lottery_code: `${drawn.site_1} ${drawn.site_2} ${drawn.site_3} ${sum}`,
      base: [sum >= 14 ? 'big' : 'small', sum % 2 === 1 ? 'odd' : 'even'],
      base_names: [sum >= 14 ? '大' : '小', sum % 2 === 1 ? '單' : '雙'],
      hash: drawn.hash_hex,
      seed: drawn.seed_hex,
    });
    expect(after.data.issue.issue).not.toBe(slot.issue);
    expect((await call(t, 'Lottery/heart', alice.token, { plan_id: 5, game_id: 1 })).error).toBe('PLAN_NOT_FOUND');
    expect((await call(t, 'Lottery/heart', alice.token, { plan_id: 1, game_id: 9 })).error).toBe('GAME_NOT_FOUND');
  });

  it('writes nothing: 30 heartbeats leave every table as it was', async () => {
    await freshRound(t);
    const before = await rowCounts(t);
    for (let i = 0; i < 30; i++) expect((await call(t, 'Lottery/heart', alice.token, { plan_id: 1 + (i % 4), game_id: 1, since_id: i })).code).toBe(1);
    expect(await rowCounts(t)).toBe(before);
  });

  it('puts real wins on the home ticker with masked names and the payout', async () => {
    const slot = await freshRound(t);
    const ids: number[] = [];
    for (let s = 0; s <= 27; s++)
      ids.push((await bet(t, bob.token, { issue: slot.issue, play_type: `sum_${s}`, money: 1, game_id: 3, plan_id: 9 })).data.order_id);
    clockTo(t, slot.drawAt);
    await engine(t).lifecycle.tick();
    const r = await roundOf(t.ds, 3, slot.issue);
    const win = ids[r.sum ?? -1];
    const payout = Number((await query(t.ds, `SELECT payout_minor FROM bets WHERE id = ?`, [win]))[0].payout_minor);
    const home = await t.http().get('/index.php/api/index/index?lang=en');
    expect(home.body.data.activity[0]).toEqual({
      id: win,
      nickname: `bo***${bob.username.slice(-1)}`,
      game_name: 'Kuala Lumpur',
      amount: payout / 100,
      createtime: expect.any(Number),
    });
    expect(home.body.data.activity.every((a: { amount: number }) => a.amount > 0)).toBe(true);
    expect(JSON.stringify(home.body)).not.toContain(bob.username);
  });

  it('lists games and rooms, odds with their RTP, recent rounds and chart points', async () => {
    const games = await call(t, 'Lottery/index', alice.token, { lang: 'en' });
    expect(games.data.gameList.map((g: { id: number }) => g.id)).toEqual([1, 2, 3, 4]);
    expect(games.data.gameList[0].planList).toEqual([
      { id: 1, game_id: 1, title: 'Beginner room', tier: 'basic', tier_name: 'Beginner', join_limit: 0 },
      { id: 2, game_id: 1, title: 'Intermediate room', tier: 'senior', tier_name: 'Intermediate', join_limit: 1000 },
      { id: 3, game_id: 1, title: 'Advanced room', tier: 'master', tier_name: 'Advanced', join_limit: 5000 },
      { id: 4, game_id: 1, title: 'Master room', tier: 'expert', tier_name: 'Master', join_limit: 20000 },
    ]);
    expect((await call(t, 'Lottery/index', alice.token, { game_id: 2 })).data.gameList.map((g: { id: number }) => g.id)).toEqual([2]);
    expect((await call(t, 'Lottery/index', alice.token, { game_id: 7 })).error).toBe('GAME_NOT_FOUND');
    await t.app.get(TxRunner).write((m) => query(m, `UPDATE games SET enabled = ${sqlOf(m).FALSE} WHERE id = 4`));
    clockTo(t, t.clock.now() + 5000); // past the catalog cache
    expect((await call(t, 'Lottery/index', alice.token, {})).data.gameList.map((g: { id: number }) => g.id)).toEqual([1, 2, 3]);
    await t.app.get(TxRunner).write((m) => query(m, `UPDATE games SET enabled = ${sqlOf(m).TRUE} WHERE id = 4`));

    const odds = await call(t, 'Lottery/oddsList', alice.token, { plan_id: 1, lang: 'en' });
    expect(odds.data.rule_base).toHaveLength(10);
    expect(odds.data.rule_num).toHaveLength(28);
    expect(odds.data.rule_base[0]).toEqual({ id: expect.any(Number), class: 'big', class_name: 'Big', odds: 1.94, rtp: 97 });
    expect(odds.data.rule_num[13]).toMatchObject({ class: 'sum_13', class_name: 'Sum 13', odds: 12.93 });
    for (const o of [...odds.data.rule_base, ...odds.data.rule_num]) expect(o.rtp).toBeLessThanOrEqual(100);
    expect((await call(t, 'Lottery/oddsList', alice.token, { plan_id: 999 })).error).toBe('PLAN_NOT_FOUND');
    expect((await call(t, 'Lottery/oddsList', alice.token, { plan_id: 1, lang: 'jp' })).msg).toBe(translate('jp', 'OK'));

    const list = await call(t, 'Lottery/issueList', alice.token, { game_id: 1, limit: 5 });
    expect(list.data.length).toBeGreaterThan(1);
    for (const row of list.data as Record<string, unknown>[]) {
      const r = await roundOf(t.ds, 1, String(row['issue']));
      expect(row['hash']).toBe(r.hash_hex);
      expect(row['seed']).toBe(r.sum === null ? null : r.seed_hex);
      expect(row['lottery_code']).toBe(r.sum === null ? null : `${r.site_1} ${r.site_2} ${r.site_3} ${r.sum}`);
      expect(['open', 'closed', 'drawn', 'void']).toContain(row['state']);
    }
    const issues = (list.data as { issue: string }[]).map((x) => x.issue);
    expect(issues).toEqual([...issues].sort().reverse());
    const cand = await call(t, 'Lottery/cand', alice.token, { game_id: 1 });
    const cIssues = (cand.data as { issue: string }[]).map((x) => x.issue);
    expect(cIssues).toEqual([...cIssues].sort());
    for (const c of cand.data as { issue: string; cand: number; cand_code: string }[]) {
      const r = await roundOf(t.ds, 1, c.issue);
      expect([c.cand, c.cand_code]).toEqual([r.sum, `${r.site_1} ${r.site_2} ${r.site_3} ${r.sum}`]);
    }
    expect((await call(t, 'Lottery/cand', alice.token, { game_id: 42 })).error).toBe('GAME_NOT_FOUND');
    expect((await call(t, 'Lottery/issueList', alice.token, { game_id: 1, limit: 101 })).error).toBe('VALIDATION_FAILED');
    expect((await call(t, 'Lottery/heart', null, { plan_id: 1, game_id: 1 })).code).toBe(50008);
  });
});

/** The per-IP limit of the reference's `heartLimited` (the native route's is lowered to it). */
const REFERENCE_LIMIT = 30;

/**
 * The reference for the native heartbeat route: the Nest route it replaced, verbatim (the same
 * decorators: the global throttler guard with its own limit, PlayerAuthGuard, the envelope interceptor,
 * HeartDto through the global validation pipe, the global exception filter), mounted for this test only
 * beside the real one under /index.php/api/NestReference/heart. It calls the same HeartService, so any
 * difference in an answer comes from the route's own parsing, validation, authentication, limit or
 * error handling. (Expected envelopes written out here would only restate the tables the route uses.)
 */
@Controller('index.php/api/NestReference')
@UseInterceptors(EnvelopeInterceptor)
class NestReferenceController {
  constructor(private readonly hearts: HeartService) {}

  @Post('heart')
  @HttpCode(200)
  @Throttle({ default: { limit: HEART_LIMIT_PER_MINUTE, ttl: 60_000 } })
  @UseGuards(PlayerAuthGuard)
  heart(@Body() dto: HeartDto, @Player() p: PlayerContext): Promise<HeartResponse> {
    return this.hearts.heart(p.user, dto, dto.lang ?? 'tw');
  }

  /** The same with a limit a test can reach quickly (the native route's is lowered to it). */
  @Post('heartLimited')
  @HttpCode(200)
  @Throttle({ default: { limit: REFERENCE_LIMIT, ttl: 60_000 } })
  @UseGuards(PlayerAuthGuard)
  heartLimited(@Body() dto: HeartDto, @Player() p: PlayerContext): Promise<HeartResponse> {
    return this.hearts.heart(p.user, dto, dto.lang ?? 'tw');
  }
}

@Module({ imports: [AuthModule, LotteryModule], controllers: [NestReferenceController] })
class NestReferenceModule {}

/**
 * The heartbeat is a native Fastify route (heart-route.ts): it must answer every case exactly as the
 * generic Nest pipeline answers it (above), successes and errors alike, and a valid body must pass its
 * compiled schema without the validation pipe.
 */
describe('the native heartbeat route against the Nest pipeline', () => {
  let t: TestApp;
  let route: HeartRoute;
  beforeAll(async () => {
    t = await createTestApp({}, { extraModules: [NestReferenceModule] });
    route = t.app.get(HeartRoute);
    // Each case is asked of both routes one after the other, and the answer counts the seconds to close: a stopped
    // clock keeps a second's tick between the two from telling them apart (seen on a machine loaded to 17).
    t.clock.freeze();
  });
  afterAll(async () => {
    route.limitPerMinute = HEART_LIMIT_PER_MINUTE;
    await t.close();
  });

  const strip = (body: Record<string, unknown>): string =>
    JSON.stringify({ ...body, time: 0, data: body['data'] ? { ...(body['data'] as object), server_time: 0 } : null });

  async function both(token: string | null, body: unknown, form = false): Promise<{ native: string; nest: string; piped: boolean; status: number }> {
    const send = async (path: string): Promise<{ status: number; body: Record<string, unknown>; type: unknown }> => {
      let req = t.http().post(path);
      if (token !== null) req = req.set('token', token);
      const res = form ? await req.type('form').send(body as string) : await req.send(body as object);
      expect(res.status).toBeLessThan(500);
      return { status: res.status, body: res.body as Record<string, unknown>, type: res.headers['content-type'] };
    };
    const before = route.piped;
    const a = await send('/index.php/api/Lottery/heart');
    const piped = route.piped > before;
    const b = await send('/index.php/api/NestReference/heart');
    expect([a.status, a.type]).toEqual([b.status, b.type]);
    return { native: strip(a.body), nest: strip(b.body), piped, status: a.status };
  }

  it('answers every case exactly as the Nest pipeline does; only bodies outside its schema reach the validation pipe', async () => {
    const p = await registerPlayer(t);
    await fundPlayer(t, p.userId, 100_000);
    const slot = await freshRound(t);
    await bet(t, p.token, { issue: slot.issue, play_type: 'big', money: 3 });
    // [name, token, body, through the validation pipe, form-encoded]
    const cases: [string, string | null, unknown, boolean, boolean?][] = [
      ['plain', p.token, { plan_id: 1, game_id: 1 }, false],
      ['all fields', p.token, { plan_id: 1, game_id: 1, issue: slot.issue, since_id: 0, host: 'm.example', lang: 'en' }, false],
      ['empty issue', p.token, { plan_id: 1, game_id: 1, issue: '' }, false],
      ['ids as digit strings', p.token, { plan_id: '1', game_id: '1' }, false],
      ['form body', p.token, 'plan_id=1&game_id=1&lang=jp', false, true],
      ['form body, since_id', p.token, 'plan_id=1&game_id=1&since_id=0&lang=kor', false, true],
      ['form body, bad id', p.token, 'plan_id=1&game_id=x', true, true],
      ['form body, unknown field', p.token, 'plan_id=1&game_id=1&odds=2', true, true],
      ['unknown field', p.token, { plan_id: 1, game_id: 1, odds: 9 }, true],
      ['negative plan', p.token, { plan_id: -1, game_id: 1 }, true],
      ['plan too large', p.token, { plan_id: 2_147_483_648, game_id: 1 }, true],
      ['fractional game', p.token, { plan_id: 1, game_id: 1.5 }, true],
      ['game as boolean', p.token, { plan_id: 1, game_id: true }, true],
      ['id with leading zero', p.token, { plan_id: '01', game_id: 1 }, true],
      ['id as exponent text', p.token, { plan_id: '1e0', game_id: 1 }, true],
      ['since_id null', p.token, { plan_id: 1, game_id: 1, since_id: null }, true],
      ['since_id negative', p.token, { plan_id: 1, game_id: 1, since_id: -1 }, true],
      // An unsupported lang text is not an error (it falls back to tw), on both paths; a non-text one is.
      ['unsupported lang', p.token, { plan_id: 1, game_id: 1, lang: 'xx' }, false],
      ['bad lang', p.token, { plan_id: 1, game_id: 1, lang: 7 }, true],
      ['long lang', p.token, { plan_id: 1, game_id: 1, lang: 'x'.repeat(33) }, true],
      ['non-ASCII host', p.token, { plan_id: 1, game_id: 1, host: 'ü'.repeat(200) }, true],
      ['long host', p.token, { plan_id: 1, game_id: 1, host: '😀'.repeat(200) }, true],
      ['malformed issue', p.token, { plan_id: 1, game_id: 1, issue: '12ab' }, true],
      ['room of another game', p.token, { plan_id: 5, game_id: 1 }, false],
      ['unknown game', p.token, { plan_id: 1, game_id: 99 }, false],
      ['missing plan', p.token, { game_id: 1 }, true],
      ['empty object', p.token, {}, true],
      ['array body', p.token, [{ plan_id: 1, game_id: 1 }], true],
      [
        'too deep',
        p.token,
        { plan_id: 1, game_id: 1, host: JSON.parse(`${'{"a":'.repeat(MAX_BODY_DEPTH + 1)}1${'}'.repeat(MAX_BODY_DEPTH + 1)}`) as unknown },
        false,
      ],
      ['nested host', p.token, { plan_id: 1, game_id: 1, host: { a: 1 } }, true],
      ['prototype key', p.token, JSON.parse('{"plan_id":1,"game_id":1,"__proto__":{"x":1}}'), false],
      ['no token', null, { plan_id: 1, game_id: 1 }, false],
      ['no token, bad body', null, { plan_id: 'x' }, false],
      ['short token', 'abc', { plan_id: 1, game_id: 1 }, false],
      ['unknown token', 'x'.repeat(43), { plan_id: 1, game_id: 1 }, false],
    ];
    for (const [name, token, body, piped, form] of cases) {
      const r = await both(token, body, form);
      expect([name, r.native]).toEqual([name, r.nest]);
      expect([name, r.piped]).toEqual([name, piped]);
    }
    // Malformed JSON and an unsupported content type (Fastify's own errors).
    for (const [type, raw] of [
      ['application/json', '{"plan_id":1'],
      ['text/plain', 'plan_id=1'],
    ] as const) {
      const send = (path: string) => t.http().post(path).set('token', p.token).set('content-type', type).send(raw);
      const [a, b] = [await send('/index.php/api/Lottery/heart'), await send('/index.php/api/NestReference/heart')];
      expect([type, a.status, strip(a.body)]).toEqual([type, b.status, strip(b.body)]);
    }
    // Session states the guard refuses: revoked, expired, password change pending.
    const q = await registerPlayer(t);
    await t.app.get(TxRunner).write((m) => query(m, `UPDATE users SET must_change_password = ${sqlOf(m).TRUE} WHERE id = ?`, [q.userId]));
    const mustChange = await both(q.token, { plan_id: 1, game_id: 1 });
    expect(mustChange.native).toBe(mustChange.nest);
    expect(JSON.parse(mustChange.native).error).toBe('PASSWORD_CHANGE_REQUIRED');
    const r = await registerPlayer(t);
    await t.app.get(TxRunner).write((m) => query(m, `UPDATE user_sessions SET expires_at = 1 WHERE user_id = ?`, [r.userId]));
    const expired = await both(r.token, { plan_id: 1, game_id: 1 });
    expect(expired.native).toBe(expired.nest);
    expect(JSON.parse(expired.native).code).toBe(50014);
    const s = await registerPlayer(t);
    await t.http().post('/index.php/api/user/logout').set('token', s.token).send({});
    const revoked = await both(s.token, { plan_id: 1, game_id: 1 });
    expect(revoked.native).toBe(revoked.nest);
    expect(JSON.parse(revoked.native).code).toBe(50012);
  });

  it("refuses a client over its per-IP limit (@fastify/rate-limit) with the throttler guard's answer", async () => {
    // An app of its own: the reference's throttler counts per route and client in real time.
    const t = await createTestApp({}, { extraModules: [NestReferenceModule] });
    const route = t.app.get(HeartRoute);
    expect(route.limitPerMinute).toBe(HEART_LIMIT_PER_MINUTE);
    const p = await registerPlayer(t);
    route.limitPerMinute = REFERENCE_LIMIT;
    try {
      const native: number[] = [];
      const nest: number[] = [];
      const last: Record<string, { status: number; body: string; retryAfter: unknown }> = {};
      for (let i = 0; i < REFERENCE_LIMIT + 15; i++) {
        for (const [path, out] of [
          ['/index.php/api/Lottery/heart', native],
          ['/index.php/api/NestReference/heartLimited', nest],
        ] as const) {
          const a = await t.http().post(path).set('token', p.token).send({ plan_id: 1, game_id: 1, lang: 'en' });
          out.push(a.status);
          if (a.status !== 200)
            last[path] = { status: a.status, body: JSON.stringify({ ...a.body, time: 0 }), retryAfter: a.headers['retry-after'] !== undefined };
        }
      }
      // Exactly the first 30 answered, the other 15 refused, on both; the refusal is the same.
      expect(native).toEqual([...Array<number>(REFERENCE_LIMIT).fill(200), ...Array<number>(15).fill(429)]);
      expect(native).toEqual(nest);
      expect(last['/index.php/api/Lottery/heart']).toEqual(last['/index.php/api/NestReference/heartLimited']);
      expect(JSON.parse(last['/index.php/api/Lottery/heart']?.body ?? '{}')).toMatchObject({
        code: ERROR_CODES.RATE_LIMITED,
        error: 'RATE_LIMITED',
        data: null,
        msg: translate('en', 'RATE_LIMITED'),
      });
      // A new window (the route's limit runs on the injected clock): answered again.
      clockTo(t, t.clock.now() + 61_000);
      expect((await call(t, 'Lottery/heart', p.token, { plan_id: 1, game_id: 1 })).code).toBe(1);
    } finally {
      await t.close();
    }
  });

  it('computes the part shared by the players of a game once per second and language', async () => {
    const players = await Promise.all([registerPlayer(t), registerPlayer(t), registerPlayer(t)]);
    const hearts = t.app.get(HeartService);
    clockTo(t, (Math.floor(t.clock.now() / 1000) + 1) * 1000 + 10); // the start of a fresh second
    const frozen = jest.spyOn(t.clock, 'now').mockReturnValue(t.clock.now());
    try {
      const built = hearts.sharedBuilt;
      const answers = [];
      for (const q of players) answers.push(await call(t, 'Lottery/heart', q.token, { plan_id: 1, game_id: 1, lang: 'en' }));
      expect(hearts.sharedBuilt - built).toBe(1);
      // the same shared data, each player's own balance
      expect(new Set(answers.map((a) => JSON.stringify({ ...a.data, user_quantity: null, message: null, time: 0 }))).size).toBe(1);
      await call(t, 'Lottery/heart', players[0]!.token, { plan_id: 1, game_id: 1, lang: 'jp' });
      expect(hearts.sharedBuilt - built).toBe(2);
    } finally {
      frozen.mockRestore();
    }
  });

  it('answers a poll whose reads are all cached without a promise, as the reads would; a bet in the room is read first', async () => {
    const p = await registerPlayer(t);
    await fundPlayer(t, p.userId, 100_000);
    const slot = await freshRound(t);
    const hearts = t.app.get(HeartService);
    const user = { id: p.userId, money_minor: 100_000, lock_money_minor: 0 };
    const frozen = jest.spyOn(t.clock, 'now').mockReturnValue(t.clock.now());
    try {
      t.app.get(FeedService).noteBet(1); // the room's rows are read again
      const read = hearts.heartJson(user, { plan_id: 1, game_id: 1 }, 'en');
      expect(read).toBeInstanceOf(Promise);
      const first = await read;
      const cached = hearts.heartJson(user, { plan_id: 1, game_id: 1 }, 'en');
      expect(typeof cached).toBe('string');
      expect(cached).toBe(first);
      const seen = Math.max(0, ...(JSON.parse(first) as HeartResponse).message.map((m) => m.id));

      expect((await bet(t, p.token, { issue: slot.issue, play_type: 'big', money: '10' })).code).toBe(1);
      const afterBet = hearts.heartJson(user, { plan_id: 1, game_id: 1, since_id: seen }, 'en');
      expect(afterBet).toBeInstanceOf(Promise);
      const mine = (JSON.parse(await afterBet) as HeartResponse).message;
      expect(mine.map((m) => m.is_self)).toEqual([true]);
      // and the refusals are the same either way
      expect(() => hearts.heartJson(user, { plan_id: 1, game_id: 99 }, 'en')).toThrow('GAME_NOT_FOUND');
    } finally {
      frozen.mockRestore();
    }
  });
});
