/** The notifications bell (docs/domain.md, Notifications): a role change by an administrator arrives live. */
import { expect, test } from './support/test';
import { NOTIFICATION_POLL_MS } from '../src/lib/ui-constants';
import { NOTIFICATIONS_PATHS } from '@orchard/shared/notifications';
import { seriousViolations } from './support/axe-check';
import { en, fillLogin, loginForm } from './support/app';
import { demoUser } from './support/demo-users';
import { apiSignIn, createUser } from './support/users-api';

const GROWER = 'Citrus Valley Growers';

test('a role change made elsewhere reaches the open page: count, panel, read, pin, delete', async ({ page, baseURL }) => {
  const session = await apiSignIn(baseURL as string, demoUser('admin'));
  const user = await createUser(session, GROWER, { prefix: 'bell', roles: ['Staff'] });
  const org = session.organizations.find((o) => o.name === GROWER)!;
  const h = { Authorization: `Bearer ${session.token}`, 'x-organization-id': String(org.id) };

  await page.goto('/login');
  await fillLogin(page, user);
  await loginForm(page).logIn.click();
  await expect(page).not.toHaveURL(/\/login$/);
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  // creating the user may already have notified them: count from what the bell shows now
  const unreadNow = async () => {
    const res = await userSession.api.get(`/api/notifications/unread-count?organizationId=${org.id}`, { headers: { Authorization: `Bearer ${userToken}` } });
    return ((await res.json()) as { count: number }).count;
  };
  const userSession = await apiSignIn(baseURL as string, user);
  const userToken = userSession.token;
  const before = await unreadNow();
  await expect(bell).toHaveAccessibleName(before ? `Notifications, ${before} unread` : en.notifications.bell);

  const roles = ((await (await session.api.get('/api/users', { headers: h })).json()) as { roles: { id: number; name: string }[] }).roles;
  const roleIds = ['Staff', 'Manager'].map((name) => roles.find((r) => r.name === name)!.id);
  // no reload: the stream (or its `ready` reload, if it was still connecting) brings the new count
  const res = await session.api.put(`/api/users/${user.id}/roles`, { headers: h, data: { roleIds } });
  expect(res.status(), await res.text()).toBe(200);
  await expect(bell).toHaveAccessibleName(`Notifications, ${before + 1} unread`, { timeout: 15_000 });
  await expect(bell.locator('.notifications-badge')).toHaveText(String(before + 1));

  await bell.click();
  const panel = page.getByRole('dialog', { name: en.notifications.title });
  await expect(panel).toBeVisible();
  const item = panel.locator('li.notification').first();
  await expect(item).toBeVisible();
  expect(await seriousViolations(page, '.notifications-panel')).toEqual([]);

  const header = (await item.locator('.notification-header strong').innerText()).trim();
  await item.getByRole('button', { name: `${en.notifications.markRead}: ${header}` }).click();
  await expect(bell).toHaveAccessibleName(before ? `Notifications, ${before} unread` : en.notifications.bell);
  await item.getByRole('button', { name: `${en.notifications.pin}: ${header}` }).click();
  await expect(item.getByRole('button', { name: `${en.notifications.unpin}: ${header}` })).toHaveAttribute('aria-pressed', 'true');
  const count = await panel.locator('li.notification').count();
  await item.getByRole('button', { name: `${en.notifications.delete}: ${header}` }).click();
  await expect(panel.locator('li.notification')).toHaveCount(count - 1);
  await session.api.dispose();
  await userSession.api.dispose();
});

test('where a proxy blocks the stream, the bell still follows by polling every 10 s', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const session = await apiSignIn(baseURL as string, demoUser('admin'));
  const user = await createUser(session, GROWER, { prefix: 'poll', roles: ['Staff'] });
  const org = session.organizations.find((o) => o.name === GROWER)!;
  const h = { Authorization: `Bearer ${session.token}`, 'x-organization-id': String(org.id) };
  // the stream never gets through
  let blocked = 0;
  await page.route(
    (url) => url.pathname === NOTIFICATIONS_PATHS.stream,
    async (route) => {
      blocked += 1;
      await route.abort('connectionfailed');
    },
  );

  await page.goto('/login');
  await fillLogin(page, user);
  await loginForm(page).logIn.click();
  await expect(page).not.toHaveURL(/\/login$/);
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  await expect.poll(() => blocked).toBeGreaterThan(0);
  const userSession = await apiSignIn(baseURL as string, user);
  const unread = async () =>
    ((await (await userSession.api.get(`/api/notifications/unread-count?organizationId=${org.id}`, { headers: { Authorization: `Bearer ${userSession.token}` } })).json()) as { count: number })
      .count;
  const before = await unread();
  await expect(bell).toHaveAccessibleName(before ? `Notifications, ${before} unread` : en.notifications.bell);

  const roles = ((await (await session.api.get('/api/users', { headers: h })).json()) as { roles: { id: number; name: string }[] }).roles;
  const roleIds = ['Staff', 'Manager'].map((name) => roles.find((r) => r.name === name)!.id);
  const res = await session.api.put(`/api/users/${user.id}/roles`, { headers: h, data: { roleIds } });
  expect(res.status(), await res.text()).toBe(200);
  expect(await unread()).toBe(before + 1);
  // within one polling interval (and a little): no stream, no reload
  await expect(bell).toHaveAccessibleName(`Notifications, ${before + 1} unread`, { timeout: NOTIFICATION_POLL_MS + 8_000 });
  await session.api.dispose();
  await userSession.api.dispose();
});
