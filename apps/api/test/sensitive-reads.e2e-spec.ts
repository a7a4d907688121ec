import { auditRows, consoleCall, createConsoleApp, roleTokens } from './console-fixtures';
import { query } from './factories/sql';
import type { TestApp } from './factories/test-app';
import { post, setSetting, withdrawer } from './wallet-fixtures';

/**
 * Issue 24.9: exports and sensitive reads leave a trace. Finance sees players' payout accounts in full (to pay them);
 * each answer that shows one is an audit row naming the records, and every CSV export is one too.
 */
describe('sensitive reads and exports are audited', () => {
  let t: TestApp;
  let tok: Awaited<ReturnType<typeof roleTokens>>;
  beforeAll(async () => {
    t = await createConsoleApp();
    tok = await roleTokens(t);
    await setSetting(t, 'turnover_multiplier_bps', 0);
  });
  afterAll(async () => {
    await t.close();
  });

  it('finance shown a full card number leaves capital_log.reveal_account naming the record; support, shown it masked, leaves none', async () => {
    const w = await withdrawer(t, 100_000);
    expect((await post(t, 'withdrawAction', w.token, { type: 0, money: 100, securityCode: w.code })).body.code).toBe(1);
    const [row] = await query<{ id: number | string }>(t.ds, 'SELECT id FROM capital_logs WHERE user_id = ? AND type = 1', [w.userId]);
    const id = Number(row?.id);
    const reveals = async (): Promise<Record<string, unknown>[]> => auditRows(t, 'capital_log.reveal_account');
    const before = (await reveals()).length;
    const filter = encodeURIComponent(JSON.stringify({ user_id: w.userId }));

    const support = await consoleCall(t, 'get', `/admin-api/capital-logs?filter=${filter}`, tok.support);
    expect(support.status).toBe(200);
    expect(JSON.stringify(support.body)).not.toContain(w.card);
    expect(await reveals()).toHaveLength(before);

    const finance = await consoleCall(t, 'get', `/admin-api/capital-logs?filter=${filter}`, tok.finance);
    expect(JSON.stringify(finance.body)).toContain(w.card);
    const shown = await consoleCall(t, 'get', `/admin-api/capital-logs/${id}`, tok.finance);
    expect(JSON.stringify(shown.body)).toContain(w.card);
    const rows = await reveals();
    expect(rows).toHaveLength(before + 2);
    expect(rows.at(-2)).toMatchObject({ staff_role: 'finance', after: { ids: [id] } });
    expect(rows.at(-1)).toMatchObject({ staff_role: 'finance', target_id: String(id), after: { ids: [id] } });
  });

  it('every CSV export is an audit row: what, which filter and how many rows', async () => {
    const filter = JSON.stringify({ q: 'wd' });
    const res = await consoleCall(t, 'get', `/admin-api/users/export.csv?filter=${encodeURIComponent(filter)}`, tok.superadmin);
    expect(res.status).toBe(200);
    const rows = await auditRows(t, 'users.export');
    expect(rows.at(-1)).toMatchObject({ staff_role: 'superadmin', target_type: 'users', after: { rows: Number(res.headers['x-export-rows']), filter } });
    const logs = await consoleCall(t, 'get', '/admin-api/audit-logs/export.csv', tok.superadmin);
    expect(logs.status).toBe(200);
    expect((await auditRows(t, 'audit-logs.export')).length).toBe(1);
  });
});
