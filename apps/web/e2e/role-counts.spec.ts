/**
 * The Roles tab's user counts follow a change of who holds a role at once: deleting a member who
 * holds a role lowers that role's count on the next look at the tab, without waiting for the list
 * to go stale.
 */
import { expect, test, type Page } from './support/test';
import { en, signIn } from './support/app';
import { demoUser } from './support/demo-users';
import { apiSignIn, createUser } from './support/users-api';

const GROWER = 'Citrus Valley Growers';
const admin = demoUser('admin');

const rolesRow = (page: Page, name: string) =>
  page.locator('.roles-table tbody tr').filter({ has: page.getByRole('cell', { name, exact: true }) });

async function staffCount(page: Page): Promise<number> {
  await page.getByRole('tab', { name: en.settings.rolesTab }).click();
  const row = rolesRow(page, 'Staff');
  await expect(row).toBeVisible();
  await expect(page.locator('.roles-table .p-datatable-loading-overlay')).toHaveCount(0);
  return Number(await row.locator('td').nth(3).innerText());
}

test('deleting a member who holds a role lowers its count on the Roles tab at once', async ({ page, baseURL }) => {
  const session = await apiSignIn(baseURL!, admin);
  const member = await createUser(session, GROWER, { prefix: 'counted', roles: ['Staff'] });
  await signIn(page, admin);
  await page.goto('/settings#users');
  const before = await staffCount(page);
  expect(before).toBeGreaterThan(0);

  await page.getByRole('tab', { name: en.settings.usersTab }).click();
  await page.getByRole('searchbox', { name: en.users.search }).fill(member.userName);
  await page.getByRole('button', { name: en.users.deleteUser.replace('{{userName}}', member.userName) }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: en.users.confirmDelete.replace('{{userName}}', member.userName) });
  const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().endsWith(`/api/users/${member.id}`));
  await confirm.getByRole('button', { name: en.users.yes, exact: true }).click();
  expect((await deleted).status()).toBe(204);

  // the list was read less than its 30 s ago: only the refresh after the delete can show the new count
  await expect.poll(() => staffCount(page), { timeout: 5_000 }).toBe(before - 1);
});
