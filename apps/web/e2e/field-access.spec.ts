/**
 * Who works in Field Data: the farm manager reads every area from the menu (lists only, no capture
 * form), the dashboard's figures lead the manager to the rows behind them, and the irrigation
 * officer captures tensiometer readings with dates written as the lists write them.
 */
import { expect, test, type Page } from './support/test';
import { dayOf, formatDay } from '@orchard/shared/core';
import { IRRIGATION_PATHS } from '@orchard/shared/field-capture';
import { en, signIn, toast } from './support/app';
import { seriousViolations } from './support/axe-check';
import { demoUser } from './support/demo-users';
import { chooseBlock, f, fieldApi, firstBlock, formField } from './support/field-forms';
import { dismissReleaseNote, uniqueName } from './support/users-api';

const manager = demoUser('manager');
const irrigation = demoUser('irrigation');

test.beforeAll(async ({ baseURL }) => {
  for (const user of [manager, irrigation]) await dismissReleaseNote(baseURL!, user);
});

const mainMenu = (page: Page) => page.getByRole('navigation', { name: en.shell.mainMenu });

async function openFromMenu(page: Page, entry: string) {
  const menu = mainMenu(page);
  const leaf = menu.getByRole('link', { name: entry, exact: true });
  if (!(await leaf.isVisible())) await menu.getByRole('button', { name: en.menu['Field Data'], exact: true }).click();
  await leaf.click();
}

test('the farm manager reads every Field Data area from the menu: the lists, without a capture form', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, manager);
  const areas = [
    { entry: en.menu.Scouting, title: f.scouting.title, caption: f.scouting.tableCaption, form: f.scouting.form },
    { entry: en.menu.Traps, title: f.traps.title, caption: f.traps.inspectionCaption, form: f.traps.inspectionForm },
    { entry: en.menu.Irrigation, title: f.irrigation.title, caption: f.irrigation.tensioCaption, form: f.irrigation.tensioForm },
    { entry: en.menu.Phenology, title: f.phenology.title, caption: f.phenology.tableCaption, form: f.phenology.form },
  ];
  for (const area of areas) {
    await openFromMenu(page, area.entry);
    await expect(page.getByRole('heading', { level: 1, name: area.title })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('table', { name: area.caption })).toBeVisible();
    await expect(page.getByRole('form', { name: area.form })).toHaveCount(0);
    await expect(page.getByRole('button', { name: f.import.import, exact: true })).toHaveCount(0);
    await expect(page.getByRole('columnheader', { name: f.actions, exact: true })).toHaveCount(0);
  }
  // the filters' dates are written as the lists write them
  const from = page.getByLabel(f.from, { exact: true });
  await from.fill('12/01/2026');
  await expect(formField(page.locator('.records-filters'), f.from)).toContainText(en.dateInput.unreadableDay.replace('{{example}}', formatDay(dayOf(new Date()), 'en-ZA')));
  await from.fill('');
  expect(await seriousViolations(page)).toEqual([]);

  // the dashboard's scouting figures lead to the rows behind them
  await mainMenu(page).getByRole('link', { name: en.menu.Dashboard, exact: true }).click();
  const figure = page.locator('.pest-panel-scouting a.pest-figure-link').first();
  await expect(figure).toBeVisible({ timeout: 20_000 });
  await figure.click();
  await expect(page).toHaveURL(/\/field\/scouting\?/);
  await expect(page.getByRole('table', { name: f.scouting.tableCaption })).toBeVisible();
  await expect(page.getByText(en.exceptions.accessDeniedHeading, { exact: true })).toHaveCount(0);
});

test('the irrigation officer lands on Irrigation and captures a reading, the date shown and read as the lists write it', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const a = await fieldApi(baseURL!, irrigation);
  const block = await firstBlock(a);
  const station = uniqueName('S').slice(0, 12);
  // the Irrigation role's landing page is the screen of its work
  await signIn(page, irrigation, { landing: /\/field\/irrigation$/ });
  await expect(page.getByRole('heading', { level: 1, name: f.irrigation.title })).toBeVisible({ timeout: 20_000 });
  const tensio = page.getByRole('form', { name: f.irrigation.tensioForm });
  const day = tensio.getByLabel(f.irrigation.readOn, { exact: true });
  const today = dayOf(new Date());
  await expect(day).toHaveValue(formatDay(today, 'en-ZA'));
  // the browser's own order is not read as a day: the field says how to write it, nothing is sent
  await day.fill('12/01/2026');
  await day.press('Escape');
  await expect(formField(tensio, f.irrigation.readOn)).toContainText(en.dateInput.unreadableDay.replace('{{example}}', formatDay(today, 'en-ZA')));
  await expect(day).toHaveValue('12/01/2026');
  expect(await seriousViolations(page)).toEqual([]);
  await day.fill(formatDay(today, 'en-ZA'));
  await day.press('Escape');

  await chooseBlock(tensio, block);
  await tensio.getByLabel(f.irrigation.station, { exact: true }).fill(station);
  await formField(tensio, f.irrigation.kpa).locator('input').fill('23.5');
  await formField(tensio, f.irrigation.depth).locator('input').fill('60');
  const sent = page.waitForResponse((r) => new URL(r.url()).pathname === IRRIGATION_PATHS.tensiometerReadings && r.request().method() === 'POST');
  await tensio.getByRole('button', { name: f.save, exact: true }).click();
  expect((await sent).status()).toBe(201);
  await expect(toast(page, f.success, f.irrigation.tensioSaved).last()).toBeVisible();
  const row = page.getByRole('table', { name: f.irrigation.tensioCaption }).getByRole('row').filter({ hasText: station });
  await expect(row).toContainText(formatDay(today, 'en-ZA'), { timeout: 20_000 });
});
