/**
 * What the eye checks, measured: the sign-in page's password box as wide as the user name box (wide
 * and at 375 px); the bell's count wholly inside its button, nothing of it clipped; the Welcome and
 * Organization Changed toasts gone when another screen is opened, even while the pointer rests on
 * them (which holds a toast past its life); and at 375 px every wide table that scrolls sideways
 * fades at the clipped edge (the one scroll cue, lib/table-scroll-cue.ts), at the start once scrolled.
 */
import { expect, test, type Locator, type Page } from './support/test';
import { en, organizationButton, signIn, toast } from './support/app';
import { seriousViolations } from './support/axe-check';
import { demoUser } from './support/demo-users';

const admin = demoUser('admin');

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
}

/** Opens a screen through the main menu with the keyboard only: the pointer stays where it is. */
async function openWithKeyboard(page: Page, label: string) {
  const link = page.getByRole('navigation', { name: en.shell.mainMenu }).getByRole('link', { name: label, exact: true });
  await link.focus();
  await page.keyboard.press('Enter');
}

for (const width of [1280, 375]) {
  test(`sign-in at ${width} px: the password box is as wide as the user name box`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/login');
    const username = await box(page.getByLabel(en.login.username, { exact: true }));
    const password = await box(page.getByLabel(en.login.password, { exact: true }));
    expect(password.x).toBeCloseTo(username.x, 0);
    expect(password.width).toBeCloseTo(username.width, 0);
    // the show-password switch sits inside the box
    const toggle = await box(page.getByRole('switch', { name: en.login.showPassword }));
    expect(toggle.x + toggle.width).toBeLessThanOrEqual(password.x + password.width);
  });
}

test('the bell\'s count is wholly inside its button: every edge of it is the badge itself', async ({ page }) => {
  await signIn(page, admin);
  const badge = page.locator('.notifications-badge');
  await expect(badge).toBeVisible();
  await expect(badge).toHaveText(/^\d+\+?$/);
  const button = await box(page.locator('.notifications-button'));
  const count = await box(badge);
  expect(count.x).toBeGreaterThanOrEqual(button.x);
  expect(count.y).toBeGreaterThanOrEqual(button.y);
  expect(count.x + count.width).toBeLessThanOrEqual(button.x + button.width);
  expect(count.y + count.height).toBeLessThanOrEqual(button.y + button.height);
  // what is drawn at the middle of each of its edges (a pixel in; the pill's corners are round) is
  // the badge: nothing of it is clipped by the rounded button around it
  const edges = await badge.evaluate((element) => {
    const r = element.getBoundingClientRect();
    const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
    const points: [number, number][] = [
      [x, r.top + 1],
      [r.right - 1, y],
      [x, r.bottom - 1],
      [r.left + 1, y],
    ];
    return points.map(([px, py]) => element.contains(document.elementFromPoint(px, py)));
  });
  expect(edges).toEqual([true, true, true, true]);
});

test('Welcome and Organization Changed go when another screen opens, even under a resting pointer', async ({ page }) => {
  const multi = demoUser('multi');
  const [first, second] = multi.organizations.map((o) => o.organizationName) as [string, string];
  await signIn(page, multi);
  const welcome = toast(page, en.login.welcome);
  await expect(welcome).toBeVisible();
  // the pointer on the toast holds it past its life; opening another screen still takes it away
  await welcome.hover();
  await openWithKeyboard(page, en.menu.Harvest);
  await expect(page).toHaveURL(/\/harvest$/);
  await expect(welcome).toHaveCount(0);

  const switchTo = async (name: string) => {
    await organizationButton(page).click();
    await page.getByRole('listbox').getByRole('option', { name, exact: true }).click();
    const changed = toast(page, en.shell.organizationChanged, name);
    // it tells of the landing page it opens: still there once that page is open
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(changed).toBeVisible();
    await changed.hover();
    return changed;
  };
  const changed = await switchTo(second);
  await openWithKeyboard(page, en.menu.Harvest);
  await expect(page).toHaveURL(/\/harvest$/);
  await expect(changed).toHaveCount(0);
  // back where the demo user started, for the journeys after this one
  await switchTo(first);
});

test.describe('375 px wide', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  const screens: { path: string; table: (page: Page) => Locator }[] = [
    { path: '/management/inputchecks', table: (page) => page.getByRole('table', { name: en.inputChecks.tableCaption }) },
    { path: '/settings#users', table: (page) => page.getByRole('table', { name: en.users.tableLabel, exact: true }) },
    { path: '/management/employees', table: (page) => page.getByRole('table', { name: en.employees.tableCaption }) },
    { path: '/management/logins', table: (page) => page.getByRole('table', { name: en.loginHistory.tableCaption }) },
    { path: '/packhouse/harvestpucreport', table: (page) => page.getByRole('table', { name: en.harvest.pucReportTable }) },
  ];

  test('a wide table fades at the edge it is clipped at: the end until scrolled there, then the start', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, admin);
    for (const screen of screens) {
      await page.goto(screen.path);
      const table = screen.table(page);
      await expect(table.locator('tbody tr').first()).toBeVisible();
      const wrapper = table.locator('xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " p-datatable-wrapper ")][1]');
      const sizes = await wrapper.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
      expect(sizes.scroll, screen.path).toBeGreaterThan(sizes.client);
      await expect(wrapper, screen.path).toHaveAttribute('data-scroll-after', '');
      await expect(wrapper, screen.path).not.toHaveAttribute('data-scroll-before', '');
      // the fade is a mask over the wrapper's edge: its end (right of the vertical scroll bar's strip) is see-through
      const mask = await wrapper.evaluate((element) => getComputedStyle(element).maskImage);
      expect(mask, screen.path).toContain('linear-gradient');
      await wrapper.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
      await expect(wrapper, screen.path).not.toHaveAttribute('data-scroll-after', '');
      await expect(wrapper, screen.path).toHaveAttribute('data-scroll-before', '');
      expect(await page.evaluate(() => document.documentElement.scrollWidth), screen.path).toBeLessThanOrEqual(375);
    }
    expect(await seriousViolations(page)).toEqual([]);
  });
});
