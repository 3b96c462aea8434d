/**
 * Onboarding a customer, end to end, as a super user: Create New Organization with two farms (one
 * placed by dragging the map marker, one by typed coordinates), switch to it, add its packhouse,
 * add a PUC and import its production blocks from a CSV file in Farm Setup, record bins through the
 * harvest intake, and find them in the Harvest PUC report, the Fruitbins Block Report and the
 * picking schedule by PUC. Map tiles are stubbed: no test needs the internet.
 * (That an organisation's Administrator who is not a super user finds no way to create one is in
 * organizations.spec.ts.)
 */
import { expect, test, type Locator, type Page } from './support/test';
import { formatDay } from '@orchard/shared/core';
import { FARM_SETUP_PATHS } from '@orchard/shared/farm-setup';
import { ORGANIZATION_ONBOARDING_PATHS } from '@orchard/shared/organizations';
import { SHELL_PATHS } from '@orchard/shared/shell';
import { en, exactly, organizationButton, organizationInput, signIn, toast } from './support/app';
import { choose, dialogOf, dragMarker, latitude, longitude } from './support/create-organization';
import { stubTiles } from './support/map-tiles';
import { demoUser } from './support/demo-users';
import { apiHeaders } from './support/picking';
import { uniqueName } from './support/users-api';

const admin = demoUser('admin');
const GROWER = 'Citrus Valley Growers';
/** the new organisation's own packhouse, so the journey leaves the demo packhouses' data as it was */
const PACKHOUSE = `Rivier Pakhuis ${Date.now().toString(36)}`;
const o = en.organizations;
const c = o.create;
const h = en.harvest;
const f = en.farmSetup;

test.describe.configure({ timeout: 150_000 });

// switching organisation makes the new one the administrator's default: the other journeys start in the grower organisation
test.afterEach(async ({ request }) => {
  const headers = await apiHeaders(request, admin, GROWER);
  const organizationId = Number(headers['x-organization-id']);
  const res = await request.put(SHELL_PATHS.defaultOrganization, { headers, data: { organizationId } });
  expect(res.status(), await res.text()).toBe(204);
});

/** Yesterday (UTC), so the received date is never in the server's future. */
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

const bodyRows = (table: Locator) => table.locator('tbody.p-datatable-tbody > tr:not(.p-datatable-emptymessage)');

/** The text of a row's cell under a header. */
async function cellOf(table: Locator, row: Locator, header: string): Promise<string> {
  const headers = (await table.locator('thead th').allInnerTexts()).map((text) => text.trim());
  const index = headers.indexOf(header);
  if (index < 0) throw new Error(`no column ${header} in ${headers.join(' | ')}`);
  return (await row.locator('td').nth(index).innerText()).trim();
}

/** Picks an option of a PrimeReact dropdown. */
async function pick(page: Page, dropdown: Locator, option: string) {
  await dropdown.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }));
  await dropdown.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(dropdown.locator('.p-dropdown-label')).toHaveText(option);
}

/** Types a number into a PrimeReact InputNumber with the culture's decimal sign. */
async function typeNumber(input: Locator, value: string) {
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.press('Backspace');
  await input.pressSequentially(value.replace('.', ','));
}

async function createOrganization(page: Page, name: string) {
  await page.goto('/management/organizations');
  await page.getByRole('button', { name: o.addNew }).click();
  const dialog = dialogOf(page);
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(c.organizationName, { exact: true }).fill(name);
  await choose(page, c.organizationLevel);
  await choose(page, c.copyOrganizationSource, GROWER);
  await dialog.getByLabel(c.contactName, { exact: true }).fill('Thandi');
  await dialog.getByLabel(c.contactSurname, { exact: true }).fill('Mokoena');
  await dialog.getByLabel(c.contactEmail, { exact: true }).fill('thandi.mokoena@example.test');
  await dialog.getByLabel(c.contactPhoneNumber, { exact: true }).fill('+27 83 555 0142');

  // farm 1, placed by dragging the marker
  await dialog.getByLabel(c.farmName, { exact: true }).fill('Rivierplaas');
  await choose(page, c.region);
  await choose(page, c.area);
  await choose(page, c.province);
  await dragMarker(page, -30, 20);
  await expect(latitude(page)).not.toHaveValue('');
  await dialog.getByRole('button', { name: c.addFarm }).click();
  // farm 2, placed by typed coordinates
  await dialog.getByLabel(c.farmName, { exact: true }).fill('Bergsig');
  await choose(page, c.region);
  await choose(page, c.area);
  await choose(page, c.province);
  await latitude(page).fill('-33.55');
  await longitude(page).fill('25.6');
  await dialog.getByRole('button', { name: c.addFarm }).click();
  await expect(dialog.locator('.create-org-farm-list li')).toHaveCount(2);

  const saved = page.waitForResponse((r) => r.url().endsWith(ORGANIZATION_ONBOARDING_PATHS.create) && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: c.saveNew }).click();
  expect((await saved).status()).toBe(201);
  await expect(toast(page, c.success, c.saved)).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function switchTo(page: Page, name: string) {
  await organizationButton(page).click();
  await page.getByRole('listbox').getByRole('option', { name, exact: true }).click();
  await expect(toast(page, en.shell.organizationChanged, name)).toBeVisible();
  await expect(organizationInput(page)).toHaveValue(name);
}

