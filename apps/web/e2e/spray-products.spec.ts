/**
 * Spray Products in the browser. As the demo administrator (spray.products.manage): opened from the
 * menu (Management > Spray Products) with its empty state; two export markets added; a product
 * added with its days for both markets and shown in the table; edited; a bad value (400 days)
 * refused at its field in the shared rule's words with nothing sent or saved; a CSV file previewed
 * then imported through the one import panel; the list exported as CSV in the import's columns;
 * no horizontal page scroll at 375 px; axe-core clean in the light theme (1280 and 375 px, the
 * dialog open) and in a dark theme.
 */
import { readFile } from 'node:fs/promises';
import { APP_DEFAULT_THEME_ID, PREFERENCES_PATHS } from '@orchard/shared/preferences';
import { MENU_CATALOGUE } from '@orchard/shared/shell';
import { SPRAY_IMPORT_COLUMNS, SPRAY_MESSAGES, SPRAY_PATHS, type SprayProduct } from '@orchard/shared/spray';
import { en, openFromMenu, pageTitle, scrollWidth, signIn, toast } from './support/app';
import { demoUser } from './support/demo-users';
import { apiHeaders, chooseOption, seriousViolations } from './support/picking';
import { expect as baseExpect, test, type APIRequestContext, type Page } from './support/test';

/** the screen reads and saves real data on a shared machine: allow it more than the suite's usual 7 s */
const expect = baseExpect.configure({ timeout: 15_000 });
const sp = en.spray;
const admin = demoUser('admin');
const GROWER = 'Citrus Valley Growers';
const ENTRY = MENU_CATALOGUE.find((d) => d.id === 'management.sprayproducts')!;
const PRODUCT = 'Abamectin 18 EC';
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

