/**
 * Pest Thresholds in the browser. As the demo administrator (dashboard.thresholds): opened from the
 * menu (Management > Pest Thresholds), the organisation's set as the API answers it (the citrus
 * defaults, with their note, on a fresh database), a value with two decimals refused at its field
 * in the shared rule's words with nothing saved, then a changed threshold, a removed and an added
 * pest and an added trap threshold saved (Save busy while it runs) and shown again after a reload;
 * a save someone else beat says so and Reload loads their set; Reset; no horizontal page scroll at
 * 375 px; axe-core clean at 1280 and 375 px and in a dark theme. The demo scout (no
 * dashboard.thresholds) gets no menu entry, the URL answers Access Denied and the API refuses.
 *
 * The pest dashboard reads these thresholds: the organisation's set is put back as it was at the end.
 */
import { expect as baseExpect, test, type APIRequestContext, type Page } from './support/test';
import { SCOUTING_PESTS } from '@orchard/shared/field-capture';
import {
  PEST_THRESHOLDS_MESSAGES,
  PEST_THRESHOLDS_PATH,
  type PestThresholdsResponse,
  type SavePestThresholdsBody,
} from '@orchard/shared/pest-thresholds';
import { APP_DEFAULT_THEME_ID, PREFERENCES_PATHS } from '@orchard/shared/preferences';
import { MENU_CATALOGUE } from '@orchard/shared/shell';
import { en, exactly, gate, pageTitle, scrollWidth, signIn, toast } from './support/app';
import { seriousViolations } from './support/axe-check';
import { demoUser } from './support/demo-users';
import { apiHeaders, chooseOption } from './support/picking';

/** the screen reads and saves real data on a shared machine: allow it more than the suite's usual 7 s */
const expect = baseExpect.configure({ timeout: 15_000 });
const pt = en.pestThresholds;
const M = PEST_THRESHOLDS_MESSAGES;
const admin = demoUser('admin');
const scout = demoUser('scout');
const GROWER = 'Citrus Valley Growers';
const ENTRY = MENU_CATALOGUE.find((d) => d.id === 'management.pestthresholds')!;
const PATH = ENTRY.url!;
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
/** a number as an input shows it, with either decimal separator (the organisation's culture writes "7,5") */
const shownAs = (value: number) => new RegExp(`^${String(value).replace('.', '[.,]')}$`);

const isThresholds = (url: string) => new URL(url).pathname === PEST_THRESHOLDS_PATH;
const thresholdsRead = (page: Page) => page.waitForResponse((r) => isThresholds(r.url()) && r.request().method() === 'GET' && r.ok());
const form = (page: Page) => page.locator('.pest-thresholds-page');
const frequencyInput = (page: Page) => form(page).getByLabel(pt.frequency.label, { exact: true });
const pestInput = (page: Page, pest: string) => form(page).getByLabel(fill(pt.pests.thresholdOf, { pest }), { exact: true });
const trapInput = (page: Page, trapType: string, pest: string) => form(page).getByLabel(fill(pt.traps.countOf, { trapType, pest }), { exact: true });
const pestRows = (page: Page) => form(page).locator('.threshold-table-pests tbody tr');
const trapRows = (page: Page) => form(page).locator('.threshold-table-traps tbody tr');
const defaultsNote = (page: Page) => form(page).getByText(pt.defaultsNote, { exact: true });
const saveButton = (page: Page) => form(page).getByRole('button', { name: pt.save, exact: true });
/** the dropdown of an add bar, by its label */
const choice = (page: Page, label: string) =>
  form(page).locator('.threshold-choice').filter({ has: page.locator('label', { hasText: exactly(label) }) }).locator('.p-dropdown');

