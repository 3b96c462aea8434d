/**
 * Harvest screens as the admin on the demo data: the Harvest PUC report (Total row = sum of the
 * rows, packhouse change resets variety), the Fruitbins Block Report (unlinked rows, Adj T/Ha edit
 * recomputed without a re-fetch and kept after reload, the 0..400 rule, a row without hectares
 * saved without them, a concurrent edit), the
 * read-only Estimate appraisal, bin intake and CSV import moving the PUC report, axe-core on all four.
 *
 * Each journey works on its own PUC (chosen through the API from the seeded data), so journeys do
 * not depend on each other's order.
 */
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { parse } from 'csv-parse/sync';
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page, type Route } from './support/test';
import { ORGANIZATION_HEADER, formatDay } from '@orchard/shared/core';
import {
  HARVEST_PATHS,
  PUC_REPORT_CSV_COLUMNS,
  blockReportTotals,
  formatFigure,
  formatPercent,
  applyEstimateSave,
  blockReportRow,
  type BlockReportPage,
  type HarvestPucOption,
} from '@orchard/shared/harvest';
import { productionBlockLabel } from '@orchard/shared/farm-setup';
import { en, exactly, signIn, toast } from './support/app';
import { demoUser } from './support/demo-users';

const admin = demoUser('admin');

// the journeys read every PUC's block report through the API first and sign in more than once
test.describe.configure({ timeout: 90_000 });
const h = en.harvest;
const CULTURE = 'en-ZA';

/* ---------- the API, to choose rows from the seeded data ---------- */

interface Api {
  get<T>(path: string): Promise<T>;
}

async function adminApi(request: APIRequestContext): Promise<Api> {
  const token = await request.post('/connect/token', { data: { grant_type: 'password', username: admin.userName, password: admin.password } });
  const { access_token } = (await token.json()) as { access_token: string };
  const orgs = (await (await request.get('/api/me/organizations', { headers: { Authorization: `Bearer ${access_token}` } })).json()) as {
    id: number;
    name: string;
  }[];
  const grower = orgs.find((o) => o.name === admin.organizations[0]?.organizationName);
  if (!grower) throw new Error('no grower organisation');
  return {
    async get<T>(path: string) {
      const res = await request.get(path, { headers: { Authorization: `Bearer ${access_token}`, [ORGANIZATION_HEADER]: String(grower.id) } });
      expect(res.status(), path).toBe(200);
      return (await res.json()) as T;
    },
  };
}

const blockPath = (pucId: number) => HARVEST_PATHS.blockReport.replace(':pucId', String(pucId));

interface PucChoice {
  puc: HarvestPucOption;
  report: BlockReportPage;
}

const SEED_DATA = new URL('../../server/src/db/seed/data.ts', import.meta.url).href;
const { DEMO_FARMS } = (await import(SEED_DATA)) as { DEMO_FARMS: readonly { name: string }[] };
const DEMO_FARM_NAMES = new Set(DEMO_FARMS.map((f) => f.name));

/**
 * Every PUC of the demo farms with its block report; journeys pick distinct ones by what they need.
 * Other journeys (Farm Setup) add farms and PUCs of their own, which these choices leave out.
 */
async function pucsWithBlocks(api: Api): Promise<PucChoice[]> {
  const pucs = (await api.get<HarvestPucOption[]>(HARVEST_PATHS.pucs)).filter((p) => DEMO_FARM_NAMES.has(p.farm_Name));
  const out: PucChoice[] = [];
  for (const puc of pucs) out.push({ puc, report: await api.get<BlockReportPage>(blockPath(puc.id)) });
  return out;
}

const hasUnlinked = (c: PucChoice) => c.report.rows.some((r) => !r.isLinked);
const editableRow = (c: PucChoice) => c.report.rows.find((r) => r.isLinked && (r.ha ?? 0) > 0 && r.tipped > 0);

/* ---------- page helpers ---------- */

/** "1 234,56" (en-ZA) -> 1234.56 */
function parseFigure(text: string): number {
  const cleaned = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  const value = Number(cleaned);
  if (!Number.isFinite(value)) throw new Error(`not a figure: "${text}"`);
  return value;
}

function dropdown(page: Page, label: string): Locator {
  return page.locator('.harvest-field').filter({ has: page.locator('label', { hasText: exactly(label) }) }).locator('.p-dropdown');
}

