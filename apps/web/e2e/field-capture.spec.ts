/**
 * Field capture in the browser, as the demo scout: the scouting screen opened from the menu, three
 * sessions captured with the network off (each waiting to send, kept in the browser), the page
 * closed and opened again once the network is back (the outbox sends them: exactly three on the
 * server), a capture the server refuses shown with its reason, corrected and sent; a resend of
 * one capture id through the API stores no second row; axe-core clean at 1280 and 375 px with no
 * horizontal scroll on a phone.
 */
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from './support/test';
import { dayOf } from '@orchard/shared/core';
import {
  FIELD_CAPTURE_PATHS,
  SCOUTING_PATHS,
  type FieldBlock,
  type ScoutingSession,
  type ScoutingSessionsResponse,
} from '@orchard/shared/field-capture';
import { en, exactly, scrollWidth, signIn, toast } from './support/app';
import { seriousViolations } from './support/axe-check';
import { demoUser } from './support/demo-users';
import { typeSessionTimes } from './support/field-forms';
import { dismissReleaseNote, uniqueName } from './support/users-api';

const f = en.fieldCapture;
const s = f.scouting;
const scout = demoUser('scout');
const ORGANIZATION = scout.organizations[0]!.organizationName;

interface Api {
  api: APIRequestContext;
  headers: Record<string, string>;
}

