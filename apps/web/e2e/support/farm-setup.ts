/**
 * What the Farm Setup browser tests share: the demo administrator and organisation, the screen's
 * texts, and finding its tabs, rows, dialogs and fields.
 */
import { expect as baseExpect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { FARM_SETUP_PATHS, setupFarmSchema, setupPucSchema } from '@orchard/shared/farm-setup';
import { APP_NAME } from '@orchard/shared/core';
import { MENU_CATALOGUE } from '@orchard/shared/shell';
import { en, exactly, signIn, toast } from './app';
import { demoUser } from './demo-users';
import { apiHeaders } from './picking';

export const admin = demoUser('admin');
/** the screen reads real data on a shared machine: allow it more than the suite's usual 7 s */
export const expect = baseExpect.configure({ timeout: 15_000 });
export const fs = en.farmSetup;
export const GROWER = 'Citrus Valley Growers';
export const PATH = MENU_CATALOGUE.find((d) => d.id === 'management.farmsetup')!.url!;
/** short enough for a PUC name (20 characters) */
export const unique = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1e3)}`;
export const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

export const openTab = async (page: Page, tab: string) => {
  await page.getByRole('tab', { name: tab, exact: true }).click();
  await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
};
/** the open tab's panel (the tabs opened before stay in the page, hidden) */
export const openPanel = (page: Page) => page.getByRole('tabpanel');
/** the open tab's row with a cell saying exactly `text` */
export const tableRow = (page: Page, text: string) => openPanel(page).locator('.p-datatable-tbody > tr').filter({ has: page.locator('td', { hasText: exactly(text) }) });
export const rowWith = (page: Page, text: string) => openPanel(page).locator('.p-datatable-tbody > tr').filter({ hasText: text });
export const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
export const confirmation = (page: Page) => page.locator('.p-confirm-dialog');
export const dropdown = (scope: Locator, label: string) =>
  scope.locator('.field, .filter-field').filter({ has: scope.page().locator('label', { hasText: exactly(label) }) }).locator('.p-dropdown');

export async function openScreen(page: Page) {
  await signIn(page, admin);
  await page.goto(PATH);
  await expect(page.getByRole('heading', { level: 1, name: fs.title })).toBeVisible();
  await expectFirstTab(page);
}

/** The screen names its first tab in the URL at once, and the title follows the URL's fragment. */
export async function expectFirstTab(page: Page) {
  await expect(page).toHaveURL(new RegExp(`${PATH}#legal-entities$`));
  await expect(page).toHaveTitle(new RegExp(`^${fs.title} - .+ - ${APP_NAME}$`));
}

export async function save(page: Page, scope: Locator, detail: string) {
  await scope.getByRole('button', { name: fs.save, exact: true }).click();
  await expect(toast(page, fs.success, detail)).toBeVisible();
  await expect(scope).toHaveCount(0);
}

/** A farm (on a legal entity of the organisation) and a PUC on it, made over the API. */
export async function farmWithPuc(request: APIRequestContext) {
  const headers = await apiHeaders(request, admin, GROWER);
  const entities = (await (await request.get(FARM_SETUP_PATHS.legalEntities, { headers })).json()) as { id: number }[];
  const u = unique();
  const farmName = `E2E Import Farm ${u}`;
  const farm = await request.post(FARM_SETUP_PATHS.farms, { headers, data: { farmName, legalEntityId: entities[0]!.id } });
  expect(farm.status(), await farm.text()).toBe(201);
  const farmId = setupFarmSchema.parse(await farm.json()).id;
  const pucName = `EI${u}`;
  const puc = await request.post(FARM_SETUP_PATHS.pucs, { headers, data: { farmId, pucName } });
  expect(puc.status(), await puc.text()).toBe(201);
  return { headers, farmName, pucId: setupPucSchema.parse(await puc.json()).id, pucName };
}
