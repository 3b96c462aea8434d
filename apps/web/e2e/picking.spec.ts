/**
 * Picking schedules in the browser, on the demo data seeded around today: bins per PUC and day,
 * producer rows (edit, save, duplicate, the validity rule), both CSV exports, capacity edited by
 * the packhouse organisation, axe-core on every screen.
 */
import { expect, test, type Locator, type Page } from './support/test';
import {
  CAPACITY_ROW_LABEL,
  CSV_SEPARATOR_LINE,
  PICKING_MESSAGES,
  PICKING_PATHS,
  PLEASE_SELECT_A_PACKHOUSE,
  PLEASE_SELECT_A_PICKING_PROGRESS,
  PUC_SCHEDULE_DEFAULT_PAGE_SIZE,
  WHOLE_NUMBER_MESSAGE,
  type PickingFiltersResponse,
  type PickingSchedulePage,
} from '@orchard/shared/picking';
import { en, errorEnvelope, exactly, scrollWidth, signIn, toast } from './support/app';
import { demoUser } from './support/demo-users';
import { apiHeaders, chooseOption, readCsv, seriousViolations } from './support/picking';

const admin = demoUser('admin');
const packhouseUser = demoUser('packhouse');
const GROWER = 'Citrus Valley Growers';
const PUC_PATH = '/packhouse/pickingschedulepuc';
const PRODUCER_PATH = '/packhouse/pickingschedule';
const PACKHOUSE_PATH = '/packhouse/pickingschedulepackhouse';

const bodyRows = (page: Page, tableClass: string) => page.locator(`.${tableClass} .p-datatable-tbody > tr:not(.p-datatable-emptymessage)`);

/** The producer-view row whose edit button names `label` ("PUC variety packhouse"). */
const producerRow = (page: Page, label: string) =>
  bodyRows(page, 'picking-table').filter({ has: page.getByRole('button', { name: `Edit row ${label}`, exact: true }) });

