/**
 * axe-core in every theme the Preferences screen offers (docs/quality.md, Usability: 0 serious or critical
 * violations on every route and open dialog, in every theme the product offers):
 * - every theme: the shell on the dashboard, the Users table and the open User Setup dialog. The
 *   colour rules run in every theme (the other rules read the document, which no theme changes);
 * - one light and one dark theme: every screen the main menu leads to (read from the menu), with
 *   every rule.
 * Each theme is chosen once on the Preferences screen, as a person does; the app's own state for it
 * (the theme <link> and the <html> data attributes) is then put back in the page to check a screen
 * in every theme without reloading or opening it again.
 */
import { expect as baseExpect, test, type Page } from './support/test';
import { THEME_IDS } from '@orchard/shared/preferences';
import { seriousViolationsInPage, type Violation } from './support/axe-check';
import { applied, chooseTheme, resetSavedTheme, restoreTheme, themeSelect, type AppliedTheme } from './support/themes';
import { en, fillLogin, loginForm } from './support/app';
import { demoUser } from './support/demo-users';

const admin = demoUser('admin');

/** Screens load real data; a busy machine may take longer than the suite's usual 7 s. */
const expect = baseExpect.configure({ timeout: 30_000 });

/** The rules whose outcome depends on colours. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Violations that come from PrimeReact's own theme stylesheets and that the app's stylesheets
 * cannot correct. Each entry names the themes, the rule and the elements, and why it stays.
 */
const EXCEPTIONS: { themes: RegExp; rule: string; target: RegExp; reason: string }[] = [];

interface Finding {
  theme: string;
  screen: string;
  id: string;
  targets: string[];
}

function record(findings: Finding[], theme: string, screen: string, violations: Violation[]) {
  for (const v of violations) {
    const targets = v.targets.filter((t) => !EXCEPTIONS.some((e) => e.themes.test(theme) && e.rule === v.id && e.target.test(t)));
    if (targets.length) findings.push({ theme, screen, id: v.id, targets });
  }
}

const report = (findings: Finding[]) =>
  findings.map((f) => `${f.theme} / ${f.screen}: ${f.id} x${f.targets.length} (${f.targets.slice(0, 4).join(' | ')})`);

/** Counts the page's requests still running (the notification stream stays open and is not counted). */
function trackRequests(page: Page) {
  const running = new Set<unknown>();
  page.on('request', (r) => {
    if (r.resourceType() !== 'eventsource') running.add(r);
  });
  page.on('requestfinished', (r) => running.delete(r));
  page.on('requestfailed', (r) => running.delete(r));
  return () => running.size;
}

/** No request running, no loading bar, overlay or spinner: the screen shows what it loaded. */
async function ready(page: Page, inFlight: () => number) {
  await expect
    .poll(
      async () =>
        inFlight() + (await page.locator('.loading-bar .p-progressbar, .page-loader, .p-datatable-loading-overlay, .p-progress-spinner').count()),
      { intervals: [50, 100, 100, 250] },
    )
    .toBe(0);
}

async function signIn(page: Page) {
  await page.goto('/login');
  await fillLogin(page, admin);
  await loginForm(page).logIn.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('banner').getByText(admin.fullName, { exact: true })).toBeVisible();
}

const sidebar = (page: Page) => page.locator('.shell-sidebar');

/** Opens a screen from the main menu, expanding its branch when it is closed. */
async function openFromMenu(page: Page, menuId: string) {
  const link = sidebar(page).locator(`a[data-menu-id="${menuId}"]`);
  await expect(link).toBeAttached();
  const closedBranch = sidebar(page).locator(`li:has(a[data-menu-id="${menuId}"]) > button[aria-expanded="false"]`);
  if (await closedBranch.count()) await closedBranch.click();
  await link.click();
}

async function openPreferences(page: Page) {
  await openFromMenu(page, 'settings.preferences');
  await expect(page.getByRole('heading', { name: en.preferences.title })).toBeVisible();
}

