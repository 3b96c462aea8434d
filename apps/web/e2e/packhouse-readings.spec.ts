/**
 * Packhouse Readings in the browser, as the demo packhouse user: the screen opened from the menu, a
 * wax reading captured on a line and a reading captured in a cold room, both then in their lists;
 * an out-of-range value shows the rule's exact message and stores nothing (checked through the
 * API); a reading edited and one deleted after the confirm; a line added, renamed and deleted; no
 * horizontal scroll at 375 px and axe-core clean. A user without the permission has no menu entry,
 * the URL answers Access Denied and the API refuses. Everything the journey stores it removes again.
 */
import { expect as baseExpect, test, type APIRequestContext, type Page } from './support/test';
import {
  PACKHOUSE_READINGS_MESSAGES as M,
  PACKHOUSE_READINGS_PATHS as P,
  type PackhouseLine,
  type ReadingPackhouse,
  type RoomReadingsResponse,
  type WaxReadingsResponse,
} from '@orchard/shared/packhouse-readings';
import { MENU_CATALOGUE } from '@orchard/shared/shell';
import { en, pageTitle, scrollWidth, signIn, toast } from './support/app';
import { seriousViolations } from './support/axe-check';
import { demoUser } from './support/demo-users';
import { apiHeaders } from './support/picking';
import { uniqueName } from './support/users-api';

/** the screen reads and saves real data on a shared machine: allow it more than the suite's usual 7 s */
const expect = baseExpect.configure({ timeout: 15_000 });
const r = en.packhouseReadings;
const user = demoUser('packhouse');
const scout = demoUser('scout');
const PACKERS = user.organizations[0]!.organizationName;
const ENTRY = MENU_CATALOGUE.find((d) => d.id === 'packhouse.readings')!;
const PATH = ENTRY.url!;
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name]!);
/** a number as the table shows it, with either decimal separator */
const shownAs = (value: string) => new RegExp(`^${value.replace('.', '[.,]')}$`);

interface Place {
  packhouse: ReadingPackhouse;
  line: PackhouseLine;
  room: PackhouseLine;
}

/** The first packhouse of the user (the one the screen opens on) with its first line and room. */
async function firstPlaces(request: APIRequestContext, headers: Record<string, string>): Promise<Place> {
  const packhouses = (await (await request.get(P.packhouses, { headers })).json()) as ReadingPackhouse[];
  const packhouse = packhouses[0]!;
  const lines = (await (await request.get(`${P.lines}?packhouse=${packhouse.id}`, { headers })).json()) as PackhouseLine[];
  const rooms = (await (await request.get(`${P.rooms}?packhouse=${packhouse.id}`, { headers })).json()) as PackhouseLine[];
  expect(lines.length).toBeGreaterThan(0);
  expect(rooms.length).toBeGreaterThan(0);
  return { packhouse, line: lines[0]!, room: rooms[0]! };
}

async function waxPage(request: APIRequestContext, headers: Record<string, string>, lineId: number) {
  const res = await request.get(`${P.waxReadings}?filter=${lineId}&pageSize=100`, { headers });
  expect(res.status()).toBe(200);
  return (await res.json()) as WaxReadingsResponse;
}

async function roomPage(request: APIRequestContext, headers: Record<string, string>, roomId: number) {
  const res = await request.get(`${P.roomReadings}?filter=${roomId}&pageSize=100`, { headers });
  expect(res.status()).toBe(200);
  return (await res.json()) as RoomReadingsResponse;
}

const form = (page: Page, name: string) => page.getByRole('form', { name });
const table = (page: Page, name: string) => page.getByRole('table', { name });
const rowWith = (page: Page, tableName: string, text: string) => table(page, tableName).getByRole('row').filter({ hasText: text });

