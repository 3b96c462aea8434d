/** Organisation switch (docs/domain.md, Switching organisation) with the demo user who belongs to two organisations. */
import { expect, test, type Page } from './support/test';
import { ORGANIZATION_HEADER } from '@orchard/shared/core';
import { SHELL_PATHS } from '@orchard/shared/shell';
import { en, organizationButton, organizationInput, signIn, toast } from './support/app';
import { demoUser } from './support/demo-users';

interface OrganizationRow {
  id: number;
  name: string;
}

/** Opens the dropdown and returns its listbox. */
async function openOrganizations(page: Page) {
  await organizationButton(page).click();
  const list = page.getByRole('listbox');
  await expect(list).toBeVisible();
  return list;
}

/** The page view a navigation reports, 250 ms after it settles (app/use-page-views.ts). */
const pageViewPosted = (page: Page) => page.waitForRequest((r) => r.url().endsWith(SHELL_PATHS.pageViews) && r.method() === 'POST');

async function switchTo(page: Page, from: OrganizationRow, to: OrganizationRow) {
  const list = await openOrganizations(page);
  // the current organisation is disabled in the list
  await expect(list.getByRole('option', { name: from.name, exact: true })).toHaveAttribute('aria-disabled', 'true');
  await expect(list.getByRole('option', { name: to.name, exact: true })).toHaveAttribute('aria-disabled', 'false');

  // the screen before the switch, marked: the same address after it must be a screen mounted afresh
  await page.locator('.shell-content > *').first().evaluate((el) => el.setAttribute('data-before-switch', ''));
  const setDefault = page.waitForRequest((r) => r.url().endsWith(SHELL_PATHS.defaultOrganization) && r.method() !== 'GET');
  const pageView = pageViewPosted(page);
  await list.getByRole('option', { name: to.name, exact: true }).click();
  await setDefault;

  await expect(toast(page, en.shell.organizationChanged, to.name)).toBeVisible();
  await expect(organizationInput(page)).toHaveValue(to.name);
  // the landing page is shown again, for the new organisation
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.dashboard.heading.replace('{{organization}}', to.name));
  // no filter or selection of the previous organisation's screen is kept (app/organization-scope.tsx)
  await expect(page.locator('[data-before-switch]')).toHaveCount(0);
  // later API calls carry the new organisation
  expect((await pageView).headers()[ORGANIZATION_HEADER]).toBe(String(to.id));
  const menu = page.waitForRequest((r) => r.url().includes('/api/') && r.headers()[ORGANIZATION_HEADER] !== undefined);
  const linkView = pageViewPosted(page);
  await page.getByRole('navigation', { name: en.shell.mainMenu }).getByRole('link').first().click();
  expect((await menu).headers()[ORGANIZATION_HEADER]).toBe(String(to.id));
  // that screen's page view goes in this organisation too, and is sent before the next switch watches for its own
  expect((await linkView).headers()[ORGANIZATION_HEADER]).toBe(String(to.id));

  const again = await openOrganizations(page);
  await expect(again.getByRole('option', { name: to.name, exact: true })).toHaveAttribute('aria-disabled', 'true');
  await expect(again.getByRole('option', { name: from.name, exact: true })).toHaveAttribute('aria-disabled', 'false');
  await page.keyboard.press('Escape');
  await expect(again).toBeHidden();
}

test('switching organisation: Organization Changed, the new organisation everywhere, and back', async ({ page, browser }) => {
  // two sign-ins and two switches, each landing on the dashboard screen with its panels
  test.setTimeout(60_000);
  const multi = demoUser('multi');
  const organizationsAnswer = page.waitForResponse((r) => r.url().endsWith(SHELL_PATHS.organizations) && r.ok());
  const landingView = pageViewPosted(page);
  await signIn(page, multi);
  const organizations = (await (await organizationsAnswer).json()) as OrganizationRow[];
  // the dropdown lists the user's organisations in their order
  expect(organizations.map((o) => o.name).sort()).toEqual(multi.organizations.map((o) => o.organizationName).sort());

  const grower = organizations.find((o) => o.name === 'Citrus Valley Growers');
  const packhouse = organizations.find((o) => o.name === 'Sundays River Packers');
  if (!grower || !packhouse) throw new Error(`unexpected organisations ${JSON.stringify(organizations)}`);
  await expect(organizationInput(page)).toHaveValue(grower.name);
  // the landing page's view is reported in the organisation signed in to (and is out of the way of the switch's)
  expect((await landingView).headers()[ORGANIZATION_HEADER]).toBe(String(grower.id));
  const list = await openOrganizations(page);
  await expect(list.getByRole('option')).toHaveText(organizations.map((o) => o.name));
  await page.keyboard.press('Escape');

  await switchTo(page, grower, packhouse);

  // a reload keeps it, and it is the user's default now: a new sign-in elsewhere starts there
  const reloadView = pageViewPosted(page);
  await page.reload();
  await expect(organizationInput(page)).toHaveValue(packhouse.name);
  expect((await reloadView).headers()[ORGANIZATION_HEADER]).toBe(String(packhouse.id));
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await signIn(other, multi);
  await expect(organizationInput(other)).toHaveValue(packhouse.name);
  await elsewhere.close();

  // and back, so the demo user starts in the grower organisation for any later run
  await switchTo(page, packhouse, grower);
});
