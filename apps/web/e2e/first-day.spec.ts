/**
 * A customer's first day, end to end, at 1280 px and again at 375 px, each from an organisation of
 * its own: the super user creates the organisation with its first administrator
 * (support/create-organization.ts); that administrator sets a password through the e-mailed link,
 * signs in and lands on the dashboard, where the setup checklist says what is left. For each open
 * step they follow the step's link in the checklist (no menu, no typed address), do the step on that
 * screen, come back to the dashboard through the main menu (the hamburger menu at 375 px) and find
 * the step marked done. They end in the Harvest PUC Report with the bins they recorded and in the
 * picking schedule by PUC with the row they planned; by then the checklist has left the dashboard.
 * axe-core on the dashboard with the checklist and on every screen on the way, in a light and a dark
 * theme; at 375 px no screen scrolls the page sideways. Map tiles are stubbed: no test needs the
 * internet.
 */
import { expect as baseExpect, test, type Browser, type Locator, type Page } from './support/test';
import { formatDay } from '@orchard/shared/core';
import { FARM_SETUP_PATHS } from '@orchard/shared/farm-setup';
import { PICKING_PATHS } from '@orchard/shared/picking';
import { en, exactly, openFromMenu, scrollWidth, signIn, toast } from './support/app';
import { seriousViolationsInPage } from './support/axe-check';
import { createOrganizationWithFirstAdministrator } from './support/create-organization';
import { demoUser } from './support/demo-users';
import { stubTiles } from './support/map-tiles';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';
import { applied, chooseTheme, restoreTheme, type AppliedTheme } from './support/themes';

const admin = demoUser('admin');
const GROWER = 'Citrus Valley Growers';
const FARM = 'Bloubergplaas';
const c = en.setupChecklist;
const f = en.farmSetup;
const h = en.harvest;
const p = en.picking;

/** Screens load real data on a shared machine: allow more than the suite's usual 7 s. */
const expect = baseExpect.configure({ timeout: 20_000 });

let sink: SmtpSink;
test.beforeAll(async ({ e2eServer }) => {
  sink = await startSmtpSink(e2eServer.smtpPort);
});
test.afterAll(async () => {
  await sink.close();
});

/** Yesterday (UTC), so the received date is never in the server's future. */
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

const bodyRows = (table: Locator) => table.locator('tbody.p-datatable-tbody > tr:not(.p-datatable-emptymessage)');

/**
 * Picks an option of a PrimeReact dropdown; a list that closed before the option was there (its
 * options still loading) is opened again, as a person would.
 */
async function pick(page: Page, dropdown: Locator, option: string) {
  await expect(async () => {
    // in the middle of the screen: PrimeReact closes an open list when anything scrolls
    await dropdown.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }));
    if (!(await page.locator('.p-dropdown-panel').isVisible())) await dropdown.click();
    await page.getByRole('option', { name: option, exact: true }).click({ timeout: 5_000 });
    await expect(dropdown.locator('.p-dropdown-label')).toHaveText(option, { timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
}

/** Types a number into a PrimeReact InputNumber with the culture's decimal sign. */
async function typeNumber(input: Locator, value: string) {
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.press('Backspace');
  await input.pressSequentially(value.replace('.', ','));
}

/** The text of a row's cell under a header. */
async function cellOf(table: Locator, row: Locator, header: string): Promise<string> {
  const headers = (await table.locator('thead th').allInnerTexts()).map((text) => text.trim());
  const index = headers.indexOf(header);
  if (index < 0) throw new Error(`no column ${header} in ${headers.join(' | ')}`);
  return (await row.locator('td').nth(index).innerText()).trim();
}

/** No loading bar, overlay or spinner: the screen shows what it loaded. */
async function ready(page: Page) {
  await expect(page.locator('.loading-bar .p-progressbar, .page-loader, .p-datatable-loading-overlay, .p-progress-spinner')).toHaveCount(0);
}

interface Themes {
  light: AppliedTheme;
  dark: AppliedTheme;
}

/**
 * The screen as it stands, checked with axe-core in the light and the dark theme (the dark one, the
 * administrator's saved choice, put back last), and at a narrow width not wider than the window.
 */
async function check(page: Page, themes: Themes, screen: string) {
  await ready(page);
  const width = page.viewportSize()!.width;
  expect.soft(await scrollWidth(page), `${screen}: the page scrolls sideways at ${width} px`).toBeLessThanOrEqual(width);
  for (const theme of [themes.light, themes.dark]) {
    await restoreTheme(page, theme);
    const violations = await seriousViolationsInPage(page, { timeout: 30_000 });
    expect.soft(violations, `${screen} in ${theme.label} at ${width} px`).toEqual([]);
  }
}

const checklist = (page: Page) => page.getByRole('region', { name: c.heading });
const stepItem = (page: Page, step: keyof typeof c.steps) =>
  checklist(page).getByRole('listitem').filter({ has: page.getByText(c.steps[step].title, { exact: true }) });

async function expectDone(page: Page, step: keyof typeof c.steps) {
  await expect(stepItem(page, step).getByText(c.done, { exact: true })).toBeVisible();
  await expect(stepItem(page, step).getByRole('link')).toHaveCount(0);
}

/** Back to the dashboard through the main menu. */
async function toDashboard(page: Page, organization: string) {
  await openFromMenu(page, en.menu.Dashboard);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.dashboard.heading.replace('{{organization}}', organization));
}

