/**
 * The Organisations list in the browser: opened from the menu by the demo administrator (the only
 * super user), the three demo organisations with their contact, default legal entity and counts
 * (farms from the demo data, users as the users list of each organisation answers), the search
 * narrowing on the server, axe-core at 1280 and 375 px with the table scrolling inside its own
 * container. An organisation's Administrator who is not a super user gets no menu entry, and the
 * route shows what a hidden screen shows (access denied); the server refuses the list too.
 */
import { expect, test, type Page } from '@playwright/test';
import { ORGANIZATIONS_PATHS, SHELL_PATHS, type OrganizationsResponse } from '@orchard/shared';
import { en, errorEnvelope, fillLogin, gate, loginForm, pageTitle, scrollWidth, signIn, toast } from './support/app';
import { seriousViolations } from './support/axe-check';
import { demoUser } from './support/demo-users';
import { apiSignIn, createUser } from './support/users-api';

interface DemoOrganization {
  key: string;
  name: string;
  contact: { name: string; surname: string };
  /** the first one is the default legal entity */
  legalEntities: readonly string[];
}
const SEED_DATA = new URL('../../server/src/db/seed/data.ts', import.meta.url).href;
const { DEMO_ORGANIZATIONS, DEMO_FARMS } = (await import(SEED_DATA)) as {
  DEMO_ORGANIZATIONS: readonly DemoOrganization[];
  DEMO_FARMS: readonly { organization: string }[];
};

const admin = demoUser('admin');
const GROWER = 'Citrus Valley Growers';
const o = en.organizations;
const COLUMNS = [o.orgName, o.adminName, o.defaultLegalEntity, o.farmCount, o.userCount];

/** Each demo organisation's row as the screen should show it: names from the demo data, users as each organisation's users list counts them. */
async function expectedRows(baseURL: string) {
  const session = await apiSignIn(baseURL, admin);
  const rows: string[][] = [];
  for (const org of DEMO_ORGANIZATIONS) {
    const id = session.organizations.find((s) => s.name === org.name)?.id;
    expect(id, `admin belongs to ${org.name}`).toBeDefined();
    const users = await session.api.get('/api/users', { headers: { Authorization: `Bearer ${session.token}`, 'x-organization-id': String(id) } });
    expect(users.status()).toBe(200);
    const userCount = ((await users.json()) as { users: unknown[] }).users.length;
    const farmCount = DEMO_FARMS.filter((f) => f.organization === org.key).length;
    rows.push([org.name, `${org.contact.name} ${org.contact.surname}`, org.legalEntities[0] ?? '', String(farmCount), String(userCount)]);
  }
  await session.api.dispose();
  return rows.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

const table = (page: Page) => page.getByRole('table', { name: o.tableCaption });
const search = (page: Page) => page.getByRole('searchbox', { name: o.search });

async function bodyRows(page: Page): Promise<string[][]> {
  return table(page)
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())));
}

async function openFromMenu(page: Page) {
  await signIn(page, admin);
  const sidebar = page.getByRole('navigation', { name: en.shell.mainMenu });
  await sidebar.getByText(en.menu.Management, { exact: true }).click();
  const answer = page.waitForResponse((r) => r.url().includes(ORGANIZATIONS_PATHS.list) && r.ok());
  await sidebar.getByText(en.menu.Organizations, { exact: true }).click();
  await expect(page).toHaveURL(/\/management\/organizations$/);
  await expect(page).toHaveTitle(pageTitle(o.title));
  await expect(page.getByRole('heading', { level: 1, name: o.title })).toBeVisible();
  return (await (await answer).json()) as OrganizationsResponse;
}

