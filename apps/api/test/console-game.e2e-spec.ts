import { BetEntity, OddsEntity, RoundEntity } from '@sum28/database';
import { ALL_PLAY_TYPES } from '@sum28/domain';
import type { Role } from '../src/console/roles';
import { auditRows, consoleCall, createConsoleApp, roleTokens } from './console-fixtures';
import { bet, clockTo, engine, freshRound } from './factories/game';
import { fundPlayer, ledgerViolations, registerPlayer, type TestApp } from './factories/test-app';
import { balances } from './wallet-fixtures';

describe('console game: rounds, void, odds, rooms, dashboard', () => {
  let t: TestApp;
  let tok: Record<Role, string>;
  let player: { token: string; userId: number };
  beforeAll(async () => {
    t = await createConsoleApp();
    tok = await roleTokens(t);
    player = await registerPlayer(t);
    await fundPlayer(t, player.userId, 1_000_000);
  });
  afterAll(async () => {
    expect(await ledgerViolations(t)).toEqual({ violations: 0, failing: [] });
    await t.close();
  });

  it('never shows an unrevealed seed: open rounds answer seed null in list, show and CSV; drawn rounds show it', async () => {
    const slot = await freshRound(t);
    expect((await bet(t, player.token, { issue: slot.issue, play_type: 'big', money: 10 })).code).toBe(1);
    const open = await t.ds.getRepository(RoundEntity).find({ where: { issue: slot.issue } });
    expect(open).toHaveLength(4);
    const secrets = open.map((r) => r.seed_hex);

    const list = await consoleCall(t, 'get', `/admin-api/rounds?filter=${encodeURIComponent(JSON.stringify({ issue: slot.issue }))}`, tok.support);
    expect(list.status).toBe(200);
    expect(list.headers['content-range']).toBe('rounds 0-3/4');
    const round1 = list.body.find((r: { game_id: number }) => r.game_id === 1);
    expect(round1).toMatchObject({ state: 'open', seed: null, sum: null, bet_count: 1, turnover: 10, payout: 0, ggr: 0 });
    expect(round1.hash).toMatch(/^[0-9a-f]{64}$/);
    const show = await consoleCall(t, 'get', `/admin-api/rounds/${round1.id}`, tok.operator);
    const csv = await consoleCall(t, 'get', `/admin-api/rounds/export.csv?filter=${encodeURIComponent(JSON.stringify({ issue: slot.issue }))}`, tok.finance);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const everything = JSON.stringify([list.body, show.body]) + csv.text;
    for (const s of secrets) expect(everything).not.toContain(s);
    // a seed is neither a filter nor a sort key (no oracle on the secret)
    expect((await consoleCall(t, 'get', `/admin-api/rounds?filter=${encodeURIComponent(JSON.stringify({ seed: secrets[0] }))}`, tok.support)).status).toBe(400);
    expect((await consoleCall(t, 'get', `/admin-api/rounds?sort=${encodeURIComponent('["seed_hex","ASC"]')}`, tok.support)).status).toBe(400);

    clockTo(t, slot.drawAt);
    await engine(t).lifecycle.tick();
    const drawn = await consoleCall(t, 'get', `/admin-api/rounds/${round1.id}`, tok.support);
    const stored = await t.ds.getRepository(RoundEntity).findOneByOrFail({ id: round1.id });
    expect(drawn.body).toMatchObject({ state: 'settled', seed: stored.seed_hex, sum: stored.sum, bet_count: 1, turnover: 10 });
    const b = await t.ds.getRepository(BetEntity).findOneByOrFail({ round_id: round1.id });
    expect(drawn.body.payout).toBe((b.payout_minor ?? 0) / 100);
    expect(drawn.body.ggr).toBe((1000 - (b.payout_minor ?? 0)) / 100);
    console.log(`seed exposure: ${secrets.length} open rounds checked in list, show and CSV, leaks = 0`);
  });

  it('has no route that sets or edits a result: rounds are read-only except void', () => {
    const fastify = t.app.getHttpAdapter().getInstance() as { hasRoute: (o: { method: string; url: string }) => boolean };
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST']) expect(fastify.hasRoute({ method, url: '/admin-api/rounds/:id' })).toBe(false);
    expect(fastify.hasRoute({ method: 'POST', url: '/admin-api/rounds' })).toBe(false);
    expect(fastify.hasRoute({ method: 'POST', url: '/admin-api/rounds/:id/void' })).toBe(true);
  });

  it('voids a round (operator, with a reason): every pending stake refunded, audited; twice is 409', async () => {
    const slot = await freshRound(t);
    const before = await balances(t, player.userId);
    expect((await bet(t, player.token, { issue: slot.issue, play_type: 'small', money: 25, game_id: 2, plan_id: 5 })).code).toBe(1);
    expect((await bet(t, player.token, { issue: slot.issue, play_type: 'odd', money: 5, game_id: 2, plan_id: 5 })).code).toBe(1);
    expect((await balances(t, player.userId)).money).toBe(before.money - 3_000);
    const round = await t.ds.getRepository(RoundEntity).findOneByOrFail({ issue: slot.issue, game_id: 2 });

    expect((await consoleCall(t, 'post', `/admin-api/rounds/${round.id}/void`, tok.finance, { reason: 'x' })).status).toBe(403);
    expect((await consoleCall(t, 'post', `/admin-api/rounds/${round.id}/void`, tok.operator, {})).status).toBe(400);
    const res = await consoleCall(t, 'post', `/admin-api/rounds/${round.id}/void`, tok.operator, { reason: 'feed outage on line 2' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: 'void', void_reason: 'feed outage on line 2', bet_count: 2, turnover: 0, seed: null });
    expect(await balances(t, player.userId)).toEqual(before);
    const bets = await t.ds.getRepository(BetEntity).find({ where: { round_id: round.id } });
    expect(bets.map((b) => b.status)).toEqual([2, 2]);
    const again = await consoleCall(t, 'post', `/admin-api/rounds/${round.id}/void`, tok.operator, { reason: 'again' });
    expect(again.status).toBe(409);

    const rows = await auditRows(t, 'round.void', round.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      staff_role: 'operator',
      reason: 'feed outage on line 2',
      before: { state: 'open', bet_count: 2, turnover: 30 },
      after: { state: 'void' },
    });
    expect(JSON.stringify(rows)).not.toContain(round.seed_hex);
  });

  it('lists odds with rtp_percent and fair_odds; a change is audited; above fair is ODDS_ABOVE_FAIR and changes nothing', async () => {
    const list = await consoleCall(
      t,
      'get',
      `/admin-api/odds?filter=${encodeURIComponent('{"plan_id":1}')}&sort=${encodeURIComponent('["id","ASC"]')}&range=[0,99]`,
      tok.support,
    );
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(ALL_PLAY_TYPES.length);
    const big = list.body.find((o: { play_type: string }) => o.play_type === 'big');
    expect(big).toMatchObject({ odds: 1.94, rtp_percent: 97, fair_odds: 2 });
    const sum0 = list.body.find((o: { play_type: string }) => o.play_type === 'sum_0');
    expect(sum0).toMatchObject({ fair_odds: 1000, rtp_percent: 97 });

    expect((await consoleCall(t, 'put', `/admin-api/odds/${big.id}`, tok.finance, { odds: 1.95 })).status).toBe(403);
    const ok = await consoleCall(t, 'put', `/admin-api/odds/${big.id}`, tok.operator, { odds: '1.98' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ odds: 1.98, rtp_percent: 99 });
    for (const [odds, status, error] of [
      [2.01, 422, 'ODDS_ABOVE_FAIR'],
      ['2.001', 422, 'ODDS_ABOVE_FAIR'],
      [1, 400, 'ODDS_INVALID'],
      ['1.9999', 400, 'ODDS_INVALID'],
      ['abc', 400, 'ODDS_INVALID'],
      [-2, 400, 'ODDS_INVALID'],
    ] as const) {
      const bad = await consoleCall(t, 'put', `/admin-api/odds/${big.id}`, tok.operator, { odds });
      expect([bad.status, bad.body.error]).toEqual([status, error]);
      expect(bad.body.errors).toHaveProperty('odds');
    }
    expect((await t.ds.getRepository(OddsEntity).findOneByOrFail({ id: big.id })).odds_milli).toBe(1980);
    const fair = await consoleCall(t, 'put', `/admin-api/odds/${big.id}`, tok.operator, { odds: 2 });
    expect(fair.body).toMatchObject({ odds: 2, rtp_percent: 100 });
    const rows = await auditRows(t, 'odds.update', big.id);
    expect(rows.map((r) => [(r.before as { odds: number }).odds, (r.after as { odds: number }).odds])).toEqual([
      [1.94, 1.98],
      [1.98, 2],
    ]);
  });

  it('creates a room with odds for every play type, edits it, and deletes it only while it has no bets', async () => {
    const created = await consoleCall(t, 'post', '/admin-api/plans', tok.operator, { game_id: 3, title: 'VIP room', tier: 'expert', join_limit: '5000.00' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ game_id: 3, title: 'VIP room', tier: 'expert', join_limit: 5000, enabled: true });
    expect(await t.ds.getRepository(OddsEntity).count({ where: { plan_id: created.body.id } })).toBe(ALL_PLAY_TYPES.length);
    expect((await consoleCall(t, 'post', '/admin-api/plans', tok.operator, { game_id: 99, title: 'x', tier: 'basic', join_limit: 0 })).body.error).toBe(
      'GAME_NOT_FOUND',
    );
    expect((await consoleCall(t, 'post', '/admin-api/plans', tok.operator, { game_id: 3, title: 'x', tier: 'gold', join_limit: 0 })).status).toBe(400);
    const edited = await consoleCall(t, 'put', `/admin-api/plans/${created.body.id}`, tok.operator, { join_limit: 0, enabled: false });
    expect(edited.body).toMatchObject({ join_limit: 0, enabled: false });
    const removed = await consoleCall(t, 'delete', `/admin-api/plans/${created.body.id}`, tok.operator);
    expect(removed.status).toBe(200);
    expect(removed.body.id).toBe(created.body.id);
    expect(await t.ds.getRepository(OddsEntity).count({ where: { plan_id: created.body.id } })).toBe(0);
    const busy = await consoleCall(t, 'delete', '/admin-api/plans/1', tok.operator);
    expect(busy.status).toBe(409);
    expect((await consoleCall(t, 'delete', '/admin-api/games/1', tok.operator)).status).toBe(409);
    expect((await auditRows(t, 'plan.create', created.body.id))[0]).toMatchObject({ after: { title: 'VIP room' } });
    expect(await auditRows(t, 'plan.delete', created.body.id)).toHaveLength(1);
  });

  it('answers the dashboard: windows, pending approvals, observed vs theoretical RTP, digit frequencies with chi-square', async () => {
    expect((await consoleCall(t, 'get', '/admin-api/stats', tok.support)).status).toBe(403);
    const res = await consoleCall(t, 'get', '/admin-api/stats', tok.finance);
    expect(res.status).toBe(200);
    const s = res.body;
    expect(s.windows.map((w: { window: string }) => w.window)).toEqual(['today', '7d', '30d']);
    const d30 = s.windows[2];
    expect(d30.turnover).toBeGreaterThanOrEqual(10);
    expect(d30.recharges).toBeGreaterThanOrEqual(10_000);
    expect(d30.new_players).toBeGreaterThanOrEqual(1);
    expect(d30.active_players).toBeGreaterThanOrEqual(1);
    expect(s.pending_approvals).toEqual({ total: expect.any(Number), recharges: expect.any(Number), withdrawals: expect.any(Number) });
    const big = s.rtp.find((r: { play_type: string }) => r.play_type === 'big');
    expect(big.bets).toBeGreaterThanOrEqual(1);
    expect(big.theoretical_rtp_percent).toBe(97);
    expect(s.rtp).toHaveLength(ALL_PLAY_TYPES.length);
    expect(s.digits.rounds).toBeGreaterThanOrEqual(3);
    for (const p of s.digits.positions) {
      expect(p.counts.reduce((a: number, b: number) => a + b, 0)).toBe(s.digits.rounds);
      expect(p.p_value).toBeGreaterThanOrEqual(0);
      expect(p.p_value).toBeLessThanOrEqual(1);
    }
    console.log(
      `dashboard: ${s.digits.rounds} drawn rounds, chi-square per position ${s.digits.positions.map((p: { chi_square: number; p_value: number }) => `${p.chi_square.toFixed(2)} (p ${p.p_value.toFixed(3)})`).join(', ')}; big observed RTP ${big.observed_rtp_percent}% vs theoretical ${big.theoretical_rtp_percent}%`,
    );
  });
});
