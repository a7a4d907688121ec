import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, check, type Finding, openConsole, menuNames, signIn, switchLanguage } from './harness';
import { ADMIN_PASSWORD, ADMIN_USERNAME, consoleCall, startApi, type RunningApi } from './server';

interface Row {
  id: number;
  [k: string]: unknown;
}

/**
 * The superadmin in Chromium against the real API: creates a staff member, finds the audit row with its before/after
 * view, verifies the hash chain, disables the new account; the staff and audit screens pass the checks in tw and en.
 */
describe('superadmin journey in Chromium (1440x900)', () => {
  let api: RunningApi;
  let browser: Browser;
  let page: Page;
  let admin: string;
  const findings: Finding[] = [];
  const get = async <T>(path: string): Promise<T> => (await consoleCall(api.base, admin, 'GET', path)) as T;

  beforeAll(async () => {
    api = await startApi();
    admin = await adminToken(api.base);
    ({ browser, page } = await openConsole(api.base, findings));
  });

  afterAll(async () => {
    await browser?.close();
    await api?.stop();
  });

  it('sees the staff and audit entries in its menu', async () => {
    await signIn(page, ADMIN_USERNAME, ADMIN_PASSWORD);
    await page.getByRole('heading', { name: '儀表板', level: 1 }).waitFor();
    const menu = await menuNames(page);
    for (const name of ['儀表板', '玩家', '系統設定', '員工帳號', '稽核日誌']) expect(menu, name).toContain(name);
  });

  it('creates a staff member (a bad username refused on screen first)', async () => {
    await page.getByRole('menuitem', { name: '員工帳號' }).click();
    await page.locator('tbody tr').first().waitFor();
    await check(page, findings, 'staff', 'tw');
    await page.getByRole('link', { name: '建立' }).click();
    await page.locator('input[name="username"]').fill('1bad');
    await page.locator('input[name="password"]').fill('finance-pass-9');
    await page.getByRole('combobox', { name: '角色' }).click();
    await page.getByRole('option', { name: '財務' }).click();
    await page.getByRole('button', { name: '儲存' }).click();
    await page.getByText('4-32 個英文字母、數字或底線，以字母開頭').first().waitFor();
    await check(page, findings, 'staff-create', 'tw');
    await page.locator('input[name="username"]').fill('finance9');
    await page.getByRole('button', { name: '儲存' }).click();
    await page.waitForURL(/#\/staff(\?|$)/);
    await page.getByRole('cell', { name: 'finance9', exact: true }).waitFor();
    const created = (await get<Row[]>(`/admin-api/staff?filter=${encodeURIComponent(JSON.stringify({ q: 'finance9' }))}`))[0] as Row;
    expect(created).toMatchObject({ username: 'finance9', role: 'finance', enabled: true });
  });

  it('disables the new account from its page', async () => {
    await page.getByRole('cell', { name: 'finance9', exact: true }).click();
    await page.waitForURL(/#\/staff\/\d+$/);
    await page.getByLabel('啟用').waitFor();
    await check(page, findings, 'staff-edit', 'tw');
    await page.getByLabel('啟用').uncheck();
    await page.getByRole('button', { name: '儲存' }).click();
    await page.waitForURL(/#\/staff(\?|$)/);
    const row = (await get<Row[]>(`/admin-api/staff?filter=${encodeURIComponent(JSON.stringify({ q: 'finance9' }))}`))[0] as Row;
    expect(row['enabled']).toBe(false);
  });

  it('finds the creation in the audit log, with its before/after view, and verifies the chain', async () => {
    await page.getByRole('menuitem', { name: '稽核日誌' }).click();
    await page.locator('tbody tr').first().waitFor();
    await page.getByRole('button', { name: '驗證雜湊鏈' }).click();
    await page
      .getByTestId('chain-result')
      .getByText(/^雜湊鏈完整（\d+ 筆）$/)
      .waitFor();
    const report = await get<{ ok: boolean; rows: number }>('/admin-api/audit-logs/verify');
    expect(report.ok).toBe(true);
    expect(await page.getByTestId('chain-result').innerText()).toBe(`雜湊鏈完整（${report.rows} 筆）`);
    await check(page, findings, 'audit-logs', 'tw');

    await page.goto(`/admin/#/audit-logs?filter=${encodeURIComponent(JSON.stringify({ action: 'staff.create' }))}`);
    const row = page.locator('tbody tr', { hasText: 'staff.create' }).first();
    await row.waitFor();
    await row.click();
    await page.waitForURL(/#\/audit-logs\/\d+\/show/);
    await page.getByRole('table', { name: '變更前後對照' }).getByRole('cell', { name: 'username', exact: true }).waitFor();
    await expect.poll(() => page.getByRole('cell', { name: '"finance9"' }).count()).toBeGreaterThan(0);
    await check(page, findings, 'audit-log-show', 'tw');
  });

  it('walks the superadmin screens in English', async () => {
    await switchLanguage(page, '繁體中文', 'English');
    for (const [name, hash, ready] of [
      ['staff', '#/staff', 'tbody tr'],
      ['staff-create', '#/staff/create', 'form'],
      ['audit-logs', '#/audit-logs', 'tbody tr'],
    ] as const) {
      await page.goto(`/admin/${hash}`);
      await page.locator(ready).first().waitFor();
      await check(page, findings, name, 'en');
    }
    await page.getByRole('button', { name: 'Verify chain' }).click();
    await page
      .getByTestId('chain-result')
      .getByText(/^Chain intact \(\d+ rows\)$/)
      .waitFor();
    await page.locator('tbody tr').first().click();
    await page.getByRole('table', { name: 'Before / after' }).waitFor();
    await check(page, findings, 'audit-log-show', 'en');
  });

  it('finds 0 serious or critical axe violations, no raw key and no page error', () => {
    expect(findings).toEqual([]);
  });
});
