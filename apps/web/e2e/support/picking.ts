/** Steps shared by the picking-schedule journeys: signing in over the API to look at the data, CSV downloads. */
import { expect, type Download, type Page, type APIRequestContext } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { readFile } from 'node:fs/promises';
import { ORGANIZATION_HEADER } from '@orchard/shared/core';
import { SHELL_PATHS } from '@orchard/shared/shell';
import { allowForAxeRun } from './axe-check';
import type { DemoUser } from './demo-users';

/** Headers of `user` signed in over the API in the organisation called `organizationName`. */
export async function apiHeaders(request: APIRequestContext, user: DemoUser, organizationName: string) {
  const token = await request.post('/connect/token', { data: { grant_type: 'password', username: user.userName, password: user.password } });
  expect(token.ok(), await token.text()).toBe(true);
  const { access_token } = (await token.json()) as { access_token: string };
  const auth = { Authorization: `Bearer ${access_token}` };
  const orgs = (await (await request.get(SHELL_PATHS.organizations, { headers: auth })).json()) as { id: number; name: string }[];
  const org = orgs.find((o) => o.name === organizationName);
  if (!org) throw new Error(`${user.userName} is not in ${organizationName}`);
  return { ...auth, [ORGANIZATION_HEADER]: String(org.id) };
}

/** A download's CSV: the first line as written, then the parsed records. */
export async function readCsv(download: Download) {
  const path = await download.path();
  const text = await readFile(path, 'utf8');
  const [firstLine, ...rest] = text.split(/\r?\n/);
  const records = parse(rest.join('\n'), { relax_column_count: true, skip_empty_lines: true }) as string[][];
  return { firstLine, header: records[0] ?? [], rows: records.slice(1) };
}

/** Picks a PrimeReact dropdown option inside `scope`'s dropdown. */
export async function chooseOption(page: Page, dropdown: ReturnType<Page['locator']>, option: string) {
  // in the middle of the screen: PrimeReact closes an open list when anything scrolls
  await dropdown.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }));
  await dropdown.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** axe-core serious and critical violations, after running animations have ended (contrast mid-fade). */
export async function seriousViolations(page: Page) {
  allowForAxeRun();
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  await expect
    .poll(() =>
      page.evaluate(
        () => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity).length,
      ),
    )
    .toBe(0);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}