test('a super user opens Organizations from the menu: every demo organisation with its counts, search narrows, axe-clean', async ({ page, baseURL }) => {
  const expected = await expectedRows(baseURL as string);
  const first = await openFromMenu(page);
  expect(first).toMatchObject({ page: 1, pageSize: 20 });

  await expect(table(page).getByRole('columnheader')).toHaveText(COLUMNS);
  // the e2e database holds the demo organisations (other specs add none)
  await expect.poll(() => bodyRows(page)).toEqual(expected);
  expect(first.totalRecords).toBe(expected.length);
  // the spec's Add New Organization opens a screen that does not exist yet: no button
  await expect(page.getByRole('button', { name: 'Add New Organization' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // the search runs on the server, on the name, ignoring case
  const narrowed = page.waitForResponse((r) => r.url().includes(`${ORGANIZATIONS_PATHS.list}?search=letaba`) && r.ok());
  await search(page).fill('letaba');
  expect(((await (await narrowed).json()) as OrganizationsResponse).totalRecords).toBe(1);
  await expect.poll(() => bodyRows(page)).toEqual(expected.filter((r) => r[0]!.toLowerCase().includes('letaba')));
  await search(page).fill('no such organisation');
  await expect(table(page).getByText(o.noRecords, { exact: true })).toBeVisible();
  await search(page).fill('');
  await expect.poll(() => bodyRows(page)).toEqual(expected);
});

test('skeleton rows until the first answer, then a failed load shows the sticky Load Error and the empty text', async ({ page }) => {
  await signIn(page, admin);
  const held = gate();
  await page.route(`**${ORGANIZATIONS_PATHS.list}?*`, async (route) => {
    await held.opened;
    await route.fulfill({ status: 500, contentType: 'application/json', body: errorEnvelope('INTERNAL', 'Internal Server Error') });
  });
  await page.goto('/management/organizations');
  await expect(table(page).getByRole('status')).toBeVisible();
  await expect(table(page).getByText(o.noRecords, { exact: true })).toHaveCount(0);
  held.open();
  await expect(toast(page, o.loadError)).toContainText(o.loadErrorDetail);
  await expect(table(page).getByText(o.noRecords, { exact: true })).toBeVisible();
});

test.describe('375 px wide', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the table scrolls inside its container, the page does not; axe-clean', async ({ page, baseURL }) => {
    const expected = await expectedRows(baseURL as string);
    await signIn(page, admin);
    // from the hamburger menu
    await page.getByRole('button', { name: en.shell.openMenu }).click();
    const menu = page.locator('.mobile-menu');
    await menu.getByText(en.menu.Management, { exact: true }).click();
    await menu.getByText(en.menu.Organizations, { exact: true }).click();
    await expect(page).toHaveURL(/\/management\/organizations$/);
    await expect.poll(() => bodyRows(page)).toEqual(expected);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    const wrapper = page.locator('.organizations-table .p-datatable-wrapper');
    expect(await wrapper.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test('an Administrator of the organisation who is not a super user gets neither the menu entry nor the screen', async ({ page, baseURL }) => {
  const session = await apiSignIn(baseURL as string, admin);
  const user = await createUser(session, GROWER, { prefix: 'notsuperorgs', roles: ['Administrator'] });
  await session.api.dispose();
  const meAnswer = page.waitForResponse((r) => r.url().endsWith(SHELL_PATHS.me) && r.ok());
  await page.goto('/login');
  await fillLogin(page, user);
  await loginForm(page).logIn.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(((await (await meAnswer).json()) as { isSuperUser: boolean }).isSuperUser).toBe(false);

  const sidebar = page.getByRole('navigation', { name: en.shell.mainMenu });
  await sidebar.getByText(en.menu.Management, { exact: true }).click();
  await expect(sidebar.getByText(en.menu.Employees, { exact: true })).toBeVisible();
  await expect(sidebar.getByText(en.menu.Organizations, { exact: true })).toHaveCount(0);
  await expect(page.locator('.dashboard-links a[href="/management/organizations"]')).toHaveCount(0);

  // typed in by hand, the screen is refused like every hidden screen; the server refuses the list
  await page.goto('/management/organizations');
  await expect(page).toHaveURL(/\/accessdenied$/);
  await expect(page).toHaveTitle(pageTitle(en.titles.accessDenied));
  await expect(page.getByRole('heading', { level: 1, name: o.title })).toHaveCount(0);
  const token = await apiSignIn(baseURL as string, user);
  const list = await token.api.get(ORGANIZATIONS_PATHS.list, { headers: { Authorization: `Bearer ${token.token}` } });
  expect(list.status()).toBe(403);
  await token.api.dispose();
});
