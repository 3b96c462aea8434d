/**
 * Input checks in the browser: opened from the menu as the demo administrator, one row per farm as
 * the API answers, the demo's stale farm and farm without phenology with their colouring, sorting,
 * the Oldest dialog with Copy details on the clipboard, the Organization dropdown, a phenology
 * capture showing up after a reload, axe-core at 1280 and 375 px and in a dark theme, and a member
 * without management.inputChecks (no menu entry, the URL answers as a hidden screen).
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { expect as baseExpect, test, type APIRequestContext, type Locator, type Page } from './support/test';
import { ORGANIZATION_HEADER, dayOf } from '@orchard/shared/core';
import { FIELD_CAPTURE_PATHS, PHENOLOGY_PATHS, type FieldBlock } from '@orchard/shared/field-capture';
import {
  INPUT_CHECK_KINDS,
  INPUT_CHECKS_CSV_COLUMNS,
  INPUT_CHECKS_NO_DATA,
  INPUT_CHECKS_PATHS,
  inputCheckAgeIntensity,
  inputCheckAgeText,
  type FarmInputCheckRow,
  type InputCheckKind,
} from '@orchard/shared/input-checks';
import { APP_DEFAULT_THEME_ID, PREFERENCES_PATHS } from '@orchard/shared/preferences';
import { MENU_CATALOGUE } from '@orchard/shared/shell';
import { en, exactly, organizationInput, pageTitle, scrollWidth, signIn, toast } from './support/app';
import { seriousViolations } from './support/axe-check';
import { demoUser } from './support/demo-users';
import { apiHeaders, chooseOption } from './support/picking';

const expect = baseExpect.configure({ timeout: 15_000 });
const ic = en.inputChecks;
const admin = demoUser('admin');
const GROWER = 'Citrus Valley Growers';
const LETABA = 'Letaba Citrus Estates';
/** the demo seed's stale farm (nothing for 20 days) and its farm that never had phenology */
const STALE_FARM = 'Rietfontein';
const STALE_DAYS = 20;
const NO_PHENOLOGY_FARM = 'Letsitele Vallei';
const PATH = MENU_CATALOGUE.find((d) => d.id === 'management.inputchecks')!.url!;
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

const table = (page: Page) => page.locator('.input-checks-page .input-checks-table');
const bodyRows = (page: Page) => table(page).locator('.p-datatable-tbody > tr');
const rowOf = (page: Page, farm: string) => bodyRows(page).filter({ has: page.locator('td:first-child', { hasText: exactly(farm) }) });
const farmColumn = async (page: Page) => (await bodyRows(page).locator('td:first-child').allInnerTexts()).map((t) => t.trim());
const cellTexts = async (row: Locator) => (await row.locator('td').allInnerTexts()).map((t) => t.trim());
const checksResponse = (page: Page) =>
  page.waitForResponse((r) => new URL(r.url()).pathname.toLowerCase() === INPUT_CHECKS_PATHS.farmInputChecks.toLowerCase() && r.ok());
/** the cells a row shows, kind by kind: Last then Oldest */
const expectedCells = (row: FarmInputCheckRow) => [
  row.farm,
  ...INPUT_CHECK_KINDS.flatMap((k) => [inputCheckAgeText(row[`${k}Last`]), inputCheckAgeText(row[`${k}Oldest`])]),
];
/** the cell of a kind's Last (0) or Oldest (1) in a row */
const ageCell = (row: Locator, kind: InputCheckKind, oldest: 0 | 1) => row.locator('td').nth(1 + INPUT_CHECK_KINDS.indexOf(kind) * 2 + oldest).locator('.input-check-age');
/** the alpha of an element's background colour */
const backgroundAlpha = (cell: Locator) =>
  cell.evaluate((el) => {
    const parts = getComputedStyle(el).backgroundColor.match(/[\d.]+/g) ?? [];
    return parts.length > 3 ? Number(parts[3]) : 1;
  });
const oldestButton = (page: Page, kind: InputCheckKind, farm: string, age: string) =>
  table(page).getByRole('button', { name: fill(ic.showDetails, { kind: ic.kinds[kind], farm, age }), exact: true });
const dialogOf = (page: Page, farm: string, kind: InputCheckKind) => page.getByRole('dialog', { name: fill(ic.dialogTitle, { farm, kind: ic.kinds[kind] }) });

async function apiRows(request: APIRequestContext, organizationId?: number): Promise<FarmInputCheckRow[]> {
  const headers = await apiHeaders(request, admin, GROWER);
  const query = organizationId === undefined ? '' : `?organizationId=${organizationId}`;
  const res = await request.get(`${INPUT_CHECKS_PATHS.farmInputChecks}${query}`, { headers });
  expect(res.status()).toBe(200);
  return (await res.json()) as FarmInputCheckRow[];
}

