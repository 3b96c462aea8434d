/** Steps in the Create New Organization dialog, shared by the organisations spec and the onboarding journey. */
import { expect, type Page } from '@playwright/test';
import { en, exactly } from './app';

const c = en.organizations.create;

export const dialogOf = (page: Page) => page.getByRole('dialog', { name: c.title });
export const field = (page: Page, label: string) =>
  dialogOf(page)
    .locator('.field')
    .filter({ has: page.locator('label', { hasText: exactly(label) }) });

/** Picks `option` (or the first option) of the dialog's dropdown labelled `label`. */
export async function choose(page: Page, label: string, option?: string) {
  const dropdown = field(page, label).locator('.p-dropdown');
  await dropdown.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }));
  await dropdown.click();
  const options = page.locator('.p-dropdown-panel').getByRole('option');
  await (option === undefined ? options.first() : options.filter({ hasText: exactly(option) })).click();
  await expect(page.locator('.p-dropdown-panel')).toHaveCount(0);
}

export const dropdownText = (page: Page, label: string) => field(page, label).locator('.p-dropdown-label');

/** Adds a region, area or province in its add mode. */
export async function addPlace(page: Page, addLabel: string, newLabel: string, name: string) {
  await dialogOf(page).getByRole('button', { name: addLabel, exact: true }).click();
  await dialogOf(page).getByLabel(newLabel, { exact: true }).fill(name);
  await dialogOf(page).getByRole('button', { name: c.save, exact: true }).click();
}

export const latitude = (page: Page) => dialogOf(page).getByLabel(c.latitude, { exact: true });
export const longitude = (page: Page) => dialogOf(page).getByLabel(c.longitude, { exact: true });
export const marker = (page: Page) => dialogOf(page).locator('.leaflet-marker-icon');

/** Drags the farm marker by (dx, dy) pixels with the mouse. */
export async function dragMarker(page: Page, dx: number, dy: number) {
  await marker(page).scrollIntoViewIfNeeded();
  const box = (await marker(page).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height - 4);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + dx, box.y + box.height - 4 + dy, { steps: 8 });
  await page.mouse.up();
}
