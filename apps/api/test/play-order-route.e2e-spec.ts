import { Body, Controller, HttpCode, Module, Post, UseGuards, UseInterceptors } from '@nestjs/common';
import { Throttle } from '@nestjs/throttler';
import { ERROR_CODES, translate, type PlayOrderResponse } from '@sum28/contracts';
import { TxRunner } from '@sum28/database';
import { AuthModule } from '../src/auth/auth.module';
import { Player, PlayerAuthGuard, type PlayerContext } from '../src/auth/player-auth.guard';
import { EnvelopeInterceptor, withMessage, type WithMessage } from '../src/common/http/envelope';
import { DEFAULT_LIMIT_PER_MINUTE } from '../src/common/shared/throttler-storage';
import { MAX_BODY_DEPTH } from '../src/common/validation/body-shape';
import { BettingService } from '../src/lottery/betting.service';
import { PlayOrderDto } from '../src/lottery/dto/lottery.dto';
import { LotteryModule } from '../src/lottery/lottery.module';
import { PlayOrderRoute } from '../src/lottery/play-order-route';
import { OpsMetrics } from '../src/ops/ops-metrics.service';
import { OpsModule } from '../src/ops/ops.module';
import { clockTo, count, freshRound } from './factories/game';
import { createTestApp, fundPlayer, registerPlayer, type TestApp } from './factories/test-app';
import { query, sqlOf } from './factories/sql';

/** The per-IP limit of the reference's `playOrderLimited` (the native route's is lowered to it). */
const REFERENCE_LIMIT = 30;

/**
 * The reference for the native bet route: the Nest route it replaced, as it was (the global throttler guard
 * with the default limit, PlayerAuthGuard, PlayOrderDto through the global validation pipe, the envelope
 * interceptor, the global exception filter), mounted for this test only under /index.php/api/NestReference.
 * It calls the same BettingService, so any difference in an answer comes from the route's own parsing,
 * validation, authentication, limit or error handling.
 */
@Controller('index.php/api/NestReference')
@UseInterceptors(EnvelopeInterceptor)
class NestReferenceController {
  constructor(
    private readonly betting: BettingService,
    private readonly metrics: OpsMetrics,
  ) {}

  @Post('playOrder')
  @HttpCode(200)
  @UseGuards(PlayerAuthGuard)
  async playOrder(@Body() dto: PlayOrderDto, @Player() p: PlayerContext): Promise<WithMessage<PlayOrderResponse>> {
    const out = await this.betting.place(p.user.id, dto);
    this.metrics.betsPlaced.inc();
    return withMessage('ORDER_SUCCESS', out);
  }

  /** The same with a limit a test can reach quickly (the native route's is lowered to it). */
  @Post('playOrderLimited')
  @HttpCode(200)
  @Throttle({ default: { limit: REFERENCE_LIMIT, ttl: 60_000 } })
  @UseGuards(PlayerAuthGuard)
  async playOrderLimited(@Body() dto: PlayOrderDto, @Player() p: PlayerContext): Promise<WithMessage<PlayOrderResponse>> {
    return withMessage('ORDER_SUCCESS', await this.betting.place(p.user.id, dto));
  }
}

@Module({ imports: [AuthModule, LotteryModule, OpsModule], controllers: [NestReferenceController] })
class NestReferenceModule {}

const NATIVE = '/index.php/api/Lottery/playOrder';
const NEST = '/index.php/api/NestReference/playOrder';
const LIMIT_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

type Answer = { status: number; type: unknown; body: Record<string, unknown>; limitHeaders: string[]; limit: unknown };

/**
 * Lottery/playOrder is a native Fastify route (play-order-route.ts): it must answer every case exactly as the
 * generic Nest pipeline answers it, refusals and bets alike, and a valid body must pass its compiled schema
 * without the validation pipe.
 */
