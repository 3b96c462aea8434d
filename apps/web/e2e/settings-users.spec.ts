/**
 * Settings, users tab (docs/domain.md, Users and roles): create a user with roles and farms and
 * sign in as them; link a user of another organisation; avatar on the Profile page; reset a
 * password through the mailed link; unblock; delete; Export By Legal Entity; axe-core on every
 * screen. Each journey works on users it creates (through the API as the demo admin), so nothing
 * depends on another spec file or on the order of the tests.
 */
import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from './support/test';
import { parse } from 'csv-parse/sync';
import { PERMISSIONS } from '@orchard/shared/core';
import { USER_LEGAL_ENTITY_REPORT_COLUMNS, USER_MESSAGES } from '@orchard/shared/users';
import { en, errorEnvelope, exactly, fillLogin, loginForm, scrollWidth, signIn, toast } from './support/app';
import { allowForAxeRun } from './support/axe-check';
import { demoUser, type DemoUser } from './support/demo-users';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';
import { apiSignIn, createUser, uniqueName, type ApiSession, type CreatedUser } from './support/users-api';

const GROWER = 'Citrus Valley Growers';
const PACKHOUSE = 'Sundays River Packers';
const admin = demoUser('admin');
const u = en.users;

/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function settled(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(
        () => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity).length,
      ),
    )
    .toBe(0);
}

async function seriousViolations(page: Page) {
  allowForAxeRun();
  await settled(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

const asDemoUser = (c: CreatedUser): DemoUser => ({
  userName: c.userName,
  password: c.password,
  fullName: c.fullName,
  jobTitle: c.jobTitle,
  isEnabled: true,
  lockedOut: false,
  organizations: [],
});

const usersTable = (page: Page) => page.getByRole('table', { name: u.tableLabel });
const userRow = (page: Page, userName: string) =>
  usersTable(page).getByRole('row').filter({ has: page.getByRole('cell', { name: userName, exact: true }) });
const setupDialog = (page: Page) => page.getByRole('dialog', { name: u.dialogTitle });
/** The PrimeReact confirm dialog showing this message. */
const confirmation = (page: Page, message: string) => page.getByRole('dialog').filter({ hasText: message });

/** A form field of the user editor by its label. */
const field = (scope: Locator, label: string) =>
  scope.locator('.field').filter({ has: scope.page().locator('label, .field-label', { hasText: exactly(label) }) });

async function pickOptions(page: Page, multiSelectField: Locator, names: string[]) {
  await multiSelectField.locator('.p-multiselect').click();
  const panel = page.locator('.p-multiselect-panel');
  await expect(panel).toBeVisible();
  for (const name of names) await panel.getByRole('option', { name: new RegExp(`^${name}`) }).click();
  // Escape would also close the User Setup dialog around the field
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(panel).toBeHidden();
}

async function openUsersTab(page: Page) {
  await page.goto('/settings#users');
  await expect(page.getByRole('heading', { name: u.title, exact: true })).toBeVisible();
  await expect(usersTable(page)).toBeVisible();
  await expect(usersTable(page).getByRole('cell', { name: admin.userName, exact: true })).toBeVisible();
}

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: u.search }).fill(text);
}

/** Signs in through the login screen and waits until it has left it (for users landing anywhere). */
async function signInAs(page: Page, user: { userName: string; password: string }) {
  await page.goto('/login');
  await fillLogin(page, user);
  await loginForm(page).logIn.click();
  await expect(page).not.toHaveURL(/\/login$/);
}

const organizationHeaders = (organization: string) => ({
  Authorization: `Bearer ${adminApi.token}`,
  'x-organization-id': String(adminApi.organizations.find((o) => o.name === organization)?.id),
});

let adminApi: ApiSession;

test.beforeAll(async ({ baseURL }) => {
  adminApi = await apiSignIn(baseURL as string, admin);
});

test.afterAll(async () => {
  await adminApi.api.dispose();
});

