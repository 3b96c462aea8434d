/** Exception screens and the maintenance page (docs/domain.md, The menu and Maintenance). */
import { expect, test, type Page } from './support/test';
import { MAINTENANCE_POLL_MS } from '../src/lib/ui-constants';
import { MENU_CATALOGUE, SHELL_PATHS } from '@orchard/shared/shell';
import { en, errorEnvelope, expectShellFor, loginForm, pageTitle, signIn } from './support/app';
import { demoUser } from './support/demo-users';

const returnButton = (page: Page) => page.getByRole('button', { name: en.exceptions.returnToDashboard, exact: true });

async function expectScreen(page: Page, heading: string, text: string) {
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
  await expect(page.getByText(text, { exact: true })).toBeVisible();
  await expect(returnButton(page)).toBeVisible();
}

test.describe('exception screens', () => {
  test('unknown paths and areas that are not built go to 404; RETURN TO DASHBOARD goes to "/"', async ({ page }) => {
    const user = demoUser('manager');
    await signIn(page, user);

    await page.goto('/no-such-page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page).toHaveTitle(pageTitle(en.titles.notFound));
    await expectScreen(page, en.exceptions.notFoundHeading, en.exceptions.notFoundText);
    await returnButton(page).click();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await expect(page).toHaveTitle(pageTitle(en.titles.dashboard));
    await expectShellFor(page, user);

    // areas whose screens do not exist yet (read from the catalogue, so the list follows releases)
    // are absent from the router, like any unknown path
    const unreleased = MENU_CATALOGUE.filter((d) => !d.available && d.url).map((d) => d.url as string);
    for (const path of [...unreleased.slice(0, 3), '/settings/no-such-tab/deeper']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/404$/);
      await expectScreen(page, en.exceptions.notFoundHeading, en.exceptions.notFoundText);
    }
  });

  test('/error and /accessdenied show their texts and return to "/"', async ({ page }) => {
    const user = demoUser('manager');
    await signIn(page, user);

    await page.goto('/error');
    await expect(page).toHaveTitle(pageTitle(en.titles.error));
    await expectScreen(page, en.exceptions.errorHeading, en.exceptions.errorText);
    await returnButton(page).click();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await expectShellFor(page, user);

    await page.goto('/accessdenied');
    await expect(page).toHaveTitle(pageTitle(en.titles.accessDenied));
    await expectScreen(page, en.exceptions.accessDeniedHeading, en.exceptions.accessDeniedText);
    await returnButton(page).click();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await expectShellFor(page, user);
  });

  test('the exception screens are public; "/" then asks a signed-out visitor to sign in', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page).toHaveURL(/\/404$/);
    await expectScreen(page, en.exceptions.notFoundHeading, en.exceptions.notFoundText);
    await returnButton(page).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(loginForm(page).logIn).toBeVisible();
  });
});

test.describe('maintenance', () => {
  test('a 503 MAINTENANCE answer opens the maintenance page; it polls, shows the offline texts and returns when online', async ({ page }) => {
    const user = demoUser('staff');
    await signIn(page, user);

    // the status the server "reports": maintenance, then unreachable, then online
    let mode: 'maintenance' | 'offline' | 'online' = 'maintenance';
    const polls: number[] = [];
    await page.route(`**${SHELL_PATHS.systemStatus}`, async (route) => {
      polls.push(Date.now());
      if (mode === 'offline') return route.abort('internetdisconnected');
      return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ online: true, maintenance: mode === 'maintenance' }) });
    });
    // only the page view of /settings/profile, and only once: a late page view of the landing page
    // (its own timing) must not meet the 503 and leave the maintenance page before the navigation
    let answered503 = false;
    await page.route(`**${SHELL_PATHS.pageViews}`, (route) => {
      const body = route.request().postDataJSON() as { path?: string } | null;
      if (answered503 || body?.path !== '/settings/profile') return route.continue();
      answered503 = true;
      return route.fulfill({ status: 503, contentType: 'application/json', body: errorEnvelope('MAINTENANCE', 'Down for maintenance') });
    });

    // any API call answered with 503 MAINTENANCE: here the page view after a navigation
    await page.goto('/settings/profile');
    await expect(page).toHaveURL(/\/maintenance$/);
    await expect(page).toHaveTitle(pageTitle(en.titles.maintenance));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.maintenance.onlineHeading);
    await expect(page.getByText(en.maintenance.onlineText, { exact: true })).toBeVisible();

    // it checks every 500 ms
    await expect.poll(() => polls.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
    const gaps = polls.slice(1).map((t, i) => t - (polls[i] as number));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(MAINTENANCE_POLL_MS - 100);

    mode = 'offline';
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.maintenance.offlineHeading);
    await expect(page.getByText(en.maintenance.offlineText, { exact: true })).toBeVisible();

    mode = 'maintenance';
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.maintenance.onlineHeading);

    // online again: back to where the user was, still signed in
    mode = 'online';
    await expect(page).toHaveURL(/\/settings\/profile$/);
    await expectShellFor(page, user);
  });
});
