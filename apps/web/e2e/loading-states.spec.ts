/**
 * Loading is shown, never an empty answer that has not come (issue: "Empty before loaded"): on a
 * slow network the Users, Login History and Packhouses tables show skeleton rows announced as
 * loading until their first answer, then rows; a menu click whose screen is still loading keeps the
 * previous screen up with the top loading bar running.
 */
import { expect, test, type Page } from './support/test';
import { LOGIN_HISTORY_PATHS } from '@orchard/shared/login-history';
import { PACKHOUSES_PATHS } from '@orchard/shared/packhouses';
import { USERS_PATHS } from '@orchard/shared/users';
import { en, signIn } from './support/app';
import { demoUser } from './support/demo-users';

const admin = demoUser('admin');
const SLOW_MS = 2_000;

/** Answers the requests to one API path SLOW_MS late (a throttled network); `held` resolves when one has been held. */
async function slowDown(page: Page, path: string): Promise<{ held: Promise<void> }> {
  let held!: () => void;
  const heldOne = new Promise<void>((resolve) => (held = resolve));
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      held();
      await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
      await route.continue();
    },
  );
  // wrapped: an async function returning the promise itself would wait for it
  return { held: heldOne };
}

const screens = [
  { name: 'Users', path: '/settings#users', api: USERS_PATHS.users, table: en.users.tableLabel, empty: en.users.noData },
  { name: 'Login History', path: '/management/logins', api: LOGIN_HISTORY_PATHS.history, table: null, empty: en.loginHistory.noData },
  { name: 'Packhouses', path: '/management/packhouses', api: PACKHOUSES_PATHS.list, table: null, empty: en.packhouses.noData },
];

test.describe('loading before the first answer', () => {
  for (const screen of screens) {
    test(`${screen.name}: skeleton rows announced as loading until the rows arrive; never "${screen.empty}" meanwhile`, async ({ page }) => {
      await signIn(page, admin);
      const { held } = await slowDown(page, screen.api);
      await page.goto(screen.path);
      await held;
      const table = page.locator('.p-datatable').first();
      const loading = table.getByRole('status').filter({ hasText: en.app.loading });
      await expect(loading).toBeVisible();
      await expect(table.locator('.table-skeleton-row').first()).toBeVisible();
      await expect(table.getByText(screen.empty, { exact: true })).toHaveCount(0);
      // the answer arrives: rows, no skeleton
      await expect(table.locator('tbody.p-datatable-tbody > tr:not(.p-datatable-emptymessage)').first()).toBeVisible({ timeout: SLOW_MS + 10_000 });
      await expect(loading).toHaveCount(0);
      await expect(table.getByText(screen.empty, { exact: true })).toHaveCount(0);
    });
  }
});

test('a menu click keeps the previous screen with the loading bar running until the next screen has loaded', async ({ page }) => {
  await signIn(page, admin);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // the next screen's module comes slowly
  let held!: () => void;
  const heldOne = new Promise<void>((resolve) => (held = resolve));
  await page.route(/\/assets\/packhouses-page-[^/]+\.js$/, async (route) => {
    held();
    await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
    await route.continue();
  });
  const nav = page.getByRole('navigation', { name: en.shell.mainMenu });
  await nav.getByRole('button', { name: en.menu.Management }).click();
  await nav.getByRole('link', { name: en.menu.Packhouses, exact: true }).click();
  await heldOne;
  await expect(page.locator('.loading-bar .p-progressbar')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: en.packhouses.title })).toBeVisible({ timeout: SLOW_MS + 10_000 });
});