test.describe('settings, users tab', () => {
  test('list, search, paging options, empty state; axe on the tab and the User Setup dialog', async ({ page }) => {
    await signIn(page, admin);
    await openUsersTab(page);
    await expect(page).toHaveTitle(/^Settings - Users - /);
    await expect(page.getByRole('tab', { name: en.settings.usersTab })).toBeVisible();
    for (const header of [u.userName, u.fullName, u.email, u.roles, u.phoneNumber, u.actions]) {
      await expect(usersTable(page).getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    const manager = demoUser('manager');
    const row = userRow(page, manager.userName);
    await expect(row.getByRole('link', { name: 'thandiwe.nkosi@example.co.za' })).toHaveAttribute('href', 'mailto:thandiwe.nkosi@example.co.za');
    await expect(row.getByText('Manager', { exact: true })).toBeVisible();
    // your own row has no delete action
    await expect(page.getByRole('button', { name: `Delete user ${admin.userName}` })).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Delete user ${manager.userName}` })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // search over roles and job title, case-insensitive
    await search(page, 'pest scout');
    await expect(usersTable(page).getByRole('row')).toHaveCount(2);
    await expect(userRow(page, 'scout')).toBeVisible();
    await search(page, 'no such user at all');
    await expect(usersTable(page).getByText(u.noData, { exact: true })).toBeVisible();
    await search(page, '');

    // 20 rows a page with 20/50/100
    await page.locator('.rows-per-page').click();
    await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['20', '50', '100']);
    await page.keyboard.press('Escape');

    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();
    await page.getByRole('button', { name: u.newUser }).hover();
    await expect(page.locator('.p-tooltip')).toHaveText(u.newUser);
    await page.getByRole('button', { name: u.newUser }).click();
    const dialog = setupDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveCSS('width', '650px');
    await expect(dialog.getByText(u.panelTitle, { exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('form').getByRole('button', { name: u.close, exact: true }).click();
    await expect(dialog).toBeHidden();
  });

  test('Escape with the Roles list open closes the list only; closing with typed details asks before discarding them', async ({ page }) => {
    await signIn(page, admin);
    await openUsersTab(page);
    await page.getByRole('button', { name: u.newUser }).click();
    const dialog = setupDialog(page);
    await field(dialog, u.fullName).getByRole('textbox').fill('Thandi Nkosi');
    await field(dialog, u.roles).locator('.p-multiselect').click();
    const panel = page.locator('.p-multiselect-panel');
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(field(dialog, u.fullName).getByRole('textbox')).toHaveValue('Thandi Nkosi');

    // Escape again, the X and Close all ask, and Keep editing keeps everything
    const prompt = page.locator('.discard-prompt');
    await field(dialog, u.fullName).getByRole('textbox').press('Escape');
    await expect(prompt).toBeVisible();
    await expect(prompt).toContainText(en.editor.discardMessage);
    await prompt.getByRole('button', { name: en.editor.keepEditing, exact: true }).click();
    await expect(prompt).toBeHidden();
    await dialog.getByRole('form').getByRole('button', { name: u.close, exact: true }).click();
    await prompt.getByRole('button', { name: en.editor.keepEditing, exact: true }).click();
    await expect(dialog).toBeVisible();
    await expect(field(dialog, u.fullName).getByRole('textbox')).toHaveValue('Thandi Nkosi');
    await field(dialog, u.fullName).getByRole('textbox').press('Escape');
    await prompt.getByRole('button', { name: en.editor.discard, exact: true }).click();
    await expect(dialog).toBeHidden();

    // a new one starts empty and closes at once
    await page.getByRole('button', { name: u.newUser }).click();
    await expect(field(dialog, u.fullName).getByRole('textbox')).toHaveValue('');
    await field(dialog, u.fullName).getByRole('textbox').press('Escape');
    await expect(dialog).toBeHidden();
    await expect(prompt).toBeHidden();
  });

  test('create a user with roles and farms, then sign in as that user', async ({ page, browser }) => {
    await signIn(page, admin);
    await openUsersTab(page);
    await page.getByRole('button', { name: u.newUser }).click();
    const dialog = setupDialog(page);
    await expect(field(dialog, u.enabled).getByRole('checkbox')).toBeChecked();

    // the 5.1 inline texts
    await dialog.getByRole('button', { name: u.save, exact: true }).click();
    for (const text of [u.userNameRequired, u.emailRequired, u.newPasswordRequired, u.roleRequired]) {
      await expect(dialog.getByText(text, { exact: true })).toBeVisible();
    }
    // and the rules' own messages, the password's "Please enter the current password" among them (5.1)
    const refused = toast(page, u.saveError);
    await expect(refused.locator('.p-toast-detail')).toHaveText(
      [u.saveErrorText, USER_MESSAGES.userName, USER_MESSAGES.emailRequired, USER_MESSAGES.passwordRequired, USER_MESSAGES.rolesRequired].join('\n'),
    );
    expect(USER_MESSAGES.passwordRequired).toBe('Please enter the current password');
    await refused.locator('.p-toast-icon-close').click();
    const userName = uniqueName('newuser');
    await field(dialog, u.email).getByRole('textbox').fill('not-an-email');
    await field(dialog, u.email).getByRole('textbox').blur();
    await expect(dialog.getByText(u.invalidEmail, { exact: true })).toBeVisible();

    await field(dialog, u.jobTitle).getByRole('textbox').fill('Orchard Supervisor');
    await field(dialog, u.userName).getByRole('combobox').fill(userName);
    await dialog.getByLabel(u.password, { exact: true }).fill('Orchard@2025');
    await field(dialog, u.email).getByRole('textbox').fill(`${userName}@example.test`);
    await pickOptions(page, field(dialog, u.roles), ['Manager']);
    await field(dialog, u.fullName).getByRole('textbox').fill('Naledi Khumalo');
    await field(dialog, u.phoneNumber).getByRole('textbox').fill('+27 82 000 0000');
    await pickOptions(page, field(dialog, u.farms), ['Kransvlei', 'Goedehoop']);
    await dialog.getByRole('button', { name: u.save, exact: true }).click();

    await expect(toast(page, u.success, `User "${userName}" was created successfully`)).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = userRow(page, userName);
    await expect(row).toBeVisible();
    await expect(row.getByText('Manager', { exact: true })).toBeVisible();

    const list = await adminApi.api.get('/api/users', {
      headers: { Authorization: `Bearer ${adminApi.token}`, 'x-organization-id': String(adminApi.organizations.find((o) => o.name === GROWER)?.id) },
    });
    const created = ((await list.json()) as { users: { userName: string; farms: number[]; isEnabled: boolean }[] }).users.find(
      (x) => x.userName === userName,
    );
    expect(created?.farms).toHaveLength(2);
    expect(created?.isEnabled).toBe(true);

    const context = await browser.newContext();
    const other = await context.newPage();
    await signIn(other, { ...asDemoUser({ id: 0, userName, password: 'Orchard@2025', email: '', fullName: 'Naledi Khumalo', jobTitle: 'Orchard Supervisor' }) });
    await context.close();
  });

  test('link an existing user of another organisation through the autocomplete', async ({ page }) => {
    const outsider = await createUser(adminApi, PACKHOUSE, { prefix: 'srp', roles: ['Packhouse User'] });
    await signIn(page, admin);
    await openUsersTab(page);
    await page.getByRole('button', { name: u.newUser }).click();
    const dialog = setupDialog(page);
    const userNameInput = field(dialog, u.userName).getByRole('combobox');

    // declining clears the selection and carries on with a new user
    // user name or email, ignoring case
    await userNameInput.fill(outsider.userName.toUpperCase());
    await expect(page.getByRole('option')).toHaveCount(1);
    const suggestion = page.getByRole('option').filter({ hasText: outsider.email });
    await expect(suggestion).toContainText(outsider.userName);
    await suggestion.click();
    await expect(confirmation(page, u.linkConfirm)).toBeVisible();
    await confirmation(page, u.linkConfirm).getByRole('button', { name: u.no, exact: true }).click();
    await expect(confirmation(page, u.linkConfirm)).toBeHidden();
    await expect(userNameInput).toHaveValue('');
    await expect(dialog).toBeVisible();

    // confirming links the user and reloads the list
    await userNameInput.fill(outsider.email);
    await expect(page.getByRole('option').filter({ hasText: outsider.email })).toHaveCount(1);
    // choose with the keyboard: a click can land while the suggestion list is being redrawn
    await userNameInput.press('ArrowDown');
    await userNameInput.press('Enter');
    await expect(confirmation(page, u.linkConfirm)).toBeVisible();
    await confirmation(page, u.linkConfirm).getByRole('button', { name: u.yes, exact: true }).click();
    await expect(toast(page, u.success, `User "${outsider.userName}" was linked to this organization`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(userRow(page, outsider.userName)).toBeVisible();
  });

  test('an administrator who is not a super user: no search of other organisations, and a user shared with another organisation keeps their own details', async ({ page }) => {
    const orgAdmin = await createUser(adminApi, GROWER, { prefix: 'orgadmin', roles: ['Administrator'] });
    const shared = await createUser(adminApi, PACKHOUSE, { prefix: 'shared', roles: ['Packhouse User'], fullName: 'Shared Person' });
    // linked to the grower by the demo admin, a super user
    const linked = await adminApi.api.post(`/api/users/${shared.id}/link`, { headers: organizationHeaders(GROWER) });
    expect(linked.status()).toBe(200);

    await signInAs(page, orgAdmin);
    await openUsersTab(page);
    await page.getByRole('button', { name: u.newUser }).click();
    const dialog = setupDialog(page);
    // a plain user name field: no autocomplete of other organisations' users
    await expect(field(dialog, u.userName).getByRole('combobox')).toHaveCount(0);
    await expect(field(dialog, u.userName).getByRole('textbox')).toBeEditable();
    await dialog.getByRole('form').getByRole('button', { name: u.close, exact: true }).click();
    await expect(dialog).toBeHidden();

    await search(page, shared.userName);
    const row = userRow(page, shared.userName);
    await expect(row).toBeVisible();
    await expect(row.getByRole('button', { name: u.resetPasswordFor.replace('{{userName}}', shared.userName) })).toHaveCount(0);
    await row.getByRole('button', { name: `Edit user ${shared.userName}` }).click();
    await expect(dialog.getByRole('note')).toHaveText(u.identityLocked);
    for (const label of [u.userName, u.email, u.fullName, u.jobTitle, u.phoneNumber]) {
      await expect(field(dialog, label).getByRole('textbox')).toBeDisabled();
    }
    await expect(dialog.getByLabel(u.enabled)).toBeDisabled();
    // this organisation's side of them is the administrator's: roles
    await pickOptions(page, field(dialog, u.roles), ['Staff']);
    await dialog.getByRole('button', { name: u.save, exact: true }).click();
    await expect(toast(page, u.success, `Changes to user "${shared.userName}" was saved successfully`)).toBeVisible();
    const stored = await adminApi.api.get(`/api/users/${shared.id}`, { headers: organizationHeaders(GROWER) });
    expect(((await stored.json()) as { roles: string[] }).roles).toEqual(['Staff']);
  });

  test('a user administrator without every permission cannot change or remove someone who holds more: the server says why, nothing changes', async ({ page }) => {
    const roleName = uniqueName('User Administrators ');
    const role = await adminApi.api.post('/api/roles', {
      headers: organizationHeaders(GROWER),
      data: { name: roleName, permissions: Object.values(PERMISSIONS).filter((p) => p.startsWith('users.') || p.startsWith('roles.')) },
    });
    expect(role.status()).toBe(201);
    const userAdmin = await createUser(adminApi, GROWER, { prefix: 'useradmin', roles: [roleName] });
    const senior = await createUser(adminApi, GROWER, { prefix: 'senior', roles: ['Manager'], jobTitle: 'Farm Manager' });

    await signInAs(page, userAdmin);
    await openUsersTab(page);
    await search(page, senior.userName);
    await page.getByRole('button', { name: `Edit user ${senior.userName}` }).click();
    const dialog = setupDialog(page);
    await field(dialog, u.jobTitle).getByRole('textbox').fill('Demoted');
    await dialog.getByRole('button', { name: u.save, exact: true }).click();
    const saveError = toast(page, u.saveError);
    await expect(saveError).toBeVisible();
    await expect(saveError.locator('.p-toast-detail')).toHaveText(`${u.saveErrorText}\n${USER_MESSAGES.userAboveCaller}`);
    await expect(dialog).toBeVisible();
    await expect(field(dialog, u.jobTitle).getByRole('textbox')).toHaveValue('Demoted');
    await dialog.getByRole('form').getByRole('button', { name: u.close, exact: true }).click();
    // the typed job title was not saved: closing asks before discarding it
    await page.locator('.discard-prompt').getByRole('button', { name: en.editor.discard, exact: true }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: `Delete user ${senior.userName}` }).click();
    await confirmation(page, `Are you sure you want to delete "${senior.userName}"?`).getByRole('button', { name: u.yes, exact: true }).click();
    const deleteError = toast(page, u.deleteError);
    await expect(deleteError).toBeVisible();
    await expect(deleteError.locator('.p-toast-detail')).toHaveText(`${u.deleteErrorText}\n${USER_MESSAGES.userAboveCaller}`);
    await expect(userRow(page, senior.userName)).toBeVisible();

    const stored = await adminApi.api.get(`/api/users/${senior.id}`, { headers: organizationHeaders(GROWER) });
    expect(stored.status()).toBe(200);
    expect(((await stored.json()) as { jobTitle: string; roles: string[] })).toMatchObject({ jobTitle: 'Farm Manager', roles: ['Manager'] });
  });

  test('upload an avatar on the Profile page and see it in the top bar', async ({ page }) => {
    const person = await createUser(adminApi, GROWER, { prefix: 'avatar', roles: ['Manager'], fullName: 'Avatar Person', jobTitle: 'Picker' });
    await signIn(page, asDemoUser(person));
    const avatar = page.getByRole('banner').getByRole('img', { name: en.shell.avatarAlt });
    await expect(avatar).not.toHaveAttribute('src', /^blob:/);

    await page.goto('/settings/profile');
    await expect(page.getByRole('heading', { name: en.settings.profileTitle, exact: true })).toBeVisible();
    const editor = page.locator('.user-editor');
    await expect(field(editor, u.userName).getByRole('textbox')).toHaveValue(person.userName);
    await expect(field(editor, u.userName).getByRole('textbox')).toBeDisabled();
    expect(await seriousViolations(page)).toEqual([]);

    // without a picture: the default image (the initials), the same component in the top bar and the editor
    const banner = page.getByRole('banner');
    await expect(avatar).toHaveText('AP');
    await editor.getByRole('button', { name: u.edit, exact: true }).click();
    const current = editor.getByRole('img', { name: u.currentAvatar });
    await expect(current).toHaveText('AP');
    await expect(current).toHaveAttribute('class', (await avatar.getAttribute('class')) as string);

    // an image too large: one message, in bytes
    await editor.locator('input[type=file]').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(1_000_001) });
    await expect(editor.getByText(u.avatarTooLarge, { exact: true })).toBeVisible();
    await expect(page.getByText(/Invalid file size/)).toHaveCount(0);

    // saving your details alone: the top bar follows at once, without a reload
    await field(editor, u.jobTitle).getByRole('textbox').fill('Orchard Foreman');
    await field(editor, u.fullName).getByRole('textbox').fill('Avatar Person-Smith');
    await editor.getByRole('button', { name: u.save, exact: true }).click();
    await expect(banner.getByText('Orchard Foreman', { exact: true })).toBeVisible();
    await expect(banner.getByText('Avatar Person-Smith', { exact: true })).toBeVisible();
    await expect(banner.getByText('Picker', { exact: true })).toHaveCount(0);
    await expect(avatar).toHaveText('AP');

    // a valid image after a refused one: the message goes
    await editor.getByRole('button', { name: u.edit, exact: true }).click();
    await editor.locator('input[type=file]').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(1_000_001) });
    await expect(editor.getByText(u.avatarTooLarge, { exact: true })).toBeVisible();
    await field(editor, u.phoneNumber).getByRole('textbox').fill('+27 71 000 1111');
    await editor.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expect(editor.getByText('me.png')).toBeVisible();
    await expect(editor.getByText(u.avatarTooLarge, { exact: true })).toHaveCount(0);
    await expect(page.getByText(/Invalid file size/)).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await editor.getByRole('button', { name: u.save, exact: true }).click();

    await expect(avatar).toHaveAttribute('src', /^blob:/);
    await expect(field(editor, u.phoneNumber).getByRole('textbox')).toHaveValue('+27 71 000 1111');
    await expect(field(editor, u.phoneNumber).getByRole('textbox')).toBeDisabled();
    // no success toast for your own profile
    await expect(toast(page, u.success)).toHaveCount(0);

    // the stored picture downloads as Photo-....jpg, a JPEG whatever was uploaded
    const downloaded = page.waitForEvent('download');
    await editor.getByRole('button', { name: en.photos.download, exact: true }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/^Photo-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.jpg$/);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });

  test.describe('password reset by mail', () => {
    let sink: SmtpSink;
    test.beforeAll(async ({ e2eServer }) => {
      sink = await startSmtpSink(e2eServer.smtpPort);
    });
    test.afterAll(async () => {
      await sink.close();
    });

    test('reset a password through the mailed link and sign in with the new one', async ({ page, browser }) => {
      // a mail through the SMTP sink and two sign-ins: more than the suite's 30 s on a busy machine
      test.setTimeout(60_000);
      const person = await createUser(adminApi, GROWER, { prefix: 'reset', roles: ['Manager'], fullName: 'Reset Person', jobTitle: 'Picker' });
      await signIn(page, admin);
      await openUsersTab(page);
      await search(page, person.userName);
      await page.getByRole('button', { name: `Reset Password for ${person.userName}` }).click();
      const confirm = confirmation(page, `Are you sure you want to reset the password for ${person.email}?`);
      await expect(confirm).toBeVisible();
      await confirm.getByRole('button', { name: u.yes, exact: true }).click();
      await expect(toast(page, u.success, `Password change email has been sent to ${person.email}`)).toBeVisible();

      const mail = await sink.waitFor((m) => m.to.includes(person.email));
      const link = /(http:\/\/\S+\/reset-password\?token=\S+)/.exec(mail.text)?.[1];
      expect(link).toBeTruthy();

      const context = await browser.newContext();
      const visitor = await context.newPage();
      await visitor.goto(link as string);
      await expect(visitor.getByRole('heading', { name: en.passwordReset.heading })).toBeVisible();
      await expect(visitor.getByText(`Set a new password for ${person.userName}.`)).toBeVisible();
      // the token leaves the address bar
      await expect(visitor).toHaveURL(/\/reset-password$/);
      expect(await seriousViolations(visitor)).toEqual([]);

      await visitor.getByLabel(en.passwordReset.newPassword, { exact: true }).fill('Fresh@2025');
      await visitor.getByLabel(en.passwordReset.confirmPassword, { exact: true }).fill('Fresh@2024');
      await visitor.getByRole('button', { name: en.passwordReset.submit }).click();
      await expect(visitor.getByText('New password and confirmation password do not match', { exact: true })).toBeVisible();
      expect(await seriousViolations(visitor)).toEqual([]);
      await visitor.getByLabel(en.passwordReset.confirmPassword, { exact: true }).fill('Fresh@2025');
      await visitor.getByRole('button', { name: en.passwordReset.submit }).click();
      await expect(visitor.getByText(en.passwordReset.success)).toBeVisible();
      await visitor.getByRole('link', { name: en.passwordReset.signIn }).click();
      await expect(loginForm(visitor).logIn).toBeVisible();
      await signIn(visitor, { ...asDemoUser(person), password: 'Fresh@2025' });

      // the link works once
      await visitor.goto(link as string);
      await expect(visitor.getByText(en.passwordReset.invalidLink, { exact: true })).toBeVisible();
      await context.close();
    });
  });

  test('an unknown reset link says it is invalid or expired', async ({ page }) => {
    await page.goto('/reset-password?token=not-a-real-token');
    await expect(page.getByText('This password reset link is invalid or has expired', { exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('unblock a locked-out user, who can then sign in', async ({ page, browser, baseURL }) => {
    const person = await createUser(adminApi, GROWER, { prefix: 'locked', roles: ['Manager'], fullName: 'Locked Person', jobTitle: 'Picker' });
    for (let i = 0; i < 5; i++) {
      const res = await page.request.post(`${baseURL}/connect/token`, {
        data: { grant_type: 'password', username: person.userName, password: 'Wrong@2025' },
      });
      expect(res.status()).toBeGreaterThanOrEqual(400);
    }
    const stillLocked = await page.request.post(`${baseURL}/connect/token`, {
      data: { grant_type: 'password', username: person.userName, password: person.password },
    });
    expect(stillLocked.status()).toBeGreaterThanOrEqual(400);

    await signIn(page, admin);
    await openUsersTab(page);
    await search(page, person.userName);
    await page.getByRole('button', { name: `Edit user ${person.userName}` }).click();
    const dialog = setupDialog(page);
    await expect(dialog.getByText(u.lockedOut)).toBeVisible();
    await dialog.getByRole('button', { name: u.unblock }).click();
    await expect(toast(page, u.success, u.unblocked)).toBeVisible();
    await expect(dialog.getByRole('button', { name: u.unblock })).toBeHidden();
    await dialog.getByRole('form').getByRole('button', { name: u.close, exact: true }).click();

    const context = await browser.newContext();
    const other = await context.newPage();
    await signIn(other, asDemoUser(person));
    await context.close();
  });

  test('locked-out and disabled users are marked in the list, which filters by them; Unblock is on the row', async ({ page, baseURL }) => {
    const person = await createUser(adminApi, GROWER, { prefix: 'rowlock', roles: ['Staff'] });
    for (let i = 0; i < 5; i++) {
      await page.request.post(`${baseURL}/connect/token`, { data: { grant_type: 'password', username: person.userName, password: 'Wrong@2025' } });
    }
    await signIn(page, admin);
    await openUsersTab(page);
    const status = (row: Locator) => row.locator('.user-status');
    await search(page, person.userName);
    await expect(status(userRow(page, person.userName))).toHaveText([u.status.lockedOut]);
    expect(await seriousViolations(page)).toEqual([]);

    // the filter keeps only the users with that mark
    await search(page, '');
    const filter = page.locator('.users-status-dropdown');
    const choose = async (label: string) => {
      await filter.click();
      await page.getByRole('option', { name: label, exact: true }).click();
    };
    await choose(u.status.lockedOut);
    await expect(userRow(page, person.userName)).toBeVisible();
    await expect(userRow(page, demoUser('manager').userName)).toHaveCount(0);
    const rows = usersTable(page).locator('tbody tr:not(.p-datatable-emptymessage)');
    for (const row of await rows.all()) await expect(status(row)).toContainText([u.status.lockedOut]);
    await choose(u.status.disabled);
    await expect(userRow(page, person.userName)).toHaveCount(0);
    for (const row of await rows.all()) await expect(status(row)).toContainText([u.status.disabled]);
    await choose(u.status.all);
    await expect(userRow(page, demoUser('manager').userName)).toBeVisible();

    // Unblock from the row: the mark goes, and they can sign in
    await search(page, person.userName);
    await userRow(page, person.userName).getByRole('button', { name: `Unblock ${person.userName}` }).click();
    await expect(toast(page, u.success, u.unblocked)).toBeVisible();
    await expect(status(userRow(page, person.userName))).toHaveCount(0);
    await expect(userRow(page, person.userName).getByRole('button', { name: `Unblock ${person.userName}` })).toHaveCount(0);
    const signedIn = await page.request.post(`${baseURL}/connect/token`, { data: { grant_type: 'password', username: person.userName, password: person.password } });
    expect(signedIn.status()).toBe(200);
  });

  test('delete a user after the confirmation', async ({ page }) => {
    const person = await createUser(adminApi, GROWER, { prefix: 'gone', roles: ['Staff'] });
    await signIn(page, admin);
    await openUsersTab(page);
    await search(page, person.userName);
    await expect(userRow(page, person.userName)).toBeVisible();
    await page.getByRole('button', { name: `Delete user ${person.userName}` }).click();
    const confirm = confirmation(page, `Are you sure you want to delete "${person.userName}"?`);
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: u.no, exact: true }).click();
    await expect(userRow(page, person.userName)).toBeVisible();
    await page.getByRole('button', { name: `Delete user ${person.userName}` }).click();
    await confirm.getByRole('button', { name: u.yes, exact: true }).click();
    await expect(toast(page, u.success, `User "${person.userName}" was deleted`)).toBeVisible();
    await expect(userRow(page, person.userName)).toHaveCount(0);
    await expect(usersTable(page).getByText(u.noData, { exact: true })).toBeVisible();
  });

  test('a save over someone else\'s change answers with the conflict message and keeps the input', async ({ page }) => {
    const person = await createUser(adminApi, GROWER, { prefix: 'stale', roles: ['Staff'] });
    await signIn(page, admin);
    await openUsersTab(page);
    await search(page, person.userName);
    await page.getByRole('button', { name: `Edit user ${person.userName}` }).click();
    const dialog = setupDialog(page);
    await field(dialog, u.jobTitle).getByRole('textbox').fill('Changed here');

    // someone else saves the user meanwhile
    const orgHeaders = {
      Authorization: `Bearer ${adminApi.token}`,
      'x-organization-id': String(adminApi.organizations.find((o) => o.name === GROWER)?.id),
    };
    const current = (await (await adminApi.api.get(`/api/users/${person.id}`, { headers: orgHeaders })).json()) as { version: number };
    const other = await adminApi.api.put(`/api/users/${person.id}`, {
      headers: orgHeaders,
      data: { version: current.version, userName: person.userName, email: person.email, jobTitle: 'Changed elsewhere' },
    });
    expect(other.status()).toBe(200);

    await dialog.getByRole('button', { name: u.save, exact: true }).click();
    const error = toast(page, u.saveError);
    await expect(error).toBeVisible();
    await expect(error.locator('.p-toast-detail')).toContainText(u.saveErrorText);
    await expect(error.locator('.p-toast-detail')).toContainText(u.conflict);
    await expect(dialog).toBeVisible();
    await expect(field(dialog, u.jobTitle).getByRole('textbox')).toHaveValue('Changed here');
  });

  test('a failed load shows the sticky Load Error toast with the server message', async ({ page }) => {
    await signIn(page, admin);
    await page.route('**/api/users', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: errorEnvelope('INTERNAL', 'Database unavailable') })
        : route.fallback(),
    );
    await page.goto('/settings#users');
    const error = toast(page, u.loadError);
    await expect(error).toBeVisible();
    await expect(error.locator('.p-toast-detail')).toHaveText(`${u.loadUsersFailed}\nDatabase unavailable`);
    await expect(usersTable(page).getByText(u.noData, { exact: true })).toBeVisible();
  });

  test('375 px wide: the table scrolls inside its container, not the page', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signIn(page, admin);
    await openUsersTab(page);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    await page.getByRole('button', { name: u.newUser }).click();
    await expect(setupDialog(page)).toBeVisible();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
  });

  test('permissions: a manager sees the list without actions; without users.view and roles.view the settings page is denied', async ({ page }) => {
    await signIn(page, demoUser('manager'));
    await openUsersTab(page);
    await expect(page.getByRole('button', { name: u.newUser })).toHaveCount(0);
    await expect(page.getByRole('button', { name: u.exportByLegalEntity })).toHaveCount(0);
    await expect(usersTable(page).getByRole('columnheader', { name: u.actions })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^(Edit|Delete) user / })).toHaveCount(0);
    // the tabs follow the fragment
    await page.getByRole('tab', { name: en.settings.rolesTab }).click();
    await expect(page).toHaveURL(/\/settings#roles$/);
    await page.getByRole('tab', { name: en.settings.usersTab }).click();
    await expect(page).toHaveURL(/\/settings#users$/);

    const staff = await createUser(adminApi, GROWER, { prefix: 'staff', roles: ['Staff'], fullName: 'Staff Person', jobTitle: 'Picker' });
    // signed out (the refresh cookie goes), then in as a Staff member: landing on the dashboard, the first leaf
    await page.context().clearCookies();
    await signIn(page, asDemoUser(staff));
    await page.goto('/settings#users');
    await expect(page).toHaveURL(/\/accessdenied$/);
    await page.goto('/settings/profile');
    await expect(page.getByRole('heading', { name: en.settings.profileTitle, exact: true })).toBeVisible();
    await expect(field(page.locator('.user-editor'), u.userName).getByRole('textbox')).toHaveValue(staff.userName);
  });

  test('Export By Legal Entity downloads the CSV the server built', async ({ page }) => {
    await signIn(page, admin);
    await openUsersTab(page);
    await page.getByRole('button', { name: u.exportByLegalEntity }).click();
    const dialog = page.getByRole('dialog', { name: u.exportByLegalEntity });
    await expect(dialog).toBeVisible();
    const list = await adminApi.api.get('/api/users', {
      headers: { Authorization: `Bearer ${adminApi.token}`, 'x-organization-id': String(adminApi.organizations.find((o) => o.name === GROWER)?.id) },
    });
    const withUsers = ((await list.json()) as { roles: { usersCount: number }[] }).roles.filter((r) => r.usersCount > 0).length;
    expect(withUsers).toBeGreaterThan(3);
    await expect(dialog.locator('.p-multiselect-label')).toHaveText(`${withUsers} items selected`);
    expect(await seriousViolations(page)).toEqual([]);

    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: u.export, exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^User-Legal-Entity-Report-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.csv$/);
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    const rows = parse(await readFile(path), { bom: true }) as string[][];
    expect(rows[0]).toEqual(USER_LEGAL_ENTITY_REPORT_COLUMNS.map((c) => c.header));
    const manager = rows.find((r) => r[2] === 'manager');
    expect(manager?.[3]).toBe('Thandiwe Nkosi');
    expect(manager?.[6]).toContain('Manager');
    await dialog.locator('.dialog-footer').getByRole('button', { name: u.close, exact: true }).click();
    await expect(dialog).toBeHidden();
  });
});
