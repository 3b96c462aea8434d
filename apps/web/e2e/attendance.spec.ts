/**
 * Time Logger in the browser, as the demo staff member who logs time: opened from the menu, start
 * (the stop button shows and the clock moves), a reload (the clock resyncs and keeps recording),
 * the page becoming visible again (resync), stop (00:00:00, the report reloads), the CSV download
 * parsed back, a failed download's sticky message, axe-core.
 */
import { expect, test, type Page } from './support/test';
import { ATTENDANCE_CSV_COLUMNS, ATTENDANCE_PATHS, type AttendanceLog, type LastAttendance } from '@orchard/shared/attendance';
import { en, signIn, toast } from './support/app';
import { demoUser } from './support/demo-users';
import { readCsv, seriousViolations } from './support/picking';

const a = en.attendance;
const staff = demoUser('staff');

const clock = (page: Page) => page.getByRole('status', { name: a.clock });
const startButton = (page: Page) => page.getByRole('button', { name: a.start, exact: true });
const stopButton = (page: Page) => page.getByRole('button', { name: a.stop, exact: true });
const table = (page: Page) => page.locator('.attendance-table');
const responseOf = (page: Page, path: string, method = 'GET') =>
  page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === method && r.ok());
const seconds = (text: string | null) => {
  const [h, m, s] = (text ?? '').split(':').map(Number);
  return h! * 3600 + m! * 60 + s!;
};
/** "168,42" (en-ZA) or "168.42" as a number */
const figure = (text: string) => Number(text.replace(/\s/g, '').replace(',', '.'));

async function openFromMenu(page: Page) {
  await signIn(page, staff);
  const sidebar = page.getByRole('navigation', { name: en.shell.mainMenu });
  await sidebar.getByText(en.menu.User, { exact: true }).click();
  const logs = responseOf(page, ATTENDANCE_PATHS.logs);
  const last = responseOf(page, ATTENDANCE_PATHS.last);
  await sidebar.getByText(en.menu['Time Logger'], { exact: true }).click();
  await expect(page).toHaveURL(/\/user\/attendance$/);
  await expect(page.getByRole('heading', { level: 1, name: a.title })).toBeVisible();
  return { logs: (await (await logs).json()) as AttendanceLog[], last: (await (await last).json()) as LastAttendance };
}

async function expectReport(page: Page, log: AttendanceLog) {
  await expect(table(page).locator('thead th')).toHaveText([a.fullName, ...log.lastMonths]);
  const cells = table(page).locator('tbody tr').first().locator('td');
  await expect(cells.first()).toHaveText(log.fullName);
  const shown = async () => (await cells.allInnerTexts()).slice(1).map((t) => t.trim());
  // the figures of this answer (the table may still be drawing the previous one)
  await expect.poll(async () => (await shown()).map(figure)).toEqual(log.hoursLastMonths);
  // 1 to 2 decimals
  for (const text of await shown()) expect(text).toMatch(/^\d[\d\s]*[.,]\d{1,2}$/);
}

