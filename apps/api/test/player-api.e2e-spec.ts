import { bet, call, clockTo, engine, freshRound, roundOf } from './factories/game';
import { TxRunner } from '@sum28/database';
import { adminToken, createConsoleApp, putSetting } from './console-fixtures';
import { fundPlayer, registerPlayer, uniqueName, type TestApp } from './factories/test-app';
import { approvals, FINANCE_A, FINANCE_B, setSetting, withdrawer } from './wallet-fixtures';
import { query, sqlOf } from './factories/sql';
import { minor, NUMBER_CATEGORIES, settleBet, winningCount, type PlayType } from '@sum28/domain';

/** Issue 9: every answer the app needs, complete, paged and in the player's language. */
describe('player API answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createConsoleApp();
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
    expect(win.data).toMatchObject({ id: winId, profit: expect.any(Number), issue: slot.issue, staked: 28 });
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

  const USER_FIELDS = ['water_limit', 'turnover', 'is_frozen', 'frozen_reason', 'has_security_code', 'must_change_password', 'invite_code'];

  it('complete user: register, login and userInfo carry water_limit, turnover progress, freeze and reason, security code, password change, agent invite code', async () => {
    const username = uniqueName();
    const reg = await call(t, 'user/register', null, { username, password: 'secret-pw-123', invite_code: '100001', adult: true });
    expect(reg.code).toBe(1);
    const token = reg.data.userinfo.token as string;
    const userId = reg.data.userinfo.user_id as number;
    const login = await call(t, 'user/login', null, { account: username, password: 'secret-pw-123' });
    for (const u of [reg.data.userinfo, login.data.userinfo, (await call(t, 'user/userInfo', token, {})).data]) {
      for (const f of USER_FIELDS) expect(u).toHaveProperty(f);
      expect(u).toMatchObject({
        water_limit: 0,
        turnover: { required: 0, done: 0, remaining: 0 },
        is_frozen: false,
        frozen_reason: null,
        has_security_code: false,
        must_change_password: false,
        invite_code: null,
      });
    }
    await fundPlayer(t, userId, 100_000);
    const slot = await freshRound(t);
    expect((await bet(t, token, { issue: slot.issue, play_type: 'sum_3', money: 150 })).code).toBe(1);
    expect((await call(t, 'user/setSafety', token, { new_code: '135790' })).code).toBe(1);
    const tx = t.app.get(TxRunner);
    await tx.write((m) => query(m, `UPDATE users SET group_id = 3, must_change_password = ${sqlOf(m).TRUE} WHERE id = ?`, [userId]));
    const me = (await call(t, 'user/userInfo', token, { lang: 'en' })).data;
    // Balance 850 at 1x: 850 required, 150 wagered today, 700 to go.
    expect(me).toMatchObject({
      money: 850,
      water_limit: 700,
      turnover: { required: 850, done: 150, remaining: 700 },
      has_security_code: true,
      must_change_password: true,
      invite_code: String(userId + 100_000),
    });
    const again = (await call(t, 'user/login', null, { account: username, password: 'secret-pw-123' })).data.userinfo;
    expect(again).toMatchObject({ water_limit: 700, turnover: { done: 150 }, has_security_code: true, invite_code: String(userId + 100_000) });
    await tx.write((m) => query(m, `UPDATE users SET status = 'frozen', frozen_reason = 'documents under review' WHERE id = ?`, [userId]));
    expect((await call(t, 'user/userInfo', token, {})).data).toMatchObject({ is_frozen: true, frozen_reason: 'documents under review' });
  });

  it('opposite-bet rule: equal opposite bets are refused and freeze; hedged stakes count toward turnover only by their unhedged part (console: gross)', async () => {
    const p = await registerPlayer(t);
    await fundPlayer(t, p.userId, 300_000);
    const slot = await freshRound(t);
    expect((await bet(t, p.token, { issue: slot.issue, play_type: 'big', money: 590 })).code).toBe(1);
    expect((await bet(t, p.token, { issue: slot.issue, play_type: 'small', money: '589.99' })).code).toBe(1);
    expect((await bet(t, p.token, { issue: slot.issue, play_type: 'sum_10', money: 5 })).code).toBe(1);
    // Balance 3000 - 1184.99 = 1815.01; counted: |590 - 589.99| + 5 = 5.01.
    const me = (await call(t, 'user/userInfo', p.token, {})).data;
    expect(me.turnover).toEqual({ required: 1815.01, done: 5.01, remaining: 1810 });
    expect(me.water_limit).toBe(1810);
    expect((await call(t, 'user/withdrawInfo', p.token, {})).data.turnover).toEqual(me.turnover);

    const admin = await adminToken(t);
    expect((await putSetting(t, 'turnover_hedge_rule', admin, 'sometimes')).status).toBe(400);
    expect((await putSetting(t, 'turnover_hedge_rule', admin, 'gross')).status).toBe(200);
    try {
      t.clock.advance(2500); // past the settings cache
      expect((await call(t, 'user/userInfo', p.token, {})).data.turnover).toEqual({ required: 1815.01, done: 1184.99, remaining: 630.02 });
    } finally {
      expect((await putSetting(t, 'turnover_hedge_rule', admin, 'unhedged')).status).toBe(200);
      t.clock.advance(2500);
    }

    // The spec's rule stays: an equal opposite bet is refused and the account frozen, with the reason shown.
    expect((await bet(t, p.token, { issue: slot.issue, play_type: 'odd', money: 10 })).code).toBe(1);
    const hedge = await call(t, 'Lottery/playOrder', p.token, { plan_id: 1, game_id: 1, issue: slot.issue, play_type: 'even', money: 10, lang: 'en' });
    expect(hedge.error).toBe('OPPOSITE_BET');
    const frozen = (await call(t, 'user/userInfo', p.token, { lang: 'en' })).data;
    expect(frozen).toMatchObject({ is_frozen: true, frozen_reason: hedge.msg });
    expect(frozen.turnover.done).toBe(15.01);
  });

  it('a set of stakes that covers every sum (one on each exact sum, in proportion to its chance) counts toward turnover only by its worst-case loss', async () => {
    const p = await registerPlayer(t);
    await fundPlayer(t, p.userId, 300_000);
    const slot = await freshRound(t);
    // 1 TWD per winning triple: 1,000 TWD over the 28 sums (sum_0 1, sum_13 and sum_14 75 each).
    const stakes = NUMBER_CATEGORIES.map((c) => ({ c, money: winningCount(c) }));
    for (const x of stakes) expect((await bet(t, p.token, { issue: slot.issue, play_type: x.c, money: x.money })).code).toBe(1);
    // What the player gets back on the least favourable sum, at the odds each bet was taken at.
    const placed = await query<{ play_type: string; stake_minor: number | string; odds_milli: number | string }>(
      t.ds,
      'SELECT play_type, stake_minor, odds_milli FROM bets WHERE user_id = ?',
      [p.userId],
    );
    expect(placed).toHaveLength(28);
    let least = Number.POSITIVE_INFINITY;
    for (let sum = 0; sum <= 27; sum++) {
      const back = placed.reduce(
        (n, b) => n + settleBet({ playType: b.play_type as PlayType, stake: minor(Number(b.stake_minor)), oddsMilli: Number(b.odds_milli) }, sum).payout,
        0,
      );
      least = Math.min(least, back);
    }
    const me = (await call(t, 'user/userInfo', p.token, {})).data;
    // Gross 1,000 TWD; counted: 1,000 minus the least return (a few percent: the house edge), not 1,000 as before.
    expect(me.turnover.done).toBe((100_000 - least) / 100);
    expect(me.turnover.done).toBeGreaterThan(0);
    expect(me.turnover.done).toBeLessThan(100);
  });

  it('fund history never misleads: each row shows the balance after its own effect, written once; pending recharge no balance; rejection keeps order no and reason; withdrawals name the masked account; team shows name and phone', async () => {
    await setSetting(t, 'turnover_multiplier_bps', 0);
    try {
      const w = await withdrawer(t, 100_000);
      const history = async (): Promise<Array<Record<string, unknown> & { id: number; type: number; over: number | null }>> =>
        (await call(t, 'user/quantityLogList', w.token, { begin_date: '2018-01-01', end_date: '2099-12-31', pageSize: 100 })).data.data;
      const recharge = await call(t, 'user/recharge', w.token, { money: 200, type: 'TWD' });
      const refused = await call(t, 'user/recharge', w.token, { money: 300, type: 'TWD' });
      // 28 bets at once in one round (one of them wins), then the settlement.
      const slot = await freshRound(t);
      const placed = await Promise.all(Array.from({ length: 28 }, (_, s) => bet(t, w.token, { issue: slot.issue, play_type: `sum_${s}`, money: s + 1 })));
      expect(placed.map((b) => b.code)).toEqual(Array.from({ length: 28 }, () => 1));
      clockTo(t, slot.drawAt);
      await engine(t).lifecycle.tick();
      const r = await roundOf(t.ds, 1, slot.issue);
      expect(r.state).toBe('settled');
      const withdrawal = await call(t, 'user/withdrawAction', w.token, { type: 0, money: 100, securityCode: w.code });
      expect(withdrawal.code).toBe(1);

      let rows = [...(await history())].reverse(); // oldest first
      const byId = new Map(rows.map((x) => [x.id, x]));
      expect(byId.get(recharge.data.id)).toMatchObject({ status: 0, over: null, mark: recharge.data.order_no, reason: null });
      // The running balance: every row that moved the available balance shows it right after its own move.
      let balance = 0;
      for (const row of rows) {
        if (row.over === null) continue;
        const q = Math.round(Number(row['quantity']) * 100);
        balance += row.type === 2 || row.type === 1 ? -q : q;
        expect([row.id, row.type, Math.round((row.over ?? Number.NaN) * 100)]).toEqual([row.id, row.type, balance]);
      }
      expect(rows.filter((x) => x.type === 2)).toHaveLength(28);
      expect(rows.filter((x) => x.type === 3)).toHaveLength(1);
      // Each bet row names its bet's order number and round (issue 25 point 2), the stake's and the payout's alike.
      const orderNos = new Set(placed.map((b) => (b.data as { order_no: string }).order_no));
      for (const row of rows.filter((x) => x.type === 2 || x.type === 3)) {
        expect([row.id, row['issue'], orderNos.has(String(row['order_no']))]).toEqual([row.id, slot.issue, true]);
      }
      expect(byId.get(recharge.data.id)).toMatchObject({ order_no: recharge.data.order_no, issue: null });
      // a withdrawal's ref_id is its payout account, never a bet: no round on it
      expect(byId.get(withdrawal.data.id)).toMatchObject({ order_no: `W${String(withdrawal.data.id).padStart(10, '0')}`, issue: null });
      const wd = byId.get(withdrawal.data.id);
      expect(wd).toMatchObject({ type: 1, status: 0, pay_account: `Test Bank ${'*'.repeat(w.card.length - 4)}${w.card.slice(-4)}` });
      expect(JSON.stringify(rows)).not.toContain(w.card);

      // Resolutions: approving the recharge writes its balance-after once; nothing else is rewritten.
      const before = new Map(rows.map((x) => [x.id, x.over]));
      await approvals(t).approveCapitalLog(recharge.data.id, FINANCE_A);
      await approvals(t).rejectCapitalLog(refused.data.id, FINANCE_A, 'no payment received');
      await approvals(t).rejectCapitalLog(withdrawal.data.id, FINANCE_B, 'account name mismatch');
      rows = await history();
      const me = (await call(t, 'user/userInfo', w.token, {})).data;
      for (const row of rows) {
        // The balance now is: after the approval (+200), then the withdrawal's release (+100).
        if (row.id === recharge.data.id)
          expect([row.status, Math.round((row.over ?? Number.NaN) * 100)]).toEqual([1, Math.round(me.money * 100) - 10_000]); // in cents: no float sums
        else expect([row.id, row.over]).toEqual([row.id, before.get(row.id)]);
      }
      expect(rows.find((x) => x.id === refused.data.id)).toMatchObject({ status: 2, over: null, mark: refused.data.order_no, reason: 'no payment received' });
      expect(rows.find((x) => x.id === withdrawal.data.id)).toMatchObject({
        status: 2,
        reason: 'account name mismatch',
        pay_account: expect.stringContaining('Test Bank'),
      });

      // Team members carry name and phone (masked) for the spec's labels.
      const tx = t.app.get(TxRunner);
      await tx.write((m) => query(m, `UPDATE users SET group_id = 3 WHERE id = ?`, [w.userId]));
      const member = await call(t, 'user/register', null, {
        username: uniqueName('tm'),
        password: 'secret-pw-123',
        invite_code: String(w.userId + 100_000),
        adult: true,
      });
      expect(member.code).toBe(1);
      await call(t, 'user/profile', member.data.userinfo.token, { nickname: 'Lucky Star', mobile: '0912345678' });
      const team = (await call(t, 'user/getMyTeam', w.token, {})).data;
      expect(team.data[0]).toMatchObject({ id: member.data.userinfo.user_id, name: 'Lucky Star', phone: '******5678' });
    } finally {
      await setSetting(t, 'turnover_multiplier_bps', 10_000);
    }
  });
});
