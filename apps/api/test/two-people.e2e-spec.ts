import { APPROVER_COOLING_MS } from '@sum28/domain';
import { adminToken, consoleCall, createConsoleApp, staffLogin, staffOf, STAFF_PASSWORD, putSetting } from './console-fixtures';
import { clockTo } from './factories/game';
import { registerPlayer, type TestApp } from './factories/test-app';
import { balances, post } from './wallet-fixtures';

/**
 * Issue 24.2 (in part): two people means two independent people. The red team's superadmin alone created a finance
 * account and approved their own gift through it. An account that the requester (or an earlier approver of the
 * request) created or changed in the last 24 hours may not approve it.
 */
describe('an approver set up by a party to the request', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createConsoleApp();
  });
  // Console sessions expire: the tests move the clock past a day, so each signs in afresh.
  beforeEach(async () => {
    admin = await adminToken(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const gift = async (token: string, userId: number): Promise<number> => {
    const g = await consoleCall(t, 'post', `/admin-api/users/${userId}/gift`, token, { amount: '500', reason: 'promo' });
    expect(g.status).toBe(200);
    return g.body.gift.capital_log_id as number;
  };
  const approve = (token: string, logId: number): ReturnType<typeof consoleCall> =>
    consoleCall(t, 'post', `/admin-api/capital-logs/${logId}/approve`, token, {});

  it('may not approve a gift the superadmin who created it requested, for 24 hours; then may', async () => {
    const p = await registerPlayer(t);
    const puppet = await staffOf(t, 'finance', admin);
    const logId = await gift(admin, p.userId);
    const refused = await approve(puppet.token, logId);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('APPROVER_SET_UP_BY_PARTY');
    expect(refused.body.message).toMatch(/24 hours/);
    expect((await balances(t, p.userId)).money).toBe(0);
    clockTo(t, t.clock.now() + APPROVER_COOLING_MS + 1000);
    const token = await staffLogin(t, puppet.username, STAFF_PASSWORD);
    expect((await approve(token, logId)).status).toBe(200);
    expect((await balances(t, p.userId)).money).toBe(50_000);
  });

  it('may not approve after the requester changed its password, even when it is older than 24 hours', async () => {
    const p = await registerPlayer(t);
    const old = await staffOf(t, 'finance', admin);
    clockTo(t, t.clock.now() + APPROVER_COOLING_MS + 1000);
    admin = await adminToken(t);
    expect((await consoleCall(t, 'put', `/admin-api/staff/${old.id}`, admin, { password: 'a-password-only-i-know' })).status).toBe(200);
    const token = await staffLogin(t, old.username, 'a-password-only-i-know');
    const logId = await gift(admin, p.userId);
    expect((await approve(token, logId)).body.error).toBe('APPROVER_SET_UP_BY_PARTY');
    expect((await balances(t, p.userId)).money).toBe(0);
  });

  it('counts an earlier approver as a party: the second approval of a large recharge may not come from an account it made', async () => {
    const veteran = await staffOf(t, 'finance', admin);
    clockTo(t, t.clock.now() + APPROVER_COOLING_MS + 1000);
    const veteranToken = await staffLogin(t, veteran.username, STAFF_PASSWORD);
    admin = await adminToken(t);
    const fresh = await staffOf(t, 'finance', admin);
    const p = await registerPlayer(t);
    const recharge = await post(t, 'recharge', p.token, { money: 100_000, type: 'TWD' }); // at the two-approver threshold
    expect(recharge.body.code).toBe(1);
    const logId = recharge.body.data.id as number;
    const first = await approve(admin, logId);
    expect(first.body).toMatchObject({ status: 0, approvals: [{ staff_username: 'admin' }] }); // a second approval is needed
    // The superadmin approved first: an account it made minutes ago is no second person.
    expect((await approve(fresh.token, logId)).body.error).toBe('APPROVER_SET_UP_BY_PARTY');
    expect((await balances(t, p.userId)).money).toBe(0);
    // One it made more than 24 hours ago, and not changed since, is.
    expect((await approve(veteranToken, logId)).status).toBe(200);
    expect((await balances(t, p.userId)).money).toBe(10_000_000);
  });

  it('lets an account approve requests of people who did not set it up', async () => {
    const maker = await staffOf(t, 'finance', admin);
    const checker = await staffOf(t, 'finance', admin);
    const p = await registerPlayer(t);
    const logId = await gift(maker.token, p.userId);
    expect((await approve(checker.token, logId)).status).toBe(200);
    expect((await balances(t, p.userId)).money).toBe(50_000);
  });

  it('a per-approver daily total is on from the start (1,000,000) and cannot be turned off (0 refused, nothing changed)', async () => {
    const read = async (): Promise<unknown> => (await consoleCall(t, 'get', '/admin-api/settings/staff_daily_approval_limit', admin)).body;
    const before = await read();
    expect(before).toMatchObject({ value: 1_000_000 });
    const off = await putSetting(t, 'staff_daily_approval_limit', admin, '0');
    expect(off.status).toBe(400);
    expect(await read()).toEqual(before);
  });
});