test.describe('Time Logger', () => {
  test('start, reload, visible again, stop: the clock and the report follow', async ({ page }) => {
    const opened = await openFromMenu(page);
    // the demo staff member's four weeks are in the report; nothing is recording
    expect(opened.last).toEqual({ hour: 0, min: 0, sec: 0, isRecording: false });
    expect(opened.logs).toHaveLength(1);
    expect(opened.logs[0]!.fullName).toBe(staff.fullName);
    expect(opened.logs[0]!.lastMonths).toHaveLength(3);
    expect(opened.logs[0]!.hoursLastMonths.reduce((s, h) => s + h, 0)).toBeGreaterThan(100);
    await expectReport(page, opened.logs[0]!);
    await expect(clock(page)).toHaveText('00:00:00');
    await expect(startButton(page)).toBeVisible();
    await expect(stopButton(page)).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    // start: type 1 saved, the stop button shows, the clock ticks
    const saved = responseOf(page, ATTENDANCE_PATHS.records, 'POST');
    const reloaded = responseOf(page, ATTENDANCE_PATHS.logs);
    await startButton(page).click();
    const start = await saved;
    expect(start.status()).toBe(201);
    expect(start.request().postDataJSON()).toEqual({ type: 1, lat: null, lng: null });
    await reloaded;
    await expect(stopButton(page)).toBeVisible();
    await expect(startButton(page)).toHaveCount(0);
    await expect.poll(async () => seconds(await clock(page).textContent()), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect(await seriousViolations(page)).toEqual([]);

    // reload: the clock resyncs from the server and keeps recording
    const before = seconds(await clock(page).textContent());
    const resynced = responseOf(page, ATTENDANCE_PATHS.last);
    await page.reload();
    const last = (await (await resynced).json()) as LastAttendance;
    expect(last.isRecording).toBe(true);
    expect(last.hour * 3600 + last.min * 60 + last.sec).toBeGreaterThanOrEqual(before);
    await expect(stopButton(page)).toBeVisible();
    const afterReload = seconds(await clock(page).textContent());
    expect(afterReload).toBeGreaterThanOrEqual(before);
    await expect.poll(async () => seconds(await clock(page).textContent()), { timeout: 10_000 }).toBeGreaterThan(afterReload);

    // the page becomes visible again: it asks the server for the clock
    const again = responseOf(page, ATTENDANCE_PATHS.last);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    expect(((await (await again).json()) as LastAttendance).isRecording).toBe(true);
    await expect(stopButton(page)).toBeVisible();

    // stop: type 2 saved, back to 00:00:00 and the play button, the report reloads
    const stopped = responseOf(page, ATTENDANCE_PATHS.records, 'POST');
    const report = responseOf(page, ATTENDANCE_PATHS.logs);
    await stopButton(page).click();
    expect((await stopped).request().postDataJSON()).toEqual({ type: 2, lat: null, lng: null });
    const after = ((await (await report).json()) as AttendanceLog[])[0]!;
    await expect(clock(page)).toHaveText('00:00:00');
    await expect(startButton(page)).toBeVisible();
    await expectReport(page, after);
    // the few seconds recorded count in this month (rounded to 2 decimals)
    expect(after.hoursLastMonths.at(-1)).toBeGreaterThanOrEqual(opened.logs[0]!.hoursLastMonths.at(-1)!);
    await page.waitForTimeout(1500);
    await expect(clock(page)).toHaveText('00:00:00');
  });

  test('downloads the records as CSV; a failed download says so and stays', async ({ page }) => {
    await openFromMenu(page);
    await expect(table(page).locator('tbody tr')).toHaveCount(1);
    const downloaded = page.waitForEvent('download');
    const exported = page.waitForResponse((r) => new URL(r.url()).pathname === ATTENDANCE_PATHS.export);
    await page.getByRole('button', { name: a.download, exact: true }).click();
    expect((await exported).status()).toBe(200);
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/^Attendance-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.csv$/);
    const { firstLine, header, rows } = await readCsv(download);
    expect(firstLine?.split(',')).toEqual(ATTENDANCE_CSV_COLUMNS.map((c) => c.header));
    const records = [header, ...rows];
    expect(records.length).toBeGreaterThan(20);
    for (const r of records) {
      expect(r[1]).toBe(staff.fullName);
      expect(['Start', 'Stop', 'Pause']).toContain(r[2]);
      // times in files: the business wall-clock time with its offset
      expect(r[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+02:00$/);
    }
    // coordinates come in pairs: both figures, or both empty (saved without a position)
    for (const r of records) expect(r[3] === '' ? r[4] === '' : Number.isFinite(Number(r[3])) && Number.isFinite(Number(r[4]))).toBe(true);
    // the demo days carry their farm's position
    expect(records.some((r) => r[3] !== '')).toBe(true);
    // in time order
    const times = records.map((r) => Date.parse(r[0]!));
    expect(times).toEqual([...times].sort((x, y) => x - y));

    await page.route(`**${ATTENDANCE_PATHS.export}`, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    await page.getByRole('button', { name: a.download, exact: true }).click();
    const failed = toast(page, a.downloadingError, a.downloadFailed);
    await expect(failed).toBeVisible();
    await page.waitForTimeout(7000);
    await expect(failed).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
