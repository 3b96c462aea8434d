/**
 * Login history in the browser: opened from the menu as the demo administrator, the demo sign-in
 * figures in the table, the Area and Roles filters (all preselected), hiding and showing the filter
 * panel, page sizes, the CSV export parsed back, axe-core.
 */
import { expect, test, type Locator, type Page } from './support/test';
import { formatBusinessDateTime } from '@orchard/shared/core';
import {
  LOGIN_HISTORY_CSV_COLUMNS,
  LOGIN_HISTORY_PATHS,
  type LoginHistoryArea,
  type LoginHistoryRole,
  type LoginHistoryRow,
} from '@orchard/shared/login-history';
import { USERS_PATHS, type FarmOption, type User } from '@orchard/shared/users';
import { en, exactly, signIn } from './support/app';
import { demoUser } from './support/demo-users';
import { apiHeaders, readCsv, seriousViolations } from './support/picking';

interface DemoLoginCounts {
  weekCount: number;
  monthCount: number;
  lastThreeMonths: number;
  lastDaysBefore: number | null;
}
// the seed's sign-in plan, loaded by URL like the demo users (the web project cannot include server sources)
const PLAN_MODULE = new URL('../../server/src/db/seed/demo-logins.ts', import.meta.url).href;
const { countDemoLogins } = (await import(PLAN_MODULE)) as { countDemoLogins: (userName: string, organization: string) => DemoLoginCounts };

const l = en.loginHistory;
const admin = demoUser('admin');
const locked = demoUser('locked');
const disabled = demoUser('disabled');
const GROWER = 'Citrus Valley Growers';
const DAY_MS = 86_400_000;
/** a member of the grower as the users API shows it now (other journeys may have added members) */
interface Member {
  name: string;
  userName: string;
  roles: string[];
  areas: string[];
}
const names = (members: readonly Member[]) => members.map((m) => m.name).sort();

const table = (page: Page) => page.locator('.login-history-table');
const bodyRows = (page: Page) => table(page).locator('.p-datatable-tbody > tr');
const rowOf = (page: Page, user: string) => bodyRows(page).filter({ has: page.getByRole('cell', { name: user, exact: true }) });
const cellTexts = async (row: Locator) => (await row.locator('td').allInnerTexts()).map((t) => t.trim());
const userColumn = async (page: Page) => (await bodyRows(page).locator('td:first-child').allInnerTexts()).map((t) => t.trim());
const filterField = (page: Page, label: string) =>
  page.locator('.filter-field').filter({ has: page.locator('label', { hasText: exactly(label) }) });
const historyResponse = (page: Page) => page.waitForResponse((r) => new URL(r.url()).pathname === LOGIN_HISTORY_PATHS.history && r.ok());

/** Clicks options of a filter's multi-select (each click toggles one), then closes its panel. */
async function toggleOptions(page: Page, label: string, options: string[]) {
  await filterField(page, label).locator('.p-multiselect').click();
  const panel = page.locator('.p-multiselect-panel');
  await expect(panel).toBeVisible();
  for (const name of options) await panel.getByRole('option', { name, exact: true }).click();
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(panel).toBeHidden();
}

async function openFromMenu(page: Page) {
  await signIn(page, admin);
  const sidebar = page.getByRole('navigation', { name: en.shell.mainMenu });
  await sidebar.getByText(en.menu.Management, { exact: true }).click();
  const first = historyResponse(page);
  await sidebar.getByText(en.menu['Login History'], { exact: true }).click();
  await expect(page).toHaveURL(/\/management\/logins$/);
  await expect(page.getByRole('heading', { level: 1, name: l.title })).toBeVisible();
  return (await (await first).json()) as LoginHistoryRow[];
}

