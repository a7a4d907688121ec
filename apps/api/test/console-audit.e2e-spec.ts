import { AuditLogEntity } from '@sum28/database';
import type { DataSource } from 'typeorm';
import { runAuditVerify } from '../src/audit/audit-verify-cli';
import { AuditService } from '../src/audit/audit.service';
import { auditRows, consoleCall, createConsoleApp, roleTokens } from './console-fixtures';
import { requirePostgres, withPgDatabase } from './factories/postgres';
import { ledgerViolations, registerPlayer, type TestApp } from './factories/test-app';

/** Runs `sql` on the audit log with its append-only trigger off, then puts the trigger back (the tamper of the test). */
async function tamper(ds: DataSource, sql: string, params: unknown[], sqliteTrigger = 'audit_logs_no_update'): Promise<void> {
  if (ds.options.type === 'postgres') {
    await ds.query('ALTER TABLE audit_logs DISABLE TRIGGER audit_logs_no_change');
    await ds.query(sql, params);
    await ds.query('ALTER TABLE audit_logs ENABLE TRIGGER audit_logs_no_change');
    return;
  }
  const [trigger] = (await ds.query(`SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = '${sqliteTrigger}'`)) as { sql: string }[];
  if (!trigger) throw new Error('append-only trigger missing');
  await ds.query(`DROP TRIGGER ${sqliteTrigger}`);
  await ds.query(sql, params);
  await ds.query(trigger.sql);
}

async function updateRefused(ds: DataSource): Promise<boolean> {
  try {
    await ds.query(`UPDATE audit_logs SET reason = 'again'`);
    return false;
  } catch {
    return true;
  }
}

function p(ds: DataSource, n: number): string {
  return ds.options.type === 'postgres' ? `$${n}` : '?';
}

/**
 * An anchor kept apart (`/metrics` publishes the head) finds the newest rows deleted, which the chain alone cannot: the
 * check of issue 24, run on SQLite and on PostgreSQL.
 */
async function expectAnchorFindsNewestRowsDeleted(t: TestApp): Promise<void> {
  const metrics = await t.http().get('/metrics');
  const head = /^sum28_audit_chain_head\{hash="([0-9a-f]{64})"\} ([0-9]+)$/m.exec(metrics.text);
  expect(head).not.toBeNull();
  const anchor = `${head?.[2]}:${head?.[1]}`;
  const lines: string[] = [];
  expect(await runAuditVerify(t.ds, (l) => lines.push(l), anchor)).toBe(0);
  expect(lines.join('\n')).toContain(`anchor row ${head?.[2]} in place`);
  // Whoever deletes the newest rows (the anchor among them) leaves a chain that still links.
  await tamper(t.ds, `DELETE FROM audit_logs WHERE id >= ${p(t.ds, 1)}`, [Number(head?.[2])], 'audit_logs_no_delete');
  expect((await t.app.get(AuditService).verify()).ok).toBe(true);
  const after: string[] = [];
  expect(await runAuditVerify(t.ds, (l) => after.push(l), anchor)).toBe(1);
  expect(after.join('\n')).toContain(`anchor row ${head?.[2]} is gone: the newest rows were deleted`);
  expect(await runAuditVerify(t.ds, () => undefined, 'not-an-anchor')).toBe(2);
}