async function choose(page: Page, label: string, option: string) {
  await dropdown(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(dropdown(page, label).locator('.p-dropdown-label')).toHaveText(option);
}

const bodyRows = (table: Locator) => table.locator('tbody.p-datatable-tbody > tr:not(.p-datatable-emptymessage)');
const footerCells = (table: Locator) => table.locator('tfoot td');

async function columnIndex(table: Locator, header: string): Promise<number> {
  const headers = await table.locator('thead th').allInnerTexts();
  const index = headers.findIndex((text) => text.trim() === header);
  if (index < 0) throw new Error(`no column ${header} in ${headers.join(' | ')}`);
  return index;
}

/** The text of a row's cell under a header. */
async function cellOf(table: Locator, row: Locator, header: string): Promise<string> {
  return (await row.locator('td').nth(await columnIndex(table, header)).innerText()).trim();
}

function blockRow(table: Locator, block: string): Locator {
  return bodyRows(table).filter({ has: table.page().locator('td:first-child', { hasText: new RegExp(`^\\s*${block}(\\s|$)`) }) });
}

async function openBlockReport(page: Page, pucId: number) {
  await page.goto(`/packhouse/harvestblockreport?puc=${pucId}`);
  const table = page.getByRole('table', { name: new RegExp(`^${h.blockReportTable.replace(' {{puc}}', '')}`) });
  await expect(bodyRows(table).first()).toBeVisible();
  await expect(table.locator('.p-datatable-loading-overlay')).toHaveCount(0);
  return table;
}

async function pucReportTable(page: Page) {
  const table = page.getByRole('table', { name: h.pucReportTable });
  // the whole season's report; after a cancelled import the server may still be rolling it back
  await expect(bodyRows(table).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.p-datatable-loading-overlay')).toHaveCount(0);
  return table;
}

/** The figure cells of one PUC's row in the Harvest PUC report. */
async function pucRowFigures(page: Page, puc: string) {
  await page.goto('/packhouse/harvestpucreport');
  const table = await pucReportTable(page);
  const row = bodyRows(table).filter({ has: page.locator('td:first-child', { hasText: exactly(puc) }) });
  return parseFigure(await cellOf(table, row, h.columns.tippedTonnes));
}

async function seriousViolations(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(
        () => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity).length,
      ),
    )
    .toBe(0);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/** Yesterday (UTC), so the received date is never in the server's future. */
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

async function signedInPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, admin);
  return { context, page };
}

/** Types a number into a PrimeReact InputNumber with the culture's decimal sign. */
async function typeNumber(input: Locator, value: string) {
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.press('Backspace');
  await input.pressSequentially(value.replace('.', ','));
}

/* ---------- journeys ---------- */

test.describe('Harvest PUC report', () => {
  test('opens from the menu; rows and a Total row that is the sum of the rows', async ({ page }) => {
    await signIn(page, admin);
    const sidebar = page.getByRole('navigation', { name: en.shell.mainMenu });
    await sidebar.getByText(en.menu.Packhouse, { exact: true }).click();
    await sidebar.getByText(en.menu['Harvest PUC Report'], { exact: true }).click();
    await expect(page).toHaveURL(/\/packhouse\/harvestpucreport$/);
    await expect(page.getByRole('heading', { level: 1, name: h.titles.pucReport })).toBeVisible();
    await expect(dropdown(page, h.packhouse).locator('.p-dropdown-label')).toHaveText(h.all);
    await expect(dropdown(page, h.variety).locator('.p-dropdown-label')).toHaveText(h.all);

    const table = await pucReportTable(page);
    const rows = bodyRows(table);
    expect(await rows.count()).toBeGreaterThan(1);
    const footer = footerCells(table);
    await expect(footer.first()).toHaveText(h.total);
    const headers = [h.columns.estUntippedTonnes, h.columns.tippedTonnes, h.columns.combinedTonnes, h.columns.remainingTonnes];
    for (const header of headers) {
      const index = await columnIndex(table, header);
      const values = (await rows.locator(`td:nth-child(${index + 1})`).allInnerTexts()).map(parseFigure);
      const total = parseFigure(await footer.nth(index).innerText());
      expect(total, header).toBeCloseTo(values.reduce((a, b) => a + b, 0), 2);
      // 2 decimals in the organisation's culture (en-ZA: decimal comma)
      expect(await footer.nth(index).innerText()).toMatch(/,\d{2}$/);
    }
    const blocksIndex = await columnIndex(table, h.columns.blocksEstimated);
    const counts = (await rows.locator(`td:nth-child(${blocksIndex + 1})`).allInnerTexts()).map((t) => t.split('/').map((n) => Number(n.trim())));
    const [done, all] = (await footer.nth(blocksIndex).innerText()).split('/').map((n) => Number(n.trim()));
    expect(done).toBe(counts.reduce((a, [c]) => a + (c ?? 0), 0));
    expect(all).toBe(counts.reduce((a, [, t]) => a + (t ?? 0), 0));
    // sorted by PUC
    const pucs = await rows.locator('td:first-child').allInnerTexts();
    expect(pucs).toEqual([...pucs].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })));
  });

  test('changing the packhouse resets the variety to All and reloads varieties and report; the filter hides and shows', async ({ page }) => {
    await signIn(page, admin);
    await page.goto('/packhouse/harvestpucreport');
    await pucReportTable(page);
    await dropdown(page, h.variety).click();
    const firstVariety = page.getByRole('option').nth(1);
    const varietyName = (await firstVariety.innerText()).trim();
    await firstVariety.click();
    await expect(dropdown(page, h.variety).locator('.p-dropdown-label')).toHaveText(varietyName);

    const varieties = page.waitForRequest((r) => r.url().includes(`${HARVEST_PATHS.varieties}?packhouse=`));
    const report = page.waitForRequest((r) => {
      const url = new URL(r.url());
      return url.pathname === HARVEST_PATHS.pucReport && url.searchParams.has('packhouse') && !url.searchParams.has('variety');
    });
    await choose(page, h.packhouse, 'Addo Packhouse');
    await expect(dropdown(page, h.variety).locator('.p-dropdown-label')).toHaveText(h.all);
    await varieties;
    await report;

    await page.getByRole('button', { name: en.filters.hideFilter }).click();
    await expect(dropdown(page, h.packhouse)).toBeHidden();
    await page.getByRole('button', { name: en.filters.showFilter }).click();
    await expect(dropdown(page, h.packhouse)).toBeVisible();
  });
});