test.describe('picking schedule by PUC', () => {
  test('bins need a packhouse and a picking progress; saved bins of two days survive a reload; a saved cell cannot be emptied; a conflict keeps the value', async ({ page }) => {
    await signIn(page, admin);
    await page.goto(PUC_PATH);
    await expect(page.getByRole('heading', { name: en.picking.pucTitle })).toBeVisible();
    const rows = bodyRows(page, 'puc-table');
    await expect(rows).toHaveCount(PUC_SCHEDULE_DEFAULT_PAGE_SIZE);
    await expect(page.getByText('1 to 15 of', { exact: false })).toBeVisible();
    // 14 day columns after PUC, Variety, Estimate Total Tonnes, Packhouse, Picking Progress; today highlighted
    await expect(page.locator('.puc-table thead th')).toHaveCount(5 + 14);
    await expect(page.locator('.puc-table thead th.day-today')).toHaveCount(1);
    await expect(page.locator('.puc-table thead th.day-today')).toHaveText(/^\d{2}-[A-Z][a-z]{2}$/);

    const row = rows.nth(2);
    const open = row.locator('input.bin-input:enabled');
    const first = open.nth(0);
    const second = open.nth(1);
    const firstLabel = (await first.getAttribute('aria-label')) as string;
    const secondLabel = (await second.getAttribute('aria-label')) as string;
    // days before today are disabled
    const pastCount = await page.locator('.puc-table thead th.day-past').count();
    await expect(row.locator('input.bin-input:disabled')).toHaveCount(pastCount);

    const puts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes(PICKING_PATHS.pucScheduleCells)) puts.push(r.url());
    });

    // no packhouse: the message, nothing saved, the cell stays tinted
    await row.locator('.row-packhouse .p-dropdown-clear-icon').click();
    await first.fill('123');
    await first.press('Enter');
    await expect(toast(page, PLEASE_SELECT_A_PACKHOUSE)).toBeVisible();
    await expect(first).toHaveClass(/bin-input-unsaved/);
    await expect(first).toHaveValue('123');

    // a packhouse but no picking progress
    await chooseOption(page, row.locator('.row-packhouse'), 'Kirkwood Packhouse');
    await row.locator('.row-progress .p-dropdown-clear-icon').click();
    await first.press('Enter');
    await expect(toast(page, PLEASE_SELECT_A_PICKING_PROGRESS)).toBeVisible();
    expect(puts).toEqual([]);

    // both chosen: each day saves on Enter or when the cell is left
    await chooseOption(page, row.locator('.row-progress'), 'Picking');
    const saved = page.waitForResponse((r) => r.url().includes(PICKING_PATHS.pucScheduleCells) && r.status() === 200);
    await first.press('Enter');
    await saved;
    await expect(first).not.toHaveClass(/bin-input-unsaved/);
    const savedSecond = page.waitForResponse((r) => r.url().includes(PICKING_PATHS.pucScheduleCells) && r.status() === 200);
    await second.fill('45');
    await second.press('Tab');
    await savedSecond;

    await page.reload();
    await expect(page.getByLabel(firstLabel, { exact: true })).toHaveValue('123');
    await expect(page.getByLabel(secondLabel, { exact: true })).toHaveValue('45');

    // a saved cell emptied: the rule's message in the cell, nothing saved; Escape gives the value back
    const putsBefore = puts.length;
    const emptied = page.getByLabel(secondLabel, { exact: true });
    const emptiedMessage = page.locator('.bin-input-wrap').filter({ has: emptied }).getByRole('alert');
    await emptied.fill('');
    await emptied.press('Enter');
    await expect(emptiedMessage).toHaveText(WHOLE_NUMBER_MESSAGE);
    await expect(emptied).toHaveValue('');
    await expect(emptied).toHaveAttribute('aria-invalid', 'true');
    await expect(emptied).toHaveClass(/bin-input-unsaved/);
    await emptied.press('Tab');
    await expect(emptiedMessage).toHaveText(WHOLE_NUMBER_MESSAGE);
    await emptied.focus();
    await emptied.press('Escape');
    await expect(emptied).toHaveValue('45');
    await expect(emptiedMessage).toHaveCount(0);
    expect(puts).toHaveLength(putsBefore);
    await page.reload();
    await expect(page.getByLabel(secondLabel, { exact: true })).toHaveValue('45');

    // someone else saved the cell meanwhile: a clear message, the typed value stays
    await page.route(`**${PICKING_PATHS.pucScheduleCells}`, (route) =>
      route.fulfill({ status: 412, contentType: 'application/json', body: errorEnvelope('PRECONDITION_FAILED', PICKING_MESSAGES.cellConflict) }),
    );
    const cell = page.getByLabel(firstLabel, { exact: true });
    await cell.fill('124');
    await cell.press('Enter');
    await expect(toast(page, en.picking.error, PICKING_MESSAGES.cellConflict)).toBeVisible();
    await expect(cell).toHaveValue('124');
    await expect(cell).toHaveClass(/bin-input-unsaved/);
  });
});

