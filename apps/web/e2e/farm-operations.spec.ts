/**
 * Farm operations (Scouting Time - Per Block) in the browser: opened from the menu as the demo
 * administrator on the latest day with scouting, the bold and underlined scouting days in the
 * calendar, picking a day and Apply, a row's figures worked out from the seed's plan, sorting, page
 * sizes, the export modal (one-day range on close, Export only with a range) and its CSV parsed
 * back, axe-core.
 */
import { expect, test, type Locator, type Page } from './support/test';
import { addDays, daysBetween, dayOf, formatDay } from '@orchard/shared/core';
import {
  FARM_OPERATIONS_CSV_COLUMNS,
  FARM_OPERATIONS_PATHS,
  farmOperationsFileName,
  formatScoutingTime,
  type FarmOperationsRow,
} from '@orchard/shared/farm-operations';
import { en, exactly, gate, signIn } from './support/app';
import { demoUser } from './support/demo-users';
import { apiHeaders, readCsv, seriousViolations } from './support/picking';

// the seed's scouting plan, loaded by URL like the demo users (the web project cannot include server sources)
const PLAN_MODULE = new URL('../../server/src/db/seed/parts/scouting.ts', import.meta.url).href;
const { demoScoutingSlots, DEMO_SCOUTING_SESSIONS_PER_DAY } = (await import(PLAN_MODULE)) as {
  demoScoutingSlots: (referenceDate: Date) => { daysBefore: number; slot: number; start: Date; end: Date }[];
  DEMO_SCOUTING_SESSIONS_PER_DAY: number;
};

const f = en.farmOperations;
const admin = demoUser('admin');
const scout = demoUser('scout');
const GROWER = 'Citrus Valley Growers';

const table = (page: Page) => page.locator('.farm-operations-table');
const bodyRows = (page: Page) => table(page).locator('.p-datatable-tbody > tr');
const cellTexts = async (row: Locator) => (await row.locator('td').allInnerTexts()).map((t) => t.trim());
const dateInput = (page: Page) => page.getByLabel(f.date, { exact: true });
const calendarPanel = (page: Page) => page.locator('.farm-operations-calendar');
const sessionsResponse = (page: Page, date?: string) =>
  page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === FARM_OPERATIONS_PATHS.sessions && r.ok() && (date === undefined || url.searchParams.get('date') === date);
  });
/** "1,50" in en-ZA: the organisation's culture */
const twoDecimals = (page: Page, value: number) =>
  page.evaluate((v) => new Intl.NumberFormat('en-ZA', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v), value);

async function openFromMenu(page: Page) {
  await signIn(page, admin);
  const sidebar = page.getByRole('navigation', { name: en.shell.mainMenu });
  const first = sessionsResponse(page);
  await sidebar.getByText(en.menu['Farm Operations'], { exact: true }).click();
  await expect(page).toHaveURL(/\/farm-operations$/);
  await expect(page.getByRole('heading', { level: 1, name: f.title })).toBeVisible();
  const response = await first;
  return { date: new URL(response.url()).searchParams.get('date')!, rows: (await response.json()) as FarmOperationsRow[] };
}

/** Shows `day` (yyyy-MM-dd) in an open date panel, going back month by month. */
async function showMonthOf(panel: Locator, day: string) {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const target = year * 12 + month - 1;
  for (let i = 0; i < 4; i++) {
    const monthName = (await panel.locator('.p-datepicker-month').innerText()).trim();
    const shownYear = Number((await panel.locator('.p-datepicker-year').innerText()).trim());
    const shown = shownYear * 12 + new Date(`${monthName} 1, 2000`).getMonth();
    if (shown === target) return;
    // the range's days can lie in two months: go whichever way the day is
    await panel.locator(shown > target ? '.p-datepicker-prev' : '.p-datepicker-next').click();
  }
  throw new Error(`${day} is not within reach`);
}

const dayCell = (panel: Locator, day: string) =>
  panel.locator('td:not(.p-datepicker-other-month) > span').filter({ hasText: exactly(String(Number(day.slice(8)))) });

