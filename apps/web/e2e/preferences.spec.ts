/** User Preference (docs/domain.md, Preferences): the theme switches at once, persists, and the defaults helpers. */
import { expect, test, type Page } from './support/test';
import { APP_DEFAULT_THEME_ID } from '@orchard/shared/preferences';
import { seriousViolations } from './support/axe-check';
import { en, fillLogin, loginForm, toast } from './support/app';
import { demoUser } from './support/demo-users';
import { apiSignIn, createUser, type CreatedUser } from './support/users-api';

const GROWER = 'Citrus Valley Growers';

async function freshUser(baseURL: string, roles: string[]): Promise<CreatedUser> {
  const session = await apiSignIn(baseURL, demoUser('admin'));
  const user = await createUser(session, GROWER, { prefix: 'prefs', roles });
  await session.api.dispose();
  return user;
}

async function signInAs(page: Page, user: CreatedUser) {
  await page.goto('/login');
  await fillLogin(page, user);
  await loginForm(page).logIn.click();
  await expect(page).not.toHaveURL(/\/login$/);
}

const themeLink = (page: Page) => page.locator('link#app-theme');
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test.describe('preferences', () => {
  test('switching the theme applies at once, is saved, and comes back after a reload', async ({ page, baseURL }) => {
    const user = await freshUser(baseURL as string, ['Staff']);
    await page.goto('/login');
    await expect(themeLink(page)).toHaveAttribute('data-theme-id', APP_DEFAULT_THEME_ID);
    await signInAs(page, user);
    await page.goto('/settings/preferences');
    await expect(page.getByRole('heading', { name: en.preferences.title })).toBeVisible();
    // view flags: Staff has no users.view; orders is always viewable
    await expect(page.locator('[data-flag="orders"]')).toHaveAttribute('data-allowed', 'true');
    await expect(page.locator('[data-flag="customers"]')).toHaveAttribute('data-allowed', 'false');
    expect(await seriousViolations(page, '.preferences-page')).toEqual([]);

    const lightBackground = await background(page);
    const hrefBefore = await themeLink(page).getAttribute('href');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/preferences') && r.request().method() === 'PUT');
    await page.locator('.preferences-theme').click();
    await page.getByRole('option', { name: 'Lara Dark Blue', exact: true }).click();
    await expect(themeLink(page)).toHaveAttribute('data-theme-id', 'lara-dark-blue');
    expect(await themeLink(page).getAttribute('href')).not.toBe(hrefBefore);
    await expect.poll(() => background(page)).not.toBe(lightBackground);
    expect((await saved).status()).toBe(200);

    await page.reload();
    await expect(themeLink(page)).toHaveAttribute('data-theme-id', 'lara-dark-blue');
    await expect(page.locator('.preferences-theme')).toContainText('Lara Dark Blue');

    // signing out puts the default theme back on the login route
    await page.getByRole('button', { name: en.shell.logout }).first().click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(themeLink(page)).toHaveAttribute('data-theme-id', APP_DEFAULT_THEME_ID);
    // and signing in applies the saved one
    await signInAs(page, user);
    await expect(themeLink(page)).toHaveAttribute('data-theme-id', 'lara-dark-blue');
  });

  test('set current as default, reset, reload defaults and declining a confirm', async ({ page, baseURL }) => {
    const user = await freshUser(baseURL as string, ['Manager']);
    await signInAs(page, user);
    await page.goto('/settings/preferences');
    await expect(page.locator('[data-flag="customers"]')).toHaveAttribute('data-allowed', 'true');

    await page.locator('.preferences-theme').click();
    await page.getByRole('option', { name: 'Saga Orange', exact: true }).click();
    await expect(themeLink(page)).toHaveAttribute('data-theme-id', 'saga-orange');

    // declined
    await page.getByRole('button', { name: en.preferences.resetDefaults }).click();
    await expect(page.getByText(en.preferences.confirmReset)).toBeVisible();
    await page.getByRole('button', { name: en.shell.no, exact: true }).click();
    await expect(toast(page, en.preferences.operationCancelled)).toBeVisible();
    await expect(themeLink(page)).toHaveAttribute('data-theme-id', 'saga-orange');

    // set as default
    await page.getByRole('button', { name: en.preferences.setCurrentAsDefault }).click();
    await expect(page.getByText(en.preferences.confirmSetDefault)).toBeVisible();
    await page.getByRole('button', { name: en.shell.yes, exact: true }).click();
    await expect(toast(page, en.preferences.defaultsSaved)).toBeVisible();
    await expect(page.getByTestId('preferences-default')).toHaveText('Saved default: Saga Orange');

    // another theme, then reload defaults brings the saved default back
    await page.locator('.preferences-theme').click();
    await page.getByRole('option', { name: 'Vela Green', exact: true }).click();
    await expect(themeLink(page)).toHaveAttribute('data-theme-id', 'vela-green');
    await page.getByRole('button', { name: en.preferences.reloadDefaults }).click();
    await page.getByRole('button', { name: en.shell.yes, exact: true }).click();
    await expect(toast(page, en.preferences.defaultsLoaded)).toBeVisible();
    await expect(themeLink(page)).toHaveAttribute('data-theme-id', 'saga-orange');

    // reset: null defaults, then the defaults are reloaded (the application default)
    await page.getByRole('button', { name: en.preferences.resetDefaults }).click();
    await page.getByRole('button', { name: en.shell.yes, exact: true }).click();
    await expect(toast(page, en.preferences.resetSuccess, en.preferences.resetSuccessDetail)).toBeVisible();
    await expect(themeLink(page)).toHaveAttribute('data-theme-id', APP_DEFAULT_THEME_ID);
    await expect(page.getByTestId('preferences-default')).toHaveText(en.preferences.noSavedDefault);
  });
});