test.describe('picking schedule, producer view', () => {
  test('edit a row, save it and see the bins after a reload; the week headers and filters', async ({ page }) => {
    await signIn(page, admin);
    await page.goto(PRODUCER_PATH);
    await expect(page.getByRole('heading', { name: en.picking.producerTitle })).toBeVisible();
    const rows = bodyRows(page, 'picking-table');
    await expect(rows.first()).toBeVisible();
    // the admin holds picking.packhouseUser: one packhouse, the first one, chosen
    await expect(page.locator('.picking-filters .p-dropdown').first()).toContainText('Addo Packhouse');
    for (const caption of Object.values(en.picking.columns).filter((c) => !['Region', 'Int/Ext/Joint', 'Commodity', 'Producer', 'Total', 'Estimate Total Tonnes', 'Picking Progress'].includes(c))) {
      await expect(page.locator('.picking-table thead th').filter({ hasText: exactly(caption) })).toHaveCount(1);
    }
    await expect(page.locator('.picking-table thead th.week-col-light-blue')).toHaveCount(1);
    const current = page.locator('.picking-table thead th.week-col-light-blue .week-header');
    await current.hover();
    await expect(page.locator('.p-tooltip')).toHaveText(/^Week \d{1,2} of \d{4}$/);

    const edit = rows.nth(1).getByRole('button', { name: /^Edit row / });
    const label = ((await edit.getAttribute('aria-label')) as string).replace(/^Edit row /, '');
    await edit.click();
    const row = producerRow(page, label).or(bodyRows(page, 'picking-table').filter({ has: page.getByRole('button', { name: `Save row ${label}` }) }));
    // the row has stored bins: its packhouse cannot change, and the tooltip says why
    await expect(row.locator('.row-packhouse')).toHaveClass(/p-disabled/);
    await row.locator('.packhouse-locked').hover();
    await expect(page.locator('.p-tooltip')).toHaveText(en.picking.packhouseLocked);
    expect(en.picking.packhouseLocked).toBe(PICKING_MESSAGES.packhouseLocked);
    const input = row.locator('input.bin-input').first();
    await expect(input).toBeVisible();
    // what was typed stays; a minus or a decimal is refused with the rule, never reshaped into another number
    for (const typed of ['-1', '1.5']) {
      await input.fill(typed);
      await input.press('Tab');
      await expect(input).toHaveValue(typed);
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      await expect(row.getByRole('alert')).toHaveText(en.picking.invalidBins);
    }
    expect(en.picking.invalidBins).toBe(WHOLE_NUMBER_MESSAGE);
    await input.fill('777');
    await input.press('Tab');
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/api/picking/schedule/rows/'));
    await page.getByRole('button', { name: `Save row ${label}`, exact: true }).click();
    expect((await saved).status()).toBe(200);
    await expect(toast(page, en.picking.success, en.picking.rowSaved)).toBeVisible();
    await expect(producerRow(page, label)).toContainText('777');

    await page.reload();
    await expect(producerRow(page, label)).toContainText('777');

    // cancel restores the copy kept when editing started
    await producerRow(page, label).getByRole('button', { name: `Edit row ${label}` }).click();
    const again = page.getByLabel(/^Bins of /).first();
    await again.fill('778');
    await again.press('Tab');
    await page.getByRole('button', { name: `Cancel editing row ${label}`, exact: true }).click();
    await expect(producerRow(page, label)).toContainText('777');
    await expect(producerRow(page, label)).not.toContainText('778');
  });

  test('duplicate a row, give it another packhouse and save; duplicate combinations are refused with the message', async ({ page, request }) => {
    // two saves and a reload of the producer view: more than the suite's 30 s on a busy machine
    test.setTimeout(60_000);
    // which packhouses already hold each PUC and variety (the admin's view shows one packhouse at a time)
    const headers = await apiHeaders(request, admin, GROWER);
    const all = (await (await request.get(`${PICKING_PATHS.producerSchedule}?pageSize=100`, { headers })).json()) as PickingSchedulePage;
    const filters = (await (await request.get(PICKING_PATHS.filters, { headers })).json()) as { packhouses: { id: number; name: string }[] };
    const addo = filters.packhouses.find((p) => p.name === 'Addo Packhouse')!;
    const used = (puc: number, variety: number) => new Set(all.rows.filter((r) => r.puc === puc && r.variety === variety).map((r) => r.packhouse));
    const source = all.rows.find((r) => r.packhouse === addo.id && used(r.puc, r.variety).size === 1);
    if (!source) throw new Error('No Addo row whose PUC and variety go to one packhouse only');
    const target = filters.packhouses.find((p) => !used(source.puc, source.variety).has(p.id))!;
    const label = `${source.pucName} ${source.varietyName} Addo Packhouse`;

    await signIn(page, admin);
    await page.goto(PRODUCER_PATH);
    await page.locator('.picking-table .p-paginator .p-dropdown').click();
    await page.getByRole('option', { name: '100', exact: true }).click();
    await producerRow(page, label).getByRole('button', { name: `Duplicate row ${label}` }).click();

    // the copy sits just below, in edit mode, without a packhouse
    const sourceRow = producerRow(page, label);
    const copy = sourceRow.locator('xpath=following-sibling::tr[1]');
    await expect(copy).toHaveClass(/schedule-row-editing/);
    const copyLabel = `${source.pucName} ${source.varietyName}`;
    await expect(copy.getByRole('button', { name: `Save row ${copyLabel}`, exact: true })).toBeVisible();
    await expect(copy.locator('.row-packhouse')).toContainText(en.picking.selectPackhouse);
    await expect(copy.locator('input.bin-input').first()).toHaveValue('');

    // no packhouse, then the source's packhouse: refused in the browser
    await copy.getByRole('button', { name: `Save row ${copyLabel}`, exact: true }).click();
    await expect(toast(page, en.picking.error, PLEASE_SELECT_A_PACKHOUSE)).toBeVisible();
    await chooseOption(page, copy.locator('.row-packhouse'), 'Addo Packhouse');
    await copy.getByRole('button', { name: `Save row ${label}`, exact: true }).click();
    await expect(toast(page, en.picking.error, PICKING_MESSAGES.duplicateCombination)).toBeVisible();

    // another packhouse: created
    await chooseOption(page, copy.locator('.row-packhouse'), target.name);
    const weekInput = copy.locator('input.bin-input').first();
    await weekInput.fill('12');
    await weekInput.press('Tab');
    const created = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(PICKING_PATHS.producerRows));
    await copy.getByRole('button', { name: `Save row ${source.pucName} ${source.varietyName} ${target.name}`, exact: true }).click();
    expect((await created).status()).toBe(201);
    await expect(toast(page, en.picking.success, en.picking.rowCreated)).toBeVisible();

    // the same combination again: the new row is under another packhouse filter, so the server refuses it
    await page.reload();
    await page.locator('.picking-table .p-paginator .p-dropdown').click();
    await page.getByRole('option', { name: '100', exact: true }).click();
    await producerRow(page, label).getByRole('button', { name: `Duplicate row ${label}` }).click();
    const second = producerRow(page, label).locator('xpath=following-sibling::tr[1]');
    await chooseOption(page, second.locator('.row-packhouse'), target.name);
    const refused = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(PICKING_PATHS.producerRows));
    await second.getByRole('button', { name: `Save row ${source.pucName} ${source.varietyName} ${target.name}`, exact: true }).click();
    expect((await refused).status()).toBe(409);
    await expect(toast(page, en.picking.error, PICKING_MESSAGES.duplicateCombination)).toBeVisible();
    await expect(second).toHaveClass(/schedule-row-editing/);

    // the created row is there under its packhouse
    await chooseOption(page, page.locator('.picking-filters .p-dropdown').first(), target.name);
    await expect(producerRow(page, `${source.pucName} ${source.varietyName} ${target.name}`)).toBeVisible();
  });

  test('export the producer CSV: separator line, header, rows', async ({ page }) => {
    await signIn(page, admin);
    await page.goto(PRODUCER_PATH);
    await expect(bodyRows(page, 'picking-table').first()).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: en.picking.exportCsv }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^PickingSchedule-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.csv$/);
    const csv = await readCsv(download);
    expect(csv.firstLine).toBe(CSV_SEPARATOR_LINE);
    expect(csv.header.slice(0, 3)).toEqual(['Packhouse', 'Puc', 'Variety']);
    expect(csv.rows.length).toBeGreaterThan(0);
    expect(csv.rows.every((r) => r[0] === 'Addo Packhouse')).toBe(true);
  });

  test('Hide Filter / Show Filter, the week pager and the no-data notice', async ({ page }) => {
    await signIn(page, admin);
    await page.goto(PRODUCER_PATH);
    await expect(bodyRows(page, 'picking-table').first()).toBeVisible();
    await page.getByRole('button', { name: en.filters.hideFilter }).click();
    await expect(page.locator('.picking-filters')).toHaveCount(0);
    await page.getByRole('button', { name: en.filters.showFilter }).click();
    await expect(page.locator('.picking-filters')).toBeVisible();

    const label = page.getByTestId('week-pager-label');
    const before = await label.textContent();
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes(`${PICKING_PATHS.producerSchedule}?`)) requests.push(r.url());
    });
    // two quick clicks: one request, after the pager delay, for the week two ahead
    await page.getByRole('button', { name: en.picking.nextWeek }).click();
    await page.getByRole('button', { name: en.picking.nextWeek }).click();
    await expect(label).not.toHaveText(before as string);
    await expect.poll(() => requests.length).toBe(1);
    expect(requests[0]).toContain('pagerDate=');

    // the farthest weeks ahead have no bins for this packhouse's rows? The notice needs a filter with no rows
    await page.route(`**${PICKING_PATHS.producerSchedule}?*`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as PickingSchedulePage;
      await route.fulfill({ response, json: { ...body, rows: [], total: 0, footer: [] } });
    });
    await page.getByRole('button', { name: en.picking.previousWeek }).click();
    await expect(page.getByText(en.picking.noRows)).toBeVisible();
    await expect(page.getByRole('button', { name: en.picking.exportCsv })).toHaveCount(0);
    // beside the notice, where rows start, and the way there
    await expect(page.getByText(en.picking.rowsStartInPuc)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: en.picking.openPucSchedule, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${PUC_PATH}$`));
    await expect(page.getByRole('heading', { name: en.picking.pucTitle })).toBeVisible();
  });
});

test.describe('picking schedule, packhouse view and capacity', () => {
  test('the packhouse organisation sees the rows addressed to its packhouses, exports them and edits capacity', async ({ page }) => {
    await signIn(page, packhouseUser);
    await page.goto(PACKHOUSE_PATH);
    await expect(page.getByRole('heading', { name: en.picking.packhouseTitle })).toBeVisible();
    const rows = bodyRows(page, 'picking-table');
    await expect(rows.first()).toBeVisible();
    for (const caption of [en.picking.columns.region, en.picking.columns.affiliation, en.picking.columns.commodity]) {
      await expect(page.locator('.picking-table thead th').filter({ hasText: exactly(caption) })).toHaveCount(1);
    }
    // read-only: no inputs, no row actions
    await expect(page.locator('.picking-table tbody input')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Edit row / })).toHaveCount(0);

    // the CSV with its Capacity row
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: en.picking.exportCsv }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^PackhousePickingSchedule-.*\.csv$/);
    const csv = await readCsv(download);
    expect(csv.firstLine).toBe(CSV_SEPARATOR_LINE);
    expect(csv.header.slice(0, 6)).toEqual(['Packhouse', 'Region', 'Int/Ext/Joint', 'Commodity', 'Puc', 'Variety']);
    expect(csv.rows.length).toBeGreaterThan(1);
    expect(csv.rows.at(-1)?.[0]).toBe(CAPACITY_ROW_LABEL);

    // capacity: three packhouses, "totalBins / capacity", week tooltips
    const capacityRows = bodyRows(page, 'capacity-table');
    await expect(capacityRows).toHaveCount(3);
    await expect(capacityRows.first().locator('td.week-col').first()).toHaveText(/^[\d\s]+ \/ ([\d\s]+|-)$/);
    await page.locator('.capacity-table thead th.week-col-light-blue .capacity-week-header').hover();
    await expect(page.locator('.p-tooltip')).toHaveText(/^Week \d{1,2} of \d{4}$/);

    const kirkwood = capacityRows.filter({ hasText: 'Kirkwood Packhouse' });
    await kirkwood.getByRole('button', { name: 'Edit capacity of Kirkwood Packhouse' }).click();
    const input = kirkwood.locator('input.capacity-input').first();
    const inputLabel = (await input.getAttribute('aria-label')) as string;
    await input.fill('');
    await kirkwood.getByRole('button', { name: 'Save capacity of Kirkwood Packhouse' }).click();
    await expect(toast(page, en.packhouseCapacity.error, en.packhouseCapacity.invalidCapacity)).toBeVisible();
    await input.fill('950');
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/api/picking/capacities/'));
    await kirkwood.getByRole('button', { name: 'Save capacity of Kirkwood Packhouse' }).click();
    expect((await saved).status()).toBe(200);
    await expect(toast(page, en.packhouseCapacity.success, en.packhouseCapacity.saved)).toBeVisible();
    await expect(kirkwood.locator('input.capacity-input')).toHaveCount(0);
    await expect(kirkwood).toContainText('/ 950');
    await page.reload();
    await expect(bodyRows(page, 'capacity-table').filter({ hasText: 'Kirkwood Packhouse' })).toContainText('/ 950');

    // a conflict: the message, the inputs stay
    await page.route('**/api/picking/capacities/*', (route) =>
      route.fulfill({ status: 412, contentType: 'application/json', body: errorEnvelope('PRECONDITION_FAILED', PICKING_MESSAGES.capacityConflict) }),
    );
    const again = bodyRows(page, 'capacity-table').filter({ hasText: 'Kirkwood Packhouse' });
    await again.getByRole('button', { name: 'Edit capacity of Kirkwood Packhouse' }).click();
    await page.getByLabel(inputLabel, { exact: true }).fill('960');
    await again.getByRole('button', { name: 'Save capacity of Kirkwood Packhouse' }).click();
    await expect(toast(page, en.packhouseCapacity.error, PICKING_MESSAGES.capacityConflict)).toBeVisible();
    await expect(page.getByLabel(inputLabel, { exact: true })).toHaveValue('960');
  });

  test('the grower sees the capacity table read-only under its producer view', async ({ page }) => {
    await signIn(page, admin);
    await page.goto(PRODUCER_PATH);
    await expect(page.getByRole('heading', { name: en.packhouseCapacity.caption })).toBeVisible();
    await expect(page.locator('.capacity-table')).toContainText(en.packhouseCapacity.noData);
    await expect(page.getByRole('button', { name: /^Edit capacity/ })).toHaveCount(0);
  });

  test('in a grower organisation the packhouse view says why it has nothing to show and leads to the producer view', async ({ page }) => {
    // The demo grower runs no packhouse until the packhouse journey creates one (the server then
    // refuses to remove it), so the real answer is given back as it was before that: no packhouse run
    const packhouseFilters = (url: URL) => url.pathname === PICKING_PATHS.filters && url.searchParams.get('view') === 'packhouse';
    await page.route(packhouseFilters, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as PickingFiltersResponse;
      await route.fulfill({ response, json: { ...body, packhouses: body.packhouses.map((p) => ({ ...p, owned: false })) } });
    });
    await signIn(page, admin);
    await page.goto(PACKHOUSE_PATH);
    const notice = page.locator('.picking-no-packhouse');
    await expect(notice).toContainText(en.picking.noPackhouseRun.replace('{{organization}}', GROWER));
    await expect(page.locator('.picking-table')).toHaveCount(0);
    await notice.getByRole('link', { name: en.picking.openProducerView }).click();
    await expect(page).toHaveURL(new RegExp(`${PRODUCER_PATH}$`));
    await expect(bodyRows(page, 'picking-table').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('axe-core and small screens on the picking screens', () => {
  async function check(page: Page, ready: Locator) {
    await expect(ready).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  }

  test('PUC schedule, producer view in edit mode, packhouse view with capacity in edit mode', async ({ page, browser }) => {
    // five full axe-core runs over wide tables and two sign-ins
    test.setTimeout(150_000);
    await signIn(page, admin);
    await page.goto(PUC_PATH);
    await check(page, bodyRows(page, 'puc-table').first());

    await page.goto(PRODUCER_PATH);
    await check(page, bodyRows(page, 'picking-table').first());
    await bodyRows(page, 'picking-table').first().getByRole('button', { name: /^Edit row / }).click();
    await check(page, page.locator('.picking-table input.bin-input').first());

    const context = await browser.newContext();
    const other = await context.newPage();
    await signIn(other, packhouseUser);
    await other.goto(PACKHOUSE_PATH);
    await check(other, bodyRows(other, 'picking-table').first());
    await bodyRows(other, 'capacity-table').first().getByRole('button', { name: /^Edit capacity/ }).click();
    await check(other, other.locator('input.capacity-input').first());
    await context.close();
  });

  test.describe('375 px wide', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('no horizontal page scroll; tables scroll inside their own container', async ({ page, browser }) => {
      // two sign-ins and two axe-core runs
      test.setTimeout(90_000);
      const fits = async (p: Page, path: string) => {
        await p.goto(path);
        await expect(p.locator('.p-datatable').first()).toBeVisible();
        await expect(p.locator('.p-datatable-loading-overlay')).toHaveCount(0);
        expect(await scrollWidth(p), path).toBeLessThanOrEqual(375);
      };
      await signIn(page, admin);
      for (const path of [PUC_PATH, PRODUCER_PATH]) await fits(page, path);
      expect(await seriousViolations(page)).toEqual([]);
      // the packhouse view has rows for an organisation that runs a packhouse: its own user's
      const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
      const other = await context.newPage();
      await signIn(other, packhouseUser);
      await fits(other, PACKHOUSE_PATH);
      expect(await seriousViolations(other)).toEqual([]);
      await context.close();
    });
  });
});
