import { translate } from '@sum28/contracts';
import { TxRunner } from '@sum28/database';
import { SettingsService } from '../src/settings/settings.service';
import { balanceOf, bet, call, clockTo, count, engine, freshRound, roundOf } from './factories/game';
import { createTestApp, fundPlayer, ledgerViolations, registerPlayer, type TestApp } from './factories/test-app';
import { query, sqlOf } from './factories/sql';

/** Everything that moves money or could: ledger rows, bets, capital logs, idempotency keys, balances. */
async function moneyPrint(t: TestApp): Promise<string> {
  const parts: string[] = [];
  for (const table of ['bets', 'ledger_transactions', 'ledger_entries', 'capital_logs', 'idempotency_keys']) {
    parts.push(`${table}=${await count(t.ds, `SELECT COUNT(*) AS n FROM ${table}`)}`);
  }
  parts.push(JSON.stringify(await t.ds.query(`SELECT id, money_minor, lock_money_minor, status FROM users ORDER BY id`)));
  return parts.join(';');
}

describe('Lottery/playOrder', () => {
  let t: TestApp;
  let player: { token: string; userId: number };
  beforeAll(async () => {
    t = await createTestApp();
    player = await registerPlayer(t);
    await fundPlayer(t, player.userId, 1_000_000); // 10,000.00
  });
  afterAll(async () => {
    await t.close();
  });

  it('accepts a bet on the open round: stake posted, capital log, odds snapshot, order success', async () => {
    const slot = await freshRound(t);
    const res = await bet(t, player.token, { issue: slot.issue, play_type: 'big_odd', money: '12.34', lang: 'en' } as never);
    expect(res).toMatchObject({ code: 1, msg: translate('en', 'ORDER_SUCCESS') });
    expect(res.data).toEqual({ after_quantity: 9987.66, order_no: expect.stringMatching(new RegExp(`^${slot.issue}\\d{18}$`)), order_id: expect.any(Number) });
    const b = (await query(t.ds, `SELECT * FROM bets WHERE id = ?`, [res.data.order_id]))[0];
    expect(b).toMatchObject({
      user_id: player.userId,
      game_id: 1,
      plan_id: 1,
      issue: slot.issue,
      play_type: 'big_odd',
      stake_minor: 1234,
      odds_milli: 4190,
      status: 0,
    });
    expect(b.created_at).toBeLessThan((await roundOf(t.ds, 1, slot.issue)).close_at);
    const postings = await query(
      t.ds,
      `SELECT t.unique_key, t.kind, e.account, e.user_id, e.amount_minor FROM ledger_transactions t JOIN ledger_entries e ON e.tx_id = t.id WHERE t.ref_type = 'bet' AND t.ref_id = ? ORDER BY e.amount_minor`,
      [b.id],
    );
    expect(postings).toEqual([
      { unique_key: `bet:${b.id}:stake`, kind: 'bet_stake', account: 'user_available', user_id: player.userId, amount_minor: -1234 },
      { unique_key: `bet:${b.id}:stake`, kind: 'bet_stake', account: 'house_game', user_id: null, amount_minor: 1234 },
    ]);
    const log = (
      await query(t.ds, `SELECT type, status, quantity_minor, over_minor, ref_id, remark FROM capital_logs WHERE ref_id = ? AND type = 2`, [b.id])
    )[0];
    expect(log).toEqual({ type: 2, status: 1, quantity_minor: 1234, over_minor: 998_766, ref_id: b.id, remark: b.order_no });
    expect((await balanceOf(t.ds, player.userId)).money).toBe(998_766);
  });

  it('T6: refuses bets after close, on past, unknown and future rounds, bad amounts and play types, other games’ rooms: clear errors, no money moves', async () => {
    const past = await freshRound(t);
    clockTo(t, past.drawAt);
    await engine(t).lifecycle.tick(); // past round drawn and settled
    const slot = await freshRound(t);
    const next = slot.issue.slice(0, 8) + String(Number(slot.issue.slice(8)) + 50).padStart(slot.issue.length - 8, '0');
    const cases: [string, Record<string, unknown>, string][] = [
      ['a settled round', { issue: past.issue }, 'ROUND_CLOSED'],
      ['an unknown issue', { issue: '20200101001' }, 'ROUND_NOT_FOUND'],
      ['a future issue', { issue: next }, 'ROUND_NOT_FOUND'],
      ['a malformed issue', { issue: 'abc' }, 'VALIDATION_FAILED'],
      ['money -1', { money: -1 }, 'AMOUNT_INVALID'],
      ['money 0', { money: 0 }, 'AMOUNT_INVALID'],
      ['money "0.00"', { money: '0.00' }, 'AMOUNT_INVALID'],
      ['money 0.001', { money: 0.001 }, 'AMOUNT_INVALID'],
      ['money "10.005"', { money: '10.005' }, 'AMOUNT_INVALID'],
      ['money "1e3"', { money: '1e3' }, 'AMOUNT_INVALID'],
      ['money NaN text', { money: 'NaN' }, 'AMOUNT_INVALID'],
      ['money missing', { money: undefined }, 'AMOUNT_REQUIRED'],
      ['money {}', { money: {} }, 'AMOUNT_INVALID'],
      ['money [10]', { money: [10] }, 'AMOUNT_INVALID'],
      ['money 2^53', { money: 2 ** 53 }, 'AMOUNT_TOO_LARGE'],
      ['money "9223372036854775808"', { money: '9223372036854775808' }, 'AMOUNT_TOO_LARGE'],
      ['money above max_stake_minor', { money: '1000000.01' }, 'AMOUNT_TOO_LARGE'],
      ['more than the balance', { money: '20000' }, 'INSUFFICIENT_FUNDS'],
      ['an unknown play type', { play_type: 'huge' }, 'PLAY_TYPE_INVALID'],
      ['play type sum_28', { play_type: 'sum_28' }, 'PLAY_TYPE_INVALID'],
      ['play type __proto__', { play_type: '__proto__' }, 'PLAY_TYPE_INVALID'],
      ['a room of another game', { plan_id: 5 }, 'PLAN_NOT_FOUND'],
      ['an unknown room', { plan_id: 999 }, 'PLAN_NOT_FOUND'],
      ['an unknown game', { game_id: 9, plan_id: 1 }, 'ROUND_NOT_FOUND'],
      ['a room above the balance (join_limit)', { plan_id: 4 }, 'JOIN_LIMIT'],
      ['a smuggled odds field', { odds: 100 }, 'UNKNOWN_FIELD'],
      ['a smuggled status field', { status: 1 }, 'UNKNOWN_FIELD'],
      ['follow_id 0', { follow_id: 0 }, 'VALIDATION_FAILED'],
      ['follow_id unknown', { follow_id: 99_999 }, 'FOLLOW_NOT_FOUND'],
      ['idempotency_key too short', { idempotency_key: 'x' }, 'VALIDATION_FAILED'],
    ];
    const before = await moneyPrint(t);
    for (const [name, patch, error] of cases) {
      const res = await bet(t, player.token, { issue: slot.issue, play_type: 'big', money: '10', ...patch });
      expect([name, res.code === 1 ? 'ACCEPTED' : res.error]).toEqual([name, error]);
      expect(res.msg.length).toBeGreaterThan(0);
    }
    clockTo(t, slot.closeAt);
    const late = await bet(t, player.token, { issue: slot.issue, play_type: 'big', money: '10' });
    expect(late.error).toBe('ROUND_CLOSED');
    expect(await moneyPrint(t)).toBe(before);
    expect((await ledgerViolations(t)).violations).toBe(0);
    console.log(`T6: ${cases.length + 1} bad bets tried (late, past, unknown, future, amounts, play types, rooms), 0 accepted, balances unchanged`);
  });

  it('checks the join limit, visitors, frozen accounts, disabled rooms and games', async () => {
    const slot = await freshRound(t);
    const poor = await registerPlayer(t);
    await fundPlayer(t, poor.userId, 50_000); // 500.00 < senior room 1,000.00
    expect((await bet(t, poor.token, { issue: slot.issue, play_type: 'big', money: 10, plan_id: 2 })).error).toBe('JOIN_LIMIT');
    const limit = await bet(t, poor.token, { issue: slot.issue, play_type: 'big', money: 10, plan_id: 2, lang: 'en' } as never);
    expect(limit.msg).toContain('1000.00');
    const visitorRes = await t
      .http()
      .post('/index.php/api/user/register')
      .send({ username: `vis${Date.now() % 1e8}`, password: 'secret-pw-123', invite_code: '100001', adult: true, group_id: 2 });
    const visitor = { token: visitorRes.body.data.userinfo.token as string, id: visitorRes.body.data.userinfo.user_id as number };
    await fundPlayer(t, visitor.id, 10_000);
    expect((await bet(t, visitor.token, { issue: slot.issue, play_type: 'big', money: 10 })).error).toBe('VISITOR_FORBIDDEN');
    const tx = t.app.get(TxRunner);
    await tx.write((m) => query(m, `UPDATE plans SET enabled = ${sqlOf(m).FALSE} WHERE id = 3`));
    await tx.write((m) => query(m, `UPDATE games SET enabled = ${sqlOf(m).FALSE} WHERE id = 2`));
    try {
      expect((await bet(t, player.token, { issue: slot.issue, play_type: 'big', money: 10, plan_id: 3 })).error).toBe('PLAN_NOT_FOUND');
      expect((await bet(t, player.token, { issue: slot.issue, play_type: 'big', money: 10, game_id: 2, plan_id: 5 })).error).toBe('GAME_DISABLED');
    } finally {
      await tx.write((m) => query(m, `UPDATE plans SET enabled = ${sqlOf(m).TRUE} WHERE id = 3`));
      await tx.write((m) => query(m, `UPDATE games SET enabled = ${sqlOf(m).TRUE} WHERE id = 2`));
    }
    expect((await bet(t, poor.token, { issue: slot.issue, play_type: 'big', money: 10, plan_id: 1 })).code).toBe(1);
  });

  it('opposite bets of the same amount: the bet is refused AND the account frozen (the freeze persists); other amounts pass', async () => {
    const slot = await freshRound(t);
    const p = await registerPlayer(t);
    await fundPlayer(t, p.userId, 100_000);
    expect((await bet(t, p.token, { issue: slot.issue, play_type: 'big', money: 10 })).code).toBe(1);
    expect((await bet(t, p.token, { issue: slot.issue, play_type: 'small', money: 11 })).code).toBe(1);
    expect((await bet(t, p.token, { issue: slot.issue, play_type: 'odd', money: 10 })).code).toBe(1);
    const before = await balanceOf(t.ds, p.userId);
    const betsBefore = await count(t.ds, `SELECT COUNT(*) AS n FROM bets WHERE user_id = ?`, [p.userId]);
    const refused = await bet(t, p.token, { issue: slot.issue, play_type: 'even', money: '10.00' });
    expect(refused.error).toBe('OPPOSITE_BET');
    // Params in display units: the held stake of 10.00 is shown as 10.00, not 1000 cents.
    expect(refused.params).toMatchObject({ play_type: 'even', opposite: 'odd', stake: '10.00', stake_minor: 1000 });
    const after = await balanceOf(t.ds, p.userId);
    expect(after).toEqual({ ...before, status: 'frozen' });
    expect(await count(t.ds, `SELECT COUNT(*) AS n FROM bets WHERE user_id = ?`, [p.userId])).toBe(betsBefore);
    expect((await query(t.ds, `SELECT frozen_reason FROM users WHERE id = ?`, [p.userId]))[0].frozen_reason).toContain(slot.issue);
    expect((await bet(t, p.token, { issue: slot.issue, play_type: 'sum_3', money: 1 })).error).toBe('ACCOUNT_FROZEN');
    expect((await ledgerViolations(t)).violations).toBe(0);
  });

  it('follows the opposite-bet policy setting: any_amount refuses any opposite holding, off allows it', async () => {
    const settings = t.app.get(SettingsService);
    const slot = await freshRound(t);
    try {
      await settings.set('opposite_bet_policy', 'any_amount');
      const a = await registerPlayer(t);
      await fundPlayer(t, a.userId, 100_000);
      expect((await bet(t, a.token, { issue: slot.issue, play_type: 'small', money: 10 })).code).toBe(1);
      expect((await bet(t, a.token, { issue: slot.issue, play_type: 'big', money: 99 })).error).toBe('OPPOSITE_BET');
      await settings.set('opposite_bet_policy', 'off');
      const b = await registerPlayer(t);
      await fundPlayer(t, b.userId, 100_000);
      expect((await bet(t, b.token, { issue: slot.issue, play_type: 'small', money: 10 })).code).toBe(1);
      expect((await bet(t, b.token, { issue: slot.issue, play_type: 'big', money: 10 })).code).toBe(1);
      expect((await balanceOf(t.ds, b.userId)).status).toBe('active');
    } finally {
      await settings.set('opposite_bet_policy', 'same_amount');
    }
  });

  it('follows a bet of the current round in the same room with the followed play type and the follower’s money', async () => {
    const old = await freshRound(t);
    const leader = await registerPlayer(t);
    await fundPlayer(t, leader.userId, 100_000);
    const oldBet = await bet(t, leader.token, { issue: old.issue, play_type: 'sum_7', money: 5 });
    const slot = await freshRound(t);
    const lead = await bet(t, leader.token, { issue: slot.issue, play_type: 'extreme_big', money: 50 });
    const otherRoom = await bet(t, leader.token, { issue: slot.issue, play_type: 'odd', money: 5, plan_id: 1, game_id: 1 });
    const f = await bet(t, player.token, { issue: slot.issue, play_type: 'big', money: 7, follow_id: lead.data.order_id });
    expect(f.code).toBe(1);
    expect((await query(t.ds, `SELECT play_type, stake_minor, follow_of FROM bets WHERE id = ?`, [f.data.order_id]))[0]).toEqual({
      play_type: 'extreme_big',
      stake_minor: 700,
      follow_of: lead.data.order_id,
    });
    expect((await bet(t, player.token, { issue: slot.issue, play_type: 'big', money: 7, follow_id: oldBet.data.order_id })).error).toBe('FOLLOW_CURRENT_ONLY');
    const game2 = await bet(t, leader.token, { issue: slot.issue, play_type: 'odd', money: 5, plan_id: 5, game_id: 2 });
    expect(game2.code).toBe(1);
    expect((await bet(t, player.token, { issue: slot.issue, play_type: 'big', money: 7, follow_id: game2.data.order_id })).error).toBe('FOLLOW_NOT_FOUND');
    expect(otherRoom.code).toBe(1);
  });

  it('T3/T4: a retried bet with the same idempotency key is placed once; the same key with another body is refused', async () => {
    const slot = await freshRound(t);
    const p = await registerPlayer(t);
    await fundPlayer(t, p.userId, 100_000);
    const body = { issue: slot.issue, play_type: 'sum_14', money: '3.50', idempotency_key: `bet-key-${p.userId}-seq` };
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await bet(t, p.token, body));
    expect(answers[0]).toMatchObject({ code: 1 });
    expect(new Set(answers.map((a) => JSON.stringify(a.data))).size).toBe(1);
    expect(answers.every((a) => a.code === 1)).toBe(true);
    const concurrent = await Promise.all(Array.from({ length: 10 }, () => bet(t, p.token, { ...body, idempotency_key: `bet-key-${p.userId}-par` })));
    expect(concurrent.every((a) => a.code === 1)).toBe(true);
    expect(new Set(concurrent.map((a) => JSON.stringify(a.data))).size).toBe(1);
    expect(await count(t.ds, `SELECT COUNT(*) AS n FROM bets WHERE user_id = ?`, [p.userId])).toBe(2);
    expect((await balanceOf(t.ds, p.userId)).money).toBe(100_000 - 700);
    const mismatch = await bet(t, p.token, { ...body, money: '4.50' });
    expect(mismatch.error).toBe('IDEMPOTENCY_MISMATCH');
    expect(await count(t.ds, `SELECT COUNT(*) AS n FROM bets WHERE user_id = ?`, [p.userId])).toBe(2);
    console.log('T3 bets: 10 sequential + 10 concurrent replays of 2 keys, effects = 2; T4: 1 mismatched replay, 0 accepted');
  });

  it('T2: concurrent bets that together overspend: exactly the affordable ones are accepted, the wallet never goes below 0', async () => {
    const slot = await freshRound(t);
    const p = await registerPlayer(t);
    await fundPlayer(t, p.userId, 10_000); // 100.00
    const attempts = await Promise.all(
      Array.from({ length: 12 }, (_, i) => bet(t, p.token, { issue: slot.issue, play_type: i % 2 ? 'sum_5' : 'sum_9', money: 50 })),
    );
    expect(attempts.filter((a) => a.code === 1)).toHaveLength(2);
    expect(new Set(attempts.filter((a) => a.code !== 1).map((a) => a.error))).toEqual(new Set(['INSUFFICIENT_FUNDS']));
    expect((await balanceOf(t.ds, p.userId)).money).toBe(0);
    console.log('T2: 12 concurrent bets of B/2 on balance B, 2 accepted, 0 overdrafts');
  });

  it('bets that arrive together (one batch) each see the ones before them: balances in order, an opposite pair, a bad bet alone refused', async () => {
    const slot = await freshRound(t);
    const p = await registerPlayer(t);
    await fundPlayer(t, p.userId, 10_000); // 100.00
    const sent = [
      { play_type: 'sum_3', money: '5.00' },
      { play_type: 'sum_4', money: '6.00' },
      { play_type: 'sum_5', money: '1.00', plan_id: 999 },
      { play_type: 'sum_6', money: '7.00' },
      { play_type: 'big', money: '10.00' },
      { play_type: 'small', money: '10.00' },
    ];
    const answers = await Promise.all(sent.map((b) => bet(t, p.token, { issue: slot.issue, ...b } as never)));
    expect(answers.map((a, i) => (i >= 4 ? 'pair' : a.code === 1 ? 'placed' : a.error))).toEqual([
      'placed',
      'placed',
      'PLAN_NOT_FOUND',
      'placed',
      'pair',
      'pair',
    ]);
    // Exactly one of the opposite pair is placed; the other is refused and freezes the account.
    expect(
      answers
        .slice(4)
        .map((a) => (a.code === 1 ? 'placed' : a.error))
        .sort(),
    ).toEqual(['OPPOSITE_BET', 'placed']);
    // Each accepted bet's balance is the one after every bet placed before it (order ids follow arrival).
    const placed = answers
      .map((a, i) => ({ a, stake: Math.round(Number(sent[i]?.money) * 100) }))
      .filter(({ a }) => a.code === 1)
      .sort((x, y) => x.a.data.order_id - y.a.data.order_id);
    let balance = 10_000;
    for (const { a, stake } of placed) {
      balance -= stake;
      expect(Math.round(a.data.after_quantity * 100)).toBe(balance);
    }
    expect(await balanceOf(t.ds, p.userId)).toMatchObject({ money: balance, status: 'frozen' });
    expect(await count(t.ds, `SELECT COUNT(*) AS n FROM bets WHERE user_id = ?`, [p.userId])).toBe(4);
    expect((await ledgerViolations(t)).violations).toBe(0);
  });

  it('T5: bets around close_at: none accepted at or after close_at, every accepted one settled', async () => {
    const slot = await freshRound(t);
    const p = await registerPlayer(t);
    await fundPlayer(t, p.userId, 1_000_000);
    clockTo(t, slot.closeAt - 150);
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => bet(t, p.token, { issue: slot.issue, play_type: `sum_${i % 28}`, money: 1 })));
    clockTo(t, slot.closeAt + 50);
    const after = await Promise.all(Array.from({ length: 10 }, () => bet(t, p.token, { issue: slot.issue, play_type: 'sum_1', money: 1 })));
    const accepted = results.filter((r) => r.code === 1).length;
    const late = results.filter((r) => r.code !== 1);
    expect(late.every((r) => r.error === 'ROUND_CLOSED')).toBe(true);
    expect(after.every((r) => r.error === 'ROUND_CLOSED')).toBe(true);
    const close = (await roundOf(t.ds, 1, slot.issue)).close_at;
    expect(
      await count(t.ds, `SELECT COUNT(*) AS n FROM bets WHERE round_id = (SELECT id FROM rounds WHERE game_id = 1 AND issue = ?) AND created_at >= ?`, [
        slot.issue,
        close,
      ]),
    ).toBe(0);
    clockTo(t, slot.drawAt);
    await engine(t).lifecycle.tick();
    expect(await count(t.ds, `SELECT COUNT(*) AS n FROM bets WHERE user_id = ? AND status <> 1`, [p.userId])).toBe(0);
    expect((await ledgerViolations(t)).violations).toBe(0);
    console.log(
      `T5: ${results.length + after.length} bets in the window around close_at, ${accepted} accepted (all before close_at and settled), ${late.length + after.length} late rejected, late accepted = 0`,
    );
  });

  it('keeps every ledger invariant after all of the above', async () => {
    expect(await ledgerViolations(t)).toEqual({ violations: 0, failing: [] });
  });

  it('answers the bet via the console-free lists: issueList shows the round', async () => {
    const r = await call(t, 'Lottery/issueList', player.token, { game_id: 1, limit: 3 });
    expect(r.code).toBe(1);
    expect(r.data.length).toBeGreaterThan(0);
  });

  it('a bet whose potential payout would take available + frozen + pending payouts past max_balance is refused (BALANCE_CAP_EXCEEDED) and moves nothing', async () => {
    const settings = t.app.get(SettingsService);
    const p = await registerPlayer(t);
    await fundPlayer(t, p.userId, 1_000_000); // 10,000.00
    await settings.set('max_balance_minor', 1_500_000); // 15,000.00
    try {
      const slot = await freshRound(t);
      // 7,000.00 left + 5,820.00 pending = 12,820.00; then 5,000.00 + 5,820.00 + 3,880.00 = 14,700.00
      expect((await bet(t, p.token, { issue: slot.issue, play_type: 'big', money: '3000' })).code).toBe(1);
      expect((await bet(t, p.token, { issue: slot.issue, play_type: 'big', money: '2000' })).code).toBe(1);
      // 4,000.00 + 5,820.00 + 3,880.00 + 1,940.00 = 15,640.00 > 15,000.00
      const refused = await bet(t, p.token, { issue: slot.issue, play_type: 'big', money: '1000', lang: 'en' } as never);
      expect(refused).toMatchObject({ code: 3030, error: 'BALANCE_CAP_EXCEEDED', msg: translate('en', 'BALANCE_CAP_EXCEEDED', { max: '15000.00' }) });
      expect((await balanceOf(t.ds, p.userId)).money).toBe(500_000);
      expect(await count(t.ds, `SELECT COUNT(*) AS n FROM bets WHERE user_id = ${p.userId}`)).toBe(2);
    } finally {
      await settings.set('max_balance_minor', 1_000_000_000_000);
    }
  });
});