async function addPackhouse(page: Page, name: string) {
  await page.goto('/management/packhouses');
  await page.getByRole('button', { name: en.packhouses.addPackhouse }).click();
  const dialog = page.getByRole('dialog', { name: en.packhouses.dialogTitle });
  await dialog.getByLabel(en.packhouses.name, { exact: true }).fill(name);
  await dialog.getByLabel(en.packhouses.shortName, { exact: true }).fill('RPH');
  await dialog.getByRole('button', { name: en.packhouses.save, exact: true }).click();
  await expect(page.locator('.packhouses-table .p-datatable-tbody > tr').filter({ hasText: name })).toBeVisible();
}

test('a super user onboards an organisation: two farms, blocks from a CSV file, bins recorded, seen in the reports and the schedule', async ({ page }) => {
  await stubTiles(page);
  const name = uniqueName('Sondagsrivier Sitrus ');
  const puc = `K${Date.now().toString(36).slice(-5).toUpperCase()}`;

  await signIn(page, admin);
  await createOrganization(page, name);
  await switchTo(page, name);
  await addPackhouse(page, PACKHOUSE);

  // Farm Setup: the two new farms are there; a PUC on the first, its blocks from a CSV file
  await page.goto('/management/farmsetup');
  await expect(page.getByRole('heading', { level: 1, name: f.title })).toBeVisible();
  await addPucAndImportBlocks(page, puc);

  // the harvest intake: 12 bins on block B01, tipped, 4,800 kg
  await page.goto('/harvest');
  const pucLabel = `Rivierplaas - ${puc}`;
  const field = (label: string) => page.locator('.harvest-field').filter({ has: page.locator('label', { hasText: exactly(label) }) }).locator('.p-dropdown');
  await pick(page, field(h.puc), pucLabel);
  await pick(page, field(h.intake.block), `B01 - Navel (${h.unlinked})`);
  await pick(page, field(h.packhouse), PACKHOUSE);
  await typeNumber(page.getByLabel(h.intake.count, { exact: true }), '12');
  await page.getByLabel(h.intake.receivedDate, { exact: true }).fill(formatDay(yesterday(), 'en-ZA'));
  await page.getByLabel(h.intake.receivedDate, { exact: true }).press('Escape');
  await page.locator('label[for="bin-tipped"]').click();
  await typeNumber(page.getByLabel(h.intake.tippedKgs, { exact: true }), '4800');
  await page.getByRole('button', { name: h.intake.record }).click();
  await expect(toast(page, h.intake.recorded, h.intake.recordedDetail.replace('{{count}}', '12'))).toBeVisible();

  // the Harvest PUC report: the new PUC with its 4.8 tipped tonnes
  await page.goto('/packhouse/harvestpucreport');
  const pucTable = page.getByRole('table', { name: h.pucReportTable });
  const pucRow = bodyRows(pucTable).filter({ has: page.locator('td:first-child', { hasText: exactly(puc) }) });
  await expect(pucRow).toHaveCount(1);
  expect(await cellOf(pucTable, pucRow, h.columns.tippedTonnes)).toMatch(/^4[,.]80?$/);

  // its row leads to the Fruitbins Block Report: the three imported blocks, B01 with the bins
  await pucRow.locator('td:first-child').getByRole('link').click();
  await expect(page).toHaveURL(/\/packhouse\/harvestblockreport\?puc=\d+$/);
  const blockTable = page.getByRole('table', { name: new RegExp(`^${h.blockReportTable.replace(' {{puc}}', '')}`) });
  await expect(bodyRows(blockTable)).toHaveCount(3);
  const b01 = bodyRows(blockTable).filter({ has: page.locator('td:first-child', { hasText: /B01/ }) });
  expect(await cellOf(blockTable, b01, h.columns.tippedTonnes)).toMatch(/^4[,.]80?$/);

  // the picking schedule by PUC: the PUC and its variety on the new farm
  await page.goto('/packhouse/pickingschedulepuc');
  await expect(page.getByRole('heading', { name: en.picking.pucTitle })).toBeVisible();
  const scheduleRows = page.locator('.puc-table .p-datatable-tbody > tr:not(.p-datatable-emptymessage)');
  await expect(scheduleRows.filter({ hasText: puc }).filter({ hasText: 'Navel' })).toHaveCount(1);
  await expect(scheduleRows.filter({ hasText: puc }).filter({ hasText: 'Valencia' })).toHaveCount(1);
});