test.describe('Harvest PUC report export', () => {
  test('Export CSV downloads the rows and Total of the chosen packhouse and variety, as the table shows them', async ({ page }) => {
    await signIn(page, admin);
    await page.goto('/packhouse/harvestpucreport');
    await pucReportTable(page);
    await dropdown(page, h.variety).click();
    const firstVariety = page.getByRole('option').nth(1);
    const varietyName = (await firstVariety.innerText()).trim();
    const narrowed = page.waitForResponse((r) => new URL(r.url()).pathname === HARVEST_PATHS.pucReport && new URL(r.url()).searchParams.has('variety'));
    await firstVariety.click();
    await expect(dropdown(page, h.variety).locator('.p-dropdown-label')).toHaveText(varietyName);
    const varietyId = new URL((await narrowed).url()).searchParams.get('variety');
    const table = await pucReportTable(page);
    const rows = bodyRows(table);
    const shown: string[][] = [];
    for (const row of await rows.all()) shown.push((await row.locator('td').allInnerTexts()).map((c) => c.trim()));
    shown.push((await footerCells(table).allInnerTexts()).map((c) => c.trim()));

    const exported = page.waitForResponse((r) => new URL(r.url()).pathname === HARVEST_PATHS.pucReportExport);
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: h.exportCsv, exact: true }).click();
    const answer = await exported;
    expect(answer.status()).toBe(200);
    expect(new URL(answer.url()).searchParams.get('variety')).toBe(varietyId);
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/^HarvestPucReport-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.csv$/);
    const records = parse(await readFile((await download.path())!, 'utf8')) as string[][];
    expect(records[0]).toEqual(PUC_REPORT_CSV_COLUMNS.map((c) => c.header));
    // every line as the screen shows it: the same PUC (Total last), the figures with a `.` decimal point, the block counts
    expect(records.slice(1).map((r) => r[0])).toEqual(shown.map((r) => r[0]));
    records.slice(1).forEach((record, i) => {
      const cells = shown[i]!;
      for (const column of [1, 2, 3, 4]) {
        expect(record[column], `${record[0]} ${PUC_REPORT_CSV_COLUMNS[column]!.header}`).toMatch(/^-?\d+(\.\d{1,2})?$/);
        expect(Number(record[column])).toBe(parseFigure(cells[column]!));
      }
      expect(record[5]).toBe(cells[5]);
    });
    await expect(page.getByRole('button', { name: h.exportCsv, exact: true })).toBeEnabled();
  });
});