async function readSet(request: APIRequestContext): Promise<PestThresholdsResponse> {
  const res = await request.get(PEST_THRESHOLDS_PATH, { headers: await apiHeaders(request, admin, GROWER) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as PestThresholdsResponse;
}

const bodyOf = (set: PestThresholdsResponse, version: number): SavePestThresholdsBody => ({
  version,
  scoutingFrequencyDays: set.scoutingFrequencyDays,
  pests: set.pests.map((p) => ({ pest: p.pest, thresholdPercent: p.thresholdPercent }) as SavePestThresholdsBody['pests'][number]),
  traps: set.traps.map((t) => ({ trapType: t.trapType, pest: t.pest, thresholdCount: t.thresholdCount }) as SavePestThresholdsBody['traps'][number]),
});

async function saveSet(request: APIRequestContext, body: SavePestThresholdsBody): Promise<PestThresholdsResponse> {
  const res = await request.put(PEST_THRESHOLDS_PATH, { headers: await apiHeaders(request, admin, GROWER), data: body });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as PestThresholdsResponse;
}

/** The values the form shows are the set's: frequency, one row per pest and per trap pair, each threshold. */
async function expectShows(page: Page, set: PestThresholdsResponse) {
  await expect(frequencyInput(page)).toHaveValue(String(set.scoutingFrequencyDays));
  await expect(pestRows(page)).toHaveCount(set.pests.length);
  await expect(pestRows(page).locator('.threshold-row-name > span')).toHaveText(set.pests.map((p) => p.pestName));
  for (const p of set.pests) await expect(pestInput(page, p.pestName)).toHaveValue(shownAs(p.thresholdPercent));
  await expect(trapRows(page)).toHaveCount(set.traps.length);
  for (const t of set.traps) await expect(trapInput(page, t.trapTypeName, t.pestName)).toHaveValue(shownAs(t.thresholdCount));
  if (set.isDefault) await expect(defaultsNote(page)).toBeVisible();
  else await expect(defaultsNote(page)).toHaveCount(0);
}

async function openFromMenu(page: Page) {
  await signIn(page, admin);
  const sidebar = page.getByRole('navigation', { name: en.shell.mainMenu });
  await sidebar.getByText(en.menu.Management, { exact: true }).click();
  const read = thresholdsRead(page);
  await sidebar.getByText(ENTRY.displayName, { exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${PATH}$`));
  await expect(page).toHaveTitle(pageTitle(pt.title));
  await expect(page.getByRole('heading', { level: 1, name: pt.title })).toBeVisible();
  return (await (await read).json()) as PestThresholdsResponse;
}

/** Counts the saves the page sends. */
function countSaves(page: Page) {
  let saves = 0;
  page.on('request', (r) => {
    if (r.method() === 'PUT' && isThresholds(r.url())) saves += 1;
  });
  return () => saves;
}

test.describe('Pest Thresholds', () => {
  test.describe.configure({ timeout: 120_000 });
  /** the organisation's set before this file ran: put back at the end */
  let original: PestThresholdsResponse;

  test.beforeAll(async ({ request }) => {
    original = await readSet(request);
  });

  test.afterAll(async ({ request }) => {
    const now = await readSet(request);
    if (JSON.stringify(bodyOf(now, 0)) !== JSON.stringify(bodyOf(original, 0))) await saveSet(request, bodyOf(original, now.version));
  });

  test('from the menu: the defaults; a refused value saves nothing; changes, an added and a removed row are saved and shown after a reload', async ({
    page,
    request,
  }) => {
    const before = await readSet(request);
    // a fresh database: the organisation has never saved its own thresholds
    if (test.info().retry === 0) expect(before.isDefault).toBe(true);
    const saves = countSaves(page);
    const shown = await openFromMenu(page);
    expect(shown).toEqual(before);
    await expectShows(page, before);

    // a threshold with two decimals: the shared rule's message at the field, nothing sent, the set unchanged
    const changed = before.pests[0]!;
    await pestInput(page, changed.pestName).fill('2.55');
    await saveButton(page).click();
    await expect(form(page).getByText(M.percentRange, { exact: true })).toHaveCount(1);
    await expect(pestInput(page, changed.pestName)).toHaveAttribute('aria-invalid', 'true');
    await expect(pestInput(page, changed.pestName)).toHaveValue('2.55');
    await frequencyInput(page).fill('0');
    await frequencyInput(page).blur();
    await expect(form(page).getByText(M.frequencyRange, { exact: true })).toBeVisible();
    expect(saves()).toBe(0);
    expect(await readSet(request)).toEqual(before);

    // Reset puts the loaded values back
    await form(page).getByRole('button', { name: pt.reset, exact: true }).click();
    await expectShows(page, before);
    await expect(form(page).getByText(M.percentRange, { exact: true })).toHaveCount(0);

    // change a threshold and the frequency, remove the last pest, add a pest not listed, add a trap threshold
    const percent = changed.thresholdPercent === 7.5 ? 6.5 : 7.5;
    const frequency = before.scoutingFrequencyDays === 10 ? 11 : 10;
    await pestInput(page, changed.pestName).fill(String(percent));
    await frequencyInput(page).fill(String(frequency));
    const removed = before.pests.at(-1)!;
    await form(page).getByRole('button', { name: fill(pt.pests.remove, { pest: removed.pestName }), exact: true }).click();
    await expect(pestInput(page, removed.pestName)).toHaveCount(0);
    const added = SCOUTING_PESTS.find((p) => !before.pests.some((b) => b.pest === p.key))!;
    const addPest = form(page).getByRole('button', { name: pt.pests.add, exact: true });
    await expect(addPest).toBeDisabled();
    await chooseOption(page, choice(page, pt.pests.toAdd), added.name);
    await addPest.click();
    // the new row's threshold is the next thing to type
    await expect(pestInput(page, added.name)).toBeFocused();
    await pestInput(page, added.name).fill('2.5');
    await chooseOption(page, choice(page, pt.traps.trapType), 'McPhail trap');
    await chooseOption(page, choice(page, pt.traps.pestToAdd), 'Bollworm');
    await form(page).getByRole('button', { name: pt.traps.add, exact: true }).click();
    await trapInput(page, 'McPhail trap', 'Bollworm').fill('4');
    await expect(form(page).getByText(pt.unsaved, { exact: true })).toBeVisible();

    // Save is busy and cannot be pressed again while the save runs
    const held = gate();
    await page.route(`**${PEST_THRESHOLDS_PATH}`, async (route) => {
      if (route.request().method() === 'PUT') await held.opened;
      await route.fallback();
    });
    const saved = page.waitForResponse((r) => isThresholds(r.url()) && r.request().method() === 'PUT');
    await saveButton(page).click();
    await expect(saveButton(page)).toBeDisabled();
    await expect(saveButton(page).locator('.p-button-loading-icon')).toBeVisible();
    held.open();
    expect((await saved).status()).toBe(200);
    await expect(toast(page, pt.saved, pt.savedDetail)).toBeVisible();
    expect(saves()).toBe(1);
    await page.unroute(`**${PEST_THRESHOLDS_PATH}`);

    const after = await readSet(request);
    expect(after.isDefault).toBe(false);
    expect(after.version).toBe(before.version + 1);
    expect(after.scoutingFrequencyDays).toBe(frequency);
    expect(after.pests.find((p) => p.pest === changed.pest)?.thresholdPercent).toBe(percent);
    expect(after.pests.find((p) => p.pest === added.key)?.thresholdPercent).toBe(2.5);
    expect(after.pests.some((p) => p.pest === removed.pest)).toBe(false);
    expect(after.traps).toContainEqual({ trapType: 'mcphail', trapTypeName: 'McPhail trap', pest: 'bollworm', pestName: 'Bollworm', thresholdCount: 4 });
    await expect(defaultsNote(page)).toHaveCount(0);

    // after a reload the screen shows the saved set
    const again = thresholdsRead(page);
    await page.reload();
    await again;
    await expectShows(page, after);
  });

  test('a save someone else beat shows the stale message; Reload loads their set', async ({ page, request }) => {
    const loaded = await openFromMenu(page);
    await expectShows(page, loaded);
    // someone else saves in between
    const theirs = await saveSet(request, { ...bodyOf(loaded, loaded.version), scoutingFrequencyDays: loaded.scoutingFrequencyDays === 21 ? 20 : 21 });

    const first = loaded.pests[0]!;
    await pestInput(page, first.pestName).fill(first.thresholdPercent === 9 ? '8' : '9');
    const refused = page.waitForResponse((r) => isThresholds(r.url()) && r.request().method() === 'PUT');
    await saveButton(page).click();
    expect((await refused).status()).toBe(412);
    const stale = form(page).locator('.threshold-stale');
    await expect(stale).toHaveAttribute('role', 'alert');
    await expect(stale.getByText(M.stale, { exact: true })).toBeVisible();
    await expect(saveButton(page)).toBeDisabled();
    expect(await readSet(request)).toEqual(theirs);

    const read = thresholdsRead(page);
    await stale.getByRole('button', { name: pt.reload, exact: true }).click();
    await read;
    await expect(stale).toHaveCount(0);
    await expectShows(page, theirs);
    await expect(saveButton(page)).toBeEnabled();
  });

  test('no horizontal page scroll at 375 px; axe-core clean at 1280 and 375 px, with messages shown, and in a dark theme', async ({ page, request }) => {
    const loaded = await openFromMenu(page);
    await expectShows(page, loaded);
    expect(await seriousViolations(page), '1280 px').toEqual([]);

    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => scrollWidth(page)).toBeLessThanOrEqual(375);
    // a refused value with its message, at 375 px
    await pestInput(page, loaded.pests[0]!.pestName).fill('101');
    await pestInput(page, loaded.pests[0]!.pestName).blur();
    await expect(form(page).getByText(M.percentRange, { exact: true })).toBeVisible();
    await expect.poll(() => scrollWidth(page)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page), '375 px').toEqual([]);

    const headers = await apiHeaders(request, admin, GROWER);
    const dark = await request.put(PREFERENCES_PATHS.preferences, { headers, data: { themeId: 'lara-dark-green' } });
    expect(dark.status()).toBe(200);
    try {
      await page.setViewportSize({ width: 1280, height: 800 });
      const read = thresholdsRead(page);
      await page.reload();
      await read;
      await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
      await expectShows(page, loaded);
      await pestInput(page, loaded.pests[0]!.pestName).fill('2.55');
      await pestInput(page, loaded.pests[0]!.pestName).blur();
      await expect(form(page).getByText(M.percentRange, { exact: true })).toBeVisible();
      expect(await seriousViolations(page), 'dark').toEqual([]);
    } finally {
      const back = await request.put(PREFERENCES_PATHS.preferences, { headers, data: { themeId: APP_DEFAULT_THEME_ID } });
      expect(back.status()).toBe(200);
    }
  });

  test('without dashboard.thresholds there is no menu entry, the URL answers Access Denied and the API refuses', async ({ page, request }) => {
    await signIn(page, scout);
    const sidebar = page.getByRole('navigation', { name: en.shell.mainMenu });
    await expect(sidebar.locator('a[data-menu-id]').first()).toBeAttached();
    await expect(sidebar.locator(`a[data-menu-id="${ENTRY.id}"]`)).toHaveCount(0);
    await expect(sidebar.getByText(ENTRY.displayName, { exact: true })).toHaveCount(0);

    await page.goto(PATH);
    await expect(page).toHaveURL(/\/accessdenied$/);
    await expect(page).toHaveTitle(pageTitle(en.titles.accessDenied));
    await expect(page.getByRole('heading', { level: 1, name: pt.title })).toHaveCount(0);
    const headers = await apiHeaders(request, scout, GROWER);
    expect((await request.get(PEST_THRESHOLDS_PATH, { headers })).status()).toBe(403);
    expect((await request.put(PEST_THRESHOLDS_PATH, { headers, data: bodyOf(original, 0) })).status()).toBe(403);
  });
});
