/**
 * The pest dashboard in the browser. As the demo scout (dashboard.pest and scouting.capture, no
 * harvest or picking permission): opened from the menu, the date picker's tooltip in the product's
 * words, choosing a day selects the 10 days before it as well, Apply loads the four panels for that
 * window, a session captured on the Scouting screen moves the infection figure of its block and the
 * figure opens that block's scouting, the season at a glance shows only the part the scout may see,
 * / and /dashboard are the same screen, axe-core clean at 1280 and 375 px with
 * no horizontal page scroll. As the demo administrator: the three figures of the season at a glance,
 * each linking to its report; the traps over threshold on a map (tiles only once asked for), each
 * opening its trap on the Traps screen. A user without dashboard.pest gets no menu entry, the URL answers as a
 * hidden screen, and the server refuses the panels.
 */
import { expect, request as playwrightRequest, test, type Page } from './support/test';
import { dayOf } from '@orchard/shared/core';
import { FIELD_CAPTURE_PATHS, SCOUTING_PATHS, type FieldBlock } from '@orchard/shared/field-capture';
import { PEST_DASHBOARD_PATHS, type PestDashboardResponse } from '@orchard/shared/pest-dashboard';
import { en, pageTitle, scrollWidth, signIn, toast } from './support/app';
import { seriousViolations } from './support/axe-check';
import { demoUser } from './support/demo-users';
import { typeSessionTimes } from './support/field-forms';
import { stubTiles } from './support/map-tiles';
import { dismissReleaseNote, uniqueName } from './support/users-api';

const p = en.pestDashboard;
const g = en.seasonGlance;
const f = en.fieldCapture;
const scout = demoUser('scout');
const admin = demoUser('admin');
const PATH = '/pest-dashboard';

/** A signed-in API context of a demo user in their first organisation. */
async function userApi(baseURL: string, user: { userName: string; password: string; organizations: readonly { organizationName: string }[] }) {
  const api = await playwrightRequest.newContext({ baseURL });
  const token = await api.post('/connect/token', { data: { grant_type: 'password', username: user.userName, password: user.password, remember_me: false } });
  expect(token.status()).toBe(200);
  const auth = { Authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}` };
  const orgs = (await (await api.get('/api/me/organizations', { headers: auth })).json()) as { id: number; name: string }[];
  const org = orgs.find((o) => o.name === user.organizations[0]!.organizationName)!;
  const headers = { ...auth, 'x-organization-id': String(org.id) };
  return {
    async get<T>(path: string, status = 200): Promise<T> {
      const res = await api.get(path, { headers });
      expect(res.status(), path).toBe(status);
      return (await res.json()) as T;
    },
    dispose: () => api.dispose(),
  };
}

/** yyyy-MM-dd plus or minus days, as the calendar counts them. */
function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
/** The demo organisations' culture (en-ZA) writes days as 2026/11/24. */
const shown = (day: string) => day.replaceAll('-', '/');

const infectionTable = (page: Page) => page.getByRole('table', { name: p.infection.caption });

async function openFromMenu(page: Page) {
  const sidebar = page.getByRole('navigation', { name: en.shell.mainMenu });
  await sidebar.getByText(en.menu['Pest Dashboard'], { exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${PATH}$`));
  // the pest dashboard is the dashboard screen (docs/domain.md): the organisation's welcome, then the pest dashboard
  await expect(page.getByRole('heading', { level: 1, name: en.dashboard.heading.replace('{{organization}}', '') })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: p.title, exact: true })).toBeVisible();
  await expect(page).toHaveTitle(pageTitle(p.title));
}

