import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, check, type Finding, openConsole, menuResources, newPlayer, playerCall, signIn, signOut } from './kit';
import { consoleCall, putSetting, type RunningApi, startApi } from './server';
import { currentStep, totpCode } from './totp';

interface Log {
  id: number;
  status: number;
  remark: string;
  approvals: { staff_id: number; decision: string }[];
}

/** Resources finance may not list (role matrix): never in their menu. */
const NOT_FOR_FINANCE = ['banners', 'articles', 'notices', 'staff', 'audit-logs'];

/**
 * Finance in Chromium against the real API: approves a recharge, rejects a withdrawal with a reason (bulk, the total
 * listed), records the first of two approvals on a large withdrawal (then sees Approve disabled) and a second finance
 * member completes it; a gift request is blocked for its requester and approved by the other member; TOTP enrolment
 * with the QR code. axe-core on every screen, screenshots in tw and en.
 */
describe('finance journey in Chromium (1440x900)', () => {
  let api: RunningApi;
  let browser: Browser;
  let page: Page;
  let admin: string;
  const findings: Finding[] = [];
  const ids = { recharge: 0, smallWithdrawal: 0, largeWithdrawal: 0, gift: 0 };
  let player1 = { id: 0, username: '' };

  const log = async (id: number): Promise<Log> => (await consoleCall(api.base, admin, 'GET', `/admin-api/capital-logs/${id}`)) as Log;
  const rowOf = (id: number) => page.locator(`tbody tr:has(td.column-id:text-is("${id}"))`);

  beforeAll(async () => {
    api = await startApi();
    admin = await adminToken(api.base);
    for (const u of ['finance1', 'finance2'])
      await consoleCall(api.base, admin, 'POST', '/admin-api/staff', { username: u, password: `${u}-pass-1`, role: 'finance' });
    // No wagering needed to withdraw; withdrawals from 500.00 a day need two different approvers.
    // (money controls: an operator asks, the superadmin approves)
    await putSetting(api.base, admin, 'turnover_multiplier_bps', 0);
    await putSetting(api.base, admin, 'withdraw_two_approver_threshold', '500');

    // A pending recharge (paid in USD).
    const p1 = await newPlayer(api.base, 'rch');
    player1 = { id: p1.id, username: p1.username };
    await playerCall(api.base, p1.token, 'recharge', { money: '150.25', type: 'USD' });
    // A funded player with a payout account and two pending withdrawals: 200.00 and 1,000.00 (>= the threshold).
    const p2 = await newPlayer(api.base, 'wdr');
    await playerCall(api.base, p2.token, 'recharge', { money: '5000', type: 'TWD' });
    const [funding] = (await consoleCall(
      api.base,
      admin,
      'GET',
      `/admin-api/capital-logs?filter=${encodeURIComponent(JSON.stringify({ user_id: p2.id }))}`,
    )) as Log[];
    await consoleCall(api.base, admin, 'POST', `/admin-api/capital-logs/${funding?.id}/approve`, {});
    await playerCall(api.base, p2.token, 'setSafety', { new_code: '246810' });
    await playerCall(api.base, p2.token, 'setPayInfo', {
      type: 0,
      acc: 'Chen Mei',
      acc_name: '6222020200112233',
      acc_bank: 'Test Bank',
      securityCode: '246810',
    });
    await playerCall(api.base, p2.token, 'withdrawAction', { type: 0, money: '200', securityCode: '246810' });
    await playerCall(api.base, p2.token, 'withdrawAction', { type: 0, money: '1000', securityCode: '246810' });
    const logs = (await consoleCall(api.base, admin, 'GET', `/admin-api/capital-logs?filter=${encodeURIComponent(JSON.stringify({ status: 0 }))}`)) as (Log & {
      type: number;
      quantity: number;
    })[];
    ids.recharge = logs.find((l) => l.type === 0)?.id ?? 0;
    ids.smallWithdrawal = logs.find((l) => l.type === 1 && l.quantity === 200)?.id ?? 0;
    ids.largeWithdrawal = logs.find((l) => l.type === 1 && l.quantity === 1000)?.id ?? 0;
    expect(
      Object.values(ids)
        .slice(0, 3)
        .every((x) => x > 0),
    ).toBe(true);

    ({ browser, page } = await openConsole(api.base, findings));
  });

  afterAll(async () => {
    await browser?.close();
    await api?.stop();
  });

  it('finance signs in (tw) and sees only its menu', async () => {
    await page.goto('/admin/');
    await signIn(page, 'finance1', 'finance1-pass-1', 'tw');
    // Signed in: the first screen is the dashboard (or where the last session was); the players list is our start.
    await page.waitForURL((u) => !u.hash.startsWith('#/login'));
    await page.goto('/admin/#/users');
    await page.locator('tbody tr').first().waitFor();
    const menu = await menuResources(page);
    expect(menu).toContain('capital-logs');
    expect(menu).toContain('users');
    expect(menu.filter((r) => NOT_FOR_FINANCE.includes(r))).toEqual([]);
  });

  it('approves a recharge: the amount paid and its rate are shown', async () => {
    await page.getByRole('menuitem', { name: '資金紀錄' }).click();
    await page.waitForURL(/#\/capital-logs/);
    await page.getByRole('tab', { name: '審核中', exact: true }).waitFor();
    await rowOf(ids.largeWithdrawal).waitFor();
    await check(page, findings, 'capital-logs', 'tw');
    await page.getByRole('tab', { name: '充值', exact: true }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await rowOf(ids.recharge).click();
    await page.waitForURL(new RegExp(`#/capital-logs/${ids.recharge}/show`));
    await page.getByText('匯率').waitFor();
    await page.getByText('USD').first().waitFor();
    await check(page, findings, 'capital-log-recharge', 'tw');
    await page.getByRole('button', { name: '核准', exact: true }).click();
    await page.getByRole('dialog').getByText('1 筆，總金額 150.25').waitFor();
    await check(page, findings, 'capital-log-approve-dialog', 'tw');
    await page.getByRole('button', { name: '確認核准' }).click();
    await page.getByText('已核准').first().waitFor();
    await expect.poll(async () => (await log(ids.recharge)).status).toBe(1);
  });

  it('rejects a withdrawal in bulk: the total is listed and a reason is required', async () => {
    await page.goto('/admin/#/capital-logs');
    await page.getByRole('tab', { name: '提領', exact: true }).click();
    await rowOf(ids.smallWithdrawal).waitFor();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2);
    await page.getByRole('checkbox', { name: `選取紀錄 ${ids.smallWithdrawal}` }).check();
    await page.getByTestId('bulk-bar').waitFor();
    await page.getByTestId('bulk-bar').getByRole('button', { name: '駁回', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('1 筆，總金額 200.00').waitFor();
    await dialog.getByRole('button', { name: '確認駁回' }).click();
    await dialog.getByText('請填寫原因：玩家會看到。').waitFor();
    await check(page, findings, 'capital-logs-reject-dialog', 'tw');
    expect((await log(ids.smallWithdrawal)).status).toBe(0);
    await dialog.getByLabel('駁回原因').fill('Account name does not match');
    await dialog.getByRole('button', { name: '確認駁回' }).click();
    await expect.poll(async () => (await log(ids.smallWithdrawal)).status).toBe(2);
    expect((await log(ids.smallWithdrawal)).remark).toBe('Account name does not match');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
  });

  it('records the first of two approvals on a large withdrawal, then sees Approve disabled', async () => {
    await rowOf(ids.largeWithdrawal).click();
    await page.waitForURL(new RegExp(`#/capital-logs/${ids.largeWithdrawal}/show`));
    // The payout account is unmasked for finance (they pay it).
    await page.getByText('6222020200112233').waitFor();
    await page.getByRole('button', { name: '核准', exact: true }).click();
    await page.getByRole('dialog').getByText('1 筆，總金額 1,000.00').waitFor();
    await page.getByRole('button', { name: '確認核准' }).click();
    await page.getByTestId('maker-checker').getByText('finance1 已完成第一次核准').waitFor();
    await page.getByText('您已完成第一次核准：須由另一位員工進行第二次核准。').waitFor();
    await expect.poll(() => page.getByRole('button', { name: '核准', exact: true }).isDisabled()).toBe(true);
    await check(page, findings, 'capital-log-first-approval', 'tw');
    const l = await log(ids.largeWithdrawal);
    expect([l.status, l.approvals.length]).toEqual([0, 1]);

    await page.goto('/admin/#/capital-logs');
    await page.getByRole('tab', { name: '待第二人覆核' }).click();
    await rowOf(ids.largeWithdrawal).waitFor();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await check(page, findings, 'capital-logs-awaiting-second', 'tw');
  });

  it('requests a gift for a player; as its requester cannot approve it', async () => {
    await page.goto(`/admin/#/users/${player1.id}/show`);
    await page.getByRole('button', { name: '贈送' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('金額').fill('50');
    await dialog.getByLabel('原因').fill('Birthday bonus');
    await check(page, findings, 'user-gift-dialog', 'tw');
    await dialog.getByRole('button', { name: '申請贈送' }).click();
    await page.getByText(/已建立贈送申請 #\d+/).waitFor();
    const gifts = (await consoleCall(
      api.base,
      admin,
      'GET',
      `/admin-api/capital-logs?filter=${encodeURIComponent(JSON.stringify({ user_id: player1.id, type: 4 }))}`,
    )) as Log[];
    ids.gift = gifts[0]?.id ?? 0;
    await page.goto(`/admin/#/capital-logs/${ids.gift}/show`);
    await page.getByText('此贈送由您申請：須由另一位員工核准。').waitFor();
    expect(await page.getByRole('button', { name: '核准', exact: true }).isDisabled()).toBe(true);
    await signOut(page, 'tw');
  });

  it('a second finance member (en) completes the two-approver withdrawal and approves the gift', async () => {
    await page.getByRole('button', { name: '繁體中文' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await signIn(page, 'finance2', 'finance2-pass-1', 'en');
    // Signed in: the first screen is the dashboard (or where the last session was); the players list is our start.
    await page.waitForURL((u) => !u.hash.startsWith('#/login'));
    await page.goto('/admin/#/users');
    await page.locator('tbody tr').first().waitFor();
    await page.goto('/admin/#/capital-logs');
    await rowOf(ids.largeWithdrawal).waitFor();
    await check(page, findings, 'capital-logs', 'en');
    await rowOf(ids.largeWithdrawal).click();
    await page.getByText('First approval recorded by finance1: waiting for a second, different approver.').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Approve', exact: true }).isDisabled()).toBe(false);
    await check(page, findings, 'capital-log-second-approval', 'en');
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.getByRole('dialog').getByText('1 record, total amount 1,000.00').waitFor();
    await check(page, findings, 'capital-log-approve-dialog', 'en');
    await page.getByRole('button', { name: 'Confirm approval' }).click();
    await expect.poll(async () => (await log(ids.largeWithdrawal)).status).toBe(1);
    expect(new Set((await log(ids.largeWithdrawal)).approvals.map((a) => a.staff_id)).size).toBe(2);
    await page.getByText('Approved').first().waitFor();
    await check(page, findings, 'capital-log-withdrawal-approved', 'en');

    await page.goto(`/admin/#/capital-logs/${ids.gift}/show`);
    await expect.poll(() => page.getByRole('button', { name: 'Approve', exact: true }).isDisabled()).toBe(false);
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.getByRole('button', { name: 'Confirm approval' }).click();
    await expect.poll(async () => (await log(ids.gift)).status).toBe(1);
  });

  it('enrols an authenticator with the QR code (en)', async () => {
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('menuitem', { name: 'Two-step verification' }).click();
    await page.getByRole('menuitem', { name: 'Two-step verification' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Set up' }).click();
    await page.getByRole('img', { name: 'QR code for the authenticator app' }).waitFor();
    const secret = (await page.getByTestId('totp-secret').innerText()).trim();
    await check(page, findings, 'account-totp-setup', 'en');
    const enrolStep = currentStep();
    await page.getByLabel('Verification code').fill(totpCode(secret, enrolStep));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByTestId('totp-on').waitFor();
    await check(page, findings, 'account-totp-on', 'en');
    const me = (await consoleCall(api.base, await staffTokenWithOtp(secret, enrolStep), 'GET', '/admin-api/auth/me')) as { totp_enabled: boolean };
    expect(me.totp_enabled).toBe(true);
  });

  async function staffTokenWithOtp(secret: string, enrolStep: number): Promise<string> {
    const { token } = (await consoleCall(api.base, null, 'POST', '/admin-api/auth/login', {
      username: 'finance2',
      password: 'finance2-pass-1',
      otp: totpCode(secret, Math.max(currentStep(), enrolStep + 1)),
    })) as { token: string };
    return token;
  }

  it('finds 0 serious or critical axe violations, no raw key and no page error', () => {
    expect(findings).toEqual([]);
  });
});