async function scoutApi(baseURL: string): Promise<Api> {
  const api = await playwrightRequest.newContext({ baseURL });
  const token = await api.post('/connect/token', { data: { grant_type: 'password', username: scout.userName, password: scout.password, remember_me: false } });
  expect(token.status()).toBe(200);
  const auth = { Authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}` };
  const orgs = (await (await api.get('/api/me/organizations', { headers: auth })).json()) as { id: number; name: string }[];
  const org = orgs.find((o) => o.name === ORGANIZATION)!;
  return { api, headers: { ...auth, 'x-organization-id': String(org.id) } };
}

/** Every session of a block on a day whose notes carry `tag`. */
async function sessionsTagged(a: Api, blockId: number, tag: string): Promise<ScoutingSession[]> {
  const day = dayOf(new Date());
  const res = await a.api.get(`${SCOUTING_PATHS.sessions}?blockId=${blockId}&from=${day}&to=${day}&pageSize=100`, { headers: a.headers });
  expect(res.status()).toBe(200);
  const page = (await res.json()) as ScoutingSessionsResponse;
  return page.rows.filter((r) => r.observations.some((o) => o.note?.startsWith(tag)));
}

async function firstBlock(a: Api): Promise<FieldBlock> {
  const res = await a.api.get(FIELD_CAPTURE_PATHS.blocks, { headers: a.headers });
  expect(res.status()).toBe(200);
  const blocks = ((await res.json()) as FieldBlock[]).sort((x, y) => x.farmName.localeCompare(y.farmName) || x.name.localeCompare(y.name));
  expect(blocks.length).toBeGreaterThan(0);
  return blocks[0]!;
}

const form = (page: Page) => page.getByRole('form', { name: s.form });
const status = (page: Page) => page.locator('.outbox-status');
const pending = (page: Page) => page.locator('.pending-capture');

async function openScouting(page: Page, viaMenu: boolean) {
  if (viaMenu) {
    const sidebar = page.getByRole('navigation', { name: en.shell.mainMenu });
    await sidebar.getByText(en.menu['Field Data'], { exact: true }).click();
    await sidebar.getByText(en.menu.Scouting, { exact: true }).click();
    await expect(page).toHaveURL(/\/field\/scouting$/);
  } else {
    await page.goto('/field/scouting');
  }
  await expect(page.getByRole('heading', { level: 1, name: s.title })).toBeVisible();
}

const formField = (page: Page, label: string) => form(page).locator('.field').filter({ has: page.locator('label', { hasText: exactly(label) }) });
const chosen = async (page: Page, label: string) => (await formField(page, label).locator('.p-dropdown-label').textContent())?.trim();

async function chooseOption(page: Page, label: string, option: string) {
  await formField(page, label).locator('.p-dropdown').click();
  await page.locator('.p-dropdown-panel').getByRole('option', { name: option, exact: true }).click();
  await expect(page.locator('.p-dropdown-panel')).toBeHidden();
}

/** One session on the block: Red scale counted at point 1, with a note. */
async function captureSession(page: Page, block: FieldBlock, note: string, count: string) {
  if ((await chosen(page, f.farm)) !== block.farmName) await chooseOption(page, f.farm, block.farmName);
  if ((await chosen(page, f.block)) !== block.name) await chooseOption(page, f.block, block.name);
  await typeSessionTimes(form(page));
  await chooseOption(page, s.pest, 'Red scale');
  const countInput = form(page).getByLabel(s.count, { exact: true });
  await expect(countInput).toHaveAttribute('inputmode', 'numeric');
  await countInput.fill(count);
  await form(page).getByLabel(f.note, { exact: true }).fill(note);
  await form(page).getByRole('button', { name: f.save, exact: true }).click();
  await expect(toast(page, f.success, s.saved).last()).toBeVisible();
}

test.describe('Field capture: scouting', () => {
  test.beforeAll(async ({ baseURL }) => {
    await dismissReleaseNote(baseURL!, scout);
  });

  test('captures offline, keeps the captures over a closed page, sends them once when online', async ({ page, context, baseURL }) => {
    // three captures through the phone form and a second page load
    test.setTimeout(60_000);
    const a = await scoutApi(baseURL!);
    const block = await firstBlock(a);
    const tag = uniqueName('offline-');
    await signIn(page, scout);
    await openScouting(page, true);
    await expect(status(page)).toContainText(en.outbox.online);
    await expect(status(page)).toContainText(en.outbox.allSent);

    await context.setOffline(true);
    await expect(status(page)).toContainText(en.outbox.offline);
    for (const n of [1, 2, 3]) await captureSession(page, block, `${tag}-${n}`, String(n * 4));
    await expect(status(page)).toContainText(en.outbox.waitingCount_other.replace('{{count}}', '3'));
    await expect(pending(page)).toHaveCount(3);
    for (const row of await pending(page).all()) await expect(row).toContainText(en.outbox.waiting);
    // nothing reached the server
    expect(await sessionsTagged(a, block.id, tag)).toEqual([]);

    // the page goes away while offline; the network comes back; the app opens again
    await page.close();
    await context.setOffline(false);
    const again = await context.newPage();
    const posts: number[] = [];
    again.on('response', (r) => {
      if (new URL(r.url()).pathname === SCOUTING_PATHS.sessions && r.request().method() === 'POST') posts.push(r.status());
    });
    // a fresh page: the app loads, restores the session from its cookie, then the outbox sends
    await again.goto('/field/scouting');
    await expect(again.getByRole('heading', { level: 1, name: s.title })).toBeVisible({ timeout: 20_000 });
    await expect(status(again)).toContainText(en.outbox.allSent, { timeout: 20_000 });
    await expect(pending(again)).toHaveCount(0);
    // one send per capture, each answered as stored: 201, or 200 when the server already had that
    // client id. Seen about 1 run in 7: the page saw one POST, answered 200; the server's request
    // log showed that POST arriving twice, 201 on a reused connection and 575 ms later 200 on a new
    // one (the browser sent it again itself); the client id keeps it stored once
    expect(posts).toHaveLength(3);
    for (const status of posts) expect([200, 201]).toContain(status);

    const stored = await sessionsTagged(a, block.id, tag);
    expect(stored).toHaveLength(3);
    expect(stored.map((r) => r.observations[0]!.count).sort((x, y) => x! - y!)).toEqual([4, 8, 12]);
    expect(new Set(stored.map((r) => r.clientId)).size).toBe(3);
    // the list shows them
    const table = again.getByRole('table', { name: s.tableCaption });
    await expect(table.getByText(`Red scale ${8}`, { exact: false }).first()).toBeVisible();
  });

  test('a refused capture shows the reason, is corrected and sent', async ({ page, baseURL }) => {
    const a = await scoutApi(baseURL!);
    const block = await firstBlock(a);
    const tag = uniqueName('refused-');
    await signIn(page, scout);
    await openScouting(page, false);
    const refusal = 'The end time must not be before the start time';
    await page.route(`**${SCOUTING_PATHS.sessions}`, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({
              error: { code: 'VALIDATION_FAILED', message: 'Invalid', reason: 'request-invalid', details: [{ field: 'endedAt', message: refusal, reason: 'scouting-end-before-start' }] },
              requestId: 'e2e',
            }),
          })
        : route.continue(),
    );
    await captureSession(page, block, `${tag}-1`, '5');
    await expect(pending(page)).toHaveCount(1);
    await expect(pending(page)).toContainText(en.outbox.refused);
    await expect(pending(page)).toContainText(refusal);
    await expect(status(page)).toContainText(en.outbox.refusedCount_one.replace('{{count}}', '1'));
    await page.unroute(`**${SCOUTING_PATHS.sessions}`);

    await pending(page).getByRole('button', { name: /^Correct / }).click();
    const corrected = page.getByRole('form', { name: f.editRefused });
    await expect(corrected.getByLabel(f.note, { exact: true })).toHaveValue(`${tag}-1`);
    await expect(corrected.getByText(refusal)).toBeVisible();
    const sent = page.waitForResponse((r) => new URL(r.url()).pathname === SCOUTING_PATHS.sessions && r.request().method() === 'POST');
    await corrected.getByRole('button', { name: f.save, exact: true }).click();
    expect((await sent).status()).toBe(201);
    await expect(pending(page)).toHaveCount(0);
    expect(await sessionsTagged(a, block.id, tag)).toHaveLength(1);
  });

  test('a resend of one capture id stores no second session', async ({ baseURL }) => {
    const a = await scoutApi(baseURL!);
    const block = await firstBlock(a);
    const tag = uniqueName('resend-');
    const now = Date.now();
    const body = {
      clientId: crypto.randomUUID(),
      farmBlockId: block.id,
      startedAt: new Date(now - 30 * 60_000).toISOString(),
      endedAt: new Date(now - 60_000).toISOString(),
      observations: [{ pointNumber: 1, pest: 'red-scale', count: 2, present: null, note: tag }],
    };
    const first = await a.api.post(SCOUTING_PATHS.sessions, { headers: a.headers, data: body });
    expect(first.status()).toBe(201);
    const again = await a.api.post(SCOUTING_PATHS.sessions, { headers: a.headers, data: body });
    expect(again.status()).toBe(200);
    expect(((await again.json()) as ScoutingSession).id).toBe(((await first.json()) as ScoutingSession).id);
    expect(await sessionsTagged(a, block.id, tag)).toHaveLength(1);
  });

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 800 },
  ]) {
    test(`axe-core clean at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signIn(page, scout);
      await openScouting(page, false);
      await expect(formField(page, f.farm)).toBeVisible();
      await chooseOption(page, s.pest, 'Citrus psylla');
      await expect(form(page).getByRole('radio', { name: s.present, exact: true })).toBeVisible();
      await expect(page.getByRole('table', { name: s.tableCaption })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await scrollWidth(page)).toBeLessThanOrEqual(viewport.width);
    });
  }
});

