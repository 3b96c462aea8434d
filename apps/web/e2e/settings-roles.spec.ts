/** Settings, roles tab (spec 01, 2.10, 2.11, 4.4, 6, 8.3) in the browser against the real server. */
import { expect, test, type Page } from '@playwright/test';
import { PERMISSION_MENU_RELOAD_MS } from '@orchard/shared';
import { seriousViolations } from './support/axe-check';
import { en, exactly, fillLogin, loginForm, signIn, toast } from './support/app';
import { demoUser } from './support/demo-users';
import { apiSignIn, createUser, uniqueName } from './support/users-api';

const GROWER = 'Citrus Valley Growers';

async function openRolesTab(page: Page) {
  await page.goto('/settings#roles');
  await expect(page.locator('.roles-table tbody tr').first()).toBeVisible();
  await expect(page.locator('.roles-table .p-datatable-loading-overlay')).toHaveCount(0);
}

const dialog = (page: Page) => page.getByRole('dialog', { name: en.roles.dialogTitle });

test.describe('roles tab', () => {
  test('create a role with a landing page; a new user holding only it lands there after sign-in', async ({ page, baseURL }) => {
    const admin = demoUser('admin');
    await signIn(page, admin);
    await openRolesTab(page);
    await expect(page.getByText(/^Showing 1 to \d+ of \d+ entries$/)).toBeVisible();
    expect(await seriousViolations(page, '.roles-tab')).toEqual([]);
    const topIndexBefore = await page.locator('.roles-table tbody tr td:first-child').allInnerTexts();
    const highest = Math.max(...topIndexBefore.map(Number));

    await page.getByRole('button', { name: en.roles.addRole }).click();
    const editor = dialog(page);
    await expect(editor).toBeVisible();
    expect(await seriousViolations(page, '.role-dialog')).toEqual([]);

    // the name rule shows after a submit attempt only
    await expect(editor.getByText(en.roles.nameRequired)).toHaveCount(0);
    await editor.getByRole('button', { name: en.roles.save, exact: true }).click();
    await expect(editor.getByText(en.roles.nameRequired)).toBeVisible();
    await editor.getByLabel(en.roles.roleName).fill('x');
    await expect(editor.getByText(en.roles.nameLength)).toBeVisible();

    const name = uniqueName('Journey Role ');
    await editor.getByLabel(en.roles.roleName).fill(name);
    await editor.getByLabel(en.roles.roleDescription).fill('Created by the roles journey');
    // Users section is open first: select View Users, then check the group toggle and Select None/All
    await editor.getByLabel('View Users', { exact: true }).check();
    const menuReload = page.waitForResponse((r) => r.url().includes('/api/menu/items-by-permissions') && r.request().method() === 'POST');
    const changedAt = Date.now();
    await menuReload;
    expect(Date.now() - changedAt).toBeGreaterThanOrEqual(PERMISSION_MENU_RELOAD_MS - 100);

    await editor.getByRole('button', { name: en.roles.landingPageChange }).click();
    const tree = editor.getByRole('tree');
    await expect(tree).toBeVisible();
    await tree.getByText('Users', { exact: true }).click();
    await editor.getByRole('button', { name: en.roles.landingPageAccept }).click();
    await expect(editor.getByTestId('landing-page-value')).toHaveText('Users');

    await editor.getByRole('button', { name: en.roles.save, exact: true }).click();
    await expect(toast(page, en.shell.success, `Role "${name}" was created successfully`)).toBeVisible();
    await expect(editor).toBeHidden();
    const first = page.locator('.roles-table tbody tr').first();
    await expect(first.locator('td').nth(1)).toHaveText(name);
    await expect(first.locator('td').first()).toHaveText(String(highest + 1));

    // a new user with only that role
    const session = await apiSignIn(baseURL as string, admin);
    const user = await createUser(session, GROWER, { prefix: 'rolejourney', roles: [name] });
    await session.api.dispose();

    await page.getByRole('button', { name: en.shell.logout }).first().click();
    await expect(page).toHaveURL(/\/login$/);
    await fillLogin(page, user);
    await loginForm(page).logIn.click();
    await expect(page).toHaveURL(/\/settings#users$/);
  });

  test('editing moves the role to the top; delete asks and removes it after the server succeeds', async ({ page, baseURL }) => {
    const admin = demoUser('admin');
    const session = await apiSignIn(baseURL as string, admin);
    const org = session.organizations.find((o) => o.name === GROWER)!;
    const h = { Authorization: `Bearer ${session.token}`, 'x-organization-id': String(org.id) };
    const name = uniqueName('Edit Role ');
    const created = await session.api.post('/api/roles', { headers: h, data: { name, permissions: ['users.view'] } });
    expect(created.status()).toBe(201);
    await session.api.dispose();

    await signIn(page, admin);
    await openRolesTab(page);
    await page.getByRole('searchbox', { name: en.roles.search }).fill(name);
    await expect(page.locator('.roles-table tbody tr')).toHaveCount(1);
    await page.getByRole('button', { name: `Edit role ${name}` }).click();
    const editor = dialog(page);
    await editor.getByLabel(en.roles.roleDescription).fill('Edited');
    await editor.getByRole('button', { name: en.roles.save, exact: true }).click();
    await expect(toast(page, en.shell.success, `Changes to role "${name}" was saved successfully`)).toBeVisible();
    await page.getByRole('searchbox', { name: en.roles.search }).fill('');
    await expect(page.locator('.roles-table tbody tr').first().locator('td').nth(1)).toHaveText(name);

    await page.getByRole('button', { name: `Delete role ${name}` }).click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog', { name: en.roles.deleteConfirmTitle }));
    await expect(confirm.getByText(`Are you sure you want to delete the "${name}" role?`)).toBeVisible();
    await confirm.getByRole('button', { name: en.shell.yes }).click();
    await expect(page.locator('.roles-table tbody').getByText(name, { exact: true })).toHaveCount(0);
  });

  test('without roles.manage the details are read-only: no add, fields disabled, only Close', async ({ page }) => {
    await signIn(page, demoUser('manager'));
    await openRolesTab(page);
    await expect(page.getByRole('button', { name: en.roles.addRole })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Edit role / })).toHaveCount(0);
    await page.getByRole('button', { name: /^View details of role / }).first().click();
    const editor = dialog(page);
    await expect(editor).toBeVisible();
    await expect(editor.getByLabel(en.roles.roleName)).toBeDisabled();
    await expect(editor.getByLabel(en.roles.roleDescription)).toBeDisabled();
    const boxes = editor.getByRole('checkbox');
    expect(await boxes.count()).toBeGreaterThan(0);
    for (const box of await boxes.all()) await expect(box).toBeDisabled();
    await expect(editor.getByRole('button', { name: en.roles.save, exact: true })).toHaveCount(0);
    await expect(editor.getByRole('button', { name: en.roles.cancel, exact: true })).toHaveCount(0);
    await expect(editor.getByRole('button', { name: en.roles.selectAll })).toHaveCount(0);
    expect(await seriousViolations(page, '.role-dialog')).toEqual([]);
    await editor.getByRole('button', { name: exactly(en.roles.close) }).last().click();
    await expect(editor).toBeHidden();
  });
});
