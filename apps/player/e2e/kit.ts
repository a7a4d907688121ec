import type { BrowserContext, Page } from 'playwright-core';
import { ACTION_LIMIT_MS, shotsDir } from '../../../tools/web/e2e/browser';

/** Shared pieces of the player journeys, on the web apps' browser kit (tools/web/e2e/browser.ts). */
export { ACTION_LIMIT_MS, animationsDone, inspect, launch, phoneContext, screenshot, type Finding } from '../../../tools/web/e2e/browser';
export const SHOTS = shotsDir();

/**
 * Waits until no toast is on the screen (transient toasts fade over it: check and shoot the screen itself), and
 * stays gone for 400 ms: a loading toast is often followed at once by the result's toast.
 */
export async function toastGone(page: Page): Promise<void> {
  const toast = page.locator('.adm-toast-mask');
  for (let i = 0; i < 5; i++) {
    await toast.waitFor({ state: 'detached', timeout: 8000 }).catch(() => undefined);
    await page.waitForTimeout(400);
    if ((await toast.count()) === 0) return;
  }
}

/** Waits for the screen to settle (no start-up overlay, no skeleton, no loading toast), then `pauseMs` more. */
export async function settlePage(page: Page, pauseMs: number): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.locator('.startup').waitFor({ state: 'detached', timeout: ACTION_LIMIT_MS });
  await page.locator('.page-loading').waitFor({ state: 'detached', timeout: ACTION_LIMIT_MS });
  await page.waitForTimeout(pauseMs);
}

/** Client-side navigation (as a tap on a link would do), without reloading the app; then the screen settles. */
export async function goTo(page: Page, path: string, pauseMs: number): Promise<void> {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await settlePage(page, pauseMs);
}

/**
 * Loads `path` afresh. When the app is itself navigating at that moment (a session that staff ended sends it to
 * /login on its next call), Chromium aborts one of the two loads: that is not a failure as long as the page ends
 * on `path`.
 */
export async function load(page: Page, path: string): Promise<void> {
  try {
    await page.goto(path);
  } catch (e) {
    if (!String(e).includes('net::ERR_ABORTED')) throw e;
    await page.waitForURL((u) => u.pathname === path, { timeout: ACTION_LIMIT_MS });
    if (new URL(page.url()).pathname !== path) await page.goto(path);
  }
}

/**
 * Keeps, on every page of `context`, the text of each dialog and toast that was on the screen (`window.dialogsSeen`,
 * `window.toastsSeen`), so one that lasts seconds can be judged after it went away: a 2-s toast can come and go
 * between two polls of a locator on a loaded machine.
 */
export async function recordTransients(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    const toasts: string[] = [];
    const lastText = new WeakMap<Element, string>();
    Object.assign(window, { dialogsSeen: seen, toastsSeen: toasts });
    new MutationObserver(() => {
      for (const d of document.querySelectorAll('[role="dialog"]')) {
        const text = d.textContent ?? '';
        if (text !== '' && lastText.get(d) !== text) seen.push(text);
        lastText.set(d, text);
      }
      for (const t of document.querySelectorAll('.adm-toast-main')) {
        const text = t.textContent ?? '';
        if (text !== '' && lastText.get(t) !== text) toasts.push(text);
        lastText.set(t, text);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** How many toasts the page has shown so far (a context with `recordTransients`). */
export const toastsShown = (page: Page): Promise<number> => page.evaluate(() => (window as unknown as { toastsSeen: string[] }).toastsSeen.length);

/**
 * Runs `action`, then waits until a toast containing `text` has been on the screen since (it may be gone already);
 * the page's context records transients (`recordTransients`).
 */
export async function toastAfter(page: Page, text: string, action: () => Promise<void>): Promise<void> {
  const from = await toastsShown(page);
  await action();
  await page.waitForFunction(
    ([n, t]) => (window as unknown as { toastsSeen: string[] }).toastsSeen.slice(Number(n)).some((s) => s.includes(String(t))),
    [from, text] as const,
    { timeout: ACTION_LIMIT_MS },
  );
}