/** <html data-color-scheme> says dark exactly when the theme's ground surface (the page background) is dark. */
async function expectColorSchemeFlag(page: Page, theme: AppliedTheme) {
  const groundLuminance = await page.evaluate(() => {
    const [r, g, b] = (getComputedStyle(document.body).backgroundColor.match(/[\d.]+/g) ?? []).map((c) => {
      const v = Number(c) / 255;
      return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  });
  expect(theme.html.colorScheme, theme.label).toBe(groundLuminance < 0.2 ? 'dark' : 'light');
}

test.describe('axe-core in every theme', () => {
  // tall enough that dialogs and tables show their whole content: axe cannot judge the contrast of
  // text scrolled out of view inside a dialog
  test.use({ viewport: { width: 1280, height: 1400 } });

  // the administrator's saved theme goes back to the application default for the other journeys
  test.afterEach(({ baseURL }) => resetSavedTheme(baseURL as string, admin));

  test('every theme offered: the shell on the dashboard, the Users table and the User Setup dialog', async ({ page }) => {
    test.setTimeout(15 * 60_000);
    const started = Date.now();
    const inFlight = trackRequests(page);
    await signIn(page);
    await openPreferences(page);

    await themeSelect(page).click();
    const labels = await page.getByRole('listbox').getByRole('option').allTextContents();
    await page.keyboard.press('Escape');
    expect(labels).toHaveLength(THEME_IDS.length);

    // each theme chosen once as a person does; the default (in use, first) last
    const themes: AppliedTheme[] = [];
    for (const label of [...labels.slice(1), labels[0] as string]) {
      const theme = await chooseTheme(page, label);
      await expectColorSchemeFlag(page, theme);
      themes.push(theme);
    }
    expect(new Set(themes.map((t) => t.html.theme)).size).toBe(labels.length);
    const chosen = Date.now();

    const findings: Finding[] = [];
    const inEveryTheme = async (screen: string) => {
      const before = findings.length;
      for (const theme of themes) {
        await restoreTheme(page, theme);
        record(findings, theme.html.theme as string, screen, await seriousViolationsInPage(page, { rules: COLOUR_RULES, timeout: 30_000 }));
      }
      console.log(`${screen}: ${themes.length} themes, ${findings.length - before} findings`);
    };

    await openFromMenu(page, 'dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await ready(page, inFlight);
    await inEveryTheme('dashboard');

    await openFromMenu(page, 'settings.users');
    await expect(page.getByRole('table', { name: en.users.tableLabel }).getByRole('cell', { name: admin.userName, exact: true })).toBeVisible();
    await ready(page, inFlight);
    await inEveryTheme('users');

    await page.getByRole('button', { name: en.users.newUser }).click();
    const dialog = page.getByRole('dialog', { name: en.users.dialogTitle });
    await expect(dialog).toBeVisible();
    await ready(page, inFlight);
    await inEveryTheme('user setup dialog');
    await dialog.getByRole('form').getByRole('button', { name: en.users.close, exact: true }).click();
    await expect(dialog).toBeHidden();

    console.log(
      `themes: ${themes.length} themes chosen in ${Math.round((chosen - started) / 1000)} s, ` +
        `${themes.length * 3} checks in ${Math.round((Date.now() - chosen) / 1000)} s, ${findings.length} findings`,
    );
    expect(report(findings)).toEqual([]);
  });

  test('every screen of the menu in a light and a dark theme', async ({ page }) => {
    test.setTimeout(10 * 60_000);
    const started = Date.now();
    const inFlight = trackRequests(page);
    await signIn(page);
    const leaves = await sidebar(page)
      .locator('a[data-menu-id]')
      .evaluateAll((links) => links.map((a) => ({ id: (a as HTMLElement).dataset.menuId as string, href: a.getAttribute('href') as string })));
    // a user with every permission reaches a dozen screens and more
    expect(leaves.length).toBeGreaterThan(10);

    const findings: Finding[] = [];
    for (const label of ['Lara Light Green', 'Lara Dark Green']) {
      await openPreferences(page);
      const inUse = (await themeSelect(page).locator('.p-dropdown-label').textContent())?.trim() === label;
      const theme = inUse ? await applied(page, label) : await chooseTheme(page, label);
      expect(theme.html.colorScheme).toBe(label.includes('Dark') ? 'dark' : 'light');
      for (const leaf of leaves) {
        await openFromMenu(page, leaf.id);
        // a screen may name its first tab in the fragment (Farm Setup's #legal-entities): the menu's own fragment must match when it has one
        await expect(page).toHaveURL((url) => url.pathname + (leaf.href.includes('#') ? url.hash : '') === leaf.href);
        await ready(page, inFlight);
        record(findings, theme.html.theme as string, leaf.href, await seriousViolationsInPage(page, { timeout: 30_000 }));
      }
      console.log(`${theme.html.theme}: ${leaves.length} screens, ${findings.length} findings so far`);
    }
    console.log(`screens: ${leaves.length} screens x 2 themes in ${Math.round((Date.now() - started) / 1000)} s, ${findings.length} findings`);
    expect(report(findings)).toEqual([]);
  });
});