async function openFromMenu(page: Page) {
  await signIn(page, admin);
  const sidebar = page.getByRole('navigation', { name: en.shell.mainMenu });
  await sidebar.getByText(en.menu.Management, { exact: true }).click();
  const first = checksResponse(page);
  await sidebar.getByText(en.menu['Input Checks'], { exact: true }).click();
  await expect(page).toHaveURL(/\/management\/inputchecks$/);
  await expect(page).toHaveTitle(pageTitle(ic.title));
  await expect(page.getByRole('heading', { level: 1, name: ic.title })).toBeVisible();
  return (await (await first).json()) as FarmInputCheckRow[];
}

test.describe('Input checks', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('one row per farm as the API answers; the stale farm and the farm without phenology, coloured by age', async ({ page, request }) => {
    const rows = await openFromMenu(page);
    expect(rows).toEqual(await apiRows(request));
    expect(rows.map((r) => r.farm)).toEqual(expect.arrayContaining([STALE_FARM, NO_PHENOLOGY_FARM]));
    await expect(bodyRows(page)).toHaveCount(rows.length);
    await expect(table(page).locator('thead tr').first().locator('th')).toHaveText([ic.farm, ...INPUT_CHECK_KINDS.map((k) => ic.kinds[k])]);
    await expect(table(page).locator('thead tr').nth(1).locator('th')).toHaveText(INPUT_CHECK_KINDS.flatMap(() => [ic.last, ic.oldest]));
    for (const row of rows) expect(await cellTexts(rowOf(page, row.farm)), row.farm).toEqual(expectedCells(row));
    // the 360px table: it scrolls inside itself
    await expect(table(page).locator('.p-datatable-wrapper')).toHaveCSS('max-height', '360px');

    // the stale farm: no tensiometer reading for 20 days and more, full orange; the farm without phenology: No Data, full orange
    const stale = rowOf(page, STALE_FARM);
    const staleTensio = Number((await ageCell(stale, 'tensio', 0).innerText()).split(' ')[0]);
    expect(staleTensio).toBeGreaterThanOrEqual(STALE_DAYS);
    expect(await backgroundAlpha(ageCell(stale, 'tensio', 0))).toBe(1);
    expect(await backgroundAlpha(ageCell(stale, 'tensio', 1))).toBe(1);
    const noPheno = rowOf(page, NO_PHENOLOGY_FARM);
    await expect(ageCell(noPheno, 'pheno', 0)).toHaveText(en.inputChecks.noDataValue);
    await expect(ageCell(noPheno, 'pheno', 1)).toHaveText(en.inputChecks.noDataValue);
    expect(await backgroundAlpha(ageCell(noPheno, 'pheno', 0))).toBe(1);

    // every age cell: the orange's strength is the age's (none up to 3 days, full from 14), so it rises with age
    const seen: { days: number; alpha: number }[] = [];
    for (const cell of await table(page).locator('.input-check-age').all()) {
      const text = (await cell.innerText()).trim();
      const days = text === en.inputChecks.noDataValue ? null : Number(text.split(' ')[0]);
      const alpha = await backgroundAlpha(cell);
      expect(alpha, text).toBeCloseTo(inputCheckAgeIntensity(days), 2);
      if (days !== null) seen.push({ days, alpha });
    }
    seen.sort((a, b) => a.days - b.days);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.alpha).toBeGreaterThanOrEqual(seen[i - 1]!.alpha);
    expect(seen[0]!.alpha).toBeLessThan(seen[seen.length - 1]!.alpha);
  });

  test('sorts by farm and by an Oldest column (No Data the oldest)', async ({ page }) => {
    const rows = await openFromMenu(page);
    await expect(bodyRows(page)).toHaveCount(rows.length);
    const farmHeader = table(page).locator('thead th').filter({ hasText: exactly(ic.farm) });
    const names = rows.map((r) => r.farm);
    // the table's own text order: digit runs compare as numbers ("Farm 7a" before "Farm 75")
    const byName = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });
    await farmHeader.click();
    await expect(farmHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(await farmColumn(page)).toEqual([...names].sort(byName));
    await farmHeader.click();
    await expect(farmHeader).toHaveAttribute('aria-sort', 'descending');
    expect(await farmColumn(page)).toEqual([...names].sort((a, b) => byName(b, a)));

    const phenoOldest = table(page).getByRole('columnheader', { name: fill(ic.columnName, { kind: ic.kinds.pheno, column: ic.oldest }), exact: true });
    const order = (r: FarmInputCheckRow) => r.phenoOldest ?? Number.POSITIVE_INFINITY;
    await phenoOldest.click();
    await expect(phenoOldest).toHaveAttribute('aria-sort', 'ascending');
    const ascending = (await farmColumn(page)).map((f) => order(rows.find((r) => r.farm === f)!));
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect((await farmColumn(page)).at(-1)).toBe(NO_PHENOLOGY_FARM);
    await phenoOldest.click();
    await expect(phenoOldest).toHaveAttribute('aria-sort', 'descending');
    expect((await farmColumn(page))[0]).toBe(NO_PHENOLOGY_FARM);
  });

  test('an Oldest cell opens its dialog; Copy details puts the text on the clipboard; Close', async ({ page }) => {
    const rows = await openFromMenu(page);
    const stale = rows.find((r) => r.farm === STALE_FARM)!;
    const age = inputCheckAgeText(stale.tensioOldest);
    await oldestButton(page, 'tensio', STALE_FARM, age).click();
    const dialog = dialogOf(page, STALE_FARM, 'tensio');
    await expect(dialog).toBeVisible();
    const description = fill(ic.outOfDate, { kind: ic.listedKinds.tensio, age });
    await expect(dialog.getByText(description, { exact: true })).toBeVisible();
    expect(stale.tensioOldestIds.length).toBeGreaterThan(0);
    await expect(dialog.getByRole('list', { name: ic.blocks }).getByRole('listitem')).toHaveText(stale.tensioOldestIds);
    expect(await seriousViolations(page), 'dialog').toEqual([]);

    const footer = dialog.locator('.p-dialog-footer');
    await footer.getByRole('button', { name: ic.copyDetails, exact: true }).click();
    await expect(toast(page, ic.copied, ic.copiedDetail)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe([description, ...stale.tensioOldestIds].join('\n'));
    await footer.getByRole('button', { name: ic.close, exact: true }).click();
    await expect(dialog).toBeHidden();

    // No Data: "No Data is available." and the blocks without a record
    const noPheno = rows.find((r) => r.farm === NO_PHENOLOGY_FARM)!;
    await oldestButton(page, 'pheno', NO_PHENOLOGY_FARM, ic.noDataValue).click();
    const none = dialogOf(page, NO_PHENOLOGY_FARM, 'pheno');
    await expect(none.getByText(fill(ic.noDataAvailable, { noData: ic.noDataValue }), { exact: true })).toBeVisible();
    await expect(none.getByText('No Data is available.', { exact: true })).toBeVisible();
    await expect(none.getByRole('listitem')).toHaveText(noPheno.phenoOldestIds);
    await page.keyboard.press('Escape');
    await expect(none).toBeHidden();
  });

  test("the Organization dropdown starts on the signed-in organization and shows another's farms", async ({ page, request }) => {
    await openFromMenu(page);
    const dropdown = page.locator('.input-checks-filters .p-dropdown');
    await expect(dropdown.locator('.p-dropdown-label')).toHaveText(GROWER);
    const headers = await apiHeaders(request, admin, LETABA);
    const letabaId = Number(headers[ORGANIZATION_HEADER]);
    const expected = await apiRows(request, letabaId);
    expect(expected.length).toBeGreaterThan(0);
    const answer = page.waitForResponse((r) => new URL(r.url()).searchParams.get('organizationId') === String(letabaId) && r.ok());
    await chooseOption(page, dropdown, LETABA);
    await answer;
    await expect.poll(() => farmColumn(page)).toEqual(expected.map((r) => r.farm));
    for (const row of expected) expect(await cellTexts(rowOf(page, row.farm)), row.farm).toEqual(expectedCells(row));
    // the report's organization only: the signed-in organization stays
    await expect(organizationInput(page.getByRole('banner'))).toHaveValue(GROWER);
  });

  test("Export CSV downloads the chosen organization's rows, as the table shows them", async ({ page, request }) => {
    await openFromMenu(page);
    const dropdown = page.locator('.input-checks-filters .p-dropdown');
    const letabaId = Number((await apiHeaders(request, admin, LETABA))[ORGANIZATION_HEADER]);
    const answer = page.waitForResponse((r) => new URL(r.url()).searchParams.get('organizationId') === String(letabaId) && r.ok());
    await chooseOption(page, dropdown, LETABA);
    const expected = (await (await answer).json()) as FarmInputCheckRow[];
    expect(expected.length).toBeGreaterThan(0);
    await expect.poll(() => farmColumn(page)).toEqual(expected.map((r) => r.farm));

    const exported = page.waitForResponse((r) => new URL(r.url()).pathname === INPUT_CHECKS_PATHS.export);
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: ic.exportCsv, exact: true }).click();
    const exportAnswer = await exported;
    expect(exportAnswer.status()).toBe(200);
    expect(new URL(exportAnswer.url()).searchParams.get('organizationId')).toBe(String(letabaId));
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/^InputChecks-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.csv$/);
    const records = parse(await readFile((await download.path())!, 'utf8')) as string[][];
    expect(records[0]).toEqual(INPUT_CHECKS_CSV_COLUMNS.map((c) => c.header));
    // a row per farm of the table: whole days, No Data where the table says No Data
    const days = (value: number | null) => (value === null ? INPUT_CHECKS_NO_DATA : String(value));
    expect(records.slice(1)).toEqual(expected.map((r) => [r.farm, ...INPUT_CHECK_KINDS.flatMap((k) => [days(r[`${k}Last`]), days(r[`${k}Oldest`])])]));
    const first = expected[0]!;
    expect(await cellTexts(rowOf(page, first.farm))).toEqual(expectedCells(first));
    await expect(page.getByRole('button', { name: ic.exportCsv, exact: true })).toBeEnabled();
  });

  test("a phenology observation captured today shows as the farm's Pheno Last 0 days after a reload", async ({ page, request }) => {
    const rows = await openFromMenu(page);
    // the stale farm unless an earlier run already captured there
    const farm = rows.find((r) => r.farm === STALE_FARM && r.phenoLast !== 0) ?? rows.find((r) => r.farm !== NO_PHENOLOGY_FARM && r.phenoLast !== 0)!;
    await expect(ageCell(rowOf(page, farm.farm), 'pheno', 0)).toHaveText(inputCheckAgeText(farm.phenoLast));
    const headers = await apiHeaders(request, admin, GROWER);
    const blocks = (await (await request.get(FIELD_CAPTURE_PATHS.blocks, { headers })).json()) as FieldBlock[];
    const block = blocks.find((b) => b.farmName === farm.farm)!;
    const created = await request.post(PHENOLOGY_PATHS.observations, {
      headers,
      data: { clientId: randomUUID(), farmBlockId: block.id, observedOn: dayOf(new Date()), stage: 'flowering', percentOfTrees: 40 },
    });
    expect(created.status(), await created.text()).toBe(201);

    const again = checksResponse(page);
    await page.reload();
    await again;
    const last = ageCell(rowOf(page, farm.farm), 'pheno', 0);
    await expect(last).toHaveText(inputCheckAgeText(0));
    expect(await backgroundAlpha(last)).toBe(0);
  });

  test('axe-core at 1280 and 375 px; at 375 px the table scrolls, not the page', async ({ page }) => {
    test.setTimeout(60_000);
    const rows = await openFromMenu(page);
    await expect(bodyRows(page)).toHaveCount(rows.length);
    expect(await seriousViolations(page), '1280 px').toEqual([]);

    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => scrollWidth(page)).toBeLessThanOrEqual(375);
    const wrapper = table(page).locator('.p-datatable-wrapper');
    expect(await wrapper.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await seriousViolations(page), '375 px').toEqual([]);
  });

  test('axe-core in a dark theme, the table and the dialog', async ({ page, request }) => {
    test.setTimeout(90_000);
    const rows = await openFromMenu(page);
    const headers = await apiHeaders(request, admin, GROWER);
    const dark = await request.put(PREFERENCES_PATHS.preferences, { headers, data: { themeId: 'lara-dark-green' } });
    expect(dark.status()).toBe(200);
    try {
      const again = checksResponse(page);
      await page.reload();
      await again;
      await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
      await expect(bodyRows(page)).toHaveCount(rows.length);
      expect(await seriousViolations(page), 'dark').toEqual([]);
      await oldestButton(page, 'pheno', NO_PHENOLOGY_FARM, ic.noDataValue).click();
      await expect(dialogOf(page, NO_PHENOLOGY_FARM, 'pheno')).toBeVisible();
      expect(await seriousViolations(page), 'dark dialog').toEqual([]);
    } finally {
      const back = await request.put(PREFERENCES_PATHS.preferences, { headers, data: { themeId: APP_DEFAULT_THEME_ID } });
      expect(back.status()).toBe(200);
    }
  });

  test('without management.inputChecks there is no menu entry, and the URL answers as a hidden screen', async ({ page, request }) => {
    const scout = demoUser('scout');
    await signIn(page, scout);
    const sidebar = page.getByRole('navigation', { name: en.shell.mainMenu });
    await expect(sidebar.locator('a[data-menu-id]').first()).toBeAttached();
    await expect(sidebar.locator('a[data-menu-id="management.inputchecks"]')).toHaveCount(0);
    await expect(sidebar.getByText(en.menu['Input Checks'], { exact: true })).toHaveCount(0);

    await page.goto(PATH);
    await expect(page).toHaveURL(/\/accessdenied$/);
    await expect(page).toHaveTitle(pageTitle(en.titles.accessDenied));
    await expect(page.getByRole('heading', { level: 1, name: ic.title })).toHaveCount(0);
    const res = await request.get(INPUT_CHECKS_PATHS.farmInputChecks, { headers: await apiHeaders(request, scout, GROWER) });
    expect(res.status()).toBe(403);
  });
});