test.describe('Login history', () => {
  let areas: LoginHistoryArea[];
  let roles: LoginHistoryRole[];
  let members: Member[];
  const areaLabel = (name: string) => {
    const area = areas.find((a) => a.area_Name === name)!;
    return `${area.area_Name} (${area.region})`;
  };

  test.beforeAll(async ({ request }) => {
    const headers = await apiHeaders(request, admin, GROWER);
    areas = (await (await request.get(LOGIN_HISTORY_PATHS.areas, { headers })).json()) as LoginHistoryArea[];
    roles = (await (await request.get(LOGIN_HISTORY_PATHS.roles, { headers })).json()) as LoginHistoryRole[];
    const { users } = (await (await request.get(USERS_PATHS.users, { headers })).json()) as { users: User[] };
    const farms = (await (await request.get(USERS_PATHS.farmOptions, { headers })).json()) as FarmOption[];
    const areaOf = new Map(farms.map((f) => [f.id, f.area_Name]));
    members = users.map((u) => ({
      name: u.fullName?.trim() ? u.fullName : u.userName,
      userName: u.userName,
      roles: u.roles,
      areas: u.farms.map((id) => areaOf.get(id)).filter((a): a is string => Boolean(a)),
    }));
  });

  /** the table shows exactly these members, or the empty text when there are none */
  async function expectMembers(page: Page, expected: readonly Member[]) {
    if (expected.length === 0) await expect(table(page).getByText(l.noData, { exact: true })).toBeVisible();
    else await expect.poll(async () => (await userColumn(page)).sort()).toEqual(names(expected));
  }

  test("opens from the menu with every area and role chosen; a row's counts are the demo sign-ins", async ({ page }) => {
    const rows = await openFromMenu(page);
    expect(areas.map((a) => a.area_Name).sort()).toEqual(['Addo', 'Citrusdal', 'Clanwilliam', 'Kirkwood', 'Letsitele']);
    await expect(filterField(page, l.area).locator('.p-multiselect-label')).toHaveText(en.filters.itemsSelected.replace('{0}', String(areas.length)));
    await expect(filterField(page, l.roles).locator('.p-multiselect-label')).toHaveText(en.filters.itemsSelected.replace('{0}', String(roles.length)));

    // every member of the organisation, also those without farms
    await expect(bodyRows(page)).toHaveCount(members.length);
    expect((await userColumn(page)).sort()).toEqual(names(members));
    await expect(table(page).locator('thead th')).toHaveText([l.user, l.weekCount, l.monthCount, l.lastThreeMonths, l.lastLogin]);

    // the locked-out user cannot sign in, so the figures are exactly the seeded ones
    const planned = countDemoLogins(locked.userName, 'grower');
    const api = rows.find((r) => r.userName === locked.userName)!;
    expect([api.weekCount, api.monthCount, api.lastThreeMonths]).toEqual([planned.weekCount, planned.monthCount, planned.lastThreeMonths]);
    expect(Math.abs(Date.now() - planned.lastDaysBefore! * DAY_MS - Date.parse(api.lastLogin!))).toBeLessThan(2 * 3_600_000);
    // the culture's numeric date and 24-hour time, in the business time zone (2026/11/24, 04:27)
    const shown = formatBusinessDateTime(api.lastLogin!, 'en-ZA');
    expect(shown).toMatch(/^\d{4}\/\d{2}\/\d{2}, \d{2}:\d{2}$/);
    expect(await cellTexts(rowOf(page, locked.fullName))).toEqual([
      locked.fullName,
      String(planned.weekCount),
      String(planned.monthCount),
      String(planned.lastThreeMonths),
      shown,
    ]);
    // the disabled user signed in only long ago
    expect((await cellTexts(rowOf(page, disabled.fullName))).slice(1, 4)).toEqual(['0', '0', '0']);
    // the administrator's sign-in a moment ago counts
    const adminPlan = countDemoLogins(admin.userName, 'grower');
    const adminCells = await cellTexts(rowOf(page, admin.fullName));
    expect(Number(adminCells[1])).toBeGreaterThanOrEqual(adminPlan.weekCount + 1);
  });

  test('filters by area and role, hides and shows the filter panel, sorts and pages', async ({ page }) => {
    // a dozen filter choices, each answered by the server: more than the suite's 30 s on a busy machine
    test.setTimeout(60_000);
    await openFromMenu(page);
    await expect(bodyRows(page)).toHaveCount(members.length);

    // Citrusdal only: the members with a Citrusdal farm
    const others = areas.filter((a) => a.area_Name !== 'Citrusdal').map((a) => areaLabel(a.area_Name));
    const citrusdal = String(areas.find((a) => a.area_Name === 'Citrusdal')!.id);
    // each click asks again; the last request names Citrusdal alone, as a repeated parameter
    const narrowed = page.waitForRequest((r) => {
      const url = new URL(r.url());
      return url.pathname === LOGIN_HISTORY_PATHS.history && url.searchParams.getAll('areas').join() === citrusdal;
    });
    await toggleOptions(page, l.area, others);
    expect(new URL((await narrowed).url()).searchParams.has('roles')).toBe(false);
    await expect(filterField(page, l.area).locator('.p-multiselect-label')).toHaveText(areaLabel('Citrusdal'));
    const withCitrusdal = members.filter((m) => m.areas.includes('Citrusdal'));
    expect(withCitrusdal.length).toBeGreaterThan(1);
    await expectMembers(page, withCitrusdal);

    // and the Staff role: the staff members with a Citrusdal farm (none among the demo users)
    const notStaff = roles.filter((r) => r.name !== 'Staff').map((r) => r.name);
    await toggleOptions(page, l.roles, notStaff);
    const staffInCitrusdal = withCitrusdal.filter((m) => m.roles.includes('Staff'));
    await expectMembers(page, staffInCitrusdal);
    if (staffInCitrusdal.length === 0) await expect(page.getByRole('button', { name: l.exportCsv })).toBeDisabled();

    // hide and show the panel: the choices stay
    await page.getByRole('button', { name: en.filters.hideFilter }).click();
    await expect(page.getByRole('region', { name: l.filters })).toBeHidden();
    await page.getByRole('button', { name: en.filters.showFilter }).click();
    await expect(page.getByRole('region', { name: l.filters })).toBeVisible();
    await expect(filterField(page, l.roles).locator('.p-multiselect-label')).toHaveText('Staff');

    // every area again: the staff members, with or without farms
    await toggleOptions(page, l.area, others);
    const staff = members.filter((m) => m.roles.includes('Staff'));
    expect(staff.some((m) => m.areas.length === 0)).toBe(true);
    await expectMembers(page, staff);

    // no role chosen: nothing to show
    await toggleOptions(page, l.roles, ['Staff']);
    await expect(table(page).getByText(l.noData, { exact: true })).toBeVisible();
    await toggleOptions(page, l.roles, roles.map((r) => r.name));
    await expect(bodyRows(page)).toHaveCount(members.length);

    // sorting by Last 3 Months, descending on the second click
    const header = table(page).locator('thead th').filter({ hasText: l.lastThreeMonths });
    await header.click();
    await header.click();
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    const counts = (await bodyRows(page).locator('td:nth-child(4)').allInnerTexts()).map(Number);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));

    // page sizes 20, 50, 100 (20 first), the 620px scroll height
    const pageSize = page.locator('.login-history-table .rows-per-page');
    await expect(pageSize).toContainText('20');
    await pageSize.click();
    await expect(page.getByRole('option')).toHaveText(['20', '50', '100']);
    await page.getByRole('option', { name: '50', exact: true }).click();
    await expect(pageSize).toContainText('50');
    await expect(table(page).locator('.p-paginator-current')).toHaveText(`1 to ${members.length} of ${members.length}`);
    await expect(table(page).locator('.p-datatable-wrapper')).toHaveCSS('max-height', '620px');
  });

  test('exports the rows as CSV, the same figures as the table', async ({ page }) => {
    await openFromMenu(page);
    await expect(bodyRows(page)).toHaveCount(members.length);
    const downloaded = page.waitForEvent('download');
    const exported = page.waitForResponse((r) => new URL(r.url()).pathname === LOGIN_HISTORY_PATHS.export);
    await page.getByRole('button', { name: l.exportCsv }).click();
    expect((await exported).status()).toBe(200);
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/^LoginHistory-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.csv$/);
    const { firstLine, header, rows } = await readCsv(download);
    // readCsv keeps the first line apart: here it is the header
    expect(firstLine?.split(',')).toEqual(LOGIN_HISTORY_CSV_COLUMNS.map((c) => c.header));
    const records = [header, ...rows];
    expect(records.map((r) => r[0]).sort()).toEqual(names(members));
    const planned = countDemoLogins(locked.userName, 'grower');
    const lockedRecord = records.find((r) => r[1] === locked.userName)!;
    expect(lockedRecord.slice(2, 5)).toEqual([planned.weekCount, planned.monthCount, planned.lastThreeMonths].map(String));
    // times in files: the business wall-clock time with its offset, the same instant as the API's
    expect(lockedRecord[5]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+02:00$/);
    expect(Math.abs(Date.now() - planned.lastDaysBefore! * DAY_MS - Date.parse(lockedRecord[5]!))).toBeLessThan(2 * 3_600_000);
    for (const record of records) {
      const cells = await cellTexts(rowOf(page, record[0]!));
      expect(cells.slice(1, 4), record[0]).toEqual(record.slice(2, 5));
    }
  });

  test('axe-core: the page with the filters shown and hidden', async ({ page }) => {
    await openFromMenu(page);
    await expect(bodyRows(page)).toHaveCount(members.length);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: en.filters.hideFilter }).click();
    await expect(page.getByRole('region', { name: l.filters })).toBeHidden();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
