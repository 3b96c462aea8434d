/**
 * Organisation data export in the browser: the demo administrator opens Management > Organisation
 * Data, clicks "Download all data" and gets OrganisationData-….zip, a zip whose manifest names the
 * organisation and lists every file; a failed download says so; 375 px and a dark theme, axe-core
 * clean. A member without the permission has no menu entry.
 */
import { readFile } from 'node:fs/promises';
import {
  ORGANIZATION_EXPORT_MANIFEST,
  ORGANIZATION_EXPORT_PATHS,
  organizationExportManifestSchema,
} from '@orchard/shared/organization-export';
import { APP_DEFAULT_THEME_ID, PREFERENCES_PATHS } from '@orchard/shared/preferences';
import { MENU_CATALOGUE } from '@orchard/shared/shell';
import yauzl from 'yauzl';
import { expect as baseExpect, test, type Page } from './support/test';
import { en, openFromMenu, scrollWidth, signIn } from './support/app';
import { seriousViolations } from './support/axe-check';
import { demoUser } from './support/demo-users';
import { apiHeaders } from './support/picking';

/** the archive of the demo grower is built from real data on a shared machine: allow it time */
const expect = baseExpect.configure({ timeout: 20_000 });
const oe = en.organizationExport;
const admin = demoUser('admin');
const manager = demoUser('manager');
const GROWER = 'Citrus Valley Growers';
const ENTRY = MENU_CATALOGUE.find((d) => d.id === 'management.organisationdata')!;

/** The archive's entries by name, decompressed. */
async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, file) => (err ? reject(err) : resolve(file))),
  );
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) =>
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('error', reject);
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      }),
    );
    zip.readEntry();
  });
  return entries;
}

const screen = (page: Page) => page.locator('.organization-export-page');
const downloadButton = (page: Page) => screen(page).getByRole('button', { name: oe.download, exact: true });

async function open(page: Page) {
  await signIn(page, admin);
  await openFromMenu(page, en.menu.Management, en.menu['Organisation Data']);
  await expect(page).toHaveURL(new RegExp(`${ENTRY.url!}$`));
  await expect(page.getByRole('heading', { level: 1, name: oe.title })).toBeVisible();
  await expect(screen(page).getByText('fruit_bins.csv', { exact: true })).toBeVisible();
}

test.describe('Organisation data export', () => {
  test('the button downloads the organisation as a zip with its manifest', async ({ page }) => {
    test.setTimeout(90_000);
    await open(page);
    await expect(screen(page).getByText(GROWER, { exact: false }).first()).toBeVisible();
    const downloading = page.waitForEvent('download', { timeout: 60_000 });
    await downloadButton(page).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^OrganisationData-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.zip$/);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    const archive = await unzip(bytes);
    const manifest = organizationExportManifestSchema.parse(JSON.parse(archive.get(ORGANIZATION_EXPORT_MANIFEST)!.toString('utf8')));
    expect(manifest.organization.name).toBe(GROWER);
    for (const file of manifest.files) expect(archive.has(file.file), file.file).toBe(true);
    expect(manifest.files.find((f) => f.table === 'fruit_bins')!.rowCount).toBeGreaterThan(0);
    await expect(downloadButton(page)).toBeEnabled();
  });

  test('a download that fails says so, and the button can be tried again', async ({ page }) => {
    await open(page);
    await page.route(`**${ORGANIZATION_EXPORT_PATHS.archive}`, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'INTERNAL', message: 'x', reason: 'x' }, requestId: 'r' }) }),
    );
    await downloadButton(page).click();
    await expect(screen(page).getByText(oe.failed, { exact: true })).toBeVisible();
    await expect(downloadButton(page)).toBeEnabled();
  });

  test('no horizontal scroll at 375 px; axe-core clean at 1280 and 375 px and in a dark theme', async ({ page, request }) => {
    await open(page);
    expect(await seriousViolations(page), '1280 px').toEqual([]);
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => scrollWidth(page)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page), '375 px').toEqual([]);

    const headers = await apiHeaders(request, admin, GROWER);
    const dark = await request.put(PREFERENCES_PATHS.preferences, { headers, data: { themeId: 'lara-dark-green' } });
    expect(dark.status()).toBe(200);
    try {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
      await expect(screen(page).getByText('fruit_bins.csv', { exact: true })).toBeVisible();
      // the error message shown too
      await page.route(`**${ORGANIZATION_EXPORT_PATHS.archive}`, (route) => route.fulfill({ status: 500, body: '' }));
      await downloadButton(page).click();
      await expect(screen(page).getByText(oe.failed, { exact: true })).toBeVisible();
      expect(await seriousViolations(page), 'dark').toEqual([]);
      await page.setViewportSize({ width: 375, height: 800 });
      await expect.poll(() => scrollWidth(page)).toBeLessThanOrEqual(375);
      expect(await seriousViolations(page), 'dark, 375 px').toEqual([]);
    } finally {
      const back = await request.put(PREFERENCES_PATHS.preferences, { headers, data: { themeId: APP_DEFAULT_THEME_ID } });
      expect(back.status()).toBe(200);
    }
  });

  test('a member without the permission has no entry and the API refuses', async ({ page, request }) => {
    await signIn(page, manager);
    const sidebar = page.getByRole('navigation', { name: en.shell.mainMenu });
    await expect(sidebar.locator('a[data-menu-id]').first()).toBeAttached();
    await expect(sidebar.locator(`a[data-menu-id="${ENTRY.id}"]`)).toHaveCount(0);
    const res = await request.get(ORGANIZATION_EXPORT_PATHS.archive, { headers: await apiHeaders(request, manager, GROWER) });
    expect(res.status()).toBe(403);
  });
});
