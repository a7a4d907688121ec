import { translate } from '@sum28/contracts';
import { NoticeEntity, PayInfoEntity, UserEntity } from '@sum28/database';
import { wallClockText } from '../src/auth/reset-hold';
import type { Role } from '../src/console/roles';
import { adminToken, consoleCall, createConsoleApp, independentSuperadmin, resetPlayerPassword, roleTokens } from './console-fixtures';
import { fundPlayer, ledgerViolations, registerPlayer, type TestApp } from './factories/test-app';
import { balances, freshAccounts, post, postings, setSetting, withdrawer } from './wallet-fixtures';

const DAY = 86_400_000;

/**
 * Issue 8, point 5: a staff password reset is no takeover. Whoever reads the temporary password (the
 * support agent who made it) must not be able to move the player's money or rebind the payout account,
 * while the real player still gets back in (docs/reliability.md, "Staff password reset and account takeover").
 */
describe('staff password reset and account takeover', () => {
  let t: TestApp;
  let tok: Record<Role, string>;
  beforeAll(async () => {
    t = await createConsoleApp();
    tok = await roleTokens(t);
    await setSetting(t, 'turnover_multiplier_bps', 0);
  });
  afterAll(async () => {
    const lv = await ledgerViolations(t);
    expect(lv).toEqual({ violations: 0, failing: [] });
    await t.close();
  });

  const en = (path: string, token: string, body: Record<string, unknown>): ReturnType<typeof post> => post(t, path, token, { lang: 'en', ...body });

  /** Support resets; for a player without a security code a superadmin approves, and only the approver reads the password. */
  async function resetBySupport(userId: number): Promise<string> {
    const reset = await resetPlayerPassword(t, userId, tok.support, tok.superadmin, { reason: 'caller said they forgot it' });
    expect(reset.status).toBe(200);
    return reset.body.temporary_password as string;
  }

  async function signIn(username: string, password: string): Promise<string> {
    const login = await post(t, 'login', null, { account: username, password });
    expect(login.body.code).toBe(1);
    return login.body.data.userinfo.token as string;
  }

  it('with a security code set: the first sign-in after a reset must give the code to change the password; the temporary password alone moves nothing', async () => {
    const w = await withdrawer(t, 50_000);
    const temp = await resetBySupport(w.userId);
    expect((await t.ds.getRepository(UserEntity).findOneByOrFail({ id: w.userId })).reset_hold_until).toBeNull();
    const token = await signIn(w.username, temp);
    const before = await postings(t);
    // The restricted session: no bet, withdrawal, payout or code change.
    expect((await en('withdrawAction', token, { type: 0, money: 100, securityCode: w.code })).body.error).toBe('PASSWORD_CHANGE_REQUIRED');
    expect((await en('setPayInfo', token, { type: 1, acc: freshAccounts().address, acc_name: 'trc20', securityCode: w.code })).body.error).toBe(
      'PASSWORD_CHANGE_REQUIRED',
    );
    expect((await en('setSafety', token, { after_code: w.code, new_code: '135790' })).body.error).toBe('PASSWORD_CHANGE_REQUIRED');
    const bet = await t
      .http()
      .post('/index.php/api/Lottery/playOrder')
      .set('token', token)
      .send({ issue: '20261122001', plan_id: 1, game_id: 1, play_type: 'big', money: 10 });
    expect(bet.body.error).toBe('PASSWORD_CHANGE_REQUIRED');

    // Knowing the temporary password is not enough to leave the restricted session.
    const noCode = await en('newPass', token, { new_pass: 'taken-over-1', after_pass: temp });
    expect(noCode.body).toMatchObject({ error: 'SECURITY_CODE_REQUIRED', msg: 'Please enter your security code' });
    const wrong = await en('newPass', token, { new_pass: 'taken-over-1', after_pass: temp, securityCode: '000000' });
    expect(wrong.body).toMatchObject({ error: 'SECURITY_CODE_WRONG', params: { left: 4 } });
    expect((await t.ds.getRepository(UserEntity).findOneByOrFail({ id: w.userId })).must_change_password).toBe(true);
    expect((await post(t, 'login', null, { account: w.username, password: 'taken-over-1' })).body.error).toBe('LOGIN_FAILED');
    expect(await postings(t)).toBe(before);
    expect(await balances(t, w.userId)).toEqual({ money: 50_000, lock: 0 });

    // The real player knows the code: back in, with every right and no hold.
    expect((await en('newPass', token, { new_pass: 'mine-again-2', after_pass: temp, securityCode: w.code })).body.code).toBe(1);
    const u = await t.ds.getRepository(UserEntity).findOneByOrFail({ id: w.userId });
    expect([u.must_change_password, u.security_code_failures]).toEqual([false, 0]);
    expect((await en('withdrawAction', token, { type: 0, money: 100, securityCode: w.code })).body.code).toBe(1);
  });

  it('with no security code: after the reset, bets, withdrawals, payout-account and security-code changes wait 24 hours, with the reason and the time; then they work', async () => {
    const p = await registerPlayer(t);
    await fundPlayer(t, p.userId, 50_000);
    const { card, address } = freshAccounts();
    expect((await en('setPayInfo', p.token, { type: 0, acc: 'Real Owner', acc_name: card, acc_bank: 'Bank' })).body.code).toBe(1);
    const resetFrom = t.clock.now();
    const temp = await resetBySupport(p.userId);
    const resetTo = t.clock.now();
    const holdUntil = (await t.ds.getRepository(UserEntity).findOneByOrFail({ id: p.userId })).reset_hold_until ?? 0;
    expect(holdUntil).toBeGreaterThanOrEqual(resetFrom + DAY);
    expect(holdUntil).toBeLessThanOrEqual(resetTo + DAY);
    const token = await signIn(p.username, temp);
    // No code to ask: the password change goes through, the hold stays.
    expect((await en('newPass', token, { new_pass: 'taken-over-1', after_pass: temp })).body.code).toBe(1);
    const held = {
      error: 'PASSWORD_RESET_HOLD',
      msg: translate('en', 'PASSWORD_RESET_HOLD', { until: wallClockText(holdUntil, t.cfg.schedule.tz) }),
      params: { until_ms: holdUntil },
    };
    expect(held.msg).toContain(wallClockText(holdUntil, t.cfg.schedule.tz));
    const rebind = { type: 1, acc: address, acc_name: 'trc20' };
    expect((await en('setPayInfo', token, rebind)).body).toMatchObject(held);
    expect((await en('setSafety', token, { new_code: '135790' })).body).toMatchObject(held);
    expect((await en('withdrawAction', token, { type: 0, money: 100, securityCode: '135790' })).body).toMatchObject(held);
    const bet = await t
      .http()
      .post('/index.php/api/Lottery/playOrder')
      .set('token', token)
      .send({ issue: '20261122001', plan_id: 1, game_id: 1, play_type: 'big', money: 10, lang: 'en' });
    expect(bet.body).toMatchObject(held);
    expect(await t.ds.getRepository(PayInfoEntity).countBy({ user_id: p.userId })).toBe(1);
    expect((await t.ds.getRepository(UserEntity).findOneByOrFail({ id: p.userId })).security_code_hash).toBeNull();
    expect(await balances(t, p.userId)).toEqual({ money: 50_000, lock: 0 });

    t.clock.advance(DAY);
    try {
      expect((await en('setPayInfo', token, rebind)).body.code).toBe(1);
      expect((await en('setSafety', token, { new_code: '135790' })).body.code).toBe(1);
    } finally {
      t.clock.advance(-DAY);
    }
  });

  it('with no security code: one staff member alone never holds a usable password; a second, independent one approves and alone reads it', async () => {
    const p = await registerPlayer(t);
    await fundPlayer(t, p.userId, 50_000);
    const before = await t.ds.getRepository(UserEntity).findOneByOrFail({ id: p.userId });
    const ask = await consoleCall(t, 'post', `/admin-api/users/${p.userId}/reset-password`, tok.support, { reason: 'caller said they forgot it' });
    expect(ask.status).toBe(202);
    expect(ask.body).not.toHaveProperty('temporary_password');
    expect(ask.body.pending).toMatchObject({ requested_by_username: expect.any(String), requested_at: expect.any(Number) });
    // nothing changed for the player: the old password and session still work, no hold
    const asked = await t.ds.getRepository(UserEntity).findOneByOrFail({ id: p.userId });
    expect([asked.password_hash, asked.must_change_password, asked.reset_hold_until]).toEqual([before.password_hash, false, null]);
    expect((await post(t, 'userInfo', p.token, {})).body.code).toBe(1);
    // asking again answers the same request; the requester cannot approve it
    expect((await consoleCall(t, 'post', `/admin-api/users/${p.userId}/reset-password`, tok.support, {})).body.pending).toEqual(ask.body.pending);
    const self = await consoleCall(t, 'post', `/admin-api/users/${p.userId}/reset-password/approve`, tok.support, {});
    expect([self.status, self.body.error]).toEqual([403, 'MAKER_CHECKER']);
    // the console shows the request on the player
    const shown = await consoleCall(t, 'get', `/admin-api/users/${p.userId}`, tok.support);
    expect(shown.body.reset_request).toEqual(ask.body.pending);
    // cancelled: nothing pending, nothing changed; approving it now is refused
    expect((await consoleCall(t, 'post', `/admin-api/users/${p.userId}/reset-password/cancel`, tok.superadmin, { reason: 'player called back' })).status).toBe(
      200,
    );
    const late = await consoleCall(t, 'post', `/admin-api/users/${p.userId}/reset-password/approve`, tok.superadmin, {});
    expect([late.status, late.body.error]).toEqual([409, 'ALREADY_RESOLVED']);
    // asked again, approved by a second member: only the approver reads the password, and the reset applies
    expect((await consoleCall(t, 'post', `/admin-api/users/${p.userId}/reset-password`, tok.support, {})).status).toBe(202);
    const ok = await consoleCall(t, 'post', `/admin-api/users/${p.userId}/reset-password/approve`, tok.superadmin, {});
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ temporary_password: expect.any(String), sessions_revoked: 1 });
    const after = await t.ds.getRepository(UserEntity).findOneByOrFail({ id: p.userId });
    expect([after.must_change_password, after.reset_requested_by, after.reset_hold_until !== null]).toEqual([true, null, true]);
    expect((await consoleCall(t, 'post', `/admin-api/users/${p.userId}/reset-password/approve`, tok.superadmin, {})).body.error).toBe('ALREADY_RESOLVED');
    // a request lapses after a day
    expect((await consoleCall(t, 'post', `/admin-api/users/${p.userId}/reset-password`, tok.support, {})).status).toBe(202);
    t.clock.advance(DAY);
    try {
      const su = await adminToken(t); // staff sessions do not last a day
      expect((await consoleCall(t, 'post', `/admin-api/users/${p.userId}/reset-password/approve`, su, {})).body.error).toBe('ALREADY_RESOLVED');
      expect((await consoleCall(t, 'get', `/admin-api/users/${p.userId}`, su)).body.reset_request).toBeNull();
    } finally {
      t.clock.advance(-DAY);
    }
    const audit = await t.ds.query(`SELECT action FROM audit_logs WHERE target_type = 'user' AND target_id = '${p.userId}' ORDER BY id`);
    expect((audit as { action: string }[]).map((r) => r.action)).toEqual([
      'user.reset_request',
      'user.reset_cancel',
      'user.reset_request',
      'user.reset_password',
      'user.reset_request',
    ]);
  });

  it('a reset request cannot be approved by an account its requester set up in the last 24 hours', async () => {
    const p = await registerPlayer(t);
    const created = await consoleCall(t, 'post', '/admin-api/staff', tok.superadmin, {
      username: `sup${Date.now() % 1e8}`,
      password: 'Staff-pw-2468',
      role: 'support',
    });
    expect(created.status).toBe(201);
    const fresh = await consoleCall(t, 'post', '/admin-api/auth/login', null, { username: created.body.username, password: 'Staff-pw-2468' });
    expect((await consoleCall(t, 'post', `/admin-api/users/${p.userId}/reset-password`, tok.superadmin, {})).status).toBe(202);
    const refused = await consoleCall(t, 'post', `/admin-api/users/${p.userId}/reset-password/approve`, fresh.body.token as string, {});
    expect([refused.status, refused.body.error]).toEqual([403, 'APPROVER_SET_UP_BY_PARTY']);
    // so did the support account, which the same superadmin created; a superadmin nobody here set up may
    expect((await consoleCall(t, 'post', `/admin-api/users/${p.userId}/reset-password/approve`, tok.support, {})).body.error).toBe('APPROVER_SET_UP_BY_PARTY');
    expect((await consoleCall(t, 'post', `/admin-api/users/${p.userId}/reset-password/approve`, await independentSuperadmin(t), {})).status).toBe(200);
  });

  describe('setPayInfo (independently of resets)', () => {
    it('needs the security code when one is set: missing, wrong (counted) or locked is refused and changes nothing', async () => {
      const w = await withdrawer(t, 0);
      const { card } = freshAccounts();
      const body = { type: 0, acc: 'Someone Else', acc_name: card, acc_bank: 'Other Bank' };
      expect((await en('setPayInfo', w.token, body)).body.error).toBe('SECURITY_CODE_REQUIRED');
      expect((await en('setPayInfo', w.token, { ...body, securityCode: '' })).body.error).toBe('SECURITY_CODE_REQUIRED');
      expect((await en('setPayInfo', w.token, { ...body, securityCode: '000000' })).body).toMatchObject({ error: 'SECURITY_CODE_WRONG', params: { left: 4 } });
      expect((await t.ds.getRepository(UserEntity).findOneByOrFail({ id: w.userId })).security_code_failures).toBe(1);
      await t.ds.getRepository(UserEntity).update({ id: w.userId }, { security_code_locked_until: t.clock.now() + 60_000 });
      expect((await en('setPayInfo', w.token, { ...body, securityCode: w.code })).body.error).toBe('SECURITY_CODE_LOCKED');
      expect((await t.ds.getRepository(PayInfoEntity).findOneByOrFail({ user_id: w.userId, type: 0 })).acc_name).toBe(w.card);
      await t.ds.getRepository(UserEntity).update({ id: w.userId }, { security_code_locked_until: null });
      expect((await en('setPayInfo', w.token, { ...body, securityCode: w.code })).body.code).toBe(1);
      const u = await t.ds.getRepository(UserEntity).findOneByOrFail({ id: w.userId });
      expect(u.security_code_failures).toBe(0);
      expect((await t.ds.getRepository(PayInfoEntity).findOneByOrFail({ user_id: w.userId, type: 0 })).acc_name).toBe(card);
    });

    it('is refused while the account is frozen', async () => {
      const w = await withdrawer(t, 0);
      await t.ds.getRepository(UserEntity).update({ id: w.userId }, { status: 'frozen', frozen_reason: 'opposite bets' });
      const res = await en('setPayInfo', w.token, { type: 1, acc: freshAccounts().address, acc_name: 'trc20', securityCode: w.code });
      expect(res.body.error).toBe('ACCOUNT_FROZEN');
      expect((await t.ds.getRepository(PayInfoEntity).findOneByOrFail({ user_id: w.userId, type: 1 })).acc).toBe(w.address);
      // a player without a code is refused too
      const p = await registerPlayer(t);
      await t.ds.getRepository(UserEntity).update({ id: p.userId }, { status: 'frozen', frozen_reason: 'opposite bets' });
      expect((await en('setPayInfo', p.token, { type: 1, acc: freshAccounts().address, acc_name: 'trc20' })).body.error).toBe('ACCOUNT_FROZEN');
      expect(await t.ds.getRepository(PayInfoEntity).countBy({ user_id: p.userId })).toBe(0);
    });

    it('leaves an in-site message to the player naming the new account masked to its last 4, in the reader’s language', async () => {
      const w = await withdrawer(t, 0);
      const before = await t.ds.getRepository(NoticeEntity).countBy({ user_id: w.userId, kind: 'message' });
      expect(before).toBe(2); // the fixture bound a card and a wallet
      const { card } = freshAccounts();
      expect((await en('setPayInfo', w.token, { type: 0, acc: 'New Holder', acc_name: card, acc_bank: 'Bank', securityCode: w.code })).body.code).toBe(1);
      const rows = await t.ds.getRepository(NoticeEntity).find({ where: { user_id: w.userId, kind: 'message' }, order: { id: 'DESC' } });
      expect(rows).toHaveLength(3);
      const masked = `${'*'.repeat(card.length - 4)}${card.slice(-4)}`;
      const time = wallClockText(t.clock.now(), t.cfg.schedule.tz);
      expect(rows[0]).toMatchObject({ published: true, message_key: 'NOTICE_BANK_CARD_CHANGED' });
      expect(rows[0]?.content).not.toContain(card);
      // each reader sees it in their own language, whatever the language of the request that changed the account
      for (const lang of ['en', 'tw'] as const) {
        const list = await post(t, 'noticeList', w.token, { tab: 'message', lang });
        expect(list.body.data.list[0]).toMatchObject({
          title: translate(lang, 'NOTICE_PAY_INFO_CHANGED_TITLE'),
          content: translate(lang, 'NOTICE_BANK_CARD_CHANGED', { acc: masked, time }),
        });
      }
      // a refused change leaves none
      await en('setPayInfo', w.token, { type: 0, acc: 'New Holder', acc_name: card, acc_bank: 'Bank', securityCode: '000000' });
      expect(await t.ds.getRepository(NoticeEntity).countBy({ user_id: w.userId, kind: 'message' })).toBe(3);
    });
  });
});
