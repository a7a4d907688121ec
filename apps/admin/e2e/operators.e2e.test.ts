import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_LIMIT_MS, adminToken, check, consolePage, type Finding, openConsole, menuNames, signIn, switchLanguage } from './harness';
import { ADMIN_PASSWORD, ADMIN_USERNAME, consoleCall, startApi, type RunningApi } from './server';

interface Row {
  id: number;
  [k: string]: unknown;
}

/**
 * An operator in Chromium against the real API (scheduler on, so a round is open): sees only its menu, edits odds (an
 * above-fair value is refused on screen and never sent), voids a round with a reason; every operator screen passes
 * axe-core, the raw-key check and gets a screenshot in tw and en.
 */
describe('operator journey in Chromium (1440x900)', () => {
  let api: RunningApi;
  let browser: Browser;
  let page: Page;
  let admin: string;
  const findings: Finding[] = [];
  const oddsWrites: string[] = [];

  const get = async <T>(path: string): Promise<T> => (await consoleCall(api.base, admin, 'GET', path)) as T;

  beforeAll(async () => {
    api = await startApi({ SCHEDULER: 'on' });
    admin = await adminToken(api.base);
    await consoleCall(api.base, admin, 'POST', '/admin-api/staff', { username: 'operator1', password: 'operator-pass-1', role: 'operator' });
    ({ browser, page } = await openConsole(api.base, findings));
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/admin-api/odds/')) oddsWrites.push(r.postData() ?? '');
    });
  });

  afterAll(async () => {
    await browser?.close();
    await api?.stop();
  });

  it('signs in to the dashboard and sees only the operator menu', async () => {
    await signIn(page, 'operator1', 'operator-pass-1');
    await page.getByRole('heading', { name: '儀表板', level: 1 }).waitFor();
    await page.getByTestId('pending-approvals').waitFor();
    await page.getByRole('heading', { name: '公平性監控：開獎號碼分布' }).waitFor();
    const menu = await menuNames(page);
    for (const name of ['儀表板', '玩家', '遊戲', '房間', '賠率', '期數', '注單', '輪播圖', '文章', '公告與訊息', '系統設定'])
      expect(menu, name).toContain(name);
    for (const name of ['員工帳號', '稽核日誌']) expect(menu, name).not.toContain(name);
    await check(page, findings, 'dashboard', 'tw');
  });

  it('edits odds: the RTP follows the typing, above fair is refused on screen, a fair value is saved', async () => {
    await page.goto('/admin/#/plans');
    await page.locator('tbody tr').first().waitFor();
    await check(page, findings, 'plans', 'tw');
    await page.locator('tbody tr').first().getByRole('link', { name: '賠率' }).click();
    await page.waitForURL(/#\/odds\?filter=/);
    const bigRow = page.locator('tbody tr', { has: page.getByRole('cell', { name: 'big', exact: true }) });
    await bigRow.waitFor();
    await check(page, findings, 'odds', 'tw');
    await bigRow.click();
    await page.waitForURL(/#\/odds\/\d+$/);
    const id = Number(/#\/odds\/(\d+)$/.exec(page.url())?.[1]);
    const before = await get<Row>(`/admin-api/odds/${id}`);
    expect(before['play_type']).toBe('big');

    const input = page.getByLabel('賠率', { exact: true });
    await page.getByTestId('odds-rtp').getByText('此賠率的返還率：97.00%').waitFor();
    await input.fill('2.05');
    await page.getByTestId('odds-rtp').getByText('此賠率的返還率：102.50%').waitFor();
    await page.getByRole('button', { name: '儲存' }).click();
    await page.getByText('賠率高於公平賠率（返還率超過 100%），最高 2.000').waitFor();
    await check(page, findings, 'odds-edit-above-fair', 'tw');
    expect(oddsWrites).toEqual([]);
    expect((await get<Row>(`/admin-api/odds/${id}`))['odds']).toBe(before['odds']);

    await input.fill('1.95');
    await page.getByTestId('odds-rtp').getByText('此賠率的返還率：97.50%').waitFor();
    await page.getByRole('button', { name: '儲存' }).click();
    await page.waitForURL(/#\/odds(\?|$)/);
    expect(oddsWrites.map((b) => JSON.parse(b) as unknown)).toEqual([{ odds: '1.95' }]);
    const after = await get<Row>(`/admin-api/odds/${id}`);
    expect(after['odds']).toBe(1.95);
    expect(after['rtp_percent']).toBe(97.5);
  });

  it('voids an open round with a reason (required); the void button is then disabled', async () => {
    await expect
      .poll(async () => (await get<Row[]>('/admin-api/rounds')).filter((r) => r['state'] === 'open').length, { timeout: ACTION_LIMIT_MS })
      .toBeGreaterThan(0);
    const open = (await get<Row[]>('/admin-api/rounds')).find((r) => r['state'] === 'open') as Row;
    await page.goto('/admin/#/rounds');
    await page.locator('tbody tr').first().waitFor();
    await check(page, findings, 'rounds', 'tw');
    await page.goto(`/admin/#/rounds/${open.id}/show`);
    await page.getByText(String(open['issue'])).first().waitFor();
    await page.getByText('開獎後公開').waitFor();
    await check(page, findings, 'round-show', 'tw');
    await page.getByRole('button', { name: '作廢本期' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: '確認作廢並退款' }).click();
    await dialog.getByText('請填寫作廢原因').waitFor();
    await check(page, findings, 'round-void', 'tw');
    await dialog.getByLabel('作廢原因').fill('開獎來源異常，全數退款');
    await dialog.getByRole('button', { name: '確認作廢並退款' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('已作廢').first().waitFor();
    const voided = await get<Row>(`/admin-api/rounds/${open.id}`);
    expect(voided['state']).toBe('void');
    expect(voided['void_reason']).toBe('開獎來源異常，全數退款');
    await expect.poll(() => page.getByRole('button', { name: '作廢本期' }).isDisabled()).toBe(true);
  });

  it('exports the rounds list as CSV with the state filter applied', async () => {
    await page.goto(`/admin/#/rounds?filter=${encodeURIComponent(JSON.stringify({ state: 'void' }))}`);
    await page.locator('tbody tr').first().waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '匯出' }).click()]);
    expect(download.suggestedFilename()).toBe('rounds.csv');
    const lines = (await readFile((await download.path()) as string, 'utf8')).trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^\uFEFF?id,game_id,issue,state,/);
    expect(lines.length).toBe(1 + (await page.locator('tbody tr').count()));
    expect(lines.slice(1).every((l) => l.split(',')[3] === 'void')).toBe(true);
  });

  it('walks every operator screen in tw and en', async () => {
    const screens: Array<[string, string, string]> = [
      ['games', '#/games', 'tbody tr'],
      ['game-edit', '#/games/1', 'form'],
      ['bets', '#/bets', 'main'],
      ['banners', '#/banners', 'tbody tr'],
      ['banner-create', '#/banners/create', 'form'],
      ['articles', '#/articles', 'tbody tr'],
      ['article-create', '#/articles/create', '.ProseMirror'],
      ['notices', '#/notices', 'tbody tr'],
      ['notice-create', '#/notices/create', 'form'],
      ['settings', '#/settings', 'form'],
      ['plan-edit', '#/plans/1', 'form'],
    ];
    for (const locale of ['tw', 'en']) {
      if (locale === 'en') {
        await switchLanguage(page, '繁體中文', 'English');
        await page.goto('/admin/#/');
        await page.getByRole('heading', { name: 'Fairness monitor: draw frequencies' }).waitFor();
        await check(page, findings, 'dashboard', 'en');
        await page.goto('/admin/#/odds');
        await page.locator('tbody tr').first().click();
        await page.getByTestId('odds-rtp').waitFor();
        await check(page, findings, 'odds-edit', 'en');
      }
      for (const [name, hash, ready] of screens) {
        await page.goto(`/admin/${hash}`);
        await page.locator(ready).first().waitFor();
        await check(page, findings, name, locale);
      }
    }
  });

  it('saves a setting from the grouped form and shows a refused value under its field', async () => {
    await page.goto('/admin/#/settings');
    const cs = page.getByLabel('Customer-service hours');
    await cs.fill('25:00-26:00');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').filter({ hasText: /./ }).first().waitFor();
    expect((await get<Row>('/admin-api/settings/cs_hours'))['value']).toBe('');
    await cs.fill('10:00-22:00');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await get<Row>('/admin-api/settings/cs_hours'))['value']).toBe('10:00-22:00');
  });

  it('a money control changed on the form waits for a second superadmin, who approves it on their own screen', async () => {
    await page.goto('/admin/#/settings');
    const stake = page.getByLabel('Maximum stake');
    await stake.fill('20000');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('1 sent for approval by a second superadmin').waitFor();
    const notice = page.getByTestId('pending-max_stake');
    await notice.getByText(/Waiting for a second superadmin: 20000 \(asked by operator1/).waitFor();
    await notice.getByRole('button', { name: 'Withdraw' }).waitFor();
    expect(await notice.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect((await get<Row>('/admin-api/settings/max_stake'))['value']).toBe(1_000_000); // not yet in force
    await expect.poll(() => stake.inputValue()).toBe('1000000'); // and the field shows the value in force
    await check(page, findings, 'settings-pending', 'en');

    // The superadmin, at another desk (in tw): the same notice, with approve and reject.
    const desk = await consolePage(page.context().browser() as Browser, api.base, findings);
    try {
      await signIn(desk, ADMIN_USERNAME, ADMIN_PASSWORD);
      await desk.goto('/admin/#/settings');
      const theirs = desk.getByTestId('pending-max_stake');
      await theirs.getByText(/等待另一位超級管理員審核：20000/).waitFor();
      await check(desk, findings, 'settings-pending', 'tw');
      await theirs.getByRole('button', { name: '核准' }).click();
      await desk.getByText('變更已核准並生效').waitFor();
      await expect.poll(async () => (await get<Row>('/admin-api/settings/max_stake'))['value']).toBe(20_000);
      await theirs.waitFor({ state: 'detached' });
    } finally {
      await desk.context().close();
    }
  });

  it('finds 0 serious or critical axe violations, no raw key and no page error', () => {
    expect(findings).toEqual([]);
  });
});
