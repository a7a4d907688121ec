import { runLedgerCheck } from '../src/ledger/ledger-check';
import { consoleCall, createConsoleApp, roleTokens, staffOf } from './console-fixtures';
import { registerPlayer, type TestApp } from './factories/test-app';
import { post } from './wallet-fixtures';

/**
 * Issue 24.7: sums as safe as balances. Every balance stays far below 2^53 cents, but a sum over many of them need not:
 * a finance member's approved total of the day and the dashboard's windows answered 500 (`not a safe integer`) once
 * they passed it. They are summed exactly (bigint) and answered; `ledger:check` compares the same totals with the
 * ledger (I14).
 */
describe('sums past 2^53 cents', () => {
  let t: TestApp;
  let tok: Awaited<ReturnType<typeof roleTokens>>;
  beforeAll(async () => {
    t = await createConsoleApp();
    tok = await roleTokens(t);
  });
  afterAll(async () => {
    await t.close();
  });

  // 40,000,000,000,000.01 each (a safe integer of cents); three of them: 120,000,000,000,000.03, past 2^53 cents.
  const AMOUNT = 4_000_000_000_000_001;
  const TOTAL_TEXT = '12000000000000003';

  it("a finance member's day and the dashboard past 2^53 cents answer exactly (never 500), and ledger:check compares them with the ledger", async () => {
    const rich = await registerPlayer(t);
    const finance = await staffOf(t, 'finance');
    const now = t.clock.now();
    // Three approved recharges as a database that grew for years would hold them (planted: no posting, see I14 below).
    for (let i = 0; i < 3; i++) {
      await t.ds.query(
        `INSERT INTO capital_logs (user_id, type, quantity_minor, over_minor, currency, mark, status, remark, resolved_by, resolved_at, created_at)
         VALUES (${rich.userId}, 0, ${AMOUNT}, 0, 'TWD', '', 1, '', ${finance.id}, ${now}, ${now})`,
      );
      const [row] = (await t.ds.query(`SELECT MAX(id) AS id FROM capital_logs`)) as Array<{ id: number | string }>;
      await t.ds.query(
        `INSERT INTO capital_approvals (capital_log_id, staff_id, decision, created_at) VALUES (${Number(row?.id)}, ${finance.id}, 'approve', ${now})`,
      );
    }

    const stats = await consoleCall(t, 'get', '/admin-api/stats', tok.superadmin);
    expect(stats.status).toBe(200);
    expect(stats.body.windows[0]).toMatchObject({ window: 'today', recharges: 120_000_000_000_000.03 });

    // The same member's next approval is refused by the day's limit, with the exact total used: not a 500.
    const p = await registerPlayer(t);
    const recharge = await post(t, 'recharge', p.token, { money: '100', type: 'TWD' });
    const refused = await consoleCall(t, 'post', `/admin-api/capital-logs/${recharge.body.data.id}/approve`, finance.token, {});
    expect([refused.status, refused.body.error]).toEqual([403, 'STAFF_DAILY_LIMIT']);
    expect(refused.body.message).toContain('120000000000000.03');

    // The dashboard's total is the capital logs'; the ledger never saw these three: I14 says so, exactly.
    const report = await runLedgerCheck(t.ds);
    const i14 = report.checks.find((c) => c.id === 'I14');
    expect(i14?.violations).toBe(1);
    expect(i14?.samples[0]).toMatchObject({ kind: 'recharge', capital_logs: TOTAL_TEXT, ledger: '0' });
  });
});
