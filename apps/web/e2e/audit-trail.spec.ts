/**
 * Audit trail in the browser: the demo administrator changes a role, opens Management > Audit Trail
 * from the menu and finds the change (who, the super-user mark, area, action, before → after);
 * filters by area and by who; exports the filtered list as CSV; axe-core in a light and a dark
 * theme; at 375 px the screen does not scroll sideways.
 */
import { expect, test, type Page } from './support/test';
import { AUDIT_TRAIL_CSV_COLUMNS, AUDIT_TRAIL_PATHS } from '@orchard/shared/audit-trail';
import { ROLES_PATHS } from '@orchard/shared/roles';
import { en, scrollWidth, signIn } from './support/app';
import { seriousViolationsInPage } from './support/axe-check';
import { demoUser } from './support/demo-users';
import { apiHeaders, readCsv } from './support/picking';
import { applied, chooseTheme, resetSavedTheme, restoreTheme } from './support/themes';

const a = en.auditTrail;
const admin = demoUser('admin');
const GROWER = 'Citrus Valley Growers';
const ROLE = `Audit Journey ${Date.now()}`;
const RENAMED = `${ROLE} Renamed`;

const table = (page: Page) => page.locator('.audit-trail-table');
const bodyRows = (page: Page) => table(page).locator('.p-datatable-tbody > tr');
const listed = (page: Page) => page.waitForResponse((r) => new URL(r.url()).pathname === AUDIT_TRAIL_PATHS.list && r.ok());

async function openFromMenu(page: Page) {
  await signIn(page, admin);
  const sidebar = page.getByRole('navigation', { name: en.shell.mainMenu });
  await sidebar.getByText(en.menu.Management, { exact: true }).click();
  const first = listed(page);
  await sidebar.getByText(en.menu['Audit Trail'], { exact: true }).click();
  await expect(page).toHaveURL(/\/management\/audittrail$/);
  await expect(page.getByRole('heading', { level: 1, name: a.title })).toBeVisible();
  await first;
}

async function ready(page: Page) {
  await expect(page.locator('.loading-bar .p-progressbar, .page-loader, .p-datatable-loading-overlay, .p-progress-spinner')).toHaveCount(0);
}

test.describe('Audit trail', () => {
  test.beforeAll(async ({ request }) => {
    // the change the journeys look for: a role created, then renamed, by the administrator
    const headers = await apiHeaders(request, admin, GROWER);
    const created = await request.post(ROLES_PATHS.roles, { headers, data: { name: ROLE, permissions: [] } });
    expect(created.status(), await created.text()).toBe(201);
    const role = (await created.json()) as { id: number; version: number };
    const renamed = await request.put(ROLES_PATHS.role.replace(':id', String(role.id)), { headers, data: { name: RENAMED, permissions: [], version: role.version } });
    expect(renamed.status(), await renamed.text()).toBe(200);
  });

  test('shows the change with who made it, the super-user mark and the name before and after', async ({ page }) => {
    await openFromMenu(page);
    const row = bodyRows(page).filter({ hasText: `name: ${ROLE} → ${RENAMED}` });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(admin.fullName!);
    await expect(row).toContainText(a.superUser);
    await expect(row).toContainText(a.areas.roles);
    await expect(row).toContainText(a.actions.update);
    await expect(page.getByRole('link', { name: a.signIns })).toHaveAttribute('href', '/management/logins');
  });

  test('filters by area and by who; an empty result says what appears here', async ({ page }) => {
    await openFromMenu(page);
    const areaField = page.locator('.filter-field').filter({ has: page.locator('label', { hasText: a.area }) });
    const narrowed = listed(page);
    await areaField.locator('.p-dropdown').click();
    await page.getByRole('option', { name: a.areas.roles, exact: true }).click();
    expect(new URL((await narrowed).url()).searchParams.get('area')).toBe('roles');
    await ready(page);
    await expect(bodyRows(page).filter({ hasText: RENAMED }).first()).toBeVisible();
    for (const cell of await bodyRows(page).locator('td:nth-child(3)').allInnerTexts()) expect(cell.trim()).toBe(a.areas.roles);

    const nobody = listed(page);
    await page.getByLabel(a.actor, { exact: true }).fill('no-such-person-here');
    await nobody;
    await expect(table(page).getByText(a.empty)).toBeVisible();

    const byName = listed(page);
    await page.getByLabel(a.actor, { exact: true }).fill(admin.fullName!.split(' ')[0]!);
    await byName;
    await expect(bodyRows(page).filter({ hasText: RENAMED }).first()).toBeVisible();
  });

  test('exports the filtered list as CSV', async ({ page }) => {
    await openFromMenu(page);
    // the filter applies once typing pauses: wait for the list it asks for
    const filtered = page.waitForResponse((r) => new URL(r.url()).pathname === AUDIT_TRAIL_PATHS.list && new URL(r.url()).searchParams.get('actor') === admin.userName);
    await page.getByLabel(a.actor, { exact: true }).fill(admin.userName);
    await filtered;
    await ready(page);
    await expect(bodyRows(page).filter({ hasText: RENAMED }).first()).toBeVisible();
    const downloaded = page.waitForEvent('download');
    const exported = page.waitForResponse((r) => new URL(r.url()).pathname === AUDIT_TRAIL_PATHS.export);
    await page.getByRole('button', { name: a.exportCsv }).click();
    const response = await exported;
    expect(response.status()).toBe(200);
    expect(new URL(response.url()).searchParams.get('actor')).toBe(admin.userName);
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/^AuditTrail-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.csv$/);
    const { firstLine, header, rows } = await readCsv(download);
    expect(firstLine?.split(',')).toEqual(AUDIT_TRAIL_CSV_COLUMNS.map((c) => c.header));
    const records = [header, ...rows];
    const renamed = records.find((r) => r[7]?.includes(`name: ${ROLE} → ${RENAMED}`));
    expect(renamed?.slice(1, 7)).toEqual([admin.fullName, 'true', 'roles', 'update', 'role', RENAMED]);
  });

  test.describe('375 px wide, light and dark', () => {
    test.use({ viewport: { width: 375, height: 740 } });
    test.afterEach(({ baseURL }) => resetSavedTheme(baseURL as string, admin));

    test('no serious or critical axe violations, and nothing scrolls sideways', async ({ page }) => {
      test.setTimeout(4 * 60_000);
      await signIn(page, admin);
      await page.goto('/settings/preferences');
      await expect(page.getByRole('heading', { name: en.preferences.title })).toBeVisible();
      const light = await applied(page, 'Lara Light Green');
      const dark = await chooseTheme(page, 'Lara Dark Green');
      await page.goto('/management/audittrail');
      await expect(page.getByRole('heading', { level: 1, name: a.title })).toBeVisible();
      await expect(bodyRows(page).filter({ hasText: RENAMED }).first()).toBeVisible();
      await ready(page);
      expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
      for (const theme of [light, dark]) {
        await restoreTheme(page, theme);
        expect(await seriousViolationsInPage(page, { timeout: 30_000 }), theme.label).toEqual([]);
      }
      // the empty state too
      await page.getByLabel(a.actor, { exact: true }).fill('no-such-person-here');
      await expect(table(page).getByText(a.empty)).toBeVisible();
      expect(await seriousViolationsInPage(page, { timeout: 30_000 }), 'empty, dark').toEqual([]);
    });
  });
});
