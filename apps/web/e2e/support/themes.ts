/**
 * Themes in the browser: each chosen once on the Preferences screen, as a person does; the app's
 * own state for it (the theme <link> and the <html> data attributes) can then be put back in the
 * page, to check a screen in every theme without reloading or opening it again.
 */
import { expect as baseExpect, type Page } from '@playwright/test';
import { APP_DEFAULT_THEME_ID, PREFERENCES_PATHS } from '@orchard/shared/preferences';
import type { DemoUser } from './demo-users';
import { apiSignIn } from './users-api';

/** A theme's stylesheet on a busy machine may take longer than the suite's usual 7 s. */
const expect = baseExpect.configure({ timeout: 30_000 });

export const themeSelect = (page: Page) => page.locator('.preferences-theme');

/** What the app has put in the document for the theme in use. */
export interface AppliedTheme {
  label: string;
  href: string;
  /** <html>'s data attributes: data-theme, data-color-scheme */
  html: Record<string, string>;
}

export const applied = (page: Page, label: string): Promise<AppliedTheme> =>
  page.evaluate((label) => {
    const link = document.getElementById('app-theme') as HTMLLinkElement;
    return { label, href: link.href, html: { ...document.documentElement.dataset } as Record<string, string> };
  }, label);

/** Picks a theme on the Preferences screen and waits until its stylesheet is in use and saved. */
export async function chooseTheme(page: Page, label: string): Promise<AppliedTheme> {
  const before = await page.evaluate(() => document.documentElement.dataset.theme ?? '');
  const saved = page.waitForResponse((r) => r.url().endsWith(PREFERENCES_PATHS.preferences) && r.request().method() === 'PUT');
  await themeSelect(page).click();
  await page.getByRole('listbox').getByRole('option', { name: label, exact: true }).click();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', before);
  expect((await saved).status()).toBe(200);
  return applied(page, label);
}

/** Puts a theme back as the app applied it: its stylesheet in the theme <link>, once loaded, and <html>'s data attributes. */
export async function restoreTheme(page: Page, theme: AppliedTheme) {
  await page.evaluate(async ({ href, html }) => {
    const current = document.getElementById('app-theme') as HTMLLinkElement;
    if (current.href !== href) {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      await new Promise((resolve, reject) => {
        link.addEventListener('load', resolve);
        link.addEventListener('error', reject);
        current.before(link);
      });
      current.remove();
      link.id = 'app-theme';
    }
    Object.assign(document.documentElement.dataset, html);
  }, theme);
}

/** Puts `user`'s saved theme back to the application default (after a journey that chose others). */
export async function resetSavedTheme(baseURL: string, user: Pick<DemoUser, 'userName' | 'password'>): Promise<void> {
  const session = await apiSignIn(baseURL, user);
  const res = await session.api.put(PREFERENCES_PATHS.preferences, {
    headers: { Authorization: `Bearer ${session.token}`, 'x-organization-id': String(session.organizations[0]?.id) },
    data: { themeId: APP_DEFAULT_THEME_ID },
  });
  expect(res.status()).toBe(200);
  await session.api.dispose();
}
