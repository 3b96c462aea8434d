/**
 * The attention list in the bell (docs/domain.md, Attention list): the packhouse user plans a week over
 * one of their packhouses' capacity (through the API), the bell counts it, the panel shows it under
 * "Needs your attention" with a link to the capacity table; Dismiss removes it for good, Confirm
 * too; the open panel is axe-clean, also at 375 px in a dark theme. Each week's capacity is put
 * back afterwards. The administrator finds a farm whose input checks are stale and follows it to
 * the input checks report.
 */
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { ATTENTION_PATHS, type AttentionListResponse } from '@orchard/shared/attention';
import { NOTIFICATIONS_PATHS } from '@orchard/shared/notifications';
import { PICKING_PATHS, type CapacityPage, type CapacityRowResponse } from '@orchard/shared/picking';
import { APP_DEFAULT_THEME_ID, PREFERENCES_PATHS, type PreferencesResponse } from '@orchard/shared/preferences';
import { seriousViolations } from './support/axe-check';
import { en, fillLogin, loginForm } from './support/app';
import { demoUser } from './support/demo-users';
import { apiHeaders } from './support/picking';

const PACKHOUSE_ORG = 'Sundays River Packers';
// the picking journey edits Kirkwood's capacity: stay clear of it
const PACKHOUSES = ['Addo Packhouse', 'Patensie Packhouse'];
const user = demoUser('packhouse');
const attentionRegion = new RegExp(`^${en.notifications.attention.title}`);

/**
 * Plans the `index`-th editable week with bins at Addo or Patensie over capacity (capacity one
 * below the bins); answers the item's value and header, and how to put the capacity back.
 */
async function weekOverCapacity(request: APIRequestContext, headers: Record<string, string>, index: number) {
  const capacities = (await (await request.get(PICKING_PATHS.capacities, { headers })).json()) as CapacityPage;
  const candidates = capacities.rows
    .filter((r) => PACKHOUSES.includes(r.packhouseName))
    .flatMap((row) => Object.values(row.weeks).filter((w) => !w.readonly && w.totalBins > 0).map((week) => ({ row, week })));
  expect(candidates.length, `editable weeks with bins at ${PACKHOUSES.join(' or ')}`).toBeGreaterThan(index);
  const { row, week } = candidates[index]!;
  const path = PICKING_PATHS.packhouseCapacity.replace(':packhouseId', String(row.packhouse));
  const save = async (capacity: number, version: number | null) => {
    const res = await request.put(path, { headers, data: { weeks: [{ year: week.year, week: week.week, capacity, version }] } });
    expect(res.status(), await res.text()).toBe(200);
    return Object.values(((await res.json()) as CapacityRowResponse).weeks).find((w) => w.year === week.year && w.week === week.week)!;
  };
  const saved = await save(week.totalBins - 1, week.version);
  return {
    value: `${row.packhouse}:${week.year}-W${String(week.week).padStart(2, '0')}`,
    header: `${row.packhouseName}: week ${week.week} of ${week.year} over capacity`,
    restore: async () => {
      await save(week.capacity ?? week.totalBins, saved.version);
    },
  };
}

async function signInAndOpenBell(page: Page) {
  await page.goto('/login');
  await fillLogin(page, user);
  await loginForm(page).logIn.click();
  await expect(page).not.toHaveURL(/\/login$/);
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  return bell;
}

