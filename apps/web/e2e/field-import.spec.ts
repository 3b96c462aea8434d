/**
 * The CSV import of a field capture list in the browser, as the demo administrator on the
 * phenology screen: the template downloads with an example line; a file of two observations is
 * previewed line by line, written only on Import, and its rows appear in the list; a bad file (a
 * block not on the caller's farms, a formula cell) shows each refused line with its problem, Import
 * stays disabled and nothing is stored; a phone-wide screen keeps the preview without horizontal
 * page scroll.
 */
import { readFile } from 'node:fs/promises';
import { expect, request as playwrightRequest, test, type Page } from './support/test';
import { dayOf } from '@orchard/shared/core';
import {
  FIELD_IMPORT_MESSAGES,
  FIELD_CAPTURE_PATHS,
  PHENOLOGY_PATHS,
  type FieldBlock,
  type PhenologyObservationsResponse,
} from '@orchard/shared/field-capture';
import { en, scrollWidth, signIn, toast } from './support/app';
import { demoUser } from './support/demo-users';
import { dismissReleaseNote } from './support/users-api';

const f = en.fieldCapture;
const imp = f.import;
const admin = demoUser('admin');
const ORGANIZATION = admin.organizations[0]!.organizationName;
const HEADER = 'farm,block,observed_on,stage,percent_of_trees';

async function adminApi(baseURL: string) {
  const api = await playwrightRequest.newContext({ baseURL });
  const token = await api.post('/connect/token', { data: { grant_type: 'password', username: admin.userName, password: admin.password, remember_me: false } });
  expect(token.status()).toBe(200);
  const auth = { Authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}` };
  const orgs = (await (await api.get('/api/me/organizations', { headers: auth })).json()) as { id: number; name: string }[];
  const headers = { ...auth, 'x-organization-id': String(orgs.find((o) => o.name === ORGANIZATION)!.id) };
  const blocks = (await (await api.get(FIELD_CAPTURE_PATHS.blocks, { headers })).json()) as FieldBlock[];
  expect(blocks.length).toBeGreaterThan(0);
  const observations = async (blockId: number) =>
    ((await (await api.get(`${PHENOLOGY_PATHS.observations}?blockId=${blockId}&pageSize=100`, { headers })).json()) as PhenologyObservationsResponse).rows;
  return { block: blocks[0]!, observations };
}

async function openImport(page: Page) {
  await signIn(page, admin);
  await page.goto('/field/phenology');
  await expect(page.getByRole('heading', { level: 1, name: f.phenology.title })).toBeVisible({ timeout: 20_000 });
  const panel = page.locator('.capture-import');
  await panel.getByRole('button', { name: imp.heading }).first().click();
  const section = page.locator('.capture-import section.csv-import');
  await expect(section.getByRole('button', { name: imp.template })).toBeVisible();
  return section;
}

const choose = (page: Page, csv: string) =>
  page.locator('.capture-import input[type="file"]').setInputFiles({ name: 'phenology.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

test.describe('Field capture: CSV import', () => {
  test.beforeAll(async ({ baseURL }) => {
    await dismissReleaseNote(baseURL!, admin);
  });

  test('previews a file line by line, imports it and lists its rows', async ({ page, baseURL }) => {
    const { block, observations } = await adminApi(baseURL!);
    const day = dayOf(new Date());
    const [p1, p2] = [11 + Math.floor(Math.random() * 40), 51 + Math.floor(Math.random() * 40)];
    const section = await openImport(page);

    const download = page.waitForEvent('download');
    await section.getByRole('button', { name: imp.template }).click();
    const template = await download;
    expect(template.suggestedFilename()).toBe('phenology-template.csv');
    expect(await readFile(await template.path(), 'utf8')).toBe(`${HEADER}\r\nKransvlei,A1,2026-03-08,flowering,40\r\n`);

    const imports: string[] = [];
    page.on('request', (r) => r.url().includes(PHENOLOGY_PATHS.observations) && r.method() === 'POST' && imports.push(new URL(r.url()).searchParams.get('mode')!));

    await choose(page, [HEADER, `${block.farmName},${block.name},${day},Flowering,${p1}`, `${block.farmName},${block.name},${day},fruit-set,${p2}`].join('\n'));
    await expect(section.getByRole('status').filter({ hasText: '2 new, 0 imported before, 0 refused' })).toBeVisible();
    const preview = section.getByRole('table', { name: imp.previewTable });
    await expect(preview.getByRole('row')).toHaveCount(3);
    await expect(preview.getByText(imp.statuses.created, { exact: true })).toHaveCount(2);
    // previewed, not written: nothing is stored before Import
    expect(imports).toEqual(['preview']);
    expect((await observations(block.id)).filter((o) => o.observedOn === day && o.percentOfTrees === p1)).toEqual([]);
    await section.getByRole('button', { name: imp.import, exact: true }).click();
    await expect(toast(page, imp.imported).last()).toBeVisible();
    expect(imports).toEqual(['preview', 'commit']);

    const stored = (await observations(block.id)).filter((o) => o.observedOn === day);
    expect(stored.map((o) => `${o.stage} ${o.percentOfTrees}`)).toEqual(expect.arrayContaining([`flowering ${p1}`, `fruit-set ${p2}`]));
    const list = page.getByRole('table', { name: f.phenology.tableCaption });
    await expect(list.getByRole('row').filter({ hasText: 'Flowering' }).filter({ hasText: String(p1) }).first()).toBeVisible();
    await expect(list.getByRole('row').filter({ hasText: 'Fruit set' }).filter({ hasText: String(p2) }).first()).toBeVisible();
  });

  test('a bad file shows each refused line with its problem and cannot be imported', async ({ page, baseURL }) => {
    const { block, observations } = await adminApi(baseURL!);
    const before = (await observations(block.id)).length;
    await page.setViewportSize({ width: 375, height: 800 });
    const section = await openImport(page);
    await choose(page, [HEADER, `${block.farmName},No such block,2026-01-05,flowering,10`, `${block.farmName},${block.name},2026-01-05,"=HYPERLINK(""x"")",10`].join('\n'));
    await expect(section.getByRole('status').filter({ hasText: '0 new, 0 imported before, 2 refused' })).toBeVisible();
    await expect(section.getByText(imp.refusedHint)).toBeVisible();
    const preview = section.getByRole('table', { name: imp.previewTable });
    await expect(preview.getByText(`block: ${FIELD_IMPORT_MESSAGES.unknownBlock}`)).toBeVisible();
    await expect(preview.getByText(`stage: ${FIELD_IMPORT_MESSAGES.formula}`)).toBeVisible();
    await expect(section.getByRole('button', { name: imp.import, exact: true })).toBeDisabled();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    expect(await observations(block.id)).toHaveLength(before);
  });
});
