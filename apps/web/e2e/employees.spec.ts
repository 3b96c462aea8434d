/**
 * Employee management in the browser: opened from the menu as the demo administrator, the demo
 * employees, the Legal Entity and Employee Type filters (all preselected), adding an employee and
 * the duplicate message, editing and saving, Clear, deleting on confirm (and the server's message
 * when it fails), a stale edit refused, adding a type and the duplicate-type message, a member
 * without employees.manage seeing neither actions nor form, page sizes, axe-core.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { expect, test, type Page } from './support/test';
import {
  EMPLOYEES_CSV_COLUMNS,
  EMPLOYEE_MESSAGES,
  EMPLOYEES_PATHS,
  type Employee,
  type EmployeeLegalEntity,
  type EmployeeType,
} from '@orchard/shared/employees';
import { en, exactly, signIn, toast } from './support/app';
import { demoUser } from './support/demo-users';
import { apiHeaders, chooseOption, seriousViolations } from './support/picking';

// the seed's employees, loaded by URL like the demo users (the web project cannot include server sources)
const EMPLOYEES_MODULE = new URL('../../server/src/db/seed/parts/employees.ts', import.meta.url).href;
const { DEMO_EMPLOYEES, DEMO_EMPLOYEE_TYPES } = (await import(EMPLOYEES_MODULE)) as {
  DEMO_EMPLOYEES: readonly { fullname: string; type: string }[];
  DEMO_EMPLOYEE_TYPES: readonly string[];
};

const e = en.employees;
const admin = demoUser('admin');
const manager = demoUser('manager');
const GROWER = 'Citrus Valley Growers';
const PATH = '/management/employees';
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const table = (page: Page) => page.locator('.employees-table');
const bodyRows = (page: Page) => table(page).locator('.p-datatable-tbody > tr');
const rowOf = (page: Page, name: string) => bodyRows(page).filter({ has: page.getByRole('cell', { name, exact: true }) });
const nameColumn = async (page: Page) => (await bodyRows(page).locator('td:nth-child(4)').allInnerTexts()).map((t) => t.trim()).sort();
const filterField = (page: Page, label: string) => page.locator('.filter-field').filter({ has: page.locator('label', { hasText: exactly(label) }) });
const details = (page: Page) => page.getByRole('form', { name: e.details });
const typeForm = (page: Page) => page.getByRole('form', { name: e.addNewType });
const formField = (page: Page, label: string) => details(page).locator('.field').filter({ has: page.locator('label', { hasText: exactly(label) }) });
const confirmation = (page: Page) => page.locator('.p-confirm-dialog');
const listResponse = (page: Page) => page.waitForResponse((r) => new URL(r.url()).pathname === EMPLOYEES_PATHS.list && r.request().method() === 'GET' && r.ok());

async function toggleOptions(page: Page, label: string, options: string[]) {
  await filterField(page, label).locator('.p-multiselect').click();
  const panel = page.locator('.p-multiselect-panel');
  await expect(panel).toBeVisible();
  for (const name of options) await panel.getByRole('option', { name, exact: true }).click();
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(panel).toHaveCount(0);
}

async function fillDetails(page: Page, values: { type: string; legalEntity: string; fullname: string }) {
  await chooseOption(page, formField(page, e.employeeType).locator('.p-dropdown'), values.type);
  await chooseOption(page, formField(page, e.legalEntity).locator('.p-dropdown'), values.legalEntity);
  await details(page).getByLabel(e.fullName, { exact: true }).fill(values.fullname);
}

async function openFromMenu(page: Page) {
  await signIn(page, admin);
  const sidebar = page.getByRole('navigation', { name: en.shell.mainMenu });
  await sidebar.getByText(en.menu.Management, { exact: true }).click();
  const first = listResponse(page);
  await sidebar.getByText(en.menu.Employees, { exact: true }).click();
  await expect(page).toHaveURL(/\/management\/employees$/);
  await expect(page.getByRole('heading', { level: 1, name: e.title })).toBeVisible();
  return (await (await first).json()) as Employee[];
}

test.describe('Employee management', () => {
  let legalEntities: EmployeeLegalEntity[];
  let types: EmployeeType[];

  test.beforeAll(async ({ request }) => {
    const headers = await apiHeaders(request, admin, GROWER);
    legalEntities = (await (await request.get(EMPLOYEES_PATHS.legalEntities, { headers })).json()) as EmployeeLegalEntity[];
    types = (await (await request.get(EMPLOYEES_PATHS.types, { headers })).json()) as EmployeeType[];
    expect(legalEntities.length).toBeGreaterThanOrEqual(2);
  });

  test('opens from the menu with the demo employees, every legal entity and type chosen; filters, hides the filters and pages', async ({ page }) => {
    const rows = await openFromMenu(page);
    for (const demo of DEMO_EMPLOYEES) expect(rows.map((r) => r.fullname)).toContain(demo.fullname);
    await expect(bodyRows(page)).toHaveCount(Math.min(rows.length, 20));
    await expect(table(page).getByRole('columnheader')).toHaveText([e.id, e.type, e.legalEntity, e.fullName, e.actions]);
    const thabo = rows.find((r) => r.fullname === 'Thabo Mokoena')!;
    await expect(rowOf(page, 'Thabo Mokoena').locator('td').first()).toHaveText(String(thabo.id));
    await expect(rowOf(page, 'Thabo Mokoena')).toContainText(thabo.employeeType);
    await expect(rowOf(page, 'Thabo Mokoena')).toContainText(thabo.legalEntityName);

    // every option preselected
    for (const [label, names] of [
      [e.legalEntity, legalEntities.map((l) => l.name)],
      [e.employeeType, types.map((t) => t.type)],
    ] as const) {
      await filterField(page, label).locator('.p-multiselect').click();
      const panel = page.locator('.p-multiselect-panel');
      for (const name of names) await expect(panel.getByRole('option', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
      await panel.getByRole('button', { name: 'Close' }).click();
      // gone before the next list opens (a list still fading out is a second panel on the page)
      await expect(panel).toHaveCount(0);
    }

    // one legal entity taken out
    const [kept, dropped] = legalEntities as [EmployeeLegalEntity, EmployeeLegalEntity];
    let narrowed = listResponse(page);
    await toggleOptions(page, e.legalEntity, [dropped.name]);
    expect(new URL((await narrowed).url()).searchParams.getAll('legalEntities')).toEqual(legalEntities.filter((l) => l !== dropped).map((l) => String(l.id)));
    const keptRows = rows.filter((r) => r.legal_Entity !== dropped.id);
    await expect.poll(() => nameColumn(page)).toEqual(keptRows.map((r) => r.fullname).sort());

    // and one type
    const seasonal = types.find((t) => t.type === 'Seasonal')!;
    narrowed = listResponse(page);
    await toggleOptions(page, e.employeeType, ['Seasonal']);
    await narrowed;
    await expect.poll(() => nameColumn(page)).toEqual(keptRows.filter((r) => r.type !== seasonal.id).map((r) => r.fullname).sort());
    expect(kept.name).not.toBe(dropped.name);

    // Hide Filter / Show Filter
    await page.getByRole('button', { name: en.filters.hideFilter }).click();
    await expect(filterField(page, e.legalEntity)).toHaveCount(0);
    await page.getByRole('button', { name: en.filters.showFilter }).click();
    await expect(filterField(page, e.legalEntity)).toBeVisible();

    // page sizes 20, 50, 100 (20 first)
    const pageSize = table(page).locator('.rows-per-page');
    await expect(pageSize).toContainText('20');
    await pageSize.click();
    await expect(page.getByRole('option')).toHaveText(['20', '50', '100']);
    await page.getByRole('option', { name: '50', exact: true }).click();
    await expect(pageSize).toContainText('50');
  });

  test('Export CSV downloads the rows of the chosen filter, as the server wrote them', async ({ page }) => {
    const rows = await openFromMenu(page);
    const seasonal = types.find((t) => t.type === 'Seasonal')!;
    const narrowed = listResponse(page);
    await toggleOptions(page, e.employeeType, ['Seasonal']);
    await narrowed;
    const shown = rows.filter((r) => r.type !== seasonal.id);
    await expect.poll(() => nameColumn(page)).toEqual(shown.map((r) => r.fullname).sort());

    const exported = page.waitForResponse((r) => new URL(r.url()).pathname === EMPLOYEES_PATHS.export);
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: e.exportCsv, exact: true }).click();
    const answer = await exported;
    expect(new URL(answer.url()).searchParams.getAll('types')).toEqual(types.filter((t) => t !== seasonal).map((t) => String(t.id)));
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/^Employees-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.csv$/);
    const records = parse(await readFile((await download.path())!, 'utf8')) as string[][];
    expect(records[0]).toEqual(EMPLOYEES_CSV_COLUMNS.map((c) => c.header));
    expect(records.slice(1).map((r) => r[3]).sort()).toEqual(shown.map((r) => r.fullname).sort());
    await expect(page.getByRole('button', { name: e.exportCsv, exact: true })).toBeEnabled();
  });

  test('adds an employee, sees the duplicate message, edits and saves, clears, and deletes only on confirm', async ({ page }) => {
    await signIn(page, admin);
    await page.goto(PATH);
    await expect(details(page)).toBeVisible();
    const add = details(page).getByRole('button', { name: e.add, exact: true });
    const name = `Zanele Test ${unique()}`;
    const entity = legalEntities[0]!.name;

    // Add is enabled only with type, legal entity and full name
    await expect(add).toBeDisabled();
    await chooseOption(page, formField(page, e.employeeType).locator('.p-dropdown'), 'Permanent');
    await expect(add).toBeDisabled();
    await chooseOption(page, formField(page, e.legalEntity).locator('.p-dropdown'), entity);
    await expect(add).toBeDisabled();
    await details(page).getByLabel(e.fullName, { exact: true }).fill('   ');
    await expect(add).toBeDisabled();
    await details(page).getByLabel(e.fullName, { exact: true }).fill(name);
    await expect(add).toBeEnabled();
    await add.click();
    await expect(toast(page, e.success, EMPLOYEE_MESSAGES.added)).toBeVisible();
    expect(e.added).toBe('Successfully Added User');
    await expect(rowOf(page, name)).toHaveCount(1);
    await expect(rowOf(page, name)).toContainText('Permanent');
    await expect(details(page).getByLabel(e.fullName, { exact: true })).toHaveValue('');

    // the same full name, legal entity and type again
    await fillDetails(page, { type: 'Permanent', legalEntity: entity, fullname: name.toUpperCase() });
    await add.click();
    await expect(toast(page, 'User Exists', 'User and type combination Aleady Exists for this Legal Entity')).toBeVisible();
    await expect(rowOf(page, name)).toHaveCount(1);
    await details(page).getByRole('button', { name: e.clear, exact: true }).click();
    await expect(details(page).getByLabel(e.fullName, { exact: true })).toHaveValue('');

    // edit: the row fills the form, Save writes it
    await rowOf(page, name).getByRole('button', { name: `Edit ${name}` }).click();
    const save = details(page).getByRole('button', { name: e.save, exact: true });
    await expect(save).toBeVisible();
    await expect(details(page).getByLabel(e.fullName, { exact: true })).toHaveValue(name);
    await expect(formField(page, e.employeeType)).toContainText('Permanent');
    const edited = `${name} Edited`;
    await details(page).getByLabel(e.fullName, { exact: true }).fill(edited);
    await chooseOption(page, formField(page, e.employeeType).locator('.p-dropdown'), 'Contractor');
    await save.click();
    await expect(toast(page, e.success, EMPLOYEE_MESSAGES.updated)).toBeVisible();
    expect(e.updated).toBe('Successfully Updated User');
    await expect(rowOf(page, edited)).toContainText('Contractor');
    await expect(rowOf(page, name)).toHaveCount(0);
    await expect(add).toBeVisible();

    // Clear returns to adding with empty fields
    await rowOf(page, edited).getByRole('button', { name: `Edit ${edited}` }).click();
    await expect(save).toBeVisible();
    await details(page).getByRole('button', { name: e.clear, exact: true }).click();
    await expect(add).toBeVisible();
    await expect(details(page).getByLabel(e.fullName, { exact: true })).toHaveValue('');
    await expect(formField(page, e.employeeType)).toContainText(e.selectType);

    // delete: No keeps it, Yes removes it
    await rowOf(page, edited).getByRole('button', { name: `Delete ${edited}` }).click();
    await expect(confirmation(page)).toContainText('Are you sure you want to delete this record?');
    await confirmation(page).getByRole('button', { name: e.no }).click();
    await expect(rowOf(page, edited)).toHaveCount(1);
    await rowOf(page, edited).getByRole('button', { name: `Delete ${edited}` }).click();
    await confirmation(page).getByRole('button', { name: e.yes }).click();
    await expect(rowOf(page, edited)).toHaveCount(0);
    // a delete confirms with a success toast, as a save does
    await expect(toast(page, e.success, e.deleted)).toBeVisible();
  });

  test("a delete the server refuses shows Error with the server's message; a stale edit is refused, not overwritten", async ({ page, request }) => {
    const headers = await apiHeaders(request, admin, GROWER);
    const make = async (fullname: string) =>
      (await (await request.post(EMPLOYEES_PATHS.list, { headers, data: { fullname, legal_Entity: legalEntities[0]!.id, type: types[0]!.id } })).json()) as Employee;
    const gone = await make(`Gone Already ${unique()}`);
    const raced = await make(`Raced Edit ${unique()}`);
    await signIn(page, admin);
    await page.goto(PATH);
    await expect(rowOf(page, gone.fullname)).toHaveCount(1);

    // someone else deletes it first
    expect((await request.delete(EMPLOYEES_PATHS.one.replace(':id', String(gone.id)), { headers })).status()).toBe(204);
    await rowOf(page, gone.fullname).getByRole('button', { name: `Delete ${gone.fullname}` }).click();
    await confirmation(page).getByRole('button', { name: e.yes }).click();
    await expect(toast(page, e.error, 'Employee not found')).toBeVisible();
    await expect(rowOf(page, gone.fullname)).toHaveCount(0);

    // someone else saves it first
    await rowOf(page, raced.fullname).getByRole('button', { name: `Edit ${raced.fullname}` }).click();
    const theirs = `${raced.fullname} Theirs`;
    const put = await request.put(EMPLOYEES_PATHS.one.replace(':id', String(raced.id)), {
      headers,
      data: { fullname: theirs, legal_Entity: raced.legal_Entity, type: raced.type, version: raced.version },
    });
    expect(put.status()).toBe(200);
    await details(page).getByLabel(e.fullName, { exact: true }).fill(`${raced.fullname} Mine`);
    await details(page).getByRole('button', { name: e.save, exact: true }).click();
    await expect(toast(page, e.error, EMPLOYEE_MESSAGES.staleVersion)).toBeVisible();
    await expect(rowOf(page, theirs)).toHaveCount(1);
  });

  test('adds an employee type; an existing one (case-insensitive, trimmed) gives "Type Already Exists"', async ({ page }) => {
    await signIn(page, admin);
    await page.goto(PATH);
    await details(page).getByRole('button', { name: e.addNewType }).click();
    await expect(typeForm(page)).toBeVisible();
    await expect(details(page)).toHaveCount(0);
    const save = typeForm(page).getByRole('button', { name: e.save, exact: true });
    const input = typeForm(page).getByLabel(e.newType, { exact: true });
    await expect(save).toBeDisabled();
    await input.fill('   ');
    await expect(save).toBeDisabled();

    const existing = DEMO_EMPLOYEE_TYPES[1]!;
    await input.fill(`  ${existing.toUpperCase()} `);
    await save.click();
    await expect(toast(page, 'Type Already Exists')).toBeVisible();
    expect(e.typeExists).toBe(EMPLOYEE_MESSAGES.typeExists);
    await expect(typeForm(page)).toBeVisible();

    // Clear empties it, Close goes back to the details
    await typeForm(page).getByRole('button', { name: e.clear, exact: true }).click();
    await expect(input).toHaveValue('');
    await typeForm(page).getByRole('button', { name: e.close, exact: true }).click();
    await expect(details(page)).toBeVisible();

    // a new type is saved and chosen in the details form, and the type filter has it selected
    await details(page).getByRole('button', { name: e.addNewType }).click();
    const created = `Intern ${unique()}`;
    await typeForm(page).getByLabel(e.newType, { exact: true }).fill(` ${created} `);
    await typeForm(page).getByRole('button', { name: e.save, exact: true }).click();
    await expect(toast(page, e.success, 'Type Added Successfully')).toBeVisible();
    await expect(details(page)).toBeVisible();
    await expect(formField(page, e.employeeType)).toContainText(created);
    await filterField(page, e.employeeType).locator('.p-multiselect').click();
    await expect(page.locator('.p-multiselect-panel').getByRole('option', { name: created, exact: true })).toHaveAttribute('aria-selected', 'true');
    await page.locator('.p-multiselect-panel').getByRole('button', { name: 'Close' }).click();
  });

  test('a type the server cannot add: "Type Could Not Be Added"', async ({ page }) => {
    await signIn(page, admin);
    await page.goto(PATH);
    await page.route(`**${EMPLOYEES_PATHS.types}`, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"INTERNAL","message":"An unexpected error occurred"},"requestId":"e2e"}' })
        : route.continue(),
    );
    await details(page).getByRole('button', { name: e.addNewType }).click();
    await typeForm(page).getByLabel(e.newType, { exact: true }).fill(`Broken ${unique()}`);
    await typeForm(page).getByRole('button', { name: e.save, exact: true }).click();
    await expect(toast(page, 'Type Could Not Be Added')).toBeVisible();
    await expect(typeForm(page)).toBeVisible();
  });

  test('a member without employees.manage sees the employees but no actions and no form', async ({ page }) => {
    await signIn(page, manager);
    const first = listResponse(page);
    await page.goto(PATH);
    await first;
    await expect(rowOf(page, 'Thabo Mokoena')).toHaveCount(1);
    await expect(table(page).getByRole('columnheader')).toHaveText([e.id, e.type, e.legalEntity, e.fullName]);
    await expect(page.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
    await expect(details(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: e.addNewType })).toHaveCount(0);
  });

  test('axe-core: the page with the details form, the type form and the delete confirmation', async ({ page }) => {
    await signIn(page, admin);
    // a reload restores the session before the list is asked for: wait for the list, not a fixed 7 s
    const first = listResponse(page);
    await page.goto(PATH);
    await first;
    await expect(rowOf(page, 'Thabo Mokoena')).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);
    await details(page).getByRole('button', { name: e.addNewType }).click();
    await expect(typeForm(page)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await typeForm(page).getByRole('button', { name: e.close, exact: true }).click();
    await rowOf(page, 'Thabo Mokoena').getByRole('button', { name: 'Delete Thabo Mokoena' }).click();
    await expect(confirmation(page)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await confirmation(page).getByRole('button', { name: e.no }).click();
    await page.getByRole('button', { name: en.filters.hideFilter }).click();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
