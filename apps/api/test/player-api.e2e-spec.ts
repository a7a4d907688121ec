import { bet, call, clockTo, engine, freshRound, roundOf } from './factories/game';
import { createTestApp, fundPlayer, registerPlayer, type TestApp } from './factories/test-app';

/** Issue 9: every answer the app needs, complete, paged and in the player's language. */
describe('player API answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('win notices: getGameResult answers code 1 only for an unseen win, a distinct non-1 code otherwise; closeGameResult refuses a pending bet', async () => {
    const p = await registerPlayer(t);
    await fundPlayer(t, p.userId, 100_000);
    const slot = await freshRound(t);
    const ids: number[] = [];
    for (let s = 0; s <= 27; s++) ids.push((await bet(t, p.token, { issue: slot.issue, play_type: `sum_${s}`, money: 1 })).data.order_id);

    const none = await call(t, 'user/getGameResult', p.token, { game_id: 1 });
    expect(none.code).not.toBe(1);
    expect(none.error).toBe('NO_UNSEEN_WIN');
    expect(none.data).toBeNull();
    expect(none.msg).toBe('沒有新的中獎');

    // Closing a pending bet is refused and changes nothing: its later win still shows.
    const closing = await call(t, 'user/closeGameResult', p.token, { order_id: ids[0] ?? 0 });
    expect(closing.code).not.toBe(1);
    expect(closing.error).toBe('BET_NOT_SETTLED');
    for (const id of ids) expect((await call(t, 'user/closeGameResult', p.token, { order_id: id })).error).toBe('BET_NOT_SETTLED');

    clockTo(t, slot.drawAt);
    await engine(t).lifecycle.tick();
    const r = await roundOf(t.ds, 1, slot.issue);
    const winId = ids[r.sum ?? -1];
    const win = await call(t, 'user/getGameResult', p.token, { game_id: 1 });
    expect(win.code).toBe(1);
    expect(win.data).toEqual({ id: winId, profit: expect.any(Number) });
    expect((await call(t, 'user/closeGameResult', p.token, { order_id: winId ?? 0 })).code).toBe(1);
    expect((await call(t, 'user/getGameResult', p.token, { game_id: 1 })).error).toBe('NO_UNSEEN_WIN');
    // A settled loss may be closed too (it is settled); a bet of another player is not found.
    const loss = ids.find((id) => id !== winId) ?? 0;
    expect((await call(t, 'user/closeGameResult', p.token, { order_id: loss })).code).toBe(1);
    const other = await registerPlayer(t);
    expect((await call(t, 'user/closeGameResult', other.token, { order_id: loss })).error).toBe('ORDER_NOT_FOUND');
  });

  it('paged history: quantityLogList and orderList answer { data, total, page, pageSize, has_more } and share the date rules', async () => {
    const p = await registerPlayer(t);
    await fundPlayer(t, p.userId, 100_000);
    const slot = await freshRound(t);
    for (let s = 0; s < 25; s++) expect((await bet(t, p.token, { issue: slot.issue, play_type: `sum_${s}`, money: 1 })).code).toBe(1);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: t.cfg.schedule.tz }).format(new Date(t.clock.now()));
    const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: t.cfg.schedule.tz }).format(new Date(t.clock.now() + 86_400_000));
    const lists: Array<[string, Record<string, unknown>, number]> = [
      ['user/quantityLogList', {}, 26], // 25 stakes + the funding
      ['user/orderList', { activeTab: 0 }, 25],
    ];
    for (const [path, extra, total] of lists) {
      const ask = (body: Record<string, unknown>): ReturnType<typeof call> =>
        call(t, path, p.token, { begin_date: '2018-01-01', end_date: '2099-12-31', ...extra, ...body });
      const first = await ask({});
      expect(first.code).toBe(1);
      expect(first.data).toMatchObject({ total, page: 1, pageSize: 20, has_more: true });
      expect(first.data.data).toHaveLength(20);
      const last = await ask({ page: 2 });
      expect(last.data).toMatchObject({ total, page: 2, pageSize: 20, has_more: false });
      expect(last.data.data).toHaveLength(total - 20);
      const ids = [...first.data.data, ...last.data.data].map((r: { id: number }) => r.id);
      expect(new Set(ids).size).toBe(total);
      const all = await ask({ pageSize: 100 });
      expect(all.data).toMatchObject({ total, page: 1, pageSize: 100, has_more: false });
      expect(all.data.data.map((r: { id: number }) => r.id)).toEqual(ids);
      expect((await ask({ page: 3 })).data).toEqual({ data: [], total, page: 3, pageSize: 20, has_more: false });
      // Dates: end_date capped at today; begin_date from 2018-01-01 up to today; begin <= end.
      expect((await ask({ begin_date: today, end_date: tomorrow })).data.total).toBe(total);
      for (const bad of [
        { pageSize: 101 },
        { begin_date: tomorrow, end_date: tomorrow },
        { begin_date: '2017-12-31' },
        { begin_date: today, end_date: '2018-01-01' },
        { begin_date: '2026-02-30' },
      ]) {
        const res = await ask(bad);
        expect(res.code).not.toBe(1);
        expect(res.error).toBe('VALIDATION_FAILED');
      }
    }
  });
});
