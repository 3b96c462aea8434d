/**
 * Saving through the trap and irrigation forms, as the demo administrator: a trap placed and then
 * inspected, a tensiometer reading and a water-applied entry, each found in its list after a
 * reload (so on the server, not only in the page) and through the API; and for each form one
 * invalid input that shows the shared rule's message and saves nothing.
 */
import { expect, test, type Locator, type Page } from './support/test';
import { dayOf } from '@orchard/shared/core';
import {
  IRRIGATION_MESSAGES,
  IRRIGATION_PATHS,
  TRAPS_PATHS,
  TRAP_COUNT_MAX,
  TRAP_MESSAGES,
  waterAmountMessage,
} from '@orchard/shared/field-capture';
import { signIn, toast } from './support/app';
import { demoUser } from './support/demo-users';
import { apiGet, choose, chooseBlock, f, fieldApi, firstBlock, formField, pendingCaptures, type FieldApi } from './support/field-forms';
import { dismissReleaseNote, uniqueName } from './support/users-api';

const admin = demoUser('admin');

test.beforeAll(async ({ baseURL }) => {
  await dismissReleaseNote(baseURL!, admin);
});

/** Rows of a list today on the block, through the API. */
async function rowsToday<T>(a: FieldApi, path: string, blockId: number): Promise<T[]> {
  const day = dayOf(new Date());
  return (await apiGet<{ rows: T[] }>(a, `${path}?blockId=${blockId}&from=${day}&to=${day}&pageSize=100`)).rows;
}

const numberInput = (form: Locator, label: string) => formField(form, label).locator('input');

async function openTab(page: Page, path: string, title: string, tab: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('tab', { name: tab, exact: true }).click();
}

/** Saves the form and waits for its POST; returns the answer's status. */
async function save(page: Page, form: Locator, path: string): Promise<number> {
  const sent = page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === 'POST');
  await form.getByRole('button', { name: f.save, exact: true }).click();
  return (await sent).status();
}

/** Clicking Save shows the rule's message under the field, queues and sends nothing. */
async function expectRefused(page: Page, form: Locator, label: string, message: string, path: string) {
  const posts: string[] = [];
  const listen = (r: { url: () => string; method: () => string }) => {
    if (new URL(r.url()).pathname === path && r.method() === 'POST') posts.push(r.url());
  };
  page.on('request', listen);
  await form.getByRole('button', { name: f.save, exact: true }).click();
  await expect(formField(form, label)).toContainText(message);
  await expect(pendingCaptures(page)).toHaveCount(0);
  page.off('request', listen);
  expect(posts).toEqual([]);
}

test('a trap placed and inspected through the forms is listed after a reload; invalid input saves nothing', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const a = await fieldApi(baseURL!, admin);
  const block = await firstBlock(a);
  const code = uniqueName('T').slice(0, 12);
  await signIn(page, admin);

  await openTab(page, '/field/traps', f.traps.title, f.traps.trapsTab);
  const trapForm = page.getByRole('form', { name: f.traps.form });
  await chooseBlock(trapForm, block);
  await choose(trapForm, f.traps.type, 'Delta trap');
  await choose(trapForm, f.traps.lure);
  await trapForm.getByLabel(f.traps.code, { exact: true }).fill(code);
  await numberInput(trapForm, f.traps.longitude).fill('19.01');
  // no latitude: the rule's message, nothing saved
  await expectRefused(page, trapForm, f.traps.latitude, TRAP_MESSAGES.latitudeRequired, TRAPS_PATHS.traps);
  await numberInput(trapForm, f.traps.latitude).fill('-32.5');
  expect(await save(page, trapForm, TRAPS_PATHS.traps)).toBe(201);
  await expect(toast(page, f.success, f.traps.saved).last()).toBeVisible();

  const traps = await rowsToday<{ id: number; code: string | null }>(a, TRAPS_PATHS.traps, block.id);
  const trap = traps.find((t) => t.code === code);
  expect(trap).toBeDefined();

  await page.reload();
  await page.getByRole('tab', { name: f.traps.trapsTab, exact: true }).click();
  await expect(page.getByRole('table', { name: f.traps.tableCaption }).getByText(code, { exact: true })).toBeVisible({ timeout: 20_000 });

  // the inspection of that trap
  await page.getByRole('tab', { name: f.traps.inspectionsTab, exact: true }).click();
  const inspection = page.getByRole('form', { name: f.traps.inspectionForm });
  await chooseBlock(inspection, block);
  await choose(inspection, f.traps.trap, `Delta trap ${code}`);
  const note = uniqueName('inspection-');
  await inspection.getByLabel(f.note, { exact: true }).fill(note);
  await numberInput(inspection, f.traps.count).fill(String(TRAP_COUNT_MAX + 1));
  await expectRefused(page, inspection, f.traps.count, TRAP_MESSAGES.countRange, TRAPS_PATHS.inspections);
  await numberInput(inspection, f.traps.count).fill('17');
  expect(await save(page, inspection, TRAPS_PATHS.inspections)).toBe(201);
  await expect(toast(page, f.success, f.traps.inspectionSaved).last()).toBeVisible();

  const inspections = await rowsToday<{ trapId: number; count: number; note: string | null }>(a, TRAPS_PATHS.inspections, block.id);
  expect(inspections.filter((i) => i.note === note)).toEqual([expect.objectContaining({ trapId: trap!.id, count: 17 })]);

  await page.reload();
  await page.getByRole('tab', { name: f.traps.inspectionsTab, exact: true }).click();
  await expect(page.getByRole('table', { name: f.traps.inspectionCaption }).getByText(note, { exact: true })).toBeVisible({ timeout: 20_000 });
});