test.describe('Farm operations', () => {
  let scoutedDays: string[];
  let today: string;
  let farmCount: number;

  test.beforeAll(async ({ request }) => {
    const headers = await apiHeaders(request, admin, GROWER);
    scoutedDays = (await (await request.get(FARM_OPERATIONS_PATHS.scoutedDates, { headers })).json()) as string[];
    today = dayOf(new Date());
    farmCount = ((await (await request.get(FARM_OPERATIONS_PATHS.farms, { headers })).json()) as unknown[]).length;
    // the demo server seeded its scouting relative to the day it started: today
    const planned = [...new Set(demoScoutingSlots(new Date()).map((s) => dayOf(s.start)))];
    expect(scoutedDays).toEqual(planned);
    expect(scoutedDays.length).toBeGreaterThan(3);
  });

  test('opens from the menu on the latest day with scouting; the scouting days are bold and underlined; Apply shows a chosen day', async ({ page }) => {
    const first = await openFromMenu(page);
    const latest = scoutedDays[scoutedDays.length - 1]!;
    expect(first.date).toBe(latest);
    await expect(dateInput(page)).toHaveValue(formatDay(latest, 'en-ZA'));
    await expect(bodyRows(page)).toHaveCount(DEMO_SCOUTING_SESSIONS_PER_DAY);
    await expect(table(page).locator('thead tr').nth(0).locator('th')).toHaveText([f.scoutName, f.blockName, f.ha, f.duration]);
    await expect(table(page).locator('thead tr').nth(1).locator('th')).toHaveText([f.startTime, f.endTime, f.minutesPerHa]);
    // every farm chosen
    await expect(page.locator('.filter-field').filter({ has: page.locator('label', { hasText: exactly(f.farm) }) }).locator('.p-multiselect-label')).toHaveText(
      en.filters.itemsSelected.replace('{0}', String(farmCount)),
    );

    // the calendar: exactly the scouting days of the month shown are bold and underlined
    await dateInput(page).click();
    const panel = calendarPanel(page);
    await expect(panel).toBeVisible();
    const month = latest.slice(0, 7);
    const inMonth = scoutedDays.filter((d) => d.startsWith(month)).map((d) => String(Number(d.slice(8))));
    await expect(panel.locator('td:not(.p-datepicker-other-month) .scouted-day')).toHaveText(inMonth);
    const marked = panel.locator('.scouted-day').first();
    await expect(marked).toHaveCSS('font-weight', '700');
    await expect(marked).toHaveCSS('text-decoration-line', 'underline');
    const plainDay = [...Array(28).keys()].map((i) => `${month}-${String(i + 1).padStart(2, '0')}`).find((d) => !scoutedDays.includes(d))!;
    const plain = dayCell(panel, plainDay);
    await expect(plain).toHaveCount(1);
    await expect(plain.locator('.scouted-day')).toHaveCount(0);
    await expect(plain).not.toHaveCSS('text-decoration-line', 'underline');

    // the earliest scouting day, then Apply
    const target = scoutedDays[0]!;
    await showMonthOf(panel, target);
    await dayCell(panel, target).click();
    await expect(dateInput(page)).toHaveValue(formatDay(target, 'en-ZA'));
    const applied = sessionsResponse(page, target);
    await page.getByRole('button', { name: f.apply, exact: true }).click();
    const rows = (await (await applied).json()) as FarmOperationsRow[];
    expect(rows).toHaveLength(DEMO_SCOUTING_SESSIONS_PER_DAY);

    // the first session of the day, worked out from the seed's plan: 07:30, 30 + (7 x days before) mod 45 minutes
    const daysBefore = daysBetween(target, today);
    const minutes = 30 + ((7 * daysBefore) % 45);
    const end = new Date(Date.parse(`${target}T07:30:00+02:00`) + minutes * 60_000);
    const firstRow = rows.find((r) => r.startTime === new Date(`${target}T07:30:00+02:00`).toISOString())!;
    expect(firstRow.totalMinutes).toBe(minutes);
    const cells = await cellTexts(bodyRows(page).first());
    expect(cells).toEqual([
      scout.fullName,
      firstRow.blockName,
      await page.evaluate((v) => new Intl.NumberFormat('en-ZA', { maximumFractionDigits: 2 }).format(v), firstRow.ha),
      '7:30 am',
      formatScoutingTime(end),
      await twoDecimals(page, minutes / firstRow.ha),
    ]);
    await expect(bodyRows(page).locator('td:nth-child(4)')).toHaveText(['7:30 am', '9:10 am', '10:50 am']);
  });

  test('sorts by Minutes per Ha and Start Time, offers 20, 50 and 100 rows, and shows No records found for a day without scouting', async ({ page }) => {
    const { rows } = await openFromMenu(page);
    await expect(bodyRows(page)).toHaveCount(rows.length);
    const perHa = table(page).locator('thead th').filter({ hasText: exactly(f.minutesPerHa) });
    await perHa.click();
    await perHa.click();
    await expect(perHa).toHaveAttribute('aria-sort', 'descending');
    const shown = (await bodyRows(page).locator('td:nth-child(6)').allInnerTexts()).map((t) => Number(t.replace(/\s/g, '').replace(',', '.')));
    expect(shown).toEqual([...shown].sort((a, b) => b - a));
    expect(shown).toEqual(rows.map((r) => Math.round(r.minutesPerHa! * 100) / 100).sort((a, b) => b - a));
    const start = table(page).locator('thead th').filter({ hasText: exactly(f.startTime) });
    await start.click();
    await start.click();
    await expect(start).toHaveAttribute('aria-sort', 'descending');
    await expect(bodyRows(page).locator('td:nth-child(4)')).toHaveText(['10:50 am', '9:10 am', '7:30 am']);

    const pageSize = table(page).locator('.rows-per-page');
    await expect(pageSize).toContainText('20');
    await pageSize.click();
    await expect(page.getByRole('option')).toHaveText(['20', '50', '100']);
    await page.getByRole('option', { name: '100', exact: true }).click();
    await expect(pageSize).toContainText('100');
    await expect(table(page).locator('.p-paginator-current')).toHaveText(`1 to ${rows.length} of ${rows.length}`);

    // the day before the first scouting day: nothing
    const quiet = scoutedDays[0]!;
    await dateInput(page).click();
    const panel = calendarPanel(page);
    const before = addDays(quiet, -1);
    await showMonthOf(panel, before);
    await dayCell(panel, before).click();
    const applied = sessionsResponse(page, before);
    await page.getByRole('button', { name: f.apply, exact: true }).click();
    expect(await (await applied).json()).toEqual([]);
    await expect(table(page).getByText(f.noRecords, { exact: true })).toBeVisible();
  });

  test('exports a range from the modal as CSV, the same sessions the table shows', async ({ page }) => {
    await openFromMenu(page);
    await page.getByRole('button', { name: f.export, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: f.exportTitle });
    await expect(dialog).toBeVisible();
    const exportButton = dialog.getByRole('button', { name: f.export, exact: true });
    await expect(exportButton).toBeDisabled();

    const start = scoutedDays[0]!;
    const end = scoutedDays[scoutedDays.length - 1]!;
    const range = dialog.getByLabel(f.dateRange, { exact: true });
    const panel = page.locator('.farm-operations-range-panel');
    const closePicker = async () => {
      // the open panel covers the dialog around the input: Escape closes it (and only it)
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await expect(dialog).toBeVisible();
    };

    // closing the picker with only a start makes a one-day range
    await range.click();
    await expect(panel).toBeVisible();
    await showMonthOf(panel, start);
    await dayCell(panel, start).click();
    await expect(exportButton).toBeDisabled();
    await closePicker();
    await expect(range).toHaveValue(`${formatDay(start, 'en-ZA')} - ${formatDay(start, 'en-ZA')}`);
    await expect(exportButton).toBeEnabled();

    // the real range: from the first scouting day to the last
    await range.click();
    await expect(panel).toBeVisible();
    await showMonthOf(panel, start);
    await dayCell(panel, start).click();
    await showMonthOf(panel, end);
    await dayCell(panel, end).click();
    await expect(range).toHaveValue(`${formatDay(start, 'en-ZA')} - ${formatDay(end, 'en-ZA')}`);
    await closePicker();

    // the export waits until the spinner has been seen in the Export button's place
    const held = gate();
    await page.route(`**${FARM_OPERATIONS_PATHS.export}?*`, async (route) => {
      await held.opened;
      await route.continue();
    });
    const downloaded = page.waitForEvent('download');
    const exported = page.waitForResponse((r) => new URL(r.url()).pathname === FARM_OPERATIONS_PATHS.export);
    await exportButton.click();
    await expect(dialog.getByRole('status', { name: f.exporting })).toBeVisible();
    await expect(exportButton).toHaveCount(0);
    held.open();
    const response = await exported;
    expect(response.status()).toBe(200);
    expect(new URL(response.url()).searchParams.get('start')).toBe(start);
    expect(new URL(response.url()).searchParams.get('end')).toBe(end);
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe(farmOperationsFileName(start, end));
    await expect(dialog).toBeHidden();
    const { firstLine, header, rows } = await readCsv(download);
    expect(firstLine?.split(',')).toEqual(FARM_OPERATIONS_CSV_COLUMNS.map((c) => c.header));
    const records = [header, ...rows];
    expect(records).toHaveLength(scoutedDays.length * DEMO_SCOUTING_SESSIONS_PER_DAY);
    expect([...new Set(records.map((r) => r[4]))]).toEqual(scoutedDays);
    for (const r of records) {
      expect(r[0]).toBe(scout.fullName);
      const total = Number(r[7]);
      expect(Number(r[8])).toBeCloseTo(total / Number(r[3]), 2);
      expect(r[5]).toMatch(/^\d{1,2}:\d{2} (am|pm)$/);
    }
    // the last day's rows are the table's rows
    const lastDay = records.filter((r) => r[4] === end);
    const table0 = await cellTexts(bodyRows(page).first());
    expect([lastDay[0]![0], lastDay[0]![2], lastDay[0]![5], lastDay[0]![6]]).toEqual([table0[0], table0[1], table0[3], table0[4]]);
  });

  test('axe-core: the page, the open calendar and the export modal', async ({ page }) => {
    await openFromMenu(page);
    await expect(bodyRows(page)).toHaveCount(DEMO_SCOUTING_SESSIONS_PER_DAY);
    // the welcome toast is checked on its own in a11y.spec; here it would be measured mid-fade
    await expect(page.locator('.p-toast-message')).toHaveCount(0, { timeout: 15_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await dateInput(page).click();
    await expect(calendarPanel(page)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('heading', { level: 1, name: f.title }).click();
    await expect(calendarPanel(page)).toBeHidden();
    await page.getByRole('button', { name: f.export, exact: true }).click();
    await expect(page.getByRole('dialog', { name: f.exportTitle })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