/** Follows an open step's link in the checklist. */
async function follow(page: Page, step: keyof typeof c.steps) {
  await stepItem(page, step).getByRole('link', { name: c.steps[step].action, exact: true }).click();
}

const farmSetupPanel = (page: Page) => page.getByRole('tabpanel');
const dropdownIn = (scope: Locator, label: string) =>
  scope.locator('.field, .filter-field').filter({ has: scope.page().locator('label', { hasText: exactly(label) }) }).locator('.p-dropdown');

async function firstDay(page: Page, browser: Browser) {
  const viewport = page.viewportSize()!;
  const stamp = `${Date.now().toString(36).slice(-5).toUpperCase()}${viewport.width}`;
  const puc = `P${stamp}`.slice(0, 20);
  const packhouse = `Blouberg Pakhuis ${stamp}`;

  // the super user creates the organisation and its first administrator; the administrator's own browser is as wide
  await stubTiles(page);
  await signIn(page, admin);
  const created = await createOrganizationWithFirstAdministrator(page, browser, sink, { copyFrom: GROWER, viewport });
  const own = created.page;
  const organization = created.name;

  // the dashboard: the checklist, with what the new organisation already has marked done
  await expect(checklist(own)).toBeVisible();
  await expect(checklist(own).getByText(c.progress.replace('{{done}}', '3').replace('{{total}}', '8'), { exact: true })).toBeVisible();
  for (const step of ['legalEntity', 'farms', 'userFarms'] as const) await expectDone(own, step);

  // a light and a dark theme, each chosen once on the Preferences screen
  await openFromMenu(own, en.menu.Settings, en.menu.Preferences);
  await expect(own.getByRole('heading', { name: en.preferences.title })).toBeVisible();
  const themes: Themes = { light: await applied(own, 'Lara Light Green'), dark: await chooseTheme(own, 'Lara Dark Green') };
  await check(own, themes, 'preferences');
  await toDashboard(own, organization);
  await expect(checklist(own)).toBeVisible();
  await check(own, themes, 'dashboard with the checklist');

  // PUCs: Farm Setup opens on its PUCs tab
  await follow(own, 'pucs');
  await expect(own.getByRole('heading', { level: 1, name: f.title })).toBeVisible();
  await expect(own.getByRole('tab', { name: f.tab.pucs, exact: true })).toHaveAttribute('aria-selected', 'true');
  await check(own, themes, 'farm setup, PUCs');
  await pick(own, dropdownIn(farmSetupPanel(own).locator('.farm-setup-toolbar'), f.fields.farm), FARM);
  await own.getByRole('button', { name: f.add.puc }).click();
  const addPuc = own.getByRole('dialog', { name: f.add.puc });
  await addPuc.getByLabel(f.fields.pucName, { exact: true }).fill(puc);
  await check(own, themes, 'add PUC dialog');
  await addPuc.getByRole('button', { name: f.save, exact: true }).click();
  await expect(toast(own, f.success, f.added.replace('{{name}}', puc))).toBeVisible();
  await expect(addPuc).toBeHidden();
  await toDashboard(own, organization);
  await expectDone(own, 'pucs');

  // production blocks: imported from a CSV file on the Production Blocks tab
  await follow(own, 'productionBlocks');
  await expect(own.getByRole('tab', { name: f.tab.blocks, exact: true })).toHaveAttribute('aria-selected', 'true');
  await check(own, themes, 'farm setup, production blocks');
  const importPanel = own.locator('.farm-setup-import');
  const lines = ['puc,code,name,ha,variety,planting_year', `${puc},B01,Blouberg Noord,4.5,Navel,2012`, `${puc},B02,Blouberg Suid,2,Valencia,`];
  await importPanel.locator('input[type="file"]').setInputFiles({ name: 'blocks.csv', mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\n')}\n`) });
  await expect(
    importPanel.getByText(f.import.summary.replace('{{created}}', '2').replace('{{changed}}', '0').replace('{{unchanged}}', '0').replace('{{refused}}', '0'), { exact: true }),
  ).toBeVisible();
  await check(own, themes, 'production block import preview');
  const imported = own.waitForResponse((r) => r.url().includes(`${FARM_SETUP_PATHS.productionBlockImports}?mode=commit`));
  await importPanel.getByRole('button', { name: f.import.import, exact: true }).click();
  expect((await imported).status()).toBe(201);
  await toDashboard(own, organization);
  await expectDone(own, 'productionBlocks');

  // bin intake before there is a packhouse: it says what is missing and links to where one is made
  await openFromMenu(own, en.menu.Harvest);
  const noPackhouse = own.locator('.harvest-no-packhouse');
  await expect(noPackhouse.getByText(h.intake.noPackhouseText.replace('{{organization}}', organization), { exact: true })).toBeVisible();
  await expect(noPackhouse.getByRole('link', { name: h.intake.addPackhouse, exact: true })).toBeVisible();
  await check(own, themes, 'bin intake without a packhouse');
  await toDashboard(own, organization);

  // packhouses: the organisation's own
  await follow(own, 'packhouses');
  await expect(own.getByRole('heading', { level: 1, name: en.packhouses.title })).toBeVisible();
  await check(own, themes, 'packhouses');
  await own.getByRole('button', { name: en.packhouses.addPackhouse }).click();
  const packhouseDialog = own.getByRole('dialog', { name: en.packhouses.dialogTitle });
  await packhouseDialog.getByLabel(en.packhouses.name, { exact: true }).fill(packhouse);
  await packhouseDialog.getByLabel(en.packhouses.shortName, { exact: true }).fill('BPH');
  await check(own, themes, 'packhouse setup dialog');
  await packhouseDialog.getByRole('button', { name: en.packhouses.save, exact: true }).click();
  await expect(packhouseDialog).toBeHidden();
  await expect(own.locator('.packhouses-table .p-datatable-tbody > tr').filter({ hasText: packhouse })).toBeVisible();
  await toDashboard(own, organization);
  await expectDone(own, 'packhouses');

  // first bins: 12 bins on B01, tipped, 4,800 kg, through the harvest intake
  await follow(own, 'bins');
  await expect(own.getByRole('button', { name: h.intake.record })).toBeVisible();
  await check(own, themes, 'harvest');
  const field = (label: string) => own.locator('.harvest-field').filter({ has: own.locator('label', { hasText: exactly(label) }) }).locator('.p-dropdown');
  await pick(own, field(h.puc), `${FARM} - ${puc}`);
  await pick(own, field(h.intake.block), `B01 - Navel (${h.unlinked})`);
  await pick(own, field(h.packhouse), packhouse);
  await typeNumber(own.getByLabel(h.intake.count, { exact: true }), '12');
  await own.getByLabel(h.intake.receivedDate, { exact: true }).fill(formatDay(yesterday(), 'en-ZA'));
  await own.getByLabel(h.intake.receivedDate, { exact: true }).press('Escape');
  await own.locator('label[for="bin-tipped"]').click();
  await typeNumber(own.getByLabel(h.intake.tippedKgs, { exact: true }), '4800');
  await own.getByRole('button', { name: h.intake.record }).click();
  await expect(toast(own, h.intake.recorded, h.intake.recordedDetail.replace('{{count}}', '12'))).toBeVisible();
  await toDashboard(own, organization);
  await expectDone(own, 'bins');

  // the picking schedule before any row: it says where rows start and links there
  await openFromMenu(own, en.menu.Packhouse, en.menu['Picking Schedule']);
  await expect(own.getByText(p.rowsStartInPuc, { exact: false })).toBeVisible();
  await expect(own.locator('.picking-rows-start').getByRole('link', { name: p.openPucSchedule, exact: true })).toBeVisible();
  await check(own, themes, 'picking schedule without rows');
  await toDashboard(own, organization);

  // the first picking row: 30 bins of Navel on a day to come, for the new packhouse
  await follow(own, 'pickingRows');
  await expect(own.getByRole('heading', { name: p.pucTitle })).toBeVisible();
  const schedule = own.getByRole('table', { name: p.pucTable });
  const navel = bodyRows(schedule).filter({ hasText: puc }).filter({ hasText: 'Navel' });
  await expect(navel).toHaveCount(1);
  await check(own, themes, 'picking schedule by PUC');
  const rowName = `${puc} Navel`;
  await pick(own, navel.locator('.row-packhouse'), packhouse);
  const progress = navel.locator('.row-progress');
  await progress.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }));
  await progress.click();
  await own.getByRole('listbox').getByRole('option').first().click();
  await expect(progress.locator('.p-dropdown-label')).not.toHaveText(p.selectProgress);
  const cell = navel.locator('input.bin-input:enabled').last();
  const cellLabel = (await cell.getAttribute('aria-label')) as string;
  expect(cellLabel.startsWith(p.binsOfDay.replace('{{row}}', rowName).replace('{{date}}', ''))).toBe(true);
  const saved = own.waitForResponse((r) => r.url().endsWith(PICKING_PATHS.pucScheduleCells) && r.request().method() !== 'GET');
  await cell.fill('30');
  await cell.press('Enter');
  expect((await saved).ok()).toBe(true);
  await toDashboard(own, organization);

  // every step done: the checklist has left the dashboard
  await expect(own.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(checklist(own)).toHaveCount(0);
  await check(own, themes, 'dashboard, set up');

  // the Harvest PUC Report: the PUC with its 4.8 tipped tonnes
  await openFromMenu(own, en.menu.Packhouse, en.menu['Harvest PUC Report']);
  const pucTable = own.getByRole('table', { name: h.pucReportTable });
  const pucRow = bodyRows(pucTable).filter({ has: own.locator('td:first-child', { hasText: exactly(puc) }) });
  await expect(pucRow).toHaveCount(1);
  expect(await cellOf(pucTable, pucRow, h.columns.tippedTonnes)).toMatch(/^4[,.]80?$/);
  await check(own, themes, 'harvest PUC report');

  // the picking schedule by PUC: the row with its 30 bins
  await openFromMenu(own, en.menu.Packhouse, en.menu['Picking Schedule By PUC']);
  await expect(own.getByRole('heading', { name: p.pucTitle })).toBeVisible();
  const planned = bodyRows(own.getByRole('table', { name: p.pucTable })).filter({ hasText: puc }).filter({ hasText: 'Navel' });
  await expect(planned.getByLabel(cellLabel, { exact: true })).toHaveValue('30');
  await expect(planned.locator('.row-packhouse .p-dropdown-label')).toHaveText(packhouse);

  await created.context.close();
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 740 },
]) {
  test.describe(`${viewport.width} px wide`, () => {
    // a step that cannot be taken fails within the minute, not at the end of the journey's allowance
    test.use({ viewport, actionTimeout: 60_000 });

    test('a new organisation set up from its checklist to its first PUC report and picking row', async ({ page, browser }) => {
      // two browsers, a mail, eight screens each checked with axe-core in two themes
      test.setTimeout(12 * 60_000);
      await firstDay(page, browser);
    });
  });
}
