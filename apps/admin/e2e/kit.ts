import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { ADMIN_PASSWORD, ADMIN_USERNAME, consoleCall, REPO } from './server';

/** Shared pieces of the console journeys (console.e2e.test.ts keeps its own copy). */
export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const SHOTS = process.env['UPDATE_SCREENSHOTS'] === '1' ? join(REPO, 'docs', 'screenshots', 'admin') : join(REPO, 'reports', 'screenshots', 'admin');
const KEY_LIKE = /\b(ra|app|resources)\.[a-z_-]+\.[a-zA-Z0-9_.-]+\b/;

export interface Finding {
  screen: string;
  problem: string;
}

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/** axe-core (serious and critical only), no raw translation key / undefined / NaN on screen, and a screenshot. */
export async function check(page: Page, findings: Finding[], screen: string, locale: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  // No hover tooltip left over from the last click, and dialogs, menus and tooltips past their fade (axe judges contrast).
  await page.mouse.move(1430, 890);
  await page.waitForTimeout(150);
  await page
    .evaluate(() =>
      Promise.race([
        Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
        new Promise((done) => setTimeout(done, 2000)), // an endless animation (a spinner) never finishes
      ]),
    )
    .catch(() => undefined);
  // react-admin's loading spinners (app bar, reference fields) are transient: judge the settled screen.
  await page
    .locator('[role="progressbar"]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  for (const v of axe.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
    findings.push({ screen: `${locale}/${screen}`, problem: `axe ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}` });
  }
  const text = await page.locator('body').innerText();
  const key = KEY_LIKE.exec(text);
  if (key !== null) findings.push({ screen: `${locale}/${screen}`, problem: `raw key ${key[0]}` });
  if (/\bundefined\b|\bNaN\b/.test(text)) findings.push({ screen: `${locale}/${screen}`, problem: 'undefined or NaN on screen' });
  if (locale === 'en' && /[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/.test(text))
    findings.push({ screen: `en/${screen}`, problem: 'CJK text on an English screen' });
  mkdirSync(join(SHOTS, locale), { recursive: true });
  await page.screenshot({ path: join(SHOTS, locale, `${screen}.png`), fullPage: true });
}

export async function adminToken(base: string): Promise<string> {
  const { token } = (await consoleCall(base, null, 'POST', '/admin-api/auth/login', { username: ADMIN_USERNAME, password: ADMIN_PASSWORD })) as {
    token: string;
  };
  return token;
}

export async function staffToken(base: string, username: string, password: string): Promise<string> {
  const { token } = (await consoleCall(base, null, 'POST', '/admin-api/auth/login', { username, password })) as { token: string };
  return token;
}

/** One player API call (`/index.php/api/user/<path>`, the `token` header); throws unless the envelope says code 1. */
export async function playerCall(base: string, token: string | null, path: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await fetch(`${base}/index.php/api/user/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token !== null ? { token } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; data?: Record<string, unknown>; msg?: string };
  if (json.code !== 1) throw new Error(`${path}: ${JSON.stringify(json)}`);
  return json.data ?? {};
}

let seq = 0;
/** A new player (invited by the seeded house agent) with a token. */
export async function newPlayer(base: string, prefix: string): Promise<{ id: number; username: string; token: string; password: string }> {
  seq++;
  const username = `${prefix}${String(Date.now() % 100000)}${seq}`.slice(0, 20);
  const password = 'secret123';
  const data = await playerCall(base, null, 'register', { username, password, invite_code: '100001', adult: true });
  const info = data['userinfo'] as { token: string; user_id: number };
  return { id: info.user_id, username, token: info.token, password };
}

/** Signs in through the login page (tw or en labels). */
export async function signIn(page: Page, username: string, password: string, locale: 'tw' | 'en'): Promise<void> {
  const L = locale === 'tw' ? { user: '帳號', pass: '密碼', go: '登入' } : { user: 'Username', pass: 'Password', go: 'Sign in' };
  await page.getByLabel(L.user).fill(username);
  await page.getByLabel(L.pass).fill(password);
  await page.getByRole('button', { name: L.go, exact: true }).click();
}

/** Signs out through the user menu. */
export async function signOut(page: Page, locale: 'tw' | 'en'): Promise<void> {
  await page.getByRole('button', { name: locale === 'tw' ? '個人資料' : 'Profile' }).click();
  await page.getByRole('menuitem', { name: locale === 'tw' ? '登出' : 'Logout' }).click();
  await page.waitForURL(/#\/login$/);
}

/** The resources the side menu links to (`#/<resource>`). */
export async function menuResources(page: Page): Promise<string[]> {
  await page.locator('[role="menuitem"][href*="#/"]').first().waitFor();
  const hrefs = await page.locator('[role="menuitem"][href*="#/"]').evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? ''));
  return hrefs.map((h) => h.replace(/^.*#\//, '').split(/[/?]/)[0] ?? '').filter((r) => r !== '');
}