test.describe('Pest dashboard', () => {
  test.describe.configure({ timeout: 90_000 });
  test.beforeAll(async ({ baseURL }) => {
    await dismissReleaseNote(baseURL!, scout);
    await dismissReleaseNote(baseURL!, admin);
  });

  test('a day selects the 10 days before it; Apply loads the panels; a capture on the Scouting screen moves its block\'s figure', async ({ page, baseURL }) => {
    const api = await userApi(baseURL!, scout);
    const today = dayOf(new Date());
    await signIn(page, scout);

    // the first view: today on every farm, loaded at once
    const first = page.waitForResponse((r) => new URL(r.url()).pathname === PEST_DASHBOARD_PATHS.dashboard && r.ok());
    await openFromMenu(page);
    const firstAnswer = (await (await first).json()) as PestDashboardResponse;
    expect(firstAnswer.date).toBe(today);
    for (const heading of [p.infection.heading, p.trapCounts.heading, p.trapsOver.heading, p.scouting.heading]) {
      await expect(page.getByRole('heading', { level: 3, name: heading, exact: true })).toBeVisible();
    }
    // the season at a glance: only the scouting figure (no harvest or picking permission), and no link to a screen the scout cannot open
    const figures = page.locator('.season-figure');
    await expect(figures).toHaveCount(1);
    await expect(figures).toContainText(g.scouting);
    await expect(figures.getByRole('link')).toHaveCount(0);

    // the date picker: its tooltip, week numbers, and a day selecting the 10 days before it
    const dates = page.getByLabel(p.dates, { exact: true });
    await expect(dates).toHaveValue(`${shown(addDays(today, -10))} - ${shown(today)}`);
    await dates.hover();
    await expect(page.locator('.p-tooltip')).toHaveText(p.datesTooltip);
    await dates.click();
    const panel = page.locator('.pest-dashboard-calendar');
    await expect(panel).toBeVisible();
    await expect(panel.locator('.p-datepicker-weeknumber').first()).toBeVisible();
    // weeks start on Monday
    await expect(panel.locator('thead th').nth(1)).toHaveText(/^Mo/);
    // yesterday, or today on the first of a month (the calendar shows today's month)
    const chosen = today.endsWith('-01') ? today : addDays(today, -1);
    await panel
      .locator('td:not(.p-datepicker-weeknumber):not(.p-datepicker-other-month) span')
      .getByText(String(Number(chosen.slice(8))), { exact: true })
      .click();
    await expect(dates).toHaveValue(`${shown(addDays(chosen, -10))} - ${shown(chosen)}`);
    await page.keyboard.press('Escape');

    const applied = page.waitForResponse((r) => new URL(r.url()).pathname === PEST_DASHBOARD_PATHS.dashboard && r.url().includes(`date=${chosen}`));
    await page.getByRole('button', { name: p.apply, exact: true }).click();
    const answer = (await (await applied).json()) as PestDashboardResponse;
    expect([answer.from, answer.to]).toEqual([addDays(chosen, -10), chosen]);
    await expect(page.locator('.pest-dashboard-window')).toHaveText(p.window.replace('{{from}}', shown(answer.from)).replace('{{to}}', shown(answer.to)));

    // a capture on the Scouting screen: Red scale counted at point 1 of the scout's first block
    const blocks = (await api.get<FieldBlock[]>(FIELD_CAPTURE_PATHS.blocks)).sort((x, y) => x.farmName.localeCompare(y.farmName) || x.name.localeCompare(y.name));
    const block = blocks[0]!;
    const figureOf = (a: PestDashboardResponse) => a.infection.rows.find((r) => r.blockId === block.id && r.pest === 'red-scale');
    const before = figureOf(await api.get<PestDashboardResponse>(`${PEST_DASHBOARD_PATHS.dashboard}?date=${today}`));
    await page.goto('/field/scouting');
    const form = page.getByRole('form', { name: f.scouting.form });
    const choose = async (label: string, option: string) => {
      const field = form.locator('.field').filter({ has: page.locator('label', { hasText: new RegExp(`^${label}$`) }) });
      if ((await field.locator('.p-dropdown-label').textContent())?.trim() === option) return;
      await field.locator('.p-dropdown').click();
      await page.locator('.p-dropdown-panel').getByRole('option', { name: option, exact: true }).click();
      await expect(page.locator('.p-dropdown-panel')).toBeHidden();
    };
    await choose(f.farm, block.farmName);
    await choose(f.block, block.name);
    await typeSessionTimes(form);
    await choose(f.scouting.pest, 'Red scale');
    await form.getByLabel(f.scouting.count, { exact: true }).fill('7');
    await form.getByLabel(f.note, { exact: true }).fill(uniqueName('dashboard-'));
    await form.getByRole('button', { name: f.save, exact: true }).click();
    await expect(toast(page, f.success, f.scouting.saved).last()).toBeVisible();
    await expect(page.locator('.outbox-status')).toContainText(en.outbox.allSent);

    // back on the dashboard (today, every farm): the block's Red scale figure moved, as the server counts it
    const reloaded = page.waitForResponse((r) => new URL(r.url()).pathname === PEST_DASHBOARD_PATHS.dashboard && r.ok());
    await page.goto(PATH);
    const after = figureOf((await (await reloaded).json()) as PestDashboardResponse);
    expect(after).toBeDefined();
    expect(after!.pointsInspected).toBeGreaterThan(0);
    expect([after!.pointsInfested, after!.pointsInspected]).not.toEqual([before?.pointsInfested, before?.pointsInspected]);
    const row = infectionTable(page).locator('tbody tr').filter({ hasText: block.name }).filter({ hasText: after!.pestName });
    const points = p.infection.pointsValue.replace('{{infested}}', String(after!.pointsInfested)).replace('{{inspected}}', String(after!.pointsInspected));
    await expect(row.first()).toContainText(points);
    expect(await seriousViolations(page)).toEqual([]);

    // the figure opens the rows behind it: the block's scouting in the window, on the Scouting screen
    const dashboard = (await (await reloaded).json()) as PestDashboardResponse;
    const listed = page.waitForResponse((r) => new URL(r.url()).pathname === SCOUTING_PATHS.sessions && r.ok());
    await row.first().getByRole('link', { name: points, exact: false }).click();
    await expect(page).toHaveURL(`/field/scouting?farmId=${block.farmId}&blockId=${block.id}&from=${dashboard.from}&to=${dashboard.to}`);
    const query = new URL((await listed).url()).searchParams;
    expect([query.get('farmId'), query.get('blockId'), query.get('from'), query.get('to')]).toEqual([String(block.farmId), String(block.id), dashboard.from, dashboard.to]);
    await expect(page.getByRole('table', { name: f.scouting.tableCaption })).toContainText(block.name);
    await api.dispose();
  });

  test('the administrator\'s season at a glance: harvest, this week\'s bins and scouting, each linking to its report', async ({ page }) => {
    await signIn(page, admin);
    await openFromMenu(page);
    const figures = page.locator('.season-figure');
    await expect(figures).toHaveCount(3);
    await expect(figures.nth(0)).toContainText(g.harvest);
    await expect(figures.nth(1)).toContainText(g.packhouseWeek);
    await expect(figures.nth(2)).toContainText(g.scouting);
    await figures.nth(0).getByRole('link').click();
    await expect(page).toHaveURL(/\/packhouse\/harvestpucreport$/);
  });

  test('the traps over threshold: each links to its trap, and they show on a map on request only', async ({ page }) => {
    const tiles = await stubTiles(page);
    await signIn(page, admin);
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === PEST_DASHBOARD_PATHS.dashboard && r.ok());
    await openFromMenu(page);
    const over = ((await (await answer).json()) as PestDashboardResponse).trapsOverThreshold.rows;
    // the demo world has traps over threshold today
    expect(over.length).toBeGreaterThan(0);
    const table = page.getByRole('table', { name: p.trapsOver.caption });
    await expect(table.locator('tbody tr')).toHaveCount(over.length);
    // no map, no tiles, until asked for
    expect(tiles()).toBe(0);
    await expect(page.locator('.pest-trap-map')).toHaveCount(0);
    const toggle = page.getByRole('button', { name: p.trapsOver.showMap, exact: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const map = page.getByRole('group', { name: p.trapsOver.map });
    await expect(map.locator('.leaflet-marker-icon')).toHaveCount(over.length);
    const first = over[0]!;
    const trapText = first.code ? `${first.code} (${first.trapTypeName})` : first.trapTypeName;
    await expect(map.locator('.leaflet-marker-icon').first()).toHaveAttribute('alt', new RegExp(`^${trapText.replace(/[()]/g, '\\$&')} on `));
    await expect.poll(tiles).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: p.trapsOver.hideMap, exact: true }).click();
    await expect(page.locator('.pest-trap-map')).toHaveCount(0);

    // a trap opens its block's traps and inspections on the Traps screen
    await table.locator('tbody tr').first().getByRole('link', { name: trapText, exact: false }).click();
    await expect(page).toHaveURL(`/field/traps?farmId=${first.farmId}&blockId=${first.blockId}`);
    await expect(page.getByRole('table', { name: f.traps.inspectionCaption })).toContainText(first.blockName);
    await page.getByRole('tab', { name: f.traps.trapsTab, exact: true }).click();
    await expect(page.getByRole('table', { name: f.traps.tableCaption })).toContainText(first.blockName);
  });

  test('the compact input checks list every farm the Farm filter chooses; the threshold\'s legend marker is its dashed line', async ({ page, baseURL }) => {
    const api = await userApi(baseURL!, admin);
    const farms = await api.get<{ id: number; farmName: string }[]>(PEST_DASHBOARD_PATHS.farms);
    await api.dispose();
    // the demo grower has farms without scouting blocks: those are listed too, as the filter chooses them
    expect(farms.length).toBeGreaterThan(3);
    await signIn(page, admin);
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === PEST_DASHBOARD_PATHS.dashboard && r.ok());
    await openFromMenu(page);
    const dashboard = (await (await answer).json()) as PestDashboardResponse;
    const compact = page.getByRole('table', { name: en.inputChecks.compactCaption });
    await expect(compact.locator('tbody tr')).toHaveCount(farms.length);
    const listed = (await compact.locator('tbody tr td:first-child').allInnerTexts()).map((text) => text.trim()).sort();
    expect(listed).toEqual(farms.map((farm) => farm.farmName).sort());

    // the legend of a chart with a threshold: the threshold's marker is a thin dashed line, not a box
    const withThreshold = dashboard.trapCounts.series.findIndex((series) => series.thresholdCount !== null);
    expect(withThreshold).toBeGreaterThanOrEqual(0);
    const canvas = page.locator('.pest-chart canvas').nth(withThreshold);
    await expect(canvas).toBeVisible();
    const measure = () => canvas.evaluate((element: HTMLCanvasElement) => {
      const style = getComputedStyle(document.documentElement).getPropertyValue('--red-500').trim() || '#ef4444';
      const probe = document.createElement('canvas').getContext('2d')!;
      probe.fillStyle = style;
      probe.fillRect(0, 0, 1, 1);
      const [r0, g0, b0] = probe.getImageData(0, 0, 1, 1).data;
      const { width, height } = element;
      const pixels = element.getContext('2d')!.getImageData(0, 0, width, height).data;
      const red = (x: number, y: number) => {
        const i = (y * width + x) * 4;
        return pixels[i + 3]! > 100 && Math.abs(pixels[i]! - r0!) + Math.abs(pixels[i + 1]! - g0!) + Math.abs(pixels[i + 2]! - b0!) < 90;
      };
      // the first band of rows with the threshold's colour, from the top: the legend's marker
      const rows: number[] = [];
      for (let y = 0; y < height; y += 1) {
        let any = false;
        for (let x = 0; x < width && !any; x += 1) any = red(x, y);
        if (any) rows.push(y);
        else if (rows.length) break;
      }
      const middle = rows[Math.floor(rows.length / 2)] ?? 0;
      const xs: number[] = [];
      for (let x = 0; x < width; x += 1) if (red(x, middle)) xs.push(x);
      const runs = xs.filter((x, i) => i === 0 || x !== xs[i - 1]! + 1).length;
      return { height: rows.length / devicePixelRatio, width: xs.length ? (xs[xs.length - 1]! - xs[0]! + 1) / devicePixelRatio : 0, runs };
    });
    // drawn once Chart.js has loaded
    await expect.poll(async () => (await measure()).height).toBeGreaterThan(0);
    const marker = await measure();
    expect(marker.height).toBeLessThanOrEqual(3);
    expect(marker.width).toBeGreaterThanOrEqual(20);
    expect(marker.runs).toBeGreaterThanOrEqual(2);
  });

  test.describe('375 px wide', () => {
    test.use({ viewport: { width: 375, height: 740 } });
    test('the screen fits; tables scroll inside themselves; axe-clean', async ({ page }) => {
      await signIn(page, scout);
      const answer = page.waitForResponse((r) => new URL(r.url()).pathname === PEST_DASHBOARD_PATHS.dashboard && r.ok());
      await page.goto(PATH);
      await answer;
      await expect(page.getByRole('heading', { level: 3, name: p.scouting.heading })).toBeVisible();
      expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });

  test('the landing page is the same screen: / and /dashboard show the pest dashboard to its holders', async ({ page }) => {
    await signIn(page, scout);
    for (const path of ['/', '/dashboard']) {
      const answer = page.waitForResponse((r) => new URL(r.url()).pathname === PEST_DASHBOARD_PATHS.dashboard && r.ok());
      await page.goto(path);
      await answer;
      await expect(page.getByRole('heading', { level: 2, name: p.title, exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { level: 3, name: p.infection.heading, exact: true })).toBeVisible();
      await expect(page.getByLabel(p.dates, { exact: true })).toBeVisible();
    }
  });

  test('without dashboard.pest there is no menu entry, the URL answers as a hidden screen, and the server refuses', async ({ page, baseURL }) => {
    const staff = demoUser('staff');
    await signIn(page, staff);
    const sidebar = page.getByRole('navigation', { name: en.shell.mainMenu });
    await expect(sidebar.getByText(en.menu['Pest Dashboard'], { exact: true })).toHaveCount(0);
    // the landing page is the same screen without the pest dashboard, and asks nothing of its API
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === PEST_DASHBOARD_PATHS.dashboard) asked.push(r.url());
    });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: en.dashboard.heading.replace('{{organization}}', '') })).toBeVisible();
    await expect(page.getByText(en.dashboard.useTheMenu, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: p.title })).toHaveCount(0);
    await page.goto(PATH);
    await expect(page).toHaveURL(/\/accessdenied$/);
    await expect(page.getByRole('heading', { name: p.title })).toHaveCount(0);
    expect(asked).toEqual([]);
    const api = await userApi(baseURL!, staff);
    await api.get(PEST_DASHBOARD_PATHS.dashboard, 403);
    await api.dispose();
  });
});
