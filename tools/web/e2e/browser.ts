import AxeBuilder from '@axe-core/playwright';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { limits, prereqs, REPO } from './api';

/** How long one browser action or wait may take (a quarter of a test's limit; Playwright's own default is 30 s). */
export const ACTION_LIMIT_MS = limits.testLimitMs(0.25);

/** A context whose actions and waits follow the suites' limit rather than Playwright's fixed 30 s. */
export function limited(context: BrowserContext): BrowserContext {
  context.setDefaultTimeout(ACTION_LIMIT_MS);
  context.setDefaultNavigationTimeout(ACTION_LIMIT_MS);
  return context;
}

/** The browser kit of the player app's and the console's journeys: Debian's Chromium through playwright-core. */
export const CHROMIUM = prereqs.CHROMIUM;
/** Why the journeys cannot run here (no Chromium), or null: they fail saying so, never skip. */
export function chromiumMissing(): string | null {
  return existsSync(CHROMIUM)
    ? null
    : `Chromium is not installed at ${CHROMIUM}: run \`apt-get install chromium fonts-noto-cjk\` as root (npm test does it by itself), or set CHROMIUM_PATH`;
}

/** Something a journey saw wrong on a screen (`<locale>/<screen>`); each journey expects none at its end. */
export interface Finding {
  screen: string;
  problem: string;
}

/** Launches Chromium headless, quiet (no background traffic, updates, sync or first-run UI); `extraArgs` add flags. */
export function launch(extraArgs: readonly string[] = []): Promise<Browser> {
  const missing = chromiumMissing();
  if (missing !== null) return Promise.reject(new Error(missing));
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
      ...extraArgs,
    ],
  });
}

/** A phone (390x844, touch, no service worker) on `baseURL`; `options` add or override (e.g. `timezoneId`). */
export async function phoneContext(browser: Browser, baseURL: string, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    baseURL,
    serviceWorkers: 'block',
    ...options,
  });
  return limited(context);
}

/**
 * Where screenshots go: `npm test` keeps them under reports/screenshots/; `UPDATE_SCREENSHOTS=1` refreshes the committed
 * ones in docs/screenshots/; `E2E_SCREENSHOTS_DIR` puts them elsewhere (`npm run test:cluster`: reports/cluster/screenshots/).
 */
export function shotsDir(...sub: string[]): string {
  const dir = process.env['E2E_SCREENSHOTS_DIR'];
  if (dir !== undefined && dir !== '') return join(dir, ...sub);
  return join(REPO, process.env['UPDATE_SCREENSHOTS'] === '1' ? 'docs' : 'reports', 'screenshots', ...sub);
}

/** A screenshot of the page as `<dir>/<locale>/<screen>.png`. */
export async function screenshot(page: Page, dir: string, screen: string, locale: string, fullPage = false): Promise<void> {
  mkdirSync(join(dir, locale), { recursive: true });
  await page.screenshot({ path: join(dir, locale, `${screen}.png`), fullPage });
}

/** Waits until the page's animations (dialogs, menus, tooltips fading) have finished, at most 2 s (a spinner never does). */
export async function animationsDone(page: Page): Promise<void> {
  await page
    .evaluate(() =>
      Promise.race([Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))), new Promise((done) => setTimeout(done, 2000))]),
    )
    .catch(() => undefined);
}

/** What a screen's text must not show besides a raw translation key (`keyLike`). */
export interface TextRules {
  keyLike: RegExp;
  /** No `undefined` or `NaN` on screen. */
  undefinedOrNaN?: boolean;
  /** No Chinese, Japanese or Korean on an English (`en`) screen. */
  cjkOnEnglish?: boolean;
}

/** axe-core on the page (WCAG 2.1 A and AA; serious and critical only) and its text (`rules`): what is wrong goes to `findings`. */
export async function inspect(page: Page, findings: Finding[], screen: string, locale: string, rules: TextRules): Promise<void> {
  const where = `${locale}/${screen}`;
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  for (const v of axe.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
    findings.push({ screen: where, problem: `axe ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}` });
  }
  const text = await page.locator('body').innerText();
  const key = rules.keyLike.exec(text);
  if (key !== null) findings.push({ screen: where, problem: `raw key on screen: ${key[0]}` });
  if (rules.undefinedOrNaN === true && /\b(undefined|NaN)\b/.test(text)) findings.push({ screen: where, problem: 'undefined or NaN on screen' });
  if (rules.cjkOnEnglish === true && locale === 'en' && /[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/.test(text))
    findings.push({ screen: where, problem: 'CJK text on an English screen' });
}
