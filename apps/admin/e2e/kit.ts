import type { Browser, Page } from 'playwright-core';
import {
  ACTION_LIMIT_MS,
  animationsDone,
  inspect,
  launch as launchChromium,
  limited,
  screenshot,
  shotsDir,
  type Finding,
} from '../../../tools/web/e2e/browser';
import { consoleCall } from './server';

/** Shared pieces of the console journeys, on the web apps' browser kit (tools/web/e2e/browser.ts). */
export { ACTION_LIMIT_MS, CHROMIUM, type Finding } from '../../../tools/web/e2e/browser';
export { adminToken } from './server';
export const SHOTS = shotsDir('admin');
const KEY_LIKE = /\b(ra|app|resources)\.[a-z_-]+\.[a-zA-Z0-9_.-]+\b/;

/** Chromium for the console (QUIC off as well). */
export function launch(): Promise<Browser> {
  return launchChromium(['--disable-quic']);
}

/** Chromium with one desktop page (1440x900, zh-TW) on the console at `base`; an uncaught page error is a finding. */
export async function openConsole(base: string, findings: Finding[]): Promise<{ browser: Browser; page: Page }> {
  const browser = await launch();
  return { browser, page: await consolePage(browser, base, findings) };
}

/** A page of its own (cookies, storage: a second member of staff at another desk) in a running browser. */
export async function consolePage(browser: Browser, base: string, findings: Finding[]): Promise<Page> {
  const context = limited(await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1, baseURL: base, locale: 'zh-TW' }));
  const page = await context.newPage();
  page.on('pageerror', (e) => findings.push({ screen: 'page', problem: `uncaught: ${e.message}` }));
  return page;
}

/** axe-core (serious and critical only), no raw translation key / undefined / NaN on screen, and a full-page screenshot. */
export async function check(page: Page, findings: Finding[], screen: string, locale: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  // No hover tooltip left over from the last click, and dialogs, menus and tooltips past their fade (axe judges contrast).
  await page.mouse.move(1430, 890);
  await page.waitForTimeout(150);
  // A notification from the step before (react-admin hides it after 4 s, fading out) is not part of this screen: a
  // hash navigation keeps it, and axe would judge its contrast half-faded. One still there after 8 s stays and is judged.
  await page
    .locator('.MuiSnackbar-root')
    .first()
    .waitFor({ state: 'detached', timeout: 8000 })
    .catch(() => undefined);
  await animationsDone(page);
  // react-admin's loading spinners (app bar, reference fields) are transient: judge the settled screen.
  await page
    .locator('[role="progressbar"]')
    .first()
    .waitFor({ state: 'detached', timeout: ACTION_LIMIT_MS })
    .catch(() => undefined);
  await inspect(page, findings, screen, locale, { keyLike: KEY_LIKE, undefinedOrNaN: true, cjkOnEnglish: true });
  await screenshot(page, SHOTS, screen, locale, true);
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
  const password = 'secret-pw-123';
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
