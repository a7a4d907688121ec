import type { Page } from 'playwright-core';

/** Shared by the operator and superadmin journeys: the kit's browser and per-screen checks, plus sign-in. */
export { ACTION_LIMIT_MS, adminToken, CHROMIUM, check, consolePage, launch, openConsole, type Finding } from './kit';

/** Signs in on the login page (tw labels), landing on the dashboard. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/admin/#/login');
  await page.getByLabel('帳號').fill(username);
  await page.getByLabel('密碼').fill(password);
  await page.getByRole('button', { name: '登入' }).click();
  await page.waitForURL((u) => !u.hash.startsWith('#/login'));
}

/** The side menu's entries, as their visible names. */
export async function menuNames(page: Page): Promise<string[]> {
  await page.getByRole('menuitem').first().waitFor();
  return (await page.getByRole('menuitem').allInnerTexts()).map((t) => t.trim()).filter((t) => t !== '');
}

/** Switches the console's language from the app bar. */
export async function switchLanguage(page: Page, from: string, to: string): Promise<void> {
  await page.getByRole('button', { name: from }).click();
  await page.getByRole('menuitem', { name: to }).click();
}