test.describe('Fruitbins Block Report', () => {
  test('unlinked rows are shaded and not editable; an Adj T/Ha edit is checked, recomputed without a re-fetch and kept', async ({ page, request }) => {
    const api = await adminApi(request);
    const choice = (await pucsWithBlocks(api)).find((c) => hasUnlinked(c) && editableRow(c));
    if (!choice) throw new Error('the demo data has no PUC with an unlinked and an editable block');
    const row = editableRow(choice)!;
    const block = row.citrii_Block as string;

    await signIn(page, admin);
    const table = await openBlockReport(page, choice.puc.id);
    await expect(dropdown(page, h.puc).locator('.p-dropdown-label')).toHaveText(choice.puc.label);
    for (const header of [h.columns.variance, h.columns.percentComplete, h.columns.adjTonnesPerHa, h.columns.daff]) {
      await columnIndex(table, header);
    }

    // unlinked: shaded, says so in words, no edit action
    const unlinked = bodyRows(table).filter({ hasText: h.unlinked });
    expect(await unlinked.count()).toBe(choice.report.rows.filter((r) => !r.isLinked).length);
    await expect(unlinked.first()).toHaveClass(/harvest-row-unlinked/);
    const linkedRow = blockRow(table, block);
    const shade = (l: Locator) => l.locator('td').first().evaluate((td) => getComputedStyle(td).backgroundColor);
    expect(await shade(unlinked.first())).not.toBe(await shade(linkedRow));
    await expect(unlinked.first().getByRole('button', { name: /^Edit Adj T\/Ha/ })).toHaveCount(0);

    // 400.01 is refused with the rule's message, nothing is sent
    const adjBefore = await cellOf(table, linkedRow, h.columns.adjTonnesPerHa);
    let posts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith(HARVEST_PATHS.estimates)) posts += 1;
    });
    await linkedRow.getByRole('button', { name: h.editRow.replace('{{block}}', block) }).click();
    const input = page.getByLabel(h.adjustedInput.replace('{{block}}', block), { exact: true });
    await typeNumber(input, '400.01');
    await linkedRow.getByRole('button', { name: h.saveRow.replace('{{block}}', block) }).click();
    await expect(linkedRow.getByText(h.adjustedRange, { exact: true })).toBeVisible();
    expect(posts).toBe(0);
    // -1 stays -1 (the minus is not dropped) and is refused the same way
    await typeNumber(input, '-1');
    await expect(input).toHaveValue('-1');
    await input.press('Enter');
    await expect(linkedRow.getByText(h.adjustedRange, { exact: true })).toBeVisible();
    await expect(input).toHaveValue('-1');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toBe(0);

    // cancel restores the row
    await linkedRow.getByRole('button', { name: h.cancelRow.replace('{{block}}', block) }).click();
    await expect(input).toHaveCount(0);
    expect(await cellOf(table, linkedRow, h.columns.adjTonnesPerHa)).toBe(adjBefore);

    // a valid value: saved, the row and totals recomputed locally, no GET of the report after the save
    const current = row.tonnes_Per_Ha_Adjusted;
    const next = current === 37.25 ? 38.5 : 37.25;
    const expected = applyEstimateSave(row, next, row.version + 1);
    const reportGets: string[] = [];
    await linkedRow.getByRole('button', { name: h.editRow.replace('{{block}}', block) }).click();
    await typeNumber(input, String(next));
    const saved = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(HARVEST_PATHS.estimates));
    page.on('request', (r) => {
      if (r.method() === 'GET' && new URL(r.url()).pathname === blockPath(choice.puc.id)) reportGets.push(r.url());
    });
    await linkedRow.getByRole('button', { name: h.saveRow.replace('{{block}}', block) }).click();
    expect((await saved).status()).toBe(201);
    await expect(toast(page, h.estimateSaved)).toBeVisible();
    await expect(input).toHaveCount(0);
    const shown = async () => ({
      adjTHa: await cellOf(table, linkedRow, h.columns.adjTonnesPerHa),
      adjEst: await cellOf(table, linkedRow, h.columns.adjEst),
      remaining: await cellOf(table, linkedRow, h.columns.remainingTonnes),
      complete: await cellOf(table, linkedRow, h.columns.percentComplete),
      variance: await cellOf(table, linkedRow, h.columns.variance),
    });
    const want = {
      adjTHa: formatFigure(expected.adjustedTonnesPerHa, CULTURE),
      adjEst: formatFigure(expected.adjustedEstimate, CULTURE),
      remaining: formatFigure(expected.remaining_Tonnes, CULTURE),
      complete: formatPercent(expected.percentage_Complete, CULTURE),
      variance: formatPercent(expected.variance, CULTURE),
    };
    expect(await shown()).toEqual(want);
    const rowsAfter = choice.report.rows.map((r) => (r.production_Block === row.production_Block ? { ...r, ...expected } : r));
    const totals = blockReportTotals(rowsAfter);
    const adjEstIndex = await columnIndex(table, h.columns.adjEst);
    // the footer's Total cell spans Block and Daff, so its cells sit one place left of the headers
    await expect(footerCells(table).nth(adjEstIndex - 1)).toHaveText(formatFigure(totals.adjustedEstimate, CULTURE));
    expect(reportGets).toEqual([]);

    // kept after a reload
    await page.reload();
    await expect(bodyRows(table).first()).toBeVisible();
    await expect.poll(shown).toEqual(want);

    // the history lists the save
    await blockRow(table, block).getByRole('button', { name: h.historyOf.replace('{{block}}', block) }).click();
    const dialog = page.getByRole('dialog', { name: h.history.title.replace('{{block}}', block) });
    await expect(dialog.getByRole('row').nth(1)).toContainText(admin.fullName);
    await expect(dialog.getByRole('row').nth(1)).toContainText(formatFigure(next, CULTURE));
  });

  test('a PUC opens its block report; Block and Daff, and Actions, stay in view while the figures scroll, also in edit', async ({ page, request }) => {
    const api = await adminApi(request);
    const pucs = await api.get<HarvestPucOption[]>(HARVEST_PATHS.pucs);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, admin);
    // the PUC list that makes rows links arrives after the report: the rows still become links
    await page.route(`**${HARVEST_PATHS.pucs}`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/packhouse/harvestpucreport');
    const pucTable = await pucReportTable(page);
    const link = pucTable.getByRole('link').first();
    const puc = (await link.innerText()).trim();
    await expect(link).toHaveAccessibleName(h.openBlockReport.replace('{{puc}}', puc));
    await link.click();
    const opened = pucs.find((p) => new URL(page.url()).searchParams.get('puc') === String(p.id));
    expect(opened, 'the link names one of the block report PUCs').toBeDefined();
    await expect(page).toHaveURL(new RegExp(`/packhouse/harvestblockreport\\?puc=${opened!.id}$`));
    await expect(dropdown(page, h.puc).locator('.p-dropdown-label')).toHaveText(opened!.label);

    const table = page.getByRole('table', { name: h.blockReportTable.replace('{{puc}}', opened!.label) });
    await expect(bodyRows(table).first()).toBeVisible();
    const wrapper = page.locator('.harvest-table .p-datatable-wrapper');
    const inView = async (cell: Locator) => {
      const [c, w] = [await cell.boundingBox(), await wrapper.boundingBox()];
      return !!c && !!w && c.x >= w.x - 1 && c.x + c.width <= w.x + w.width + 1;
    };
    const header = (name: string) => table.locator('thead th').filter({ hasText: exactly(name) });
    // the figures are wider than the screen here
    expect(await wrapper.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await inView(header(h.columns.actions))).toBe(true);
    await wrapper.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect.poll(() => wrapper.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    for (const name of [h.columns.block, h.columns.daff, h.columns.actions]) expect(await inView(header(name)), name).toBe(true);
    // in edit, the focused Adj T/Ha input is scrolled to; the row's Block cell stays in view
    await wrapper.evaluate((el) => el.scrollTo({ left: 0 }));
    const editButtons = await bodyRows(table).evaluateAll((rows) => rows.map((r) => !!r.querySelector('button[aria-label^="Edit Adj T/Ha"]')));
    const editable = bodyRows(table).nth(editButtons.indexOf(true));
    await editable.getByRole('button', { name: /^Edit Adj T\/Ha/ }).click();
    await expect(editable.locator('input')).toBeFocused();
    expect(await inView(editable.locator('td').first())).toBe(true);
    expect(await inView(editable.locator('td').nth(1))).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a row that shows no hectares saves its Adj T/Ha without them: the stored hectares stay, never 0', async ({ page, request }) => {
    const api = await adminApi(request);
    const all = await pucsWithBlocks(api);
    // a PUC the other journeys leave alone
    const taken = [all.find((c) => hasUnlinked(c) && editableRow(c)), all.find((c) => !hasUnlinked(c) && editableRow(c)), ...all.slice(-3)];
    const choice = all.find((c) => editableRow(c) && !taken.includes(c));
    if (!choice) throw new Error('no editable PUC left for this journey');
    const row = editableRow(choice)!;
    const block = row.citrii_Block as string;

    // the report answers this row without its hectares, as for a block whose hectares the browser does not know
    const reportPath = blockPath(choice.puc.id);
    const withoutHa = async (route: Route) => {
      const response = await route.fetch();
      const report = (await response.json()) as BlockReportPage;
      const rows = report.rows.map((r) => (r.production_Block === row.production_Block ? { ...r, ...blockReportRow({ ...r, ha: null }) } : r));
      await route.fulfill({ response, json: { ...report, rows } });
    };
    const isReport = (url: URL) => url.pathname === reportPath;
    await page.route(isReport, withoutHa);
    await signIn(page, admin);
    const table = await openBlockReport(page, choice.puc.id);
    const linkedRow = blockRow(table, block);
    expect(await cellOf(table, linkedRow, h.columns.ha)).toBe('');

    const next = row.tonnes_Per_Ha_Adjusted === 33.5 ? 34.25 : 33.5;
    await linkedRow.getByRole('button', { name: h.editRow.replace('{{block}}', block) }).click();
    await typeNumber(page.getByLabel(h.adjustedInput.replace('{{block}}', block), { exact: true }), String(next));
    const saved = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(HARVEST_PATHS.estimates));
    await linkedRow.getByRole('button', { name: h.saveRow.replace('{{block}}', block) }).click();
    const answer = await saved;
    expect(answer.request().postDataJSON()).toMatchObject({ production_Block: row.production_Block, ha: null, tonnes_Per_Ha: next });
    expect(answer.status()).toBe(201);
    await expect(toast(page, h.estimateSaved)).toBeVisible();

    // the row shows the hectares the save kept and the estimate on them, then as well after a reload
    const expected = applyEstimateSave(row, next);
    const shown = async () => ({ ha: await cellOf(table, linkedRow, h.columns.ha), adjEst: await cellOf(table, linkedRow, h.columns.adjEst) });
    const want = { ha: formatFigure(row.ha, CULTURE), adjEst: formatFigure(expected.adjustedEstimate, CULTURE) };
    expect(await shown()).toEqual(want);
    await page.unroute(isReport, withoutHa);
    await page.reload();
    await expect(bodyRows(table).first()).toBeVisible();
    await expect.poll(shown).toEqual(want);
  });

  test('two people edit the same block: the second save gets the conflict message and keeps the typed value', async ({ browser, request }) => {
    const api = await adminApi(request);
    const choices = (await pucsWithBlocks(api)).filter((c) => !hasUnlinked(c) && editableRow(c));
    const choice = choices[0];
    if (!choice) throw new Error('no editable PUC');
    const row = editableRow(choice)!;
    const block = row.citrii_Block as string;
    const first = await signedInPage(browser);
    const second = await signedInPage(browser);
    try {
      const tables = [await openBlockReport(first.page, choice.puc.id), await openBlockReport(second.page, choice.puc.id)];
      for (const table of tables) await blockRow(table, block).getByRole('button', { name: h.editRow.replace('{{block}}', block) }).click();
      const inputOf = (page: Page) => page.getByLabel(h.adjustedInput.replace('{{block}}', block), { exact: true });

      await typeNumber(inputOf(first.page), '41.5');
      await blockRow(tables[0]!, block).getByRole('button', { name: h.saveRow.replace('{{block}}', block) }).click();
      await expect(toast(first.page, h.estimateSaved)).toBeVisible();

      await typeNumber(inputOf(second.page), '42.75');
      await blockRow(tables[1]!, block).getByRole('button', { name: h.saveRow.replace('{{block}}', block) }).click();
      await expect(blockRow(tables[1]!, block).getByText(h.estimateConflict, { exact: true })).toBeVisible();
      await expect(toast(second.page, h.estimateNotSaved, h.estimateConflict)).toBeVisible();
      await expect(inputOf(second.page)).toHaveValue('42,75');
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });
});

