import { APPROVER_COOLING_MS } from '@sum28/domain';
import { adminToken, auditRows, consoleCall, createConsoleApp, independentSuperadmin, staffLogin, staffOf, STAFF_PASSWORD } from './console-fixtures';
import { clockTo } from './factories/game';
import type { TestApp } from './factories/test-app';

/**
 * Issue 24.2: two people for every money control. The red team's superadmin (or an operator) alone set the
 * two-approver thresholds to 0, and one approver then credited 9,000,000. A change to a money control is now a request
 * that a different superadmin approves before it applies; other settings still apply at once.
 */
describe('money-control settings need a second superadmin', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createConsoleApp();
  });
  // Console sessions expire: one test moves the clock past a day, so each signs in afresh.
  beforeEach(async () => {
    admin = await adminToken(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const read = async (id: string): Promise<Record<string, unknown>> =>
    (await consoleCall(t, 'get', `/admin-api/settings/${id}`, admin)).body as Record<string, unknown>;
  const put = (id: string, token: string, value: unknown): ReturnType<typeof consoleCall> =>
    consoleCall(t, 'put', `/admin-api/settings/${id}`, token, { value });
  const decide = (id: string, verb: 'approve' | 'reject', token: string, changeId: number, reason?: string): ReturnType<typeof consoleCall> =>
    consoleCall(t, 'post', `/admin-api/settings/${id}/${verb}`, token, { change_id: changeId, ...(reason !== undefined ? { reason } : {}) });

  it('an operator alone cannot turn the two-approver threshold off: the change waits (202), nothing applies, and the superadmin approves it', async () => {
    const operator = await staffOf(t, 'operator', admin);
    const before = await read('withdraw_two_approver_threshold');
    expect(before).toMatchObject({ value: 50_000, two_person: true, pending: null });
    const asked = await put('withdraw_two_approver_threshold', operator.token, '0');
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({ applied: false, value: 50_000, pending: { value: 0, requested_by: operator.id, requested_by_name: operator.username } });
    const changeId = asked.body.pending.change_id as number;
    // In force: the old value, for the API's readers too.
    expect((await read('withdraw_two_approver_threshold'))['value']).toBe(50_000);
    // The requester may not approve its own change; an operator may not approve at all.
    expect((await decide('withdraw_two_approver_threshold', 'approve', operator.token, changeId)).status).toBe(403);
    const approved = await decide('withdraw_two_approver_threshold', 'approve', admin, changeId);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ applied: true, value: 0, pending: null });
    expect((await auditRows(t, 'setting.request', 'withdraw_two_approver_threshold_minor')).length).toBeGreaterThan(0);
    const approvals = await auditRows(t, 'setting.approve', 'withdraw_two_approver_threshold_minor');
    expect(approvals.at(-1)).toMatchObject({ staff_username: 'admin' });
    // Once applied, the change is done: a second approval is refused.
    expect((await decide('withdraw_two_approver_threshold', 'approve', admin, changeId)).body.error).toBe('ALREADY_RESOLVED');
    // Back to the default, by the same two people.
    const back = await put('withdraw_two_approver_threshold', operator.token, '50000');
    expect((await decide('withdraw_two_approver_threshold', 'approve', admin, back.body.pending.change_id)).status).toBe(200);
  });

  it('a superadmin alone cannot either: its own change is refused to itself (MAKER_CHECKER) and to a superadmin it made within 24 hours', async () => {
    const asked = await put('gift_max', admin, '90000000');
    expect(asked.status).toBe(202);
    const changeId = asked.body.pending.change_id as number;
    expect((await decide('gift_max', 'approve', admin, changeId)).body.error).toBe('MAKER_CHECKER');
    const puppet = await staffOf(t, 'superadmin', admin);
    const refused = await decide('gift_max', 'approve', puppet.token, changeId);
    expect([refused.status, refused.body.error]).toEqual([403, 'APPROVER_SET_UP_BY_PARTY']);
    expect((await read('gift_max'))['value']).toBe(100_000);
    // A day later that account is a second person.
    clockTo(t, t.clock.now() + APPROVER_COOLING_MS + 1000);
    const later = await staffLogin(t, puppet.username, STAFF_PASSWORD);
    admin = await adminToken(t);
    expect((await decide('gift_max', 'approve', later, changeId)).status).toBe(200);
    expect((await read('gift_max'))['value']).toBe(90_000_000);
  });

  it('labels players bet by are a money control too; a newer request replaces the pending one; a rejection or a withdrawal changes nothing', async () => {
    const operator = await staffOf(t, 'operator', admin);
    const first = await put('catalog_labels', operator.token, { en: { big: 'High' } });
    const second = await put('catalog_labels', operator.token, { en: { big: 'Large' } });
    expect([first.status, second.status]).toEqual([202, 202]);
    expect((await decide('catalog_labels', 'approve', admin, first.body.pending.change_id)).body.error).toBe('ALREADY_RESOLVED');
    expect((await read('catalog_labels'))['pending']).toMatchObject({ change_id: second.body.pending.change_id, value: { en: { big: 'Large' } } });
    // Another operator may not reject it; a superadmin may, with a reason.
    const other = await staffOf(t, 'operator', admin);
    expect((await decide('catalog_labels', 'reject', other.token, second.body.pending.change_id)).status).toBe(403);
    const rejected = await decide('catalog_labels', 'reject', admin, second.body.pending.change_id, 'not our wording');
    expect(rejected.body).toMatchObject({ applied: false, value: {}, pending: null });
    expect((await auditRows(t, 'setting.reject', 'catalog_labels')).at(-1)).toMatchObject({ reason: 'not our wording' });
    // The requester may withdraw its own.
    const third = await put('catalog_labels', operator.token, { en: { big: 'Large' } });
    expect((await decide('catalog_labels', 'reject', operator.token, third.body.pending.change_id)).status).toBe(200);
    expect(await read('catalog_labels')).toMatchObject({ value: {}, pending: null });
    // A label that names another category is refused before any request is kept.
    const lie = await put('catalog_labels', operator.token, { en: { big: 'Small' } });
    expect(lie.status).toBe(400);
    expect((await read('catalog_labels'))['pending']).toBeNull();
  });

  it('settings that move no money apply at once (200), and asking for the value in force keeps nothing pending', async () => {
    const operator = await staffOf(t, 'operator', admin);
    const hours = await put('cs_hours', operator.token, '09:00-21:00');
    expect(hours.status).toBe(200);
    expect(hours.body).toMatchObject({ applied: true, value: '09:00-21:00', two_person: false, pending: null });
    const same = await put('max_stake', operator.token, String((await read('max_stake'))['value']));
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ applied: true, pending: null });
  });

  it('a superadmin the deployment made (not set up by the requester) approves the bootstrap superadmin at once', async () => {
    const asked = await put('recharge_max', admin, '5000000');
    const second = await independentSuperadmin(t);
    expect((await decide('recharge_max', 'approve', second, asked.body.pending.change_id)).status).toBe(200);
    expect((await read('recharge_max'))['value']).toBe(5_000_000);
  });
});