test.describe('Field capture: traps, irrigation, phenology', () => {
  const admin = demoUser('admin');
  const areas = [
    { path: '/field/traps', title: f.traps.title, tabs: [f.traps.inspectionsTab, f.traps.trapsTab] },
    { path: '/field/irrigation', title: f.irrigation.title, tabs: [f.irrigation.tensioTab, f.irrigation.waterTab] },
    { path: '/field/phenology', title: f.phenology.title, tabs: [] },
  ];

  test('each screen opens from its URL with its lists, axe-core clean; a phenology observation is captured and listed', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, admin);
    for (const area of areas) {
      await page.goto(area.path);
      await expect(page.getByRole('heading', { level: 1, name: area.title })).toBeVisible();
      await expect(page.getByRole('tab')).toHaveText(area.tabs);
      await expect(page.locator('.capture-form')).toBeVisible();
      await expect(page.locator('.records-table')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    }

    // phenology: the same capture flow, another area
    const observation = page.getByRole('form', { name: f.phenology.form });
    const field = (label: string) => observation.locator('.field').filter({ has: page.locator('label', { hasText: exactly(label) }) });
    const choose = async (label: string, option?: string) => {
      await field(label).locator('.p-dropdown').click();
      const panel = page.locator('.p-dropdown-panel');
      await (option ? panel.getByRole('option', { name: option, exact: true }) : panel.getByRole('option').first()).click();
      await expect(panel).toBeHidden();
    };
    await choose(f.farm);
    await choose(f.block);
    await choose(f.phenology.stage, 'Flowering');
    const percent = field(f.phenology.percent).locator('input');
    await expect(percent).toHaveAttribute('inputmode', 'decimal');
    // more decimals than kept: the shared rule's message, nothing queued
    await percent.fill('35.55');
    await observation.getByRole('button', { name: f.save, exact: true }).click();
    await expect(field(f.phenology.percent)).toContainText('The share of trees must be from 0 to 100 %, with at most 1 decimal');
    await expect(pending(page)).toHaveCount(0);

    await percent.fill('35.5');
    const sent = page.waitForResponse((r) => r.url().includes('/api/phenology/observations') && r.request().method() === 'POST');
    await observation.getByRole('button', { name: f.save, exact: true }).click();
    expect((await sent).status()).toBe(201);
    await expect(page.getByRole('table', { name: f.phenology.tableCaption }).getByText('Flowering').first()).toBeVisible();
  });
});