test('Estimate appraisal is read-only: farm then PUC, no Variance column, no edit action', async ({ page, request }) => {
  const api = await adminApi(request);
  const [choice] = await pucsWithBlocks(api);
  if (!choice) throw new Error('no PUC');
  await signIn(page, admin);
  await page.goto('/packhouse/estimateappraisal');
  await expect(page.getByRole('heading', { level: 1, name: h.titles.estimateAppraisal })).toBeVisible();
  await choose(page, h.farm, choice.puc.farm_Name);
  await choose(page, h.puc, choice.puc.label);
  const table = page.getByRole('table', { name: `${h.appraisalTable.replace('{{puc}}', choice.puc.label)}` });
  await expect(bodyRows(table)).toHaveCount(choice.report.rows.length);
  const headers = (await table.locator('thead th').allInnerTexts()).map((t) => t.trim());
  expect(headers).not.toContain(h.columns.variance);
  expect(headers).not.toContain(h.columns.actions);
  expect(headers).toContain(h.columns.adjTonnesPerHa);
  await expect(table.getByRole('button')).toHaveCount(0);
  await expect(table.getByRole('spinbutton')).toHaveCount(0);
  await expect(page.getByRole('button', { name: h.refresh })).toBeEnabled();
});

test.describe('Harvest area', () => {
  test('record bins for a block: field messages, then the PUC report moves', async ({ page, request }) => {
    const api = await adminApi(request);
    const all = await pucsWithBlocks(api);
    // a PUC the other journeys leave alone: the last one
    const choice = all[all.length - 1]!;
    const row = choice.report.rows.find((r) => r.isLinked)!;
    const packhouse = 'Kirkwood Packhouse';
    await signIn(page, admin);
    const before = await pucRowFigures(page, choice.puc.puc_Name);

    await page.goto('/harvest');
    await expect(page.getByRole('heading', { level: 1, name: h.titles.intake })).toBeVisible();
    await page.getByRole('button', { name: h.intake.record }).click();
    await expect(page.getByText(h.intake.chooseBlock, { exact: true }).last()).toBeVisible();
    await expect(page.getByText(en.harvest.intake.choosePackhouse, { exact: true }).last()).toBeVisible();

    await choose(page, h.puc, choice.puc.label);
    // a linked block is named by its own code, the one the bin import's block column takes, never by its farm block
    const label = productionBlockLabel({ code: row.production_Block_Code, variety: row.variety });
    expect(label.startsWith(`${row.production_Block_Code} - `)).toBe(true);
    await choose(page, h.intake.block, label);
    await choose(page, h.packhouse, packhouse);
    await typeNumber(page.getByLabel(h.intake.count, { exact: true }), '10');
    // a day after today stays as typed and is refused with the rule's message: nothing recorded
    const received = page.getByLabel(h.intake.receivedDate, { exact: true });
    const future = formatDay(new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10), 'en-ZA');
    await received.fill(future);
    await received.press('Escape');
    await page.getByRole('button', { name: h.intake.record }).click();
    await expect(page.getByText('Received date cannot be in the future', { exact: true })).toBeVisible();
    await expect(received).toHaveValue(future);
    // text that is no date is refused with the date's own message
    await received.fill('2026/13/45');
    await received.press('Escape');
    await page.getByRole('button', { name: h.intake.record }).click();
    await expect(page.getByText('Received date must be a date written yyyy-MM-dd', { exact: true })).toBeVisible();
    await page.getByLabel(h.intake.receivedDate, { exact: true }).fill(formatDay(yesterday(), 'en-ZA'));
    await page.getByLabel(h.intake.receivedDate, { exact: true }).press('Escape');
    await page.locator('label[for="bin-tipped"]').click();
    await expect(page.getByLabel(h.intake.tipped, { exact: true })).toBeChecked();
    // 10 kg a bin is refused by the shared rule
    await typeNumber(page.getByLabel(h.intake.tippedKgs, { exact: true }), '100');
    await page.getByRole('button', { name: h.intake.record }).click();
    await expect(page.getByText('Tipped kgs must average between 50 and 1500 kg per bin', { exact: true })).toBeVisible();
    await typeNumber(page.getByLabel(h.intake.tippedKgs, { exact: true }), '4000');
    await page.getByRole('button', { name: h.intake.record }).click();
    await expect(toast(page, h.intake.recorded, h.intake.recordedDetail.replace('{{count}}', '10'))).toBeVisible();

    const after = await pucRowFigures(page, choice.puc.puc_Name);
    expect(after).toBeCloseTo(before + 4, 2);
  });

  test('an organisation without a packhouse: the intake says what is missing and links to Packhouses for those who may open it', async ({ page, browser }) => {
    // the packhouses the organisation runs or links, answered as in an organisation that has none
    const noPackhouses = (route: Route) => route.fulfill({ status: 200, contentType: 'application/json', body: '[]' });
    await page.route(`**${HARVEST_PATHS.packhouses}`, noPackhouses);
    await signIn(page, admin);
    await page.goto('/harvest');
    const status = page.locator('#bin-intake-no-packhouse');
    await expect(status).toContainText(h.intake.noPackhouseText.replace('{{organization}}', admin.organizations[0]!.organizationName));
    // the dropdown says so too, in words that fit, and names the text as its description
    const packhouseField = page.locator('.harvest-field').filter({ has: page.locator('label', { hasText: exactly(h.packhouse) }) });
    await expect(packhouseField.locator('.p-dropdown-label')).toHaveText(h.intake.noPackhouse);
    await expect(page.getByLabel(h.packhouse, { exact: true })).toHaveAttribute('aria-describedby', /bin-intake-no-packhouse/);
    const labelBox = (await packhouseField.locator('.p-dropdown-label').evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth })));
    expect(labelBox.scroll).toBeLessThanOrEqual(labelBox.client);
    expect(await seriousViolations(page)).toEqual([]);
    await status.getByRole('link', { name: h.intake.addPackhouse }).click();
    await expect(page).toHaveURL(/\/management\/packhouses$/);
    await expect(page.getByRole('heading', { level: 1, name: en.packhouses.title })).toBeVisible();

    // a manager records bins but may not open Packhouses: told whom to ask, no link
    const context = await browser.newContext();
    const other = await context.newPage();
    await other.route(`**${HARVEST_PATHS.packhouses}`, noPackhouses);
    await signIn(other, demoUser('manager'));
    await other.goto('/harvest');
    const managerStatus = other.locator('#bin-intake-no-packhouse');
    await expect(managerStatus).toContainText(h.intake.askForPackhouse);
    await expect(managerStatus.getByRole('link')).toHaveCount(0);
    await context.close();
  });

  test('CSV import: the template, a bad line is listed and blocks Import; the fixed file is previewed, imports on Import and the report moves', async ({ page, request }) => {
    const api = await adminApi(request);
    const all = await pucsWithBlocks(api);
    const choice = all[all.length - 2]!;
    const code = choice.report.rows[0]!.production_Block_Code;
    const header = 'puc,block,packhouse,received_date,bins,tipped,tipped_kgs';
    const good = `${choice.puc.puc_Name},${code},Addo Packhouse,${yesterday()},6,yes,2400`;
    const bad = `${choice.puc.puc_Name},${code},Addo Packhouse,${yesterday()},abc,yes,2400`;
    const file = (lines: string[]) => ({ name: 'bins.csv', mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\n')}\n`) });

    await signIn(page, admin);
    const before = await pucRowFigures(page, choice.puc.puc_Name);
    await page.goto('/harvest');
    const section = page.getByRole('region', { name: h.import.heading });
    // the template is the header row and an example line
    const download = page.waitForEvent('download');
    await section.getByRole('button', { name: h.import.template }).click();
    const template = await download;
    expect(template.suggestedFilename()).toBe(h.import.templateFile);
    const [templateHeader, example, rest] = (await readFile(await template.path(), 'utf8')).split('\r\n');
    expect([templateHeader, example!.split(',').length, rest]).toEqual([header, 7, '']);

    const imports: string[] = [];
    page.on('request', (r) => r.url().includes(HARVEST_PATHS.binImports) && imports.push(new URL(r.url()).searchParams.get('mode')!));
    const importButton = section.getByRole('button', { name: h.import.import, exact: true });
    await expect(importButton).toBeDisabled();
    const fileInput = section.locator('.p-fileupload input[type="file"]');
    await fileInput.setInputFiles(file([header, good, bad]));
    const preview = section.getByRole('table', { name: h.import.previewTable });
    const rows = preview.locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(h.import.statuses.created);
    await expect(rows.nth(1)).toContainText(h.import.statuses.refused);
    await expect(rows.nth(1).getByRole('listitem')).toHaveText(['bins: Bins must be a whole number from 1 to 5000']);
    await expect(section.getByText(h.import.refusedHint, { exact: true })).toBeVisible();
    await expect(importButton).toBeDisabled();

    await fileInput.setInputFiles(file([header, good, good.replace(',6,yes,2400', ',4,yes,1600')]));
    await expect(section.getByText(h.import.summary.replace('{{rows}}', '2').replace('{{bins}}', '10'))).toBeVisible();
    await expect(rows.filter({ hasText: h.import.statuses.created })).toHaveCount(2);
    await expect(section.getByText(h.import.refusedHint, { exact: true })).toHaveCount(0);
    await expect(importButton).toBeEnabled();
    // previewed twice, written never: the report has not moved yet
    expect(imports).toEqual(['preview', 'preview']);
    await importButton.click();
    await expect(toast(page, h.import.imported, h.import.importedDetail.replace('{{count}}', '10'))).toBeVisible();
    expect(imports).toEqual(['preview', 'preview', 'commit']);
    await expect(preview).toHaveCount(0);

    const after = await pucRowFigures(page, choice.puc.puc_Name);
    expect(after).toBeCloseTo(before + 4, 2);
  });

  test('CSV import of thousands of rows: the rows written are counted, and Cancel while they are leaves the totals as they were', async ({ page, request }) => {
    const api = await adminApi(request);
    const all = await pucsWithBlocks(api);
    const choice = all[all.length - 3]!;
    const code = choice.report.rows[0]!.production_Block_Code;
    // 3,000 rows of 60 tipped bins: the writing takes a few seconds, long enough to cancel it
    const rows = Array.from({ length: 3000 }, () => `${choice.puc.puc_Name},${code},Addo Packhouse,${yesterday()},60,yes,24000`);
    const csv = ['puc,block,packhouse,received_date,bins,tipped,tipped_kgs', ...rows].join('\n');

    await signIn(page, admin);
    const before = await pucRowFigures(page, choice.puc.puc_Name);
    await page.goto('/harvest');
    await page.locator('.p-fileupload input[type="file"]').setInputFiles({ name: 'many-bins.csv', mimeType: 'text/csv', buffer: Buffer.from(`${csv}\n`) });
    const preview = page.getByRole('table', { name: h.import.previewTable });
    // the received date as the screen shows dates
    await expect(preview.locator('tbody tr').first()).toContainText(formatDay(yesterday(), CULTURE));
    const importButton = page.getByRole('button', { name: h.import.import, exact: true });
    await expect(importButton).toBeEnabled();

    await importButton.click();
    // "Importing rows 500 of 3 000" (en-ZA groups with a space)
    const figure = '\\d[\\d\\s\u00a0\u202f,]*';
    const importing = new RegExp(`^${h.import.importingRows.replace('{{processed}}', figure).replace('{{total}}', '3[\\s\u00a0\u202f,]?000')}$`);
    const status = page.getByRole('status').filter({ hasText: importing });
    await expect(status).toBeVisible();
    await expect(page.getByRole('progressbar', { name: h.import.uploading })).toBeVisible();
    await page.getByRole('button', { name: h.import.cancel }).click();
    await expect(toast(page, h.import.cancelled, h.import.cancelledDetail)).toBeVisible();
    await expect(status).toHaveCount(0);
    // the preview stays, to import again
    await expect(importButton).toBeEnabled();

    expect(await pucRowFigures(page, choice.puc.puc_Name)).toBeCloseTo(before, 2);
  });
});