test.describe('packhouse readings', () => {
  test('the packhouse user captures, corrects and removes wax and cold room readings; a value out of range is refused', async ({ page, request }) => {
    test.setTimeout(120_000);
    const headers = await apiHeaders(request, user, PACKERS);
    const { packhouse, line, room } = await firstPlaces(request, headers);
    const waxBefore = (await waxPage(request, headers, line.id)).totalRecords;
    const roomBefore = (await roomPage(request, headers, room.id)).totalRecords;
    const tag = uniqueName('e2e-');
    const lineName = uniqueName('E2E line ');

    try {
      await signIn(page, user);
      const sidebar = page.getByRole('navigation', { name: en.shell.mainMenu });
      await sidebar.getByText(en.menu.Packhouse, { exact: true }).click();
      await sidebar.getByText(ENTRY.displayName, { exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${PATH}$`));
      await expect(page).toHaveTitle(pageTitle(r.title));
      await expect(page.getByRole('heading', { level: 1, name: r.title })).toBeVisible();
      await expect(page.locator('.readings-packhouse .p-dropdown-label')).toHaveText(packhouse.name);

      // a wax reading on the first line
      const wax = form(page, r.waxForm);
      await expect(page.locator('.readings-tab > .field .p-dropdown-label')).toHaveText(line.name);
      await wax.getByLabel(r.litresPerTon, { exact: true }).fill('10.5');
      await wax.getByRole('button', { name: r.save, exact: true }).click();
      await expect(wax.getByText(M.waxRateRange, { exact: true })).toBeVisible();
      await wax.getByLabel(r.litresPerTon, { exact: true }).fill('1.35');
      await wax.getByLabel(`${r.concentrationPercent} (${r.optional})`, { exact: true }).fill('14.5');
      await wax.getByLabel(`${r.note} (${r.optional})`, { exact: true }).fill(`${tag} wax`);
      await wax.getByRole('button', { name: r.save, exact: true }).click();
      await expect(toast(page, r.success, r.waxSaved)).toBeVisible();
      const waxRow = rowWith(page, r.waxCaption, `${tag} wax`);
      await expect(waxRow).toHaveCount(1);
      await expect(waxRow.getByRole('cell').nth(2)).toHaveText(shownAs('1.35'));
      expect((await waxPage(request, headers, line.id)).totalRecords).toBe(waxBefore + 1);

      // a cold room reading: 20.55 °C keeps two decimals where one is kept, so it is refused and nothing is stored
      await page.getByRole('tab', { name: r.roomsTab }).click();
      const reading = form(page, r.roomForm);
      await expect(reading).toBeVisible();
      await reading.getByLabel(r.temperatureC, { exact: true }).fill('20.55');
      await reading.getByLabel(r.humidityPercent, { exact: true }).fill('91.5');
      await reading.getByRole('button', { name: r.save, exact: true }).click();
      await expect(reading.getByText(M.temperatureRange, { exact: true })).toBeVisible();
      await expect(reading.getByLabel(r.temperatureC, { exact: true })).toHaveValue('20.55');
      expect((await roomPage(request, headers, room.id)).totalRecords).toBe(roomBefore);
      await reading.getByLabel(r.temperatureC, { exact: true }).fill('3.5');
      await reading.getByLabel(`${r.note} (${r.optional})`, { exact: true }).fill(`${tag} room`);
      await reading.getByRole('button', { name: r.save, exact: true }).click();
      await expect(toast(page, r.success, r.roomSaved)).toBeVisible();
      const roomRow = rowWith(page, r.roomCaption, `${tag} room`);
      await expect(roomRow.getByRole('cell').nth(2)).toHaveText(shownAs('3.5'));
      const stored = (await roomPage(request, headers, room.id)).rows.filter((x) => x.note === `${tag} room`);
      expect(stored.map((x) => [x.temperatureC, x.humidityPercent, x.version])).toEqual([[3.5, 91.5, 1]]);

      // edit it
      await roomRow.getByRole('button', { name: /^Edit / }).click();
      const edit = form(page, r.editReading);
      await expect(edit.getByLabel(r.temperatureC, { exact: true })).toHaveValue(/^3[.,]5$/);
      await edit.getByLabel(r.temperatureC, { exact: true }).fill('4.2');
      await edit.getByRole('button', { name: r.save, exact: true }).click();
      await expect(toast(page, r.success, r.updated)).toBeVisible();
      await expect(roomRow.getByRole('cell').nth(2)).toHaveText(shownAs('4.2'));
      expect((await roomPage(request, headers, room.id)).rows.find((x) => x.id === stored[0]!.id)).toMatchObject({ temperatureC: 4.2, version: 2 });

      // delete it, after the confirm
      await roomRow.getByRole('button', { name: /^Delete / }).click();
      await page.locator('.p-confirm-dialog').getByRole('button', { name: r.yes, exact: true }).click();
      await expect(toast(page, r.success, r.deleted)).toBeVisible();
      await expect(roomRow).toHaveCount(0);
      expect((await roomPage(request, headers, room.id)).totalRecords).toBe(roomBefore);

      // a line of its own: added, renamed, deleted
      await page.getByRole('tab', { name: r.linesTab }).click();
      const places = page.locator('.places-panel').first();
      await places.getByLabel(r.newLineName, { exact: true }).fill(lineName);
      await places.getByRole('button', { name: r.addLine, exact: true }).click();
      await expect(toast(page, r.success, r.lineAdded)).toBeVisible();
      await places.getByRole('button', { name: fill(r.rename, { name: lineName }), exact: true }).click();
      await places.getByLabel(fill(r.renameTo, { name: lineName }), { exact: true }).fill(`${lineName} B`);
      await places.getByRole('button', { name: fill(r.saveName, { name: lineName }), exact: true }).click();
      await expect(toast(page, r.success, r.renamed)).toBeVisible();
      await places.getByRole('button', { name: fill(r.deleteRow, { name: `${lineName} B` }), exact: true }).click();
      await page.locator('.p-confirm-dialog').getByRole('button', { name: r.yes, exact: true }).click();
      await expect(places.getByText(`${lineName} B`, { exact: true })).toHaveCount(0);

      expect(await seriousViolations(page), 'wide').toEqual([]);
      await page.setViewportSize({ width: 375, height: 812 });
      await page.reload();
      await expect(form(page, r.waxForm)).toBeVisible();
      await expect(rowWith(page, r.waxCaption, `${tag} wax`)).toHaveCount(1);
      expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
      expect(await seriousViolations(page), 'phone').toEqual([]);
      await page.getByRole('tab', { name: r.roomsTab }).click();
      await expect(form(page, r.roomForm)).toBeVisible();
      expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    } finally {
      // leave the shared demo data as it was
      for (const row of (await waxPage(request, headers, line.id)).rows.filter((x) => x.note?.startsWith(tag))) {
        await request.delete(P.waxReading.replace(':id', String(row.id)), { headers });
      }
      for (const row of (await roomPage(request, headers, room.id)).rows.filter((x) => x.note?.startsWith(tag))) {
        await request.delete(P.roomReading.replace(':id', String(row.id)), { headers });
      }
      const lines = (await (await request.get(`${P.lines}?packhouse=${packhouse.id}`, { headers })).json()) as PackhouseLine[];
      for (const own of lines.filter((l) => l.name.startsWith(lineName))) await request.delete(P.line.replace(':id', String(own.id)), { headers });
    }
  });

  test('without packhouse.readings.view there is no menu entry, the URL answers Access Denied and the API refuses', async ({ page, request }) => {
    await signIn(page, scout);
    const sidebar = page.getByRole('navigation', { name: en.shell.mainMenu });
    await expect(sidebar.locator('a[data-menu-id]').first()).toBeAttached();
    await expect(sidebar.locator(`a[data-menu-id="${ENTRY.id}"]`)).toHaveCount(0);
    await expect(sidebar.getByText(ENTRY.displayName, { exact: true })).toHaveCount(0);

    await page.goto(PATH);
    await expect(page).toHaveURL(/\/accessdenied$/);
    await expect(page).toHaveTitle(pageTitle(en.titles.accessDenied));
    await expect(page.getByRole('heading', { level: 1, name: r.title })).toHaveCount(0);
    const headers = await apiHeaders(request, scout, scout.organizations[0]!.organizationName);
    expect((await request.get(P.packhouses, { headers })).status()).toBe(403);
    expect((await request.get(`${P.waxReadings}?filter=1`, { headers })).status()).toBe(403);
  });
});
