import { SettingEntity, StaffSessionEntity } from '@sum28/database';
import type { Role } from '../src/console/roles';
import { SettingsService } from '../src/settings/settings.service';
import { auditRows, consoleCall, createConsoleApp, roleTokens, STAFF_PASSWORD, staffLogin, staffOf, putSetting } from './console-fixtures';
import { registerPlayer, type TestApp } from './factories/test-app';

const q = (o: Record<string, unknown>): string =>
  Object.entries(o)
    .map(([k, v]) => `${k}=${encodeURIComponent(JSON.stringify(v))}`)
    .join('&');

describe('console resources (ra-data-simple-rest)', () => {
  let t: TestApp;
  let tok: Record<Role, string>;
  const players: number[] = [];
  beforeAll(async () => {
    t = await createConsoleApp();
    tok = await roleTokens(t);
    for (let i = 0; i < 5; i++) players.push((await registerPlayer(t, `listme${i}x${process.pid % 1000}`)).userId);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists with sort, range and filter: a bare array and Content-Range (exposed to the browser)', async () => {
    const res = await consoleCall(t, 'get', `/admin-api/users?${q({ sort: ['id', 'ASC'], range: [1, 2], filter: { q: 'listme' } })}`, tok.support);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.map((u: { id: number }) => u.id)).toEqual(players.slice(1, 3));
    expect(res.headers['content-range']).toBe('users 1-2/5');
    expect(res.headers['access-control-expose-headers']).toMatch(/Content-Range/);
    const desc = await consoleCall(t, 'get', `/admin-api/users?${q({ sort: ['username', 'DESC'], filter: { q: 'LISTME' } })}`, tok.support);
    expect(desc.body.map((u: { id: number }) => u.id)).toEqual([...players].reverse());
    const none = await consoleCall(t, 'get', `/admin-api/users?${q({ filter: { q: 'no-one-by-this-name' } })}`, tok.support);
    expect(none.body).toEqual([]);
    expect(none.headers['content-range']).toBe('users */0');
    const like = await consoleCall(t, 'get', `/admin-api/users?${q({ filter: { q: '%' } })}`, tok.support);
    expect(like.body).toEqual([]);
  });

  it('answers getMany (filter id: [...]) and getManyReference (filter user_id)', async () => {
    const many = await consoleCall(t, 'get', `/admin-api/users?${q({ filter: { id: [players[0], players[3], 999_999] } })}`, tok.support);
    expect(many.body.map((u: { id: number }) => u.id).sort()).toEqual([players[0], players[3]].sort());
    expect((await consoleCall(t, 'get', `/admin-api/users?${q({ filter: { id: [] } })}`, tok.support)).body).toEqual([]);
    const ref = await consoleCall(
      t,
      'get',
      `/admin-api/capital-logs?${q({ filter: { user_id: players[0], status: 0, created_at_gte: '2020-01-01' } })}`,
      tok.finance,
    );
    expect(ref.status).toBe(200);
    expect(ref.headers['content-range']).toBe('capital-logs */0');
  });

  it('exports CSV with the same filter and sort, role-checked like the list', async () => {
    const res = await consoleCall(t, 'get', `/admin-api/users/export.csv?${q({ sort: ['id', 'ASC'], filter: { q: 'listme' } })}`, tok.support);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="users.csv"');
    expect(res.headers['x-export-rows']).toBe('5');
    const lines = res.text
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'id,username,nickname,mobile,money,lock_money,total_assets,group_id,status,frozen_reason,inviter_id,inviter_username,must_change_password,created_at',
    );
    expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual(players);
    expect((await consoleCall(t, 'get', '/admin-api/capital-logs/export.csv', tok.operator)).status).toBe(403);
    // a formula in a cell is neutralised
    await consoleCall(t, 'put', `/admin-api/users/${players[0]}`, tok.operator, { nickname: '=HYPERLINK("x")' });
    const csv = await consoleCall(t, 'get', `/admin-api/users/export.csv?${q({ filter: { id: [players[0]] } })}`, tok.support);
    expect(csv.text).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('creates, edits and deletes content, answering the record each time, each change audited', async () => {
    const created = await consoleCall(t, 'post', '/admin-api/articles', tok.operator, {
      tab: 'wealth',
      title: 'How odds work',
      content: '<p>RTP</p>\n<p>97%</p>',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: expect.any(Number), tab: 'wealth', title: 'How odds work', published: true, is_top: false });
    const id = created.body.id as number;
    const edited = await consoleCall(t, 'put', `/admin-api/articles/${id}`, tok.operator, { id, is_top: true });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id, is_top: true, title: 'How odds work' });
    const same = await consoleCall(t, 'put', `/admin-api/articles/${id}`, tok.operator, { is_top: true });
    expect(same.status).toBe(200);
    const shown = await consoleCall(t, 'get', `/admin-api/articles/${id}`, tok.support);
    expect(shown.body).toEqual(edited.body);
    expect((await consoleCall(t, 'delete', `/admin-api/articles/${id}`, tok.support)).status).toBe(403);
    const deleted = await consoleCall(t, 'delete', `/admin-api/articles/${id}`, tok.operator);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual(edited.body);
    expect((await consoleCall(t, 'get', `/admin-api/articles/${id}`, tok.support)).status).toBe(404);
    expect((await auditRows(t, 'article.create', id))[0]).toMatchObject({ after: { title: 'How odds work' } });
    expect(await auditRows(t, 'article.update', id)).toHaveLength(1);
    expect((await auditRows(t, 'article.delete', id))[0]).toMatchObject({ before: { is_top: true } });

    const msg = await consoleCall(t, 'post', '/admin-api/notices', tok.operator, { kind: 'message', user_id: players[1], title: 'Hello', content: 'Welcome' });
    expect(msg.status).toBe(201);
    expect((await consoleCall(t, 'post', '/admin-api/notices', tok.operator, { kind: 'message', user_id: 999_999, title: 'x', content: 'y' })).status).toBe(
      400,
    );
    expect(
      (await consoleCall(t, 'post', '/admin-api/notices', tok.operator, { kind: 'announcement', user_id: players[1], title: 'x', content: 'y' })).status,
    ).toBe(400);
    const banner = await consoleCall(t, 'post', '/admin-api/banners', tok.operator, { image: 'https://cdn.example.com/b.png', link: '', title: 'Promo' });
    expect(banner.status).toBe(201);
    expect((await consoleCall(t, 'post', '/admin-api/banners', tok.operator, { image: 'javascript:alert(1)' })).status).toBe(400);
    const game = await consoleCall(t, 'post', '/admin-api/games', tok.operator, { id: 5, name: 'Tokyo' });
    expect(game.body).toEqual({ id: 5, name: 'Tokyo', sort: 5, enabled: true, names: {} });
    expect((await consoleCall(t, 'post', '/admin-api/games', tok.operator, { id: 5, name: 'Again' })).status).toBe(409);
    expect((await consoleCall(t, 'delete', '/admin-api/games/5', tok.operator)).status).toBe(200);
  });

  it('checks every setting by its rule, shows money as decimals, and refuses the rest with 400', async () => {
    const list = await consoleCall(t, 'get', '/admin-api/settings', tok.finance);
    expect(list.status).toBe(200);
    const ids = list.body.map((s: { id: string }) => s.id);
    expect(ids).toEqual(
      expect.arrayContaining(['turnover_multiplier_bps', 'opposite_bet_policy', 'withdraw_two_approver_threshold', 'max_stake', 'currencies']),
    );
    expect(list.body.find((s: { id: string }) => s.id === 'max_stake')).toMatchObject({ value: 1_000_000, kind: 'money', editable: true });
    expect((await putSetting(t, 'max_stake', tok.finance, 1)).status).toBe(403);

    const good: [string, unknown, unknown][] = [
      ['turnover_multiplier_bps', 0, 0],
      ['turnover_multiplier_bps', 100_000, 100_000],
      ['opposite_bet_policy', 'any_amount', 'any_amount'],
      ['withdraw_two_approver_threshold', '0', 0],
      ['max_stake', '2500.50', 2500.5],
      ['security_code_max_attempts', 3, 3],
      ['currencies', { TWD: 1, USDT: '31.25', JPY: 0.2 }, { TWD: 1, USDT: 31.25, JPY: 0.2 }],
    ];
    for (const [id, value, shown] of good) {
      const res = await putSetting(t, id, tok.operator, value);
      expect([id, res.status, res.body.value]).toEqual([id, 200, shown]);
    }
    expect(await t.app.get(SettingsService).get('max_stake_minor')).toBe(250_050);
    const bad: [string, unknown][] = [
      ['turnover_multiplier_bps', -1],
      ['turnover_multiplier_bps', 100_001],
      ['turnover_multiplier_bps', 1.5],
      ['turnover_multiplier_bps', '10'],
      ['opposite_bet_policy', 'sometimes'],
      ['withdraw_two_approver_threshold', '-5'],
      ['max_stake', '0'],
      ['max_stake', '1.005'],
      ['currencies', {}],
      ['currencies', { XXX: 1 }],
      ['currencies', { TWD: 0 }],
      ['currencies', { TWD: -1 }],
      ['currencies', ['TWD']],
      ['security_code_lock_minutes', 0],
    ];
    const stored = JSON.stringify(await t.ds.getRepository(SettingEntity).find({ order: { key: 'ASC' } }));
    for (const [id, value] of bad) {
      const res = await putSetting(t, id, tok.operator, value);
      expect([id, value, res.status, Object.keys(res.body.errors ?? {})]).toEqual([id, value, 400, ['value']]);
    }
    expect(JSON.stringify(await t.ds.getRepository(SettingEntity).find({ order: { key: 'ASC' } }))).toBe(stored);
    expect((await putSetting(t, 'no_such_key', tok.operator, 1)).status).toBe(404);
    const rows = await auditRows(t, 'setting.approve', 'max_stake_minor'); // a money control: applied by the second person
    expect(rows[0]).toMatchObject({ before: { value: 100_000_000 }, after: { value: 250_050 } });
  });

  it('manages staff (superadmin): never the hash; the last superadmin cannot be deleted, disabled or demoted', async () => {
    const list = await consoleCall(t, 'get', '/admin-api/staff', tok.superadmin);
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toMatch(/password|totp_secret|argon2/);
    expect((await consoleCall(t, 'post', '/admin-api/staff', tok.superadmin, { username: 'admin', password: STAFF_PASSWORD, role: 'support' })).status).toBe(
      409,
    );
    expect((await consoleCall(t, 'post', '/admin-api/staff', tok.superadmin, { username: 'weakling', password: 'aaaaaaaaaaaa', role: 'support' })).status).toBe(
      400,
    );
    for (const body of [{ role: 'operator' }, { enabled: false }]) {
      const res = await consoleCall(t, 'put', '/admin-api/staff/1', tok.superadmin, body);
      expect([res.status, res.body.error]).toEqual([409, 'LAST_SUPERADMIN']);
    }
    expect((await consoleCall(t, 'delete', '/admin-api/staff/1', tok.superadmin)).body.error).toBe('LAST_SUPERADMIN');

    const second = await staffOf(t, 'superadmin', tok.superadmin);
    // Not even with another superadmin present may one demote itself; the other one can.
    expect((await consoleCall(t, 'put', '/admin-api/staff/1', tok.superadmin, { role: 'operator' })).body.error).toBe('STAFF_SELF_CHANGE');
    const demoted = await consoleCall(t, 'put', '/admin-api/staff/1', second.token, { role: 'operator' });
    expect(demoted.status).toBe(200);
    expect(demoted.body.role).toBe('operator');
    // the demotion takes effect at once: the old superadmin token now lacks staff.read
    expect((await consoleCall(t, 'get', '/admin-api/staff', tok.superadmin)).status).toBe(403);
    expect((await consoleCall(t, 'delete', `/admin-api/staff/${second.id}`, second.token)).body.error).toBe('LAST_SUPERADMIN');
    expect((await consoleCall(t, 'put', '/admin-api/staff/1', second.token, { role: 'superadmin' })).status).toBe(200);

    const victim = await staffOf(t, 'support', second.token);
    const disabled = await consoleCall(t, 'put', `/admin-api/staff/${victim.id}`, second.token, { enabled: false });
    expect(disabled.body.enabled).toBe(false);
    expect((await consoleCall(t, 'get', '/admin-api/auth/me', victim.token)).status).toBe(401);
    // The right password of a disabled account answers exactly as a wrong one: no oracle for a guesser.
    const rightPassword = await consoleCall(t, 'post', '/admin-api/auth/login', null, { username: victim.username, password: STAFF_PASSWORD });
    const wrongPassword = await consoleCall(t, 'post', '/admin-api/auth/login', null, { username: victim.username, password: 'not-the-password-1' });
    expect(rightPassword.body.error).toBe('STAFF_LOGIN_FAILED');
    expect([rightPassword.status, rightPassword.body.error, rightPassword.body.message]).toEqual([
      wrongPassword.status,
      wrongPassword.body.error,
      wrongPassword.body.message,
    ]);
    const removed = await consoleCall(t, 'delete', `/admin-api/staff/${victim.id}`, second.token);
    expect(removed.body).toMatchObject({ id: victim.id, username: victim.username });
    expect(await t.ds.getRepository(StaffSessionEntity).count({ where: { staff_id: victim.id } })).toBe(0);
    expect(await auditRows(t, 'staff.delete', victim.id)).toHaveLength(1);
    const pw = await consoleCall(t, 'put', `/admin-api/staff/${second.id}`, second.token, { password: 'a-new-password-9' });
    expect(pw.status).toBe(200);
    expect((await consoleCall(t, 'get', '/admin-api/auth/me', second.token)).status).toBe(401);
    expect(await staffLogin(t, second.username, 'a-new-password-9')).toEqual(expect.any(String));
    expect(JSON.stringify(await auditRows(t, 'staff.update', second.id))).not.toContain('a-new-password-9');
  });
});
