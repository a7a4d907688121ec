import { translate } from '@sum28/contracts';
import { UserEntity } from '@sum28/database';
import { createTestApp, fundPlayer, registerPlayer, uniqueName, type TestApp } from './factories/test-app';
import { post } from './wallet-fixtures';

describe('user/newPass and user/profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const login = async (account: string, password: string): Promise<{ code: number; token?: string; error?: string }> => {
    const res = await t.http().post('/index.php/api/user/login').send({ account, password });
    return { code: res.body.code, token: res.body.data?.userinfo?.token, error: res.body.error };
  };

  describe('user/newPass', () => {
    it('changes the password with the old one, keeps this session, ends the others, stores only an argon2id hash', async () => {
      const p = await registerPlayer(t, uniqueName('np'), 'first-pass-1');
      const other = await login(p.username, 'first-pass-1');
      const res = await post(t, 'newPass', p.token, { after_pass: 'first-pass-1', new_pass: 'second-pass-2', confirm_pass: 'second-pass-2', lang: 'en' });
      expect(res.body).toMatchObject({ code: 1, msg: translate('en', 'SET_SUCCESS'), data: null });
      expect((await post(t, 'userInfo', p.token, {})).body.code).toBe(1);
      expect((await post(t, 'userInfo', other.token ?? '', {})).body.code).toBe(50012);
      expect((await login(p.username, 'first-pass-1')).error).toBe('LOGIN_FAILED');
      expect((await login(p.username, 'second-pass-2')).code).toBe(1);
      const u = await t.ds.getRepository(UserEntity).findOneByOrFail({ id: p.userId });
      expect(u.password_hash.startsWith('$argon2id$')).toBe(true);
      expect(u.password_hash).not.toContain('second-pass-2');
    });

    it.each([
      ['a confirmation that differs', { after_pass: 'secret-pw-123', new_pass: 'newpass-1', confirm_pass: 'newpass-2' }, 'PASSWORD_MISMATCH'],
      ['a too short new password', { after_pass: 'secret-pw-123', new_pass: 'abc' }, 'PASSWORD_INVALID'],
      ['a new password of one repeated character', { after_pass: 'secret-pw-123', new_pass: 'aaaaaaaa' }, 'PASSWORD_INVALID'],
      ['a wrong old password', { after_pass: 'wrong-old', new_pass: 'newpass-1' }, 'OLD_PASSWORD_WRONG'],
      ['the same password again', { after_pass: 'secret-pw-123', new_pass: 'secret-pw-123' }, 'PASSWORD_SAME_AS_OLD'],
      ['no old password', { new_pass: 'newpass-1' }, 'VALIDATION_FAILED'],
    ])('refuses %s and changes nothing', async (_name, body, error) => {
      const p = await registerPlayer(t);
      const before = (await t.ds.getRepository(UserEntity).findOneByOrFail({ id: p.userId })).password_hash;
      const res = await post(t, 'newPass', p.token, { ...body, lang: 'en' });
      expect(res.body.error).toBe(error);
      expect(res.body.msg).toBe(translate('en', error as never, res.body.params));
      expect((await t.ds.getRepository(UserEntity).findOneByOrFail({ id: p.userId })).password_hash).toBe(before);
    });

    it('refuses a new password equal to the security code', async () => {
      const p = await registerPlayer(t);
      expect((await post(t, 'setSafety', p.token, { new_code: '808080' })).body.code).toBe(1);
      expect((await post(t, 'newPass', p.token, { after_pass: 'secret-pw-123', new_pass: '808080' })).body.error).toBe('SECURITY_CODE_SAME_AS_PASSWORD');
    });

    it('after a reset by customer service only newPass (and user info, logout) work, and it clears must_change_password', async () => {
      const p = await registerPlayer(t);
      await t.ds.getRepository(UserEntity).update({ id: p.userId }, { must_change_password: true });
      expect((await post(t, 'withdrawInfo', p.token, {})).body.error).toBe('PASSWORD_CHANGE_REQUIRED');
      expect((await post(t, 'profile', p.token, { nickname: 'x' })).body.error).toBe('PASSWORD_CHANGE_REQUIRED');
      expect((await post(t, 'newPass', p.token, { after_pass: 'secret-pw-123', new_pass: 'fresh-pass-9' })).body.code).toBe(1);
      expect((await t.ds.getRepository(UserEntity).findOneByOrFail({ id: p.userId })).must_change_password).toBe(false);
      expect((await post(t, 'withdrawInfo', p.token, {})).body.code).toBe(1);
    });
  });

  describe('user/profile', () => {
    it('updates nickname and mobile, answers the user with water_limit', async () => {
      const p = await registerPlayer(t);
      await fundPlayer(t, p.userId, 12_345);
      const res = await post(t, 'profile', p.token, { username: p.username, nickname: '  小明 ', mobile: '+886 912-345-678', lang: 'en' });
      expect(res.body).toMatchObject({
        code: 1,
        msg: translate('en', 'SET_SUCCESS'),
        data: { username: p.username, nickname: '小明', mobile: '+886912345678', money: 123.45, water_limit: 123.45 },
      });
      expect((await post(t, 'profile', p.token, { mobile: '' })).body.data.mobile).toBe('');
      expect((await post(t, 'profile', p.token, {})).body.data.nickname).toBe('小明');
    });

    it('stores a chosen default avatar and answers it in profile and userInfo', async () => {
      const p = await registerPlayer(t);
      expect((await post(t, 'userInfo', p.token, {})).body.data.avatar).toBe('');
      expect((await post(t, 'profile', p.token, { avatar: 'default-7' })).body.data.avatar).toBe('default-7');
      expect((await post(t, 'userInfo', p.token, {})).body.data.avatar).toBe('default-7');
      expect((await t.ds.getRepository(UserEntity).findOneByOrFail({ id: p.userId })).avatar).toBe('default-7');
    });

    it.each([
      ['another username', (u: string) => ({ username: `${u}x` }), 'VALIDATION_FAILED'],
      ['an empty nickname', () => ({ nickname: '   ' }), 'NICKNAME_INVALID'],
      ['a 33-character nickname', () => ({ nickname: 'n'.repeat(33) }), 'NICKNAME_INVALID'],
      ['a nickname with a control character', () => ({ nickname: 'a\u0007b' }), 'NICKNAME_INVALID'],
      ['a mobile with letters', () => ({ mobile: '0912abc678' }), 'MOBILE_INVALID'],
      ['a short mobile', () => ({ mobile: '12345' }), 'MOBILE_INVALID'],
      ['an avatar that is not a default one', () => ({ avatar: 'https://evil.example/a.png' }), 'VALIDATION_FAILED'],
      ['an avatar past the grid', () => ({ avatar: 'default-10' }), 'VALIDATION_FAILED'],
      ['a money field', () => ({ money: 100 }), 'UNKNOWN_FIELD'],
      ['a group_id field', () => ({ group_id: 3 }), 'UNKNOWN_FIELD'],
    ])('refuses %s and changes nothing', async (_name, body, error) => {
      const p = await registerPlayer(t);
      const before = await t.ds.getRepository(UserEntity).findOneByOrFail({ id: p.userId });
      const res = await post(t, 'profile', p.token, { ...body(p.username), lang: 'en' });
      expect(res.body.error).toBe(error);
      const after = await t.ds.getRepository(UserEntity).findOneByOrFail({ id: p.userId });
      expect([after.username, after.nickname, after.mobile, after.group_id, after.avatar]).toEqual([
        before.username,
        before.nickname,
        before.mobile,
        before.group_id,
        before.avatar,
      ]);
    });
  });
});
