/**
 * Farm Setup in the browser: as the demo administrator, add a legal entity, a farm on it, a PUC on
 * the farm and a production block under it, edit one (the list shows the change), a delete the data
 * refers to is refused with its reason, a save someone else beat says so and Reload loads their
 * version, the production block CSV import (template with an example line, preview with new and
 * refused lines, a refused line blocks Import, a clean file is previewed and written only on Import,
 * and its blocks appear), axe-core at 1280 and 375 px on
 * the screen and its dialog, and a user without management.farmSetup gets neither the menu entry
 * nor the screen.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { test, type APIRequestContext } from './support/test';
import {
  FARM_SETUP_CSV_COLUMNS,
  FARM_SETUP_EXPORT_PATHS,
  FARM_SETUP_NAME_MAX,
  FARM_SETUP_PATHS,
  type FarmSetupExportKind,
} from '@orchard/shared/farm-setup';
import { compareNatural } from '@orchard/shared/harvest';
import { APP_DEFAULT_THEME_ID, PREFERENCES_PATHS } from '@orchard/shared/preferences';
import { en, exactly, pageTitle, scrollWidth, signIn, toast } from './support/app';
import { seriousViolations } from './support/axe-check';
import { demoUser } from './support/demo-users';
import {
  admin,
  confirmation,
  dialog,
  dropdown,
  expect,
  expectFirstTab,
  farmWithPuc,
  fill,
  fs,
  GROWER,
  openPanel,
  openScreen,
  openTab,
  PATH,
  rowWith,
  save,
  tableRow,
  unique,
} from './support/farm-setup';
import { apiHeaders, chooseOption } from './support/picking';

test.describe('farm setup', () => {
  test.describe.configure({ timeout: 120_000 });

  test('add a legal entity, a farm on it, a PUC and a production block; edit one; a delete the data refers to is refused', async ({ page }) => {
    const u = unique();
    const entity = `E2E Entity ${u}`;
    const farm = `E2E Farm ${u}`;
    const puc = `EP${u}`;
    // the screen is in the Management menu
    await signIn(page, admin);
    const sidebar = page.getByRole('navigation', { name: en.shell.mainMenu });
    await sidebar.getByText(en.menu.Management, { exact: true }).click();
    await sidebar.getByText(en.menu['Farm Setup'], { exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: fs.title })).toBeVisible();
    await expectFirstTab(page);

    // legal entity: added, then renamed
    await page.getByRole('button', { name: fs.add.legalEntity }).click();
    const addEntity = dialog(page, fs.add.legalEntity);
    await addEntity.getByLabel(fs.fields.name, { exact: true }).fill(`${entity} draft`);
    await save(page, addEntity, fill(fs.added, { name: `${entity} draft` }));
    await tableRow(page, `${entity} draft`).getByRole('button', { name: fill(fs.edit, { name: `${entity} draft` }) }).click();
    const editEntity = dialog(page, fs.editTitle.legalEntity);
    await expect(editEntity.getByLabel(fs.fields.name, { exact: true })).toHaveValue(`${entity} draft`);
    await editEntity.getByLabel(fs.fields.name, { exact: true }).fill(entity);
    await save(page, editEntity, fill(fs.saved, { name: entity }));
    await expect(tableRow(page, entity)).toBeVisible();
    await expect(tableRow(page, `${entity} draft`)).toHaveCount(0);

    // farm on it: the name is required, latitude and longitude are numbers as typed
    await openTab(page, fs.tab.farms);
    await page.getByRole('button', { name: fs.add.farm }).click();
    const addFarm = dialog(page, fs.add.farm);
    await addFarm.getByRole('button', { name: fs.save, exact: true }).click();
    await expect(addFarm.getByText(fs.reasons.farmNameRequired, { exact: true })).toBeVisible();
    await expect(addFarm.getByText(fs.chooseLegalEntity, { exact: true })).toBeVisible();
    // a name longer than the rule allows (pasted, say) is kept whole and refused with the rule's message, not cut
    const tooLong = `${farm} ${'x'.repeat(FARM_SETUP_NAME_MAX)}`;
    await addFarm.getByLabel(fs.fields.farmName, { exact: true }).fill(tooLong);
    await expect(addFarm.getByLabel(fs.fields.farmName, { exact: true })).toHaveValue(tooLong);
    await addFarm.getByRole('button', { name: fs.save, exact: true }).click();
    await expect(addFarm.getByText(fs.reasons.farmNameLength, { exact: true })).toBeVisible();
    await addFarm.getByLabel(fs.fields.farmName, { exact: true }).fill(farm);
    await chooseOption(page, dropdown(addFarm, fs.fields.legalEntity), entity);
    await addFarm.getByLabel(fs.fields.latitude, { exact: true }).fill('-95');
    await addFarm.getByLabel(fs.fields.longitude, { exact: true }).fill('19.25');
    await addFarm.getByLabel(fs.fields.longitude, { exact: true }).blur();
    await expect(addFarm.getByText(fs.reasons.latitudeRange, { exact: true })).toBeVisible();
    await addFarm.getByLabel(fs.fields.latitude, { exact: true }).fill('-33.5');
    await save(page, addFarm, fill(fs.added, { name: farm }));
    await expect(rowWith(page, farm)).toContainText(entity);

    // the legal entity now has a farm: its delete is refused with the reason, the row stays
    await openTab(page, fs.tab.legalEntities);
    await tableRow(page, entity).getByRole('button', { name: fill(fs.delete, { name: entity }) }).click();
    await expect(confirmation(page)).toContainText(fill(fs.deleteConfirm, { name: entity }));
    const refused = page.waitForResponse((r) => r.request().method() === 'DELETE');
    await confirmation(page).getByRole('button', { name: fs.yes, exact: true }).click();
    expect((await refused).status()).toBe(409);
    await expect(toast(page, fs.notDeleted, fs.reasons.legalEntityInUse)).toBeVisible();
    await expect(tableRow(page, entity)).toBeVisible();

    // a PUC on the farm, shown when the list is filtered by that farm
    await openTab(page, fs.tab.pucs);
    await chooseOption(page, dropdown(openPanel(page).locator('.farm-setup-toolbar'), fs.fields.farm), farm);
    await expect(openPanel(page).locator('.p-datatable-emptymessage')).toContainText(fs.noData);
    await page.getByRole('button', { name: fs.add.puc }).click();
    const addPuc = dialog(page, fs.add.puc);
    // a new PUC starts on the farm the list shows
    await expect(dropdown(addPuc, fs.fields.farm).locator('.p-dropdown-label')).toHaveText(farm);
    await addPuc.getByLabel(fs.fields.pucName, { exact: true }).fill(puc);
    await save(page, addPuc, fill(fs.added, { name: puc }));
    await expect(rowWith(page, puc)).toContainText(farm);

    // a production block under it: hectares with more than 4 decimals are refused beside the field
    await openTab(page, fs.tab.blocks);
    await page.getByRole('button', { name: fs.add.block }).click();
    const addBlock = dialog(page, fs.add.block);
    await chooseOption(page, dropdown(addBlock, fs.fields.puc), puc);
    await addBlock.getByLabel(fs.fields.code, { exact: true }).fill('B01');
    await addBlock.getByLabel(fs.fields.blockName, { exact: true }).fill('North');
    await addBlock.getByLabel(fs.fields.ha, { exact: true }).fill('2.12345');
    await addBlock.getByLabel(fs.fields.ha, { exact: true }).blur();
    await expect(addBlock.getByText(fs.reasons.hectaresInvalid, { exact: true })).toBeVisible();
    await addBlock.getByLabel(fs.fields.ha, { exact: true }).fill('2.1234');
    await chooseOption(page, dropdown(addBlock, fs.fields.variety), 'Navel (Oranges)');
    await addBlock.getByLabel(fs.fields.plantingYear, { exact: true }).fill('2015');
    await save(page, addBlock, fill(fs.added, { name: 'B01' }));
    await chooseOption(page, dropdown(openPanel(page).locator('.farm-setup-toolbar'), fs.fields.puc), puc);
    const block = rowWith(page, 'North');
    await expect(block).toHaveCount(1);
    await expect(block).toContainText('Navel');
    await expect(block).toContainText('2015');
    await expect(block.locator('td.farm-setup-number').first()).toHaveText(/^2[.,]1234$/);

    // the PUC has a block now: its delete is refused too
    await openTab(page, fs.tab.pucs);
    await tableRow(page, puc).getByRole('button', { name: fill(fs.delete, { name: puc }) }).click();
    await confirmation(page).getByRole('button', { name: fs.yes, exact: true }).click();
    await expect(toast(page, fs.notDeleted, fs.reasons.pucInUse)).toBeVisible();
    await expect(tableRow(page, puc)).toBeVisible();
  });

  test('a save someone else beat says so; Reload loads their version, and the next save keeps it', async ({ page, request }) => {
    const headers = await apiHeaders(request, admin, GROWER);
    const name = `E2E Stale ${unique()}`;
    const created = await request.post(FARM_SETUP_PATHS.legalEntities, { headers, data: { name } });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    await openScreen(page);
    await tableRow(page, name).getByRole('button', { name: fill(fs.edit, { name }) }).click();
    const edit = dialog(page, fs.editTitle.legalEntity);
    await edit.getByLabel(fs.fields.name, { exact: true }).fill(`${name} mine`);

    // meanwhile someone else renames it
    const theirs = await request.put(FARM_SETUP_PATHS.legalEntity.replace(':id', String(id)), { headers, data: { name: `${name} theirs`, version: 1 } });
    expect(theirs.status()).toBe(200);
    const stale = page.waitForResponse((r) => r.request().method() === 'PUT');
    await edit.getByRole('button', { name: fs.save, exact: true }).click();
    expect((await stale).status()).toBe(412);
    await expect(edit.getByText(fs.reasons.stale, { exact: true })).toBeVisible();
    await expect(edit.getByRole('button', { name: fs.save, exact: true })).toBeDisabled();
    // the list is read again
    await expect(tableRow(page, `${name} theirs`)).toBeVisible();
    await edit.getByRole('button', { name: fs.reload, exact: true }).click();
    await expect(edit.getByLabel(fs.fields.name, { exact: true })).toHaveValue(`${name} theirs`);
    await edit.getByLabel(fs.fields.name, { exact: true }).fill(`${name} both`);
    await save(page, edit, fill(fs.saved, { name: `${name} both` }));
    await expect(tableRow(page, `${name} both`)).toBeVisible();
  });

  test('production block import: template, a refused line blocks Import, a clean file is previewed, imports only on Import and its blocks appear', async ({ page, request }) => {
    const { headers, pucId, pucName } = await farmWithPuc(request);
    await openScreen(page);
    await openTab(page, fs.tab.blocks);
    const panel = page.locator('.farm-setup-import');
    await expect(panel.getByRole('heading', { name: fs.import.heading })).toBeVisible();

    // the template is the header row and an example line
    const download = page.waitForEvent('download');
    await panel.getByRole('button', { name: fs.import.template }).click();
    const template = await download;
    expect(template.suggestedFilename()).toBe(fs.import.templateFile);
    expect(await readFile(await template.path(), 'utf8')).toBe('puc,code,name,ha,variety,planting_year\r\nC1023,B01,River North,4.5,Navel,2015\r\n');

    const imports: string[] = [];
    page.on('request', (r) => r.url().includes(FARM_SETUP_PATHS.productionBlockImports) && imports.push(new URL(r.url()).searchParams.get('mode')!));

    const importButton = panel.getByRole('button', { name: fs.import.import, exact: true });
    const chooser = panel.locator('input[type="file"]');
    const preview = page.getByRole('table', { name: fs.import.previewTable });
    await expect(importButton).toBeDisabled();

    // one good line, one with an unknown PUC: the preview shows both, Import stays off
    await chooser.setInputFiles({
      name: 'blocks.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`puc,code,name,ha,variety,planting_year\n${pucName},I1,Import One,3.25,Navel,2010\nNOPE${pucName},I2,Import Two,1,Navel,\n`),
    });
    await expect(preview.locator('tbody tr')).toHaveCount(2);
    await expect(panel.getByText(fill(fs.import.summary, { created: 1, changed: 0, unchanged: 0, refused: 1 }), { exact: true })).toBeVisible();
    // by the code's own cell: a code such as I1 can also occur inside the generated PUC name
    const lineOf = (code: string) => preview.locator('tbody tr').filter({ has: page.getByRole('cell', { name: code, exact: true }) });
    const good = lineOf('I1');
    await expect(good).toContainText(fs.import.statuses.created);
    await expect(good.getByRole('cell').last()).toHaveText('');
    const bad = lineOf('I2');
    await expect(bad).toContainText(fs.import.statuses.refused);
    await expect(bad).toContainText(`puc: ${fs.reasons.importUnknownPuc}`);
    await expect(panel.getByText(fs.import.refusedHint, { exact: true })).toBeVisible();
    await expect(importButton).toBeDisabled();
    expect(await seriousViolations(page)).toEqual([]);

    // the corrected file: both lines new, Import writes them
    await chooser.setInputFiles({
      name: 'blocks.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`puc,code,name,ha,variety,planting_year\n${pucName},I1,Import One,3.25,Navel,2010\n${pucName},I2,Import Two,1,Valencia,\n`),
    });
    await expect(panel.getByText(fill(fs.import.summary, { created: 2, changed: 0, unchanged: 0, refused: 0 }), { exact: true })).toBeVisible();
    await expect(preview.locator('tbody tr').filter({ hasText: fs.import.statuses.created })).toHaveCount(2);
    await expect(importButton).toBeEnabled();
    // both files were only previewed: nothing is written before Import
    expect(imports).toEqual(['preview', 'preview']);
    const blocksOfPuc = async () => (await (await request.get(`${FARM_SETUP_PATHS.productionBlocks}?pucId=${pucId}`, { headers })).json()) as unknown[];
    expect(await blocksOfPuc()).toEqual([]);
    await importButton.click();
    await expect(toast(page, fs.import.imported, fill(fs.import.importedDetail, { created: 2, changed: 0 }))).toBeVisible();
    expect(imports).toEqual(['preview', 'preview', 'commit']);
    expect(await blocksOfPuc()).toHaveLength(2);
    await expect(preview).toHaveCount(0);
    await chooseOption(page, dropdown(openPanel(page).locator('.farm-setup-toolbar'), fs.fields.puc), pucName);
    await expect(rowWith(page, 'Import One')).toContainText('Navel');
    await expect(rowWith(page, 'Import Two')).toContainText('Valencia');

    // the same file again changes nothing
    await chooser.setInputFiles({
      name: 'blocks.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`puc,code,name,ha,variety,planting_year\n${pucName},I1,Import One,3.25,Navel,2010\n`),
    });
    await expect(panel.getByText(fill(fs.import.summary, { created: 0, changed: 0, unchanged: 1, refused: 0 }), { exact: true })).toBeVisible();
  });

  test('each tab has an address: the URL names it, a bookmark opens it, Back returns to the tab before', async ({ page }) => {
    await openScreen(page);
    const selected = (tab: string) => expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(new RegExp(`${PATH}#legal-entities$`));
    await openTab(page, fs.tab.pucs);
    await expect(page).toHaveURL(new RegExp(`${PATH}#pucs$`));
    await openTab(page, fs.tab.blocks);
    await expect(page).toHaveURL(new RegExp(`${PATH}#blocks$`));
    await expect(page.locator('.farm-setup-import')).toBeVisible();

    await page.goBack();
    await selected(fs.tab.pucs);
    await expect(page).toHaveURL(new RegExp(`${PATH}#pucs$`));
    await page.goBack();
    await selected(fs.tab.legalEntities);
    await page.goForward();
    await selected(fs.tab.pucs);

    // a bookmark of a tab opens it; an unknown one opens the first tab and says so in the URL
    await page.goto(`${PATH}#farm-blocks`);
    await selected(fs.tab.farmBlocks);
    await page.reload();
    await selected(fs.tab.farmBlocks);
    await page.goto(`${PATH}#no-such-tab`);
    await selected(fs.tab.legalEntities);
    await expect(page).toHaveURL(new RegExp(`${PATH}#legal-entities$`));
  });

  test("Export CSV on every tab downloads the tab's list, with the tab's filter", async ({ page, request }) => {
    const { headers, farmName, pucName } = await farmWithPuc(request);
    await openScreen(page);
    const tabs: [string, FarmSetupExportKind, string][] = [
      [fs.tab.legalEntities, 'legalEntities', FARM_SETUP_PATHS.legalEntities],
      [fs.tab.farms, 'farms', FARM_SETUP_PATHS.farms],
      [fs.tab.farmBlocks, 'farmBlocks', FARM_SETUP_PATHS.farmBlocks],
      [fs.tab.pucs, 'pucs', FARM_SETUP_PATHS.pucs],
      [fs.tab.blocks, 'productionBlocks', FARM_SETUP_PATHS.productionBlocks],
      [fs.tab.varieties, 'varieties', FARM_SETUP_PATHS.varieties],
      [fs.tab.commodities, 'commodities', FARM_SETUP_PATHS.commodities],
    ];
    const download = async (kind: FarmSetupExportKind) => {
      const exported = page.waitForResponse((r) => new URL(r.url()).pathname === FARM_SETUP_EXPORT_PATHS[kind]);
      const downloaded = page.waitForEvent('download');
      await openPanel(page).getByRole('button', { name: fs.exportCsv, exact: true }).click();
      const answer = await exported;
      expect(answer.status(), kind).toBe(200);
      const file = await downloaded;
      expect(file.suggestedFilename(), kind).toMatch(/^[A-Za-z]+-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.csv$/);
      return { url: new URL(answer.url()), records: parse(await readFile((await file.path())!, 'utf8')) as string[][] };
    };
    for (const [tab, kind, listPath] of tabs) {
      await openTab(page, tab);
      const firstRow = openPanel(page).locator('.p-datatable-tbody > tr').first();
      await expect(firstRow.locator('td').first()).not.toBeEmpty();
      const { records } = await download(kind);
      expect(records[0], kind).toEqual(FARM_SETUP_CSV_COLUMNS[kind].map((c) => c.header));
      // every row of the list, in its order: the table's first row is the file's first line
      const list = (await (await request.get(listPath, { headers })).json()) as { id: number }[];
      expect(records.slice(1).map((r) => Number(r[0])), kind).toEqual(list.map((r) => r.id));
      expect(records[1]![1], kind).toBe((await firstRow.locator('td').first().innerText()).trim());
    }

    // the PUCs tab's farm filter goes with the export: the new farm's one PUC
    await openTab(page, fs.tab.pucs);
    await chooseOption(page, dropdown(openPanel(page).locator('.farm-setup-toolbar'), fs.fields.farm), farmName);
    await expect(openPanel(page).locator('.p-datatable-tbody > tr')).toHaveCount(1);
    const filtered = await download('pucs');
    expect(filtered.url.searchParams.get('farmId')).toMatch(/^\d+$/);
    expect(filtered.records.slice(1).map((r) => r.slice(1))).toEqual([[pucName, farmName]]);
    await expect(openPanel(page).getByRole('button', { name: fs.exportCsv, exact: true })).toBeEnabled();
  });

  test('every tab has a search box that narrows its rows, and columns that sort on a click of their header', async ({ page }) => {
    await openScreen(page);
    const tabs: [string, FarmSetupExportKind][] = [
      [fs.tab.legalEntities, 'legalEntities'],
      [fs.tab.farms, 'farms'],
      [fs.tab.farmBlocks, 'farmBlocks'],
      [fs.tab.pucs, 'pucs'],
      [fs.tab.blocks, 'productionBlocks'],
      [fs.tab.varieties, 'varieties'],
      [fs.tab.commodities, 'commodities'],
    ];
    const rows = () => openPanel(page).locator('.p-datatable-tbody > tr:not(.p-datatable-emptymessage)');
    const column = async (index: number) => (await rows().locator(`td:nth-child(${index + 1})`).allInnerTexts()).map((text) => text.trim());
    const header = (name: string) => openPanel(page).locator('thead th').filter({ hasText: exactly(name) });
    const natural = (values: string[], order: 1 | -1) => {
      const filled = values.filter((v) => v !== '');
      return [...filled.sort((a, b) => order * compareNatural(a, b)), ...values.filter((v) => v === '')];
    };
    for (const [tab, kind] of tabs) {
      await openTab(page, tab);
      await expect(rows().first()).toBeVisible();
      const search = openPanel(page).getByRole('searchbox', { name: fs.search[kind] });
      const names = await column(0);
      const wanted = names.at(-1)!;
      await search.fill(`  ${wanted.toUpperCase()} `);
      // every row left shows the text in a cell, ignoring case; the row searched for among them
      await expect(rows().filter({ has: page.locator('td:first-child', { hasText: exactly(wanted) }) })).not.toHaveCount(0);
      for (const text of await rows().allInnerTexts()) expect(text.toLowerCase(), tab).toContain(wanted.toLowerCase());
      await search.fill('no row holds this text 9f3a');
      await expect(rows()).toHaveCount(0);
      await expect(openPanel(page).getByText(fill(fs.noMatch, { search: 'no row holds this text 9f3a' }))).toBeVisible();
      await openPanel(page).getByRole('button', { name: fs.clearSearch, exact: true }).click();
      await expect(search).toHaveValue('');
      await expect.poll(() => column(0)).toEqual(names);

      // the first column sorts ascending, then descending, in natural order
      const first = header((await openPanel(page).locator('thead th').first().innerText()).trim());
      await first.click();
      await expect(first).toHaveAttribute('aria-sort', 'ascending');
      const ascending = await column(0);
      expect(ascending, tab).toEqual(natural(ascending, 1));
      await first.click();
      await expect(first).toHaveAttribute('aria-sort', 'descending');
      const descending = await column(0);
      expect(descending, tab).toEqual(natural(descending, -1));
    }

    // a number sorts as a number, not as its text (9 before 10)
    await openTab(page, fs.tab.farmBlocks);
    const ha = header(fs.fields.ha);
    await ha.click();
    await expect(ha).toHaveAttribute('aria-sort', 'ascending');
    const index = (await openPanel(page).locator('thead th').allInnerTexts()).findIndex((text) => text.trim() === fs.fields.ha);
    const figures = (await column(index)).map((text) => Number(text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.')));
    expect(figures).toEqual([...figures].sort((a, b) => a - b));
  });

  test('axe-core at 1280 px: every tab, a dialog with its messages, and the delete confirmation', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openScreen(page);
    for (const tab of Object.values(fs.tab)) {
      await openTab(page, tab);
      await expect(openPanel(page).locator('.p-datatable-tbody > tr').first()).toBeVisible();
      await expect(page.locator('.table-skeleton')).toHaveCount(0);
      expect(await seriousViolations(page), tab).toEqual([]);
    }
    await openTab(page, fs.tab.farms);
    await page.getByRole('button', { name: fs.add.farm }).click();
    const addFarm = dialog(page, fs.add.farm);
    await addFarm.getByRole('button', { name: fs.save, exact: true }).click();
    await expect(addFarm.getByText(fs.reasons.farmNameRequired, { exact: true })).toBeVisible();
    expect(await seriousViolations(page), 'farm dialog').toEqual([]);
    await addFarm.getByRole('button', { name: fs.cancel, exact: true }).click();
    await expect(addFarm).toHaveCount(0);
    await openPanel(page).locator('.p-datatable-tbody > tr').first().getByRole('button', { name: /^Delete / }).click();
    await expect(confirmation(page)).toBeVisible();
    expect(await seriousViolations(page), 'confirmation').toEqual([]);
    await confirmation(page).getByRole('button', { name: fs.no, exact: true }).click();
  });

  test.describe('375 px wide', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('the screen and its dialog fit and are axe-clean; tables scroll inside themselves', async ({ page }) => {
      await openScreen(page);
      await openTab(page, fs.tab.blocks);
      await expect(openPanel(page).locator('.p-datatable-tbody > tr').first()).toBeVisible();
      expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: fs.add.block }).click();
      const addBlock = dialog(page, fs.add.block);
      await addBlock.getByRole('button', { name: fs.save, exact: true }).click();
      await expect(addBlock.getByText(fs.reasons.blockCodeRequired, { exact: true })).toBeVisible();
      expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
      const box = await addBlock.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });

  test.describe('in a dark theme', () => {
    const setTheme = async (request: APIRequestContext, themeId: string) => {
      const res = await request.put(PREFERENCES_PATHS.preferences, { headers: await apiHeaders(request, admin, GROWER), data: { themeId } });
      expect(res.status()).toBe(200);
    };
    test.afterEach(async ({ request }) => setTheme(request, APP_DEFAULT_THEME_ID));

    test('the import preview with its statuses and problems, a dialog with its messages and the shared-list notice are axe-clean', async ({ page, request }) => {
      await setTheme(request, 'vela-green');
      const { pucName } = await farmWithPuc(request);
      await openScreen(page);
      await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
      await openTab(page, fs.tab.blocks);
      await openPanel(page).locator('.farm-setup-import input[type="file"]').setInputFiles({
        name: 'blocks.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`puc,code,name,ha,variety\n${pucName},D1,Dark One,1,Navel\n${pucName},D2,Dark Two,x,Navel\n`),
      });
      await expect(page.getByRole('table', { name: fs.import.previewTable }).locator('tbody tr')).toHaveCount(2);
      expect(await seriousViolations(page), 'import preview').toEqual([]);
      await page.getByRole('button', { name: fs.add.block }).click();
      const addBlock = dialog(page, fs.add.block);
      await addBlock.getByRole('button', { name: fs.save, exact: true }).click();
      await expect(addBlock.getByText(fs.choosePuc, { exact: true })).toBeVisible();
      expect(await seriousViolations(page), 'block dialog').toEqual([]);
      await addBlock.getByRole('button', { name: fs.cancel, exact: true }).click();
      await openTab(page, fs.tab.varieties);
      await expect(openPanel(page).getByText(fs.sharedHint, { exact: true })).toBeVisible();
      await expect(openPanel(page).locator('.p-datatable-tbody > tr').first()).toBeVisible();
      expect(await seriousViolations(page), 'varieties').toEqual([]);
    });
  });

  test('without management.farmSetup there is no menu entry, and the URL answers as a hidden screen', async ({ page, request }) => {
    const manager = demoUser('manager');
    await signIn(page, manager);
    const sidebar = page.getByRole('navigation', { name: en.shell.mainMenu });
    await sidebar.getByText(en.menu.Management, { exact: true }).click();
    await expect(sidebar.getByText(en.menu.Employees, { exact: true })).toBeVisible();
    await expect(sidebar.getByText(en.menu['Farm Setup'], { exact: true })).toHaveCount(0);

    await page.goto(PATH);
    await expect(page).toHaveURL(/\/accessdenied$/);
    await expect(page).toHaveTitle(pageTitle(en.titles.accessDenied));
    await expect(page.getByRole('heading', { level: 1, name: fs.title })).toHaveCount(0);
    const list = await request.get(FARM_SETUP_PATHS.legalEntities, { headers: await apiHeaders(request, manager, GROWER) });
    expect(list.status()).toBe(403);
  });
});
