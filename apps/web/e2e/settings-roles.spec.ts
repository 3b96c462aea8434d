/** Settings, roles tab (docs/domain.md, Roles) in the browser against the real server. */
import { expect, test, type Page } from './support/test';
import { PERMISSION_MENU_RELOAD_MS } from '../src/lib/ui-constants';
import { PERMISSIONS } from '@orchard/shared/core';
import { ROLE_MESSAGES } from '@orchard/shared/roles';
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

/** Signs in through the login screen and waits until it has left it (for users landing anywhere). */
async function signInAs(page: Page, user: { userName: string; password: string }) {
  await page.goto('/login');
  await fillLogin(page, user);
  await loginForm(page).logIn.click();
  await expect(page).not.toHaveURL(/\/login$/);
}

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
    // the menu preview reloads PERMISSION_MENU_RELOAD_MS after the change: both moments are the
    // browser's own (the click as the page saw it, the request as the browser started it)
    const menuReload = page.waitForResponse((r) => r.url().includes('/api/menu/items-by-permissions') && r.request().method() === 'POST');
    const viewUsers = editor.getByLabel('View Users', { exact: true });
    await viewUsers.evaluate((box) => box.addEventListener('click', () => box.setAttribute('data-clicked-at', String(Date.now())), { once: true }));
    await viewUsers.check();
    const requestedAt = (await menuReload).request().timing().startTime;
    const changedAt = Number(await viewUsers.getAttribute('data-clicked-at'));
    expect(changedAt).toBeGreaterThan(0);
    expect(requestedAt - changedAt).toBeGreaterThanOrEqual(PERMISSION_MENU_RELOAD_MS - 50);

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

  test('a role manager without every permission cannot take away one they lack: the Save Error shows why, and the role keeps it', async ({ page, baseURL }) => {
    const admin = demoUser('admin');
    const session = await apiSignIn(baseURL as string, admin);
    const org = session.organizations.find((o) => o.name === GROWER)!;
    const h = { Authorization: `Bearer ${session.token}`, 'x-organization-id': String(org.id) };
    const keepers = uniqueName('Role Keepers ');
    const made = await session.api.post('/api/roles', {
      headers: h,
      data: { name: keepers, permissions: [PERMISSIONS.rolesView, PERMISSIONS.rolesManage, PERMISSIONS.usersView] },
    });
    expect(made.status()).toBe(201);
    const targetName = uniqueName('Harvest Leads ');
    const target = await session.api.post('/api/roles', {
      headers: h,
      data: { name: targetName, permissions: [PERMISSIONS.usersView, PERMISSIONS.harvestReports] },
    });
    expect(target.status()).toBe(201);
    const targetId = ((await target.json()) as { id: number }).id;
    const keeper = await createUser(session, GROWER, { prefix: 'rolekeeper', roles: [keepers] });

    await signInAs(page, keeper);
    await openRolesTab(page);
    await page.getByRole('searchbox', { name: en.roles.search }).fill(targetName);
    await page.getByRole('button', { name: `Edit role ${targetName}` }).click();
    const editor = dialog(page);
    await editor.getByText('Harvest', { exact: true }).click();
    const box = editor.getByLabel('Harvest Reports', { exact: true });
    await expect(box).toBeChecked();
    await box.uncheck();
    await editor.getByRole('button', { name: en.roles.save, exact: true }).click();
    const error = toast(page, en.roles.saveError);
    await expect(error).toBeVisible();
    await expect(error.locator('.p-toast-detail')).toContainText(en.roles.saveErrorDetail);
    await expect(error.locator('.p-toast-detail')).toContainText(ROLE_MESSAGES.removalEscalation);
    // the reason also shows beside the permissions, and the dialog keeps what was chosen
    await expect(editor.getByRole('alert').filter({ hasText: ROLE_MESSAGES.removalEscalation })).toBeVisible();
    await expect(editor).toBeVisible();
    // nothing was saved
    const stored = await session.api.get(`/api/roles/${targetId}`, { headers: h });
    expect(((await stored.json()) as { permissions: string[] }).permissions).toEqual([PERMISSIONS.harvestReports, PERMISSIONS.usersView]);

    // deleting such a role is refused the same way
    // closing with the unsaved change asks before discarding it
    await editor.getByRole('button', { name: exactly(en.roles.close) }).last().click();
    await page.locator('.discard-prompt').getByRole('button', { name: en.editor.discard, exact: true }).click();
    await expect(editor).toBeHidden();
    await page.getByRole('button', { name: `Delete role ${targetName}` }).click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog', { name: en.roles.deleteConfirmTitle }));
    await confirm.getByRole('button', { name: en.shell.yes }).click();
    const deleteError = toast(page, en.roles.deleteError);
    await expect(deleteError).toBeVisible();
    await expect(deleteError.locator('.p-toast-detail')).toContainText(ROLE_MESSAGES.roleAboveCaller);
    await expect(page.locator('.roles-table tbody').getByText(targetName, { exact: true })).toBeVisible();
    expect((await session.api.get(`/api/roles/${targetId}`, { headers: h })).status()).toBe(200);
    await session.api.dispose();
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
