import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ARTICLES, DEMO_BANNERS, DEMO_NOTICES } from '../../../database/src/seeds/demo-content';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from '../../../tools/web/e2e/api';
import { inspect, launch, phoneContext, screenshot, settlePage, SHOTS, toastGone, type Finding } from './kit';
import { startApi, type RunningApi } from './server';

const KEY_LIKE = /\b(home|news|notice|common)\.[a-zA-Z0-9_]+\b/;

/**
 * Localised content (issue 25 point 6) on a phone (390x844) against the real API: the seeded banners (wordless images
 * with the caption in the player's language over them), the notice bar, the news list and an article, in tw and en;
 * axe-core 0 serious or critical, no raw key; screenshots. Then the console's article form, a tab per language (1280x800).
 */
describe('content in the player\u2019s language in Chromium (390x844)', () => {
  let api: RunningApi;
  let browser: Browser;
  const findings: Finding[] = [];
  let token = '';

  beforeAll(async () => {
    api = await startApi();
    browser = await launch(['--disable-quic']);
    const res = await fetch(`${api.base}/index.php/api/user/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: `content${Date.now() % 100000}`, password: 'content-pass-1', invite_code: '100001', adult: true }),
    });
    token = ((await res.json()) as { data: { userinfo: { token: string } } }).data.userinfo.token;
  });

  afterAll(async () => {
    await browser?.close();
    await api?.stop();
  });

  async function phone(locale: 'tw' | 'en'): Promise<{ context: BrowserContext; page: Page }> {
    const context = await phoneContext(browser, api.base);
    await context.addInitScript(
      ([t, l]) => {
        window.localStorage.setItem('token', t);
        window.localStorage.setItem('locale', l);
      },
      [token, locale] as const,
    );
    return { context, page: await context.newPage() };
  }

  async function check(page: Page, screen: string, locale: string): Promise<void> {
    await toastGone(page);
    await inspect(page, findings, screen, locale, { keyLike: KEY_LIKE });
    await screenshot(page, SHOTS, screen, locale);
  }

  for (const locale of ['tw', 'en'] as const) {
    it(`shows banners, the notice bar, news and an article in ${locale}`, async () => {
      const { context, page } = await phone(locale);
      await page.goto('/');
      await settlePage(page, 350);
      const first = DEMO_BANNERS[0]?.titles[locale] ?? '';
      await page.locator('.banner-slide__caption', { hasText: first }).first().waitFor();
      await expect(page.getByRole('link', { name: first }).first().isVisible()).resolves.toBe(true);
      await page
        .getByText(DEMO_NOTICES[0]?.titles[locale] ?? '')
        .first()
        .waitFor();
      await check(page, 'content-home', locale);

      await page.goto('/moreNews');
      await settlePage(page, 350);
      await page
        .getByText(DEMO_ARTICLES[0]?.titles[locale] ?? '')
        .first()
        .waitFor();
      await check(page, 'content-news', locale);
      await page.locator('.adm-list-item').first().click();
      await page.waitForURL((u) => u.pathname === '/aticleDetail');
      await settlePage(page, 350);
      await page.locator('.article__body').waitFor();
      await check(page, 'content-article', locale);
      await context.close();
    });
  }

  it('the console edits an article per language (1280x800)', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, baseURL: api.base, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/admin/#/login');
    await page.getByLabel(/帳號|Username/).fill(ADMIN_USERNAME);
    await page.getByLabel(/密碼|Password/).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: /^(登入|Sign in)$/ }).click();
    await page.waitForURL((u) => !u.hash.includes('login'));
    await page.goto('/admin/#/articles/2');
    await page.getByRole('tab', { name: 'English' }).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, SHOTS, 'console-article-edit', 'tw', true);
    await page.getByRole('tab', { name: 'English' }).click();
    await page.waitForTimeout(300);
    await screenshot(page, SHOTS, 'console-article-edit-en-tab', 'tw', true);
    await context.close();
  });

  it('found nothing to fix', () => {
    expect(findings).toEqual([]);
  });
});