describe('the native bet route against the Nest pipeline', () => {
  let t: TestApp;
  let route: PlayOrderRoute;
  beforeAll(async () => {
    t = await createTestApp({}, { extraModules: [NestReferenceModule] });
    route = t.app.get(PlayOrderRoute);
  });
  afterAll(async () => {
    await t.close();
  });

  async function send(path: string, token: string | null, body: unknown, form = false): Promise<Answer> {
    let req = t.http().post(path);
    if (token !== null) req = req.set('token', token);
    const res = form ? await req.type('form').send(body as string) : await req.send(body as object);
    expect(res.status).toBeLessThan(500);
    return {
      status: res.status,
      type: res.headers['content-type'],
      body: res.body as Record<string, unknown>,
      limitHeaders: LIMIT_HEADERS.filter((h) => res.headers[h] !== undefined),
      limit: res.headers['x-ratelimit-limit'],
    };
  }

  /** An answer without what differs between two bets (time, order number and id, balance after). */
  const shape = (a: Answer): string => {
    const data = a.body['data'] as Record<string, unknown> | null;
    const sameData = data === null || data === undefined ? data : Object.fromEntries(Object.keys(data).map((k) => [k, typeof data[k]]));
    return JSON.stringify({ status: a.status, type: a.type, limitHeaders: a.limitHeaders, limit: a.limit, body: { ...a.body, time: 0, data: sameData } });
  };

  const moneyRows = async (): Promise<number> =>
    (await count(t.ds, 'SELECT COUNT(*) AS n FROM bets')) + (await count(t.ds, 'SELECT COUNT(*) AS n FROM ledger_transactions'));

  it('answers every case exactly as the Nest pipeline does; only bodies outside its schema reach the validation pipe', async () => {
    const p = await registerPlayer(t);
    await fundPlayer(t, p.userId, 1_000_000);
    const slot = await freshRound(t);
    const issue = slot.issue;
    const ok = { issue, plan_id: 1, game_id: 1, play_type: 'big', money: 2 };
    // [name, token, body, through the validation pipe, a bet is placed, form-encoded]
    const cases: [string, string | null, unknown, boolean, boolean, boolean?][] = [
      ['plain', p.token, ok, false, true],
      ['all fields but a key', p.token, { ...ok, money: '3.50', host: 'm.example', lang: 'en' }, false, true],
      ['ids as digit strings', p.token, { ...ok, plan_id: '1', game_id: '1', lang: 'jp' }, false, true],
      ['form body', p.token, `issue=${issue}&plan_id=1&game_id=1&play_type=small&money=1.5&lang=kor`, false, true, true],
      ['form body, bad id', p.token, `issue=${issue}&plan_id=x&game_id=1&play_type=big&money=1`, true, false, true],
      ['form body, unknown field', p.token, `issue=${issue}&plan_id=1&game_id=1&play_type=big&money=1&odds=9`, true, false, true],
      ['unknown field', p.token, { ...ok, odds: 9 }, true, false],
      ['negative plan', p.token, { ...ok, plan_id: -1 }, true, false],
      ['plan too large', p.token, { ...ok, plan_id: 2_147_483_648 }, true, false],
      ['fractional game', p.token, { ...ok, game_id: 1.5 }, true, false],
      ['id with leading zero (the DTO reads it as 1)', p.token, { ...ok, plan_id: '01' }, true, true],
      ['missing issue', p.token, { plan_id: 1, game_id: 1, play_type: 'big', money: 1 }, true, false],
      ['missing money', p.token, { issue, plan_id: 1, game_id: 1, play_type: 'big' }, true, false],
      ['short issue', p.token, { ...ok, issue: '1234567' }, true, false],
      ['issue with letters', p.token, { ...ok, issue: '2026112a001' }, true, false],
      ['issue as number', p.token, { ...ok, issue: Number(issue) }, true, false],
      ['empty play type', p.token, { ...ok, play_type: '' }, true, false],
      ['long play type', p.token, { ...ok, play_type: 'x'.repeat(17) }, true, false],
      ['unknown play type', p.token, { ...ok, play_type: 'bigger' }, false, false],
      ['non-ASCII play type', p.token, { ...ok, play_type: '大' }, true, false],
      ['money with 3 decimals', p.token, { ...ok, money: '1.234' }, false, false],
      ['negative money', p.token, { ...ok, money: -5 }, false, false],
      ['zero money', p.token, { ...ok, money: 0 }, false, false],
      ['money as words', p.token, { ...ok, money: 'ten' }, false, false],
      ['money as boolean', p.token, { ...ok, money: true }, true, false],
      ['money as object', p.token, { ...ok, money: { amount: 5 } }, true, false],
      ['money null', p.token, { ...ok, money: null }, true, false],
      ['follow_id null (absent: a plain bet)', p.token, { ...ok, follow_id: null }, true, true],
      ['unknown follow', p.token, { ...ok, follow_id: 999_999 }, false, false],
      ['short idempotency key', p.token, { ...ok, idempotency_key: 'short' }, true, false],
      ['idempotency key with spaces', p.token, { ...ok, idempotency_key: 'has spaces in it' }, true, false],
      ['idempotency key null', p.token, { ...ok, idempotency_key: null }, true, true],
      ['unsupported lang', p.token, { ...ok, lang: 'xx' }, false, true],
      ['bad lang', p.token, { ...ok, lang: 7 }, true, false],
      ['host of 200 emoji (the DTO counts code points)', p.token, { ...ok, host: '😀'.repeat(200) }, true, true],
      ['host of 256 letters', p.token, { ...ok, host: 'h'.repeat(256) }, true, false],
      ['past round', p.token, { ...ok, issue: '20000101001' }, false, false],
      ['room of another game', p.token, { ...ok, plan_id: 5 }, false, false],
      ['unknown game', p.token, { ...ok, game_id: 99 }, false, false],
      ['empty object', p.token, {}, true, false],
      ['array body', p.token, [ok], true, false],
      ['too deep', p.token, { ...ok, host: JSON.parse(`${'{"a":'.repeat(MAX_BODY_DEPTH + 1)}1${'}'.repeat(MAX_BODY_DEPTH + 1)}`) as unknown }, false, false],
      ['prototype key', p.token, JSON.parse(`{"issue":"${issue}","plan_id":1,"game_id":1,"play_type":"big","money":1,"__proto__":{"x":1}}`), false, false],
      ['no token', null, ok, false, false],
      ['no token, bad body', null, { plan_id: 'x' }, false, false],
      ['short token', 'abc', ok, false, false],
      ['unknown token', 'x'.repeat(43), ok, false, false],
    ];
    for (const [name, token, body, piped, places, form] of cases) {
      const before = { piped: route.piped, rows: await moneyRows() };
      const native = await send(NATIVE, token, body, form);
      const placedNative = (await moneyRows()) - before.rows;
      const viaPipe = route.piped > before.piped;
      const nest = await send(NEST, token, body, form);
      const placedNest = (await moneyRows()) - before.rows - placedNative;
      expect([name, shape(native)]).toEqual([name, shape(nest)]);
      expect([name, viaPipe, placedNative > 0, placedNest > 0]).toEqual([name, piped, places, places]);
    }
    // Malformed JSON and an unsupported content type (Fastify's own errors).
    for (const [type, raw] of [
      ['application/json', '{"issue":1'],
      ['text/plain', 'issue=1'],
    ] as const) {
      const answer = async (path: string): Promise<string> => {
        const res = await t.http().post(path).set('token', p.token).set('content-type', type).send(raw);
        return JSON.stringify([res.status, { ...res.body, time: 0 }]);
      };
      expect([type, await answer(NATIVE)]).toEqual([type, await answer(NEST)]);
    }
    // A bet placed through one path is replayed by the other with the same key: the one answer, one bet.
    const keyed = { ...ok, money: 4, host: 'm.example', lang: 'en', idempotency_key: 'key-crosses-routes-1' };
    const piped = route.piped;
    const first = await send(NATIVE, p.token, keyed);
    expect([first.body['code'], route.piped]).toEqual([1, piped]);
    const rows = await moneyRows();
    const replay = await send(NEST, p.token, keyed);
    expect(replay.body['data']).toEqual(first.body['data']);
    expect(await moneyRows()).toBe(rows);
    expect((await send(NATIVE, p.token, { ...keyed, money: 5 })).body['error']).toBe('IDEMPOTENCY_MISMATCH');
    // Session states the guard refuses: password change pending, expired, revoked.
    const q = await registerPlayer(t);
    await t.app.get(TxRunner).write((m) => query(m, `UPDATE users SET must_change_password = ${sqlOf(m).TRUE} WHERE id = ?`, [q.userId]));
    const r = await registerPlayer(t);
    await t.app.get(TxRunner).write((m) => query(m, `UPDATE user_sessions SET expires_at = 1 WHERE user_id = ?`, [r.userId]));
    const s = await registerPlayer(t);
    await t.http().post('/index.php/api/user/logout').set('token', s.token).send({});
    for (const [who, token, error] of [
      ['password change', q.token, 'PASSWORD_CHANGE_REQUIRED'],
      ['expired', r.token, 'SESSION_EXPIRED'],
      ['revoked', s.token, 'SESSION_REPLACED'],
    ] as const) {
      const [a, b] = [await send(NATIVE, token, ok), await send(NEST, token, ok)];
      expect([who, shape(a)]).toEqual([who, shape(b)]);
      expect([who, a.body['error']]).toEqual([who, error]);
    }
    expect(route.answered).toBeGreaterThan(0);
  });

  it("refuses a client over its per-IP limit (@fastify/rate-limit) with the throttler guard's answer and headers", async () => {
    // An app of its own: the reference's throttler counts per route and client in real time.
    const t = await createTestApp({}, { extraModules: [NestReferenceModule] });
    const route = t.app.get(PlayOrderRoute);
    expect(route.limitPerMinute).toBe(DEFAULT_LIMIT_PER_MINUTE);
    const p = await registerPlayer(t);
    route.limitPerMinute = REFERENCE_LIMIT;
    try {
      const statuses: Record<string, number[]> = { native: [], nest: [] };
      const last: Record<string, string> = {};
      for (let i = 0; i < REFERENCE_LIMIT + 10; i++) {
        for (const [which, path] of [
          ['native', NATIVE],
          ['nest', '/index.php/api/NestReference/playOrderLimited'],
        ] as const) {
          // An unknown round: refused after the limit and the session, with no money moved.
          const res = await t
            .http()
            .post(path)
            .set('token', p.token)
            .send({ issue: '20000101001', plan_id: 1, game_id: 1, play_type: 'big', money: 1, lang: 'en' });
          statuses[which]?.push(res.status);
          const headers = [...LIMIT_HEADERS, 'retry-after'].filter((h) => res.headers[h] !== undefined);
          last[which] = JSON.stringify([res.status, headers, { ...res.body, time: 0 }]);
        }
      }
      // Exactly the first 30 answered, the other 10 refused, on both; the refusal is the same.
      expect(statuses['native']).toEqual([...Array<number>(REFERENCE_LIMIT).fill(200), ...Array<number>(10).fill(429)]);
      expect(statuses['native']).toEqual(statuses['nest']);
      expect(last['native']).toEqual(last['nest']);
      expect(JSON.parse(last['native'] ?? '[]')[2]).toMatchObject({
        code: ERROR_CODES.RATE_LIMITED,
        error: 'RATE_LIMITED',
        data: null,
        msg: translate('en', 'RATE_LIMITED'),
      });
      // A new window (the route's limit runs on the injected clock): answered again.
      clockTo(t, t.clock.now() + 61_000);
      const again = await t.http().post(NATIVE).set('token', p.token).send({ issue: '20000101001', plan_id: 1, game_id: 1, play_type: 'big', money: 1 });
      expect(again.status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
