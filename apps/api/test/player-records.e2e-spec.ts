import { bet, call, freshRound } from './factories/game';
import { createTestApp, fundPlayer, registerPlayer, type TestApp } from './factories/test-app';

/** What the player app's records and explain screens need beyond part 1 (issue 11). */
describe('player records and schedule (issue 11)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ OPEN_HOURS: '10:00-02:00', ROUND_SECONDS: '180', BET_CLOSE_SECONDS: '20', PLATFORM_TZ: 'Asia/Taipei' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('config answers the round schedule the server runs, from its environment', async () => {
    const res = await t.http().get('/index.php/api/index/config');
    expect(res.body.code).toBe(1);
    expect(res.body.data.game).toEqual({
      open_hours: '10:00-02:00',
      tz: 'Asia/Taipei',
      round_seconds: 180,
      bet_close_seconds: 20,
      opposite_bet_policy: 'same_amount',
    });
  });

  it('config answers "always" for round-the-clock games', async () => {
    const always = await createTestApp({ OPEN_HOURS: 'always', ROUND_SECONDS: '30', BET_CLOSE_SECONDS: '5' });
    try {
      const res = await always.http().get('/index.php/api/index/config');
      expect(res.body.data.game).toMatchObject({ open_hours: 'always', round_seconds: 30, bet_close_seconds: 5 });
    } finally {
      await always.close();
    }
  });

  it("each bet of the record names its game id, so the app can link the round's fairness check", async () => {
    const always = await createTestApp({});
    try {
      const p = await registerPlayer(always);
      await fundPlayer(always, p.userId, 100_000);
      const slot = await freshRound(always);
      const placed = await bet(always, p.token, { issue: slot.issue, play_type: 'big', money: 10, game_id: 2, plan_id: 5 });
      expect(placed.code).toBe(1);
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: always.cfg.schedule.tz }).format(new Date(always.clock.now()));
      const list = await call(always, 'user/orderList', p.token, { begin_date: day, end_date: day, activeTab: 0 });
      expect(list.data.data).toHaveLength(1);
      expect(list.data.data[0]).toMatchObject({ id: placed.data.order_id, game_id: 2, issue: slot.issue });
    } finally {
      await always.close();
    }
  });
});
