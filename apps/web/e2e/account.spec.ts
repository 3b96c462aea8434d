/** Change password on the Profile page (docs/domain.md, Own password): messages, then a real change and a new sign-in. */
import { expect, test, type Page } from './support/test';
import { seriousViolations } from './support/axe-check';
import { en, fillLogin, loginForm, toast } from './support/app';
import { demoUser } from './support/demo-users';
import { apiSignIn, createUser } from './support/users-api';
import { CHANGE_PASSWORD_MESSAGES } from '@orchard/shared/account';

const form = (page: Page) => page.locator('form.change-password-form');

/** A new Staff user of Citrus Valley Growers, signed in through the login screen, on the Profile page. */
async function openProfileAsNewUser(page: Page, baseURL: string, prefix: string) {
  const session = await apiSignIn(baseURL, demoUser('admin'));
  const user = await createUser(session, 'Citrus Valley Growers', { prefix, roles: ['Staff'] });
  await session.api.dispose();
  await page.goto('/login');
  await fillLogin(page, user);
  await loginForm(page).logIn.click();
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/settings/profile');
  return user;
}

test('change your own password: rules and messages, then sign in with the new one', async ({ page, baseURL }) => {
  const user = await openProfileAsNewUser(page, baseURL as string, 'pwd');
  const f = form(page);
  await expect(f.getByRole('heading', { name: en.account.changePassword })).toBeVisible();
  expect(await seriousViolations(page, 'form.change-password-form')).toEqual([]);

  const current = f.getByLabel(en.account.currentPassword, { exact: true });
  const next = f.getByLabel(en.account.newPassword, { exact: true });
  const confirm = f.getByLabel(en.account.confirmPassword, { exact: true });
  const submit = f.getByRole('button', { name: en.account.changePassword, exact: true });

  // empty form
  await submit.click();
  await expect(f.getByText(en.account.currentRequired, { exact: true })).toBeVisible();
  await expect(f.getByText(en.account.newRequired, { exact: true })).toBeVisible();
  await expect(f.getByText(en.account.confirmRequired, { exact: true })).toBeVisible();
  await expect(toast(page, en.account.currentRequiredCaption, en.account.currentRequiredAlert)).toBeVisible();
  expect(await seriousViolations(page, 'form.change-password-form')).toEqual([]);

  // mismatch
  await current.fill(user.password);
  await next.fill('Changed@2025');
  await confirm.fill('Changed@2026');
  await submit.click();
  await expect(f.getByText(en.account.mismatch, { exact: true })).toBeVisible();
  await expect(toast(page, en.account.mismatchCaption, en.account.mismatch)).toBeVisible();

  // same as the current one
  await next.fill(user.password);
  await confirm.fill(user.password);
  await submit.click();
  await expect(toast(page, en.account.passwordMismatch, en.account.sameAsOld)).toBeVisible();

  // wrong current password (server): busy label, then the login mapping under "Unable to login" (8.1)
  await current.fill('Wrong@2025');
  await next.fill('Changed@2025');
  await confirm.fill('Changed@2025');
  await submit.click();
  await expect(toast(page, en.login.unableToLogin, en.login.invalidCredentials)).toBeVisible();
  await expect(toast(page, en.account.passwordMismatch, en.account.currentIncorrect)).toHaveCount(0);
  await expect(f.getByRole('button', { name: en.account.changePassword, exact: true })).toBeEnabled();

  // the real change
  await current.fill(user.password);
  await next.fill('Changed@2025');
  await confirm.fill('Changed@2025');
  await submit.click();
  await expect(toast(page, en.account.changed, en.account.changedDetail)).toBeVisible();
  await expect(current).toHaveValue('');

  await page.getByRole('button', { name: en.shell.logout }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await fillLogin(page, { userName: user.userName, password: user.password });
  await loginForm(page).logIn.click();
  await expect(toast(page, en.login.unableToLogin, en.login.invalidCredentials)).toBeVisible();
  await page.locator('.p-toast-message .p-toast-icon-close').first().click();
  await fillLogin(page, { userName: user.userName, password: 'Changed@2025' });
  await loginForm(page).logIn.click();
  await expect(page).not.toHaveURL(/\/login$/);
});

test("the user editor's changing-password mode on the Profile page: inline rules, a wrong current password, then a real change", async ({
  page,
  baseURL,
}) => {
  // three sign-ins (each blocks the login screen for a while) and four axe scans
  test.setTimeout(60_000);
  const user = await openProfileAsNewUser(page, baseURL as string, 'pwdedit');
  const editor = page.locator('.user-editor');
  await expect(editor.getByRole('button', { name: en.users.edit, exact: true })).toBeVisible();
  expect(await seriousViolations(page, '.user-editor')).toEqual([]);

  // the Change Password button opens the password fields inside the editor, which starts editing
  await editor.getByRole('button', { name: en.users.changePassword, exact: true }).click();
  const well = editor.getByRole('group', { name: en.users.changePassword });
  const current = well.getByLabel(en.account.currentPassword, { exact: true });
  const next = well.getByLabel(en.account.newPassword, { exact: true });
  const confirm = well.getByLabel(en.account.confirmPassword, { exact: true });
  await expect(current).toBeFocused();
  await expect(editor.getByRole('button', { name: en.users.changePassword, exact: true })).toHaveCount(0);
  await expect(editor.getByRole('button', { name: en.users.edit, exact: true })).toHaveCount(0);
  expect(await seriousViolations(page, '.user-editor')).toEqual([]);
  const save = editor.getByRole('button', { name: en.users.save, exact: true });
  const message = (text: string) => well.getByText(text, { exact: true });

  /** the refused save's toast names the rules (5.1); closed so the next one stands alone */
  const refused = async (text: string) => {
    const alert = toast(page, en.users.saveError);
    await expect(alert.locator('.p-toast-detail')).toContainText(text);
    await alert.locator('.p-toast-icon-close').click();
    await expect(alert).toHaveCount(0);
  };

  // empty: each field is required
  await save.click();
  await refused(CHANGE_PASSWORD_MESSAGES.currentRequired);
  await expect(message(en.users.currentPasswordRequired)).toBeVisible();
  await expect(message(en.users.newPasswordRequired)).toBeVisible();
  await expect(message(en.users.confirmPasswordRequired)).toBeVisible();
  await expect(current).toHaveAttribute('aria-describedby', /.+/);
  expect(await seriousViolations(page, '.user-editor')).toEqual([]);

  // an empty current password alone
  await next.fill('Changed@2025');
  await confirm.fill('Changed@2025');
  await save.click();
  await refused(CHANGE_PASSWORD_MESSAGES.currentRequired);
  await expect(message(en.users.currentPasswordRequired)).toBeVisible();
  await expect(message(en.users.newPasswordRequired)).toHaveCount(0);
  await expect(message(en.users.confirmPasswordRequired)).toHaveCount(0);

  // the confirmation does not match the new password: while typing, the inline text only
  await current.fill(user.password);
  await confirm.fill('Changed@2026');
  await confirm.blur();
  await expect(message(en.users.passwordMismatch)).toBeVisible();
  await expect(message(en.users.passwordConfirmMismatch)).toHaveCount(0);
  await confirm.fill('Changed@20');
  await expect(message(en.users.passwordMismatch)).toBeVisible();
  await confirm.fill('Changed@2026');
  await save.click();
  await refused(en.users.passwordConfirmMismatch);
  await expect(message(en.users.passwordMismatch)).toBeVisible();
  await expect(message(en.users.passwordConfirmMismatch)).toHaveCount(0);
  await expect(message(en.users.currentPasswordRequired)).toHaveCount(0);
  expect(await seriousViolations(page, '.user-editor')).toEqual([]);

  // the new password is the current one
  await next.fill(user.password);
  await confirm.fill(user.password);
  await save.click();
  await refused(en.users.passwordSameAsOld);
  await expect(message(en.users.passwordMismatch)).toBeVisible();
  await expect(message(en.users.passwordSameAsOld)).toHaveCount(0);

  // a wrong current password: the server refuses the whole save, every input stays
  await current.fill('Wrong@2025');
  await next.fill('Changed@2025');
  await confirm.fill('Changed@2025');
  await editor.getByLabel(en.users.jobTitle, { exact: true }).fill('Grader');
  await save.click();
  const saveError = toast(page, en.users.saveError);
  await expect(saveError.locator('.p-toast-detail')).toContainText(en.users.saveErrorText);
  await expect(saveError.locator('.p-toast-detail')).toContainText(en.users.passwordMismatchCurrent);
  await expect(message(en.account.currentIncorrect)).toBeVisible();
  await expect(next).toHaveValue('Changed@2025');
  await expect(editor.getByLabel(en.users.jobTitle, { exact: true })).toHaveValue('Grader');
  await page.locator('.p-toast-message .p-toast-icon-close').first().click();

  // the real change, saved with the profile
  await current.fill(user.password);
  await save.click();
  await expect(toast(page, en.account.changed, en.account.changedDetail)).toBeVisible();
  await expect(well).toHaveCount(0);
  await expect(editor.getByRole('button', { name: en.users.edit, exact: true })).toBeVisible();
  await expect(editor.getByLabel(en.users.jobTitle, { exact: true })).toHaveValue('Grader');
  await expect(editor.getByLabel(en.users.jobTitle, { exact: true })).toBeDisabled();

  await page.getByRole('button', { name: en.shell.logout }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await fillLogin(page, { userName: user.userName, password: user.password });
  await loginForm(page).logIn.click();
  await expect(toast(page, en.login.unableToLogin, en.login.invalidCredentials)).toBeVisible();
  await page.locator('.p-toast-message .p-toast-icon-close').first().click();
  await fillLogin(page, { userName: user.userName, password: 'Changed@2025' });
  await loginForm(page).logIn.click();
  await expect(page).not.toHaveURL(/\/login$/);
});

test('a strength meter follows the new password as it is typed, in Change Password and in the editor; never on sign-in', async ({ page, baseURL }) => {
  await page.goto('/login');
  await loginForm(page).password.fill('Abcdefg1');
  await expect(page.getByRole('meter')).toHaveCount(0);

  await openProfileAsNewUser(page, baseURL as string, 'meter');
  const f = form(page);
  const next = f.getByLabel(en.account.newPassword, { exact: true });
  const meter = f.getByRole('meter', { name: en.passwordStrength.label });
  await expect(meter).toHaveCount(0);
  for (const [typed, word] of [
    ['abcdef', en.passwordStrength.weak],
    ['abcde1', en.passwordStrength.medium],
    ['Abcdefg1', en.passwordStrength.strong],
  ] as const) {
    await next.fill(typed);
    await expect(meter).toHaveAttribute('aria-valuetext', word);
    await expect(meter).toContainText(word);
  }
  expect(await seriousViolations(page, 'form.change-password-form')).toEqual([]);
  await next.fill('');
  await expect(meter).toHaveCount(0);
  // the current and confirmation fields have none
  await f.getByLabel(en.account.currentPassword, { exact: true }).fill('Abcdefg1');
  await f.getByLabel(en.account.confirmPassword, { exact: true }).fill('Abcdefg1');
  await expect(f.getByRole('meter')).toHaveCount(0);
});