describe('console audit log (I10)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createConsoleApp();
    const tok = await roleTokens(t);
    const player = await registerPlayer(t);
    await consoleCall(t, 'post', `/admin-api/users/${player.userId}/freeze`, tok.operator, { reason: 'review' });
    await consoleCall(t, 'post', `/admin-api/users/${player.userId}/unfreeze`, tok.operator, { reason: 'ok' });
    for (let i = 0; i < 5; i++) await consoleCall(t, 'post', '/admin-api/banners', tok.operator, { image: `/static/banners/b${i}.svg`, title: `b${i}` });
  });
  afterAll(async () => {
    await t.close();
  });

  it('records who, what, target, before/after, reason, IP and time, chained from 64 zeros', async () => {
    const rows = await t.ds.getRepository(AuditLogEntity).find({ order: { id: 'ASC' } });
    expect(rows[0]?.prev_hash).toBe('0'.repeat(64));
    for (let i = 1; i < rows.length; i++) expect(rows[i]?.prev_hash).toBe(rows[i - 1]?.hash);
    const [freeze] = await auditRows(t, 'user.freeze');
    expect(freeze).toMatchObject({
      staff_role: 'operator',
      target_type: 'user',
      reason: 'review',
      before: { status: 'active' },
      after: { status: 'frozen' },
      ip: expect.stringMatching(/127\.0\.0\.1/),
    });
    expect(Number(freeze?.['created_at'])).toBeGreaterThan(0);
    const report = await t.app.get(AuditService).verify();
    expect(report).toMatchObject({ ok: true, rows: rows.length, brokenAt: null });
    expect(await ledgerViolations(t)).toEqual({ violations: 0, failing: [] });
  });

  it('lists audit rows read-only (superadmin), filtered by action, with Content-Range', async () => {
    const tok = await roleTokens(t);
    const res = await consoleCall(t, 'get', `/admin-api/audit-logs?filter=${encodeURIComponent('{"action":"banner.create"}')}&range=[0,2]`, tok.superadmin);
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('audit-logs 0-2/5');
    expect((await consoleCall(t, 'get', '/admin-api/audit-logs', tok.operator)).status).toBe(403);
    const verify = await consoleCall(t, 'get', '/admin-api/audit-logs/verify', tok.superadmin);
    expect(verify.body).toMatchObject({ ok: true, message: expect.stringMatching(/^chain intact \(\d+ rows\)$/) });
  });

  it('flags a staff mutation that left no audit row (I10), and only that', async () => {
    const now = t.clock.now();
    await t.ds.query(`INSERT INTO capital_approvals (capital_log_id, staff_id, decision, created_at) VALUES (987654, 1, 'approve', ${p(t.ds, 1)})`, [now]);
    const v = await ledgerViolations(t);
    expect(v.violations).toBe(1);
    expect(v.failing).toEqual([expect.objectContaining({ id: 'I10', samples: [expect.objectContaining({ what: 'capital_approval' })] })]);
    await t.ds.query(`DELETE FROM capital_approvals WHERE capital_log_id = 987654`);
    expect((await ledgerViolations(t)).violations).toBe(0);
  });

  it('an anchor kept apart (/metrics publishes the head) finds the newest rows deleted, which the chain alone cannot', async () => {
    await expectAnchorFindsNewestRowsDeleted(t);
  });

  it('detects a row edited directly in the database (trigger dropped, row edited, trigger restored): broken at that id, CLI exit 1', async () => {
    const [target] = await auditRows(t, 'banner.create');
    const id = Number(target?.['id']);
    await tamper(t.ds, `UPDATE audit_logs SET reason = 'forged' WHERE id = ${p(t.ds, 1)}`, [id]);
    expect(await updateRefused(t.ds)).toBe(true);

    const report = await t.app.get(AuditService).verify();
    expect(report).toMatchObject({ ok: false, brokenAt: id, reason: 'hash' });
    const lines: string[] = [];
    expect(await runAuditVerify(t.ds, (l) => lines.push(l))).toBe(1);
    expect(lines.join('\n')).toContain(`chain broken at row ${id}`);
    const v = await ledgerViolations(t);
    expect(v.failing.map((c) => (c as { id: string }).id)).toContain('I10');
    console.log(`audit tamper: row ${id} edited, verify -> "${report.message}", CLI exit code 1`);

    // a forger who also rewrites that row's hash breaks the link to the next row
    const row = await t.ds.getRepository(AuditLogEntity).findOneByOrFail({ id });
    const { auditRowHash } = await import('../src/audit/audit-chain');
    await tamper(t.ds, `UPDATE audit_logs SET hash = ${p(t.ds, 1)} WHERE id = ${p(t.ds, 2)}`, [auditRowHash(row.prev_hash, row), id]);
    expect((await t.app.get(AuditService).verify()).brokenAt).toBe(id + 1);
  });
});

describe('console audit log on PostgreSQL: concurrent appends stay one chain, and the anchor holds', () => {
  it('serializes 40 concurrent staff mutations with the advisory lock: chain intact; deleting the newest rows breaks the anchor', async () => {
    requirePostgres();
    await withPgDatabase(async (url) => {
      const t = await createConsoleApp({ DATABASE_URL: url });
      try {
        const tok = await roleTokens(t);
        const before = (await t.app.get(AuditService).verify()).rows;
        const results = await Promise.all(
          Array.from({ length: 40 }, (_, i) =>
            consoleCall(t, 'post', '/admin-api/banners', tok.operator, { image: `/static/banners/pg${i}.svg`, title: `pg${i}` }),
          ),
        );
        expect(results.map((r) => r.status)).toEqual(new Array(40).fill(201));
        const report = await t.app.get(AuditService).verify();
        expect(report).toMatchObject({ ok: true, rows: before + 40 });
        console.log(`PostgreSQL: 40 concurrent audited writes, ${report.message}`);
        await expectAnchorFindsNewestRowsDeleted(t);

        const [row] = await auditRows(t, 'banner.create');
        await tamper(t.ds, `UPDATE audit_logs SET reason = 'forged' WHERE id = $1`, [row?.['id']]);
        expect(await updateRefused(t.ds)).toBe(true);
        expect((await t.app.get(AuditService).verify()).brokenAt).toBe(Number(row?.['id']));
      } finally {
        await t.close();
      }
    });
  });
});