test('axe-core: the four harvest screens have no serious or critical violations', async ({ page, request }) => {
  const api = await adminApi(request);
  const choice = (await pucsWithBlocks(api)).find((c) => hasUnlinked(c) && c.report.rows.some((r) => r.isLinked))!;
  await signIn(page, admin);
  await page.goto('/packhouse/harvestpucreport');
  await pucReportTable(page);
  expect(await seriousViolations(page), 'PUC report').toEqual([]);

  const table = await openBlockReport(page, choice.puc.id);
  expect(await seriousViolations(page), 'block report').toEqual([]);
  const linked = choice.report.rows.find((r) => r.isLinked)!;
  const block = linked.citrii_Block as string;
  await blockRow(table, block).getByRole('button', { name: h.editRow.replace('{{block}}', block) }).click();
  const input = page.getByLabel(h.adjustedInput.replace('{{block}}', block), { exact: true });
  await typeNumber(input, '500');
  await blockRow(table, block).getByRole('button', { name: h.saveRow.replace('{{block}}', block) }).click();
  await expect(page.getByText(h.adjustedRange, { exact: true })).toBeVisible();
  expect(await seriousViolations(page), 'block report, row in edit with an error').toEqual([]);

  await page.goto('/packhouse/estimateappraisal');
  await choose(page, h.farm, choice.puc.farm_Name);
  await choose(page, h.puc, choice.puc.label);
  await expect(bodyRows(page.getByRole('table')).first()).toBeVisible();
  expect(await seriousViolations(page), 'estimate appraisal').toEqual([]);

  await page.goto('/harvest');
  await page.getByRole('button', { name: h.intake.record }).click();
  await expect(page.getByText(h.intake.chooseBlock, { exact: true }).last()).toBeVisible();
  await page.locator('.p-fileupload input[type="file"]').setInputFiles({
    name: 'bad.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('puc,block,packhouse,received_date,bins,tipped\nNOPE,B01,Addo Packhouse,2020-01-01,1,no\n'),
  });
  await expect(page.getByRole('table', { name: h.import.previewTable }).getByText('puc: Unknown PUC')).toBeVisible();
  expect(await seriousViolations(page), 'harvest area with errors').toEqual([]);
});

test.describe('375 px wide', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the reports and the harvest area scroll inside their tables, not the page', async ({ page, request }) => {
    const api = await adminApi(request);
    const [choice] = await pucsWithBlocks(api);
    await signIn(page, admin);
    await page.goto('/packhouse/harvestpucreport');
    await pucReportTable(page);
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await width()).toBeLessThanOrEqual(375);
    await openBlockReport(page, choice!.puc.id);
    expect(await width()).toBeLessThanOrEqual(375);
    await page.goto('/harvest');
    await expect(page.getByRole('button', { name: h.intake.record })).toBeVisible();
    expect(await width()).toBeLessThanOrEqual(375);
  });
});