/** Farm Setup: a PUC on Rivierplaas, then its blocks from a CSV file (a refused line first, then the fixed file). */
async function addPucAndImportBlocks(page: Page, puc: string) {
  const tab = async (name: string) => {
    await page.getByRole('tab', { name, exact: true }).click();
    await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
  };
  const panel = page.getByRole('tabpanel');
  const dropdownIn = (scope: Locator, label: string) =>
    scope.locator('.field, .filter-field').filter({ has: page.locator('label', { hasText: exactly(label) }) }).locator('.p-dropdown');

  // the two farms of the new organisation, assigned to their creator
  await tab(f.tab.farms);
  await expect(panel.locator('.p-datatable-tbody > tr').filter({ hasText: 'Rivierplaas' })).toHaveCount(1);
  await expect(panel.locator('.p-datatable-tbody > tr').filter({ hasText: 'Bergsig' })).toHaveCount(1);

  await tab(f.tab.pucs);
  await pick(page, dropdownIn(panel.locator('.farm-setup-toolbar'), f.fields.farm), 'Rivierplaas');
  await page.getByRole('button', { name: f.add.puc }).click();
  const addPuc = page.getByRole('dialog', { name: f.add.puc });
  await addPuc.getByLabel(f.fields.pucName, { exact: true }).fill(puc);
  await addPuc.getByRole('button', { name: f.save, exact: true }).click();
  await expect(toast(page, f.success, f.added.replace('{{name}}', puc))).toBeVisible();

  await tab(f.tab.blocks);
  const importPanel = page.locator('.farm-setup-import');
  const chooser = importPanel.locator('input[type="file"]');
  const importButton = importPanel.getByRole('button', { name: f.import.import, exact: true });
  const header = 'puc,code,name,ha,variety,planting_year';
  const file = (lines: string[]) => ({ name: 'blocks.csv', mimeType: 'text/csv', buffer: Buffer.from(`${[header, ...lines].join('\n')}\n`) });
  const lines = [`${puc},B01,Rivier Noord,4.5,Navel,2012`, `${puc},B02,Rivier Suid,3.25,Navel,2015`, `${puc},B03,Bo Rivier,2,Valencia,`];
  // a formula cell is refused on the way in, and nothing can be imported while a line is refused
  await chooser.setInputFiles(file([...lines.slice(0, 2), `${puc},B03,=1+1,2,Valencia,`]));
  await expect(page.getByRole('table', { name: f.import.previewTable }).locator('tbody tr')).toHaveCount(3);
  await expect(importButton).toBeDisabled();
  await chooser.setInputFiles(file(lines));
  await expect(importPanel.getByText(f.import.summary.replace('{{created}}', '3').replace('{{changed}}', '0').replace('{{unchanged}}', '0').replace('{{refused}}', '0'), { exact: true })).toBeVisible();
  const imported = page.waitForResponse((r) => r.url().includes(`${FARM_SETUP_PATHS.productionBlockImports}?mode=commit`));
  await importButton.click();
  expect((await imported).status()).toBe(201);
  await pick(page, dropdownIn(panel.locator('.farm-setup-toolbar'), f.fields.puc), puc);
  await expect(panel.locator('.p-datatable-tbody > tr').filter({ hasText: 'Rivier Noord' })).toContainText('Navel');
}
