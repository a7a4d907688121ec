import { UserEntity } from '@sum28/database';
import { createTestApp, fundPlayer, registerPlayer, uniqueName, type TestApp } from './factories/test-app';
import { post } from './wallet-fixtures';

describe('user/getMyTeam', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function agent(): Promise<{ token: string; userId: number }> {
    const p = await registerPlayer(t);
    await t.ds.getRepository(UserEntity).update({ id: p.userId }, { group_id: 3 });
    return p;
  }

  async function invitee(inviterId: number, group: 1 | 2 = 1): Promise<number> {
    const res = await t
      .http()
      .post('/index.php/api/user/register')
      .send({ username: uniqueName('tm'), password: 'secret-pw-123', inviter_id: inviterId, group_id: group, adult: true });
    if (res.body.code !== 1) throw new Error(JSON.stringify(res.body));
    return res.body.data.userinfo.user_id as number;
  }

  it('lists the members an agent invited, newest first, 20 per page, with id, username, type (group), money and total', async () => {
    const a = await agent();
    const other = await agent();
    const ids: number[] = [];
    for (let i = 0; i < 23; i++) ids.push(await invitee(a.userId, i % 5 === 0 ? 2 : 1));
    await invitee(other.userId);
    await fundPlayer(t, ids[22] as number, 7_050);
    const page1 = (await post(t, 'getMyTeam', a.token, { page: 1, pageSize: 20 })).body.data;
    expect(page1.total).toBe(23);
    expect(page1.data).toHaveLength(20);
    expect(page1.data[0]).toEqual({
      id: ids[22],
      username: expect.any(String),
      nickname: expect.any(String),
      type: 1,
      money: 70.5,
      name: expect.any(String),
      phone: '',
    });
    expect(page1.data.find((m: { id: number }) => m.id === ids[20]).type).toBe(2);
    const page2 = (await post(t, 'getMyTeam', a.token, { page: 2 })).body.data;
    expect(page2.data.map((m: { id: number }) => m.id)).toEqual([ids[2], ids[1], ids[0]]);
    const all = [...page1.data, ...page2.data].map((m: { id: number }) => m.id).sort((x: number, y: number) => x - y);
    expect(all).toEqual([...ids].sort((x, y) => x - y));
    expect((await post(t, 'getMyTeam', other.token, {})).body.data.total).toBe(1);
  });

  it.each([
    ['a member', 1],
    ['a visitor', 2],
  ])('refuses %s with AGENT_ONLY', async (_name, group) => {
    const p = await registerPlayer(t);
    await t.ds.getRepository(UserEntity).update({ id: p.userId }, { group_id: group });
    expect((await post(t, 'getMyTeam', p.token, { lang: 'en' })).body).toMatchObject({ error: 'AGENT_ONLY', msg: 'This feature is available to agents only' });
  });

  it.each([
    ['pageSize above 20', { pageSize: 21 }],
    ['page 0', { page: 0 }],
    ['another agent id', { user_id: 1 }],
  ])('refuses %s', async (_name, body) => {
    const a = await agent();
    expect(['VALIDATION_FAILED', 'UNKNOWN_FIELD']).toContain((await post(t, 'getMyTeam', a.token, body)).body.error);
  });
});