test('a tensiometer reading and water applied saved through the forms are listed after a reload; invalid input saves nothing', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const a = await fieldApi(baseURL!, admin);
  const block = await firstBlock(a);
  const station = uniqueName('S').slice(0, 12);
  await signIn(page, admin);

  await openTab(page, '/field/irrigation', f.irrigation.title, f.irrigation.tensioTab);
  const tensio = page.getByRole('form', { name: f.irrigation.tensioForm });
  await chooseBlock(tensio, block);
  await tensio.getByLabel(f.irrigation.station, { exact: true }).fill(station);
  await numberInput(tensio, f.irrigation.kpa).fill('23.5');
  await numberInput(tensio, f.irrigation.depth).fill('201');
  await expectRefused(page, tensio, f.irrigation.depth, IRRIGATION_MESSAGES.depthRange, IRRIGATION_PATHS.tensiometerReadings);
  await numberInput(tensio, f.irrigation.depth).fill('60');
  expect(await save(page, tensio, IRRIGATION_PATHS.tensiometerReadings)).toBe(201);
  await expect(toast(page, f.success, f.irrigation.tensioSaved).last()).toBeVisible();

  const readings = await rowsToday<{ station: string; depthCm: number; kpa: number }>(a, IRRIGATION_PATHS.tensiometerReadings, block.id);
  expect(readings.filter((r) => r.station === station)).toEqual([expect.objectContaining({ depthCm: 60, kpa: 23.5 })]);
  await page.reload();
  await expect(page.getByRole('table', { name: f.irrigation.tensioCaption }).getByText(station, { exact: true })).toBeVisible({ timeout: 20_000 });

  // water applied: an amount no other row of the day has
  await page.getByRole('tab', { name: f.irrigation.waterTab, exact: true }).click();
  const water = page.getByRole('form', { name: f.irrigation.waterForm });
  await chooseBlock(water, block);
  const before = await rowsToday<{ id: number; amount: number; unit: string }>(a, IRRIGATION_PATHS.waterApplied, block.id);
  const amount = [...Array(400).keys()].map((n) => n + 50).find((n) => !before.some((r) => r.amount === n))!;
  await numberInput(water, f.irrigation.amount).fill('501');
  await expectRefused(page, water, f.irrigation.amount, waterAmountMessage('mm'), IRRIGATION_PATHS.waterApplied);
  await numberInput(water, f.irrigation.amount).fill(String(amount));
  expect(await save(page, water, IRRIGATION_PATHS.waterApplied)).toBe(201);
  await expect(toast(page, f.success, f.irrigation.waterSaved).last()).toBeVisible();

  const after = await rowsToday<{ id: number; amount: number; unit: string }>(a, IRRIGATION_PATHS.waterApplied, block.id);
  expect(after.filter((r) => r.amount === amount)).toEqual([expect.objectContaining({ unit: 'mm' })]);
  await page.reload();
  await page.getByRole('tab', { name: f.irrigation.waterTab, exact: true }).click();
  await expect(page.getByRole('table', { name: f.irrigation.waterCaption }).getByText(`${amount} mm`, { exact: true })).toBeVisible({ timeout: 20_000 });
});