test('a week planned over capacity needs the packhouse user: counted on the bell, shown in its panel, dismissed for good', async ({ page, request }) => {
  test.setTimeout(40_000);
  const headers = await apiHeaders(request, user, PACKHOUSE_ORG);
  const over = await weekOverCapacity(request, headers, 0);
  try {
    const attention = (await (await request.get(ATTENTION_PATHS.list, { headers })).json()) as AttentionListResponse;
    expect(attention.items.map((i) => i.actionValue)).toContain(over.value);
    const organizationId = headers['x-organization-id'];
    const unread = ((await (await request.get(`${NOTIFICATIONS_PATHS.unreadCount}?organizationId=${organizationId}`, { headers })).json()) as { count: number }).count;
    const name = (n: number) =>
      n === 0
        ? unread > 0
          ? `Notifications, ${unread} unread`
          : en.notifications.bell
        : unread > 0
          ? `Notifications, ${unread} unread, ${n} need your attention`
          : `Notifications, ${n} need your attention`;

    const bell = await signInAndOpenBell(page);
    await expect(bell).toHaveAccessibleName(name(attention.count));
    const total = unread + attention.count;
    await expect(bell.locator('.notifications-badge')).toHaveText(total > 99 ? '99+' : String(total));

    await bell.click();
    const panel = page.getByRole('dialog', { name: en.notifications.title });
    const section = panel.getByRole('region', { name: attentionRegion });
    const item = section.getByRole('listitem').filter({ hasText: over.header });
    await expect(item).toBeVisible();
    await expect(item).toContainText('bins planned for a capacity of');
    await expect(item.getByRole('link', { name: `${en.notifications.attention.open}: ${over.header}` })).toHaveAttribute('href', '/packhouse/pickingschedulepackhouse');
    expect(await seriousViolations(page, '.notifications-panel')).toEqual([]);

    await item.getByRole('button', { name: `${en.notifications.attention.dismiss}: ${over.header}` }).click();
    await expect(section.getByRole('listitem').filter({ hasText: over.header })).toHaveCount(0);
    await expect(panel.getByRole('status').filter({ hasText: `Dismissed: ${over.header}` })).toBeAttached();
    await expect(bell).toHaveAccessibleName(name(attention.count - 1));

    await page.reload();
    await page.getByRole('banner').getByRole('button', { name: /^Notifications/ }).click();
    const reopened = page.getByRole('dialog', { name: en.notifications.title });
    await expect(reopened.getByRole('region', { name: attentionRegion })).toBeVisible();
    await expect(reopened.getByRole('listitem').filter({ hasText: over.header })).toHaveCount(0);
  } finally {
    await over.restore();
  }
});

test.describe('on a phone in a dark theme', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the panel fits, is axe-clean, and Confirm settles the item', async ({ page, request }) => {
    test.setTimeout(40_000);
    const headers = await apiHeaders(request, user, PACKHOUSE_ORG);
    const before = (await (await request.get(PREFERENCES_PATHS.preferences, { headers })).json()) as PreferencesResponse;
    const theme = await request.put(PREFERENCES_PATHS.preferences, { headers, data: { themeId: 'lara-dark-blue' } });
    expect(theme.status()).toBe(200);
    const over = await weekOverCapacity(request, headers, 1);
    try {
      const bell = await signInAndOpenBell(page);
      await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
      await bell.click();
      const panel = page.getByRole('dialog', { name: en.notifications.title });
      const item = panel.getByRole('region', { name: attentionRegion }).getByRole('listitem').filter({ hasText: over.header });
      await expect(item).toBeVisible();
      const box = (await page.locator('.notifications-panel').boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await seriousViolations(page, '.notifications-panel')).toEqual([]);

      await item.getByRole('button', { name: `${en.notifications.attention.confirm}: ${over.header}` }).click();
      await expect(panel.getByRole('listitem').filter({ hasText: over.header })).toHaveCount(0);
      await expect(panel.getByRole('status').filter({ hasText: `Confirmed: ${over.header}` })).toBeAttached();
      const after = (await (await request.get(ATTENTION_PATHS.list, { headers })).json()) as AttentionListResponse;
      expect(after.items.map((i) => i.actionValue)).not.toContain(over.value);
    } finally {
      await over.restore();
      await request.put(PREFERENCES_PATHS.preferences, { headers, data: { themeId: before.themeId ?? APP_DEFAULT_THEME_ID } });
    }
  });
});

test('a farm whose input checks are stale needs the administrator: shown in the bell, it leads to the input checks report', async ({ page, request }) => {
  const admin = demoUser('admin');
  const headers = await apiHeaders(request, admin, 'Citrus Valley Growers');
  const attention = (await (await request.get(ATTENTION_PATHS.list, { headers })).json()) as AttentionListResponse;
  // the demo data leaves Rietfontein unread for 20 days
  const stale = attention.items.find((i) => i.type === 'input-checks' && i.farmName === 'Rietfontein');
  expect(stale, 'Rietfontein is an input checks item').toBeDefined();
  const header = en.notifications.attention.inputChecksHeader.replace('{{farm}}', 'Rietfontein');

  await page.goto('/login');
  await fillLogin(page, admin);
  await loginForm(page).logIn.click();
  await expect(page).not.toHaveURL(/\/login$/);
  await page.getByRole('banner').getByRole('button', { name: /^Notifications/ }).click();
  const panel = page.getByRole('dialog', { name: en.notifications.title });
  const item = panel.getByRole('region', { name: attentionRegion }).getByRole('listitem').filter({ hasText: header });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Not recorded for 14 days or more:');
  await item.getByRole('link', { name: `${en.notifications.attention.open}: ${header}` }).click();
  await expect(page).toHaveURL(/\/management\/inputchecks$/);
});