async function productsOf(request: APIRequestContext): Promise<SprayProduct[]> {
  const res = await request.get(SPRAY_PATHS.products, { headers: await apiHeaders(request, admin, GROWER) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { result: SprayProduct[] }).result;
}

async function openScreen(page: Page) {
  await signIn(page, admin);
  await openFromMenu(page, en.menu.Management, ENTRY.displayName);
  await expect(page).toHaveURL(new RegExp(`${ENTRY.url}$`));
  await expect(page).toHaveTitle(pageTitle(sp.title));
  await expect(page.getByRole('heading', { level: 1, name: sp.title })).toBeVisible();
}

const dialog = (page: Page) => page.getByRole('dialog');
const rowOf = (page: Page, name: string) => page.locator('.spray-table tbody tr').filter({ has: page.getByRole('cell', { name, exact: true }) });

/** Counts the product saves the page sends. */
function countSaves(page: Page) {
  let saves = 0;
  page.on('request', (r) => {
    if ((r.method() === 'PUT' || r.method() === 'POST') && new URL(r.url()).pathname.startsWith(SPRAY_PATHS.products)) saves += 1;
  });
  return () => saves;
}

test.describe('Spray Products', () => {
  test.describe.configure({ timeout: 150_000 });

  test('the empty screen says what to do; markets and a product with two market entries are added', async ({ page, request }) => {
    const before = await productsOf(request);
    await openScreen(page);
    if (before.length === 0) {
      await expect(page.getByRole('heading', { name: sp.empty.heading })).toBeVisible();
      await expect(page.getByText(sp.empty.text, { exact: true })).toBeVisible();
    }
    expect(await seriousViolations(page), 'empty, 1280 px').toEqual([]);

    const markets = page.locator('.spray-markets');
    for (const name of ['EU', 'China']) {
      await markets.getByLabel(sp.markets.name, { exact: true }).fill(name);
      await markets.getByRole('button', { name: sp.markets.add }).click();
      await expect(markets.getByRole('list', { name: sp.markets.listLabel }).getByText(name, { exact: true })).toBeVisible();
    }
    // "local" is every product's default, never an export market
    await markets.getByLabel(sp.markets.name, { exact: true }).fill('Local');
    await markets.getByRole('button', { name: sp.markets.add }).click();
    await expect(markets.getByText(SPRAY_MESSAGES.marketNameReserved, { exact: true })).toBeVisible();

    await page.getByRole('button', { name: sp.add, exact: true }).click();
    const d = dialog(page);
    await expect(d.getByText(sp.dialog.addTitle, { exact: true })).toBeVisible();
    await d.getByLabel(sp.dialog.name, { exact: true }).fill(PRODUCT);
    await d.getByLabel(sp.dialog.registrationNumber, { exact: true }).fill('L1234');
    await chooseOption(page, d.locator('.spray-pair .p-dropdown'), 'EC: Emulsifiable concentrate');
    await d.getByRole('button', { name: sp.dialog.addIngredient }).click();
    await d.getByLabel(fill(sp.dialog.ingredientName, { n: 1 }), { exact: true }).fill('Abamectin');
    await d.getByLabel(fill(sp.dialog.concentration, { n: 1 }), { exact: true }).fill('18 g/L');
    await d.getByRole('button', { name: sp.dialog.addPest }).click();
    await d.getByLabel(fill(sp.dialog.pest, { n: 1 }), { exact: true }).fill('Citrus thrips');
    await d.getByLabel(sp.dialog.localDays, { exact: true }).fill('7');
    for (const [i, market, days] of [
      [1, 'EU', '14'],
      [2, 'China', '21'],
    ] as const) {
      await d.getByRole('button', { name: sp.dialog.addMarket }).click();
      await chooseOption(page, d.locator('.spray-group .p-dropdown').nth(i - 1), market);
      await d.getByLabel(fill(sp.dialog.days, { n: i }), { exact: true }).fill(days);
    }
    expect(await seriousViolations(page), 'dialog').toEqual([]);
    await d.getByRole('button', { name: sp.dialog.save, exact: true }).click();
    await expect(toast(page, sp.success, fill(sp.saved, { name: PRODUCT }))).toBeVisible();
    await expect(dialog(page)).toHaveCount(0);
    await expect(rowOf(page, PRODUCT)).toContainText('China 21, EU 14');
    const saved = (await productsOf(request)).find((p) => p.name === PRODUCT);
    expect(saved).toMatchObject({ localWithholdingDays: 7, targetPests: ['Citrus thrips'], marketWithholding: [{ market: 'China', days: 21 }, { market: 'EU', days: 14 }] });
  });

  test("an edit is saved; 400 days is refused in the rule's words and nothing is saved", async ({ page, request }) => {
    await openScreen(page);
    const saves = countSaves(page);
    await rowOf(page, PRODUCT).getByRole('button', { name: fill(sp.edit, { name: PRODUCT }) }).click();
    const d = dialog(page);
    await expect(d.getByText(sp.dialog.editTitle, { exact: true })).toBeVisible();
    await d.getByLabel(fill(sp.dialog.days, { n: 1 }), { exact: true }).fill('400');
    await d.getByRole('button', { name: sp.dialog.save, exact: true }).click();
    await expect(d.getByText(SPRAY_MESSAGES.daysRange, { exact: true })).toBeVisible();
    expect(saves()).toBe(0);
    expect((await productsOf(request)).find((p) => p.name === PRODUCT)?.marketWithholding).toEqual([
      { market: 'China', days: 21 },
      { market: 'EU', days: 14 },
    ]);

    await d.getByLabel(fill(sp.dialog.days, { n: 1 }), { exact: true }).fill('28');
    await d.getByLabel(sp.dialog.localDays, { exact: true }).fill('10');
    await d.getByRole('button', { name: sp.dialog.save, exact: true }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(rowOf(page, PRODUCT)).toContainText('China 28, EU 14');
    const saved = (await productsOf(request)).find((p) => p.name === PRODUCT);
    expect(saved).toMatchObject({ localWithholdingDays: 10, version: 2 });
  });

  test('a CSV file is previewed, then imported; the list exports in the same columns', async ({ page, request }) => {
    await openScreen(page);
    const panel = page.locator('.spray-import');
    await expect(panel.getByRole('heading', { name: sp.import.heading })).toBeVisible();
    const chooser = panel.locator('input[type="file"]');
    const importButton = panel.getByRole('button', { name: sp.import.import, exact: true });
    const header = SPRAY_IMPORT_COLUMNS.join(',');
    await chooser.setInputFiles({
      name: 'products.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${header}\nCopper oxychloride,L2,WP,Copper: 850 g/kg,Black spot,10,EU=3\nBad one,L3,SC,,,400,\n`),
    });
    await expect(panel.getByText(fill(sp.import.summary, { created: 1, changed: 0, unchanged: 0, refused: 1 }), { exact: true })).toBeVisible();
    await expect(panel.getByText(`local_days: ${SPRAY_MESSAGES.daysRange}`)).toBeVisible();
    await expect(importButton).toBeDisabled();

    await chooser.setInputFiles({
      name: 'products.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${header}\nCopper oxychloride,L2,WP,Copper: 850 g/kg,Black spot,10,EU=3\n`),
    });
    await expect(panel.getByText(fill(sp.import.summary, { created: 1, changed: 0, unchanged: 0, refused: 0 }), { exact: true })).toBeVisible();
    await importButton.click();
    await expect(toast(page, sp.import.imported, fill(sp.import.importedDetail, { created: 1, changed: 0 }))).toBeVisible();
    await expect(rowOf(page, 'Copper oxychloride')).toContainText('EU 3');
    expect((await productsOf(request)).map((p) => p.name)).toEqual(expect.arrayContaining([PRODUCT, 'Copper oxychloride']));

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: sp.exportCsv }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^SprayProducts-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile(await file.path(), 'utf8')).split('\r\n');
    expect(lines[0]).toBe(header);
    expect(lines).toContain(`${PRODUCT},L1234,EC,Abamectin: 18 g/L,Citrus thrips,10,China=28; EU=14`);
    expect(lines).toContain('Copper oxychloride,L2,WP,Copper: 850 g/kg,Black spot,10,EU=3');
  });

  test('no horizontal page scroll at 375 px; axe-core clean at 375 px and in a dark theme', async ({ page, request }) => {
    await openScreen(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(rowOf(page, PRODUCT)).toBeVisible();
    await expect.poll(() => scrollWidth(page)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page), '375 px').toEqual([]);
    await rowOf(page, PRODUCT).getByRole('button', { name: fill(sp.edit, { name: PRODUCT }) }).click();
    await dialog(page).getByLabel(sp.dialog.localDays, { exact: true }).fill('400');
    await dialog(page).getByRole('button', { name: sp.dialog.save, exact: true }).click();
    await expect(dialog(page).getByText(SPRAY_MESSAGES.daysRange, { exact: true })).toBeVisible();
    await expect.poll(() => scrollWidth(page)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page), '375 px, dialog').toEqual([]);

    const headers = await apiHeaders(request, admin, GROWER);
    const dark = await request.put(PREFERENCES_PATHS.preferences, { headers, data: { themeId: 'lara-dark-green' } });
    expect(dark.status()).toBe(200);
    try {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
      await expect(rowOf(page, PRODUCT)).toBeVisible();
      expect(await seriousViolations(page), 'dark').toEqual([]);
      await rowOf(page, PRODUCT).getByRole('button', { name: fill(sp.edit, { name: PRODUCT }) }).click();
      await expect(dialog(page).getByText(sp.dialog.editTitle, { exact: true })).toBeVisible();
      expect(await seriousViolations(page), 'dark, dialog').toEqual([]);
    } finally {
      const back = await request.put(PREFERENCES_PATHS.preferences, { headers, data: { themeId: APP_DEFAULT_THEME_ID } });
      expect(back.status()).toBe(200);
    }
  });
});
