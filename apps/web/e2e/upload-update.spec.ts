/**
 * Upload Update in the browser: opened from the menu as the demo administrator (a super user), Submit
 * only with a file, "Uploading..." while it is sent, the sticky success message, then the warning that
 * a new update replaces the pending one with the chooser hidden; a failed upload's sticky message;
 * axe-core. The update is system-wide: an organisation's Administrator who is not a super user gets
 * neither the menu entry nor the screen.
 */
import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from './support/test';
import { PERMISSIONS } from '@orchard/shared/core';
import { SHELL_PATHS } from '@orchard/shared/shell';
import { UPDATES_PATHS, type PendingUpdateResponse } from '@orchard/shared/updates';
import { en, fillLogin, gate, loginForm, pageTitle, signIn, toast } from './support/app';
import { demoUser } from './support/demo-users';
import { apiHeaders, seriousViolations } from './support/picking';
import { apiSignIn, createUser } from './support/users-api';

const admin = demoUser('admin');
const GROWER = 'Citrus Valley Growers';
const u = en.uploadUpdate;

const submitButton = (page: Page) => page.getByRole('button', { name: u.submit, exact: true });
const uploadingButton = (page: Page) => page.getByRole('button', { name: u.uploading, exact: true });
const chooser = (page: Page) => page.getByLabel(u.chooseFile, { exact: true });
const warning = (page: Page) => page.getByText(u.replaceWarning, { exact: true });
const updateFile = (name: string) => ({ name, mimeType: 'application/gzip', buffer: gzipSync(Buffer.from(`update ${name}`)) });

async function openFromMenu(page: Page) {
  await signIn(page, admin);
  const sidebar = page.getByRole('navigation', { name: en.shell.mainMenu });
  await sidebar.getByText(en.menu.System, { exact: true }).click();
  const state = page.waitForResponse((r) => r.url().endsWith(UPDATES_PATHS.pending));
  await sidebar.getByText(en.menu['Upload Update'], { exact: true }).click();
  await expect(page).toHaveURL(/\/system\/update$/);
  await expect(page.getByRole('heading', { level: 1, name: u.title })).toBeVisible();
  return (await (await state).json()) as PendingUpdateResponse;
}

test.describe('Upload Update', () => {
  test.describe.configure({ mode: 'serial' });

  test('a failed upload shows the sticky "Uploading Error / Unable to upload update."', async ({ page }) => {
    // nothing pending, whatever the database holds; the upload itself fails on the server
    await page.route(`**${UPDATES_PATHS.pending}`, (route) => route.fulfill({ json: { pending: null } }));
    await page.route(`**${UPDATES_PATHS.upload}`, (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Internal Server Error' }, requestId: 'e2e' } }),
    );
    await openFromMenu(page);
    await chooser(page).setInputFiles(updateFile('failing.tar.gz'));
    await submitButton(page).click();
    const message = toast(page, u.errorSummary, u.errorDetail);
    await expect(message).toBeVisible();
    // sticky: still there after a non-sticky error toast (6 s) would have gone
    await page.waitForTimeout(6_500);
    await expect(message).toBeVisible();
    // the chooser stays for another try; nothing was scheduled
    await expect(chooser(page)).toBeAttached();
    await expect(warning(page)).toHaveCount(0);
    await expect(submitButton(page)).toBeEnabled();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('while it runs the upload shows how far it is and can be cancelled: nothing is scheduled', async ({ page, request }) => {
    const headers = await apiHeaders(request, admin, GROWER);
    await openFromMenu(page);
    const big = { name: 'orchard-big.tar.gz', mimeType: 'application/gzip', buffer: Buffer.concat([gzipSync(Buffer.from('big')), Buffer.alloc(3_000_000, 7)]) };
    await chooser(page).setInputFiles(big);
    // the server never answers this one: only Cancel ends it
    await page.route(`**${UPDATES_PATHS.upload}`, () => undefined);
    await submitButton(page).click();
    await expect(uploadingButton(page)).toBeDisabled();
    const status = page.locator('.upload-progress').getByRole('status');
    // the bytes sent of the whole (3 MB), then the server's check once all is sent
    await expect(status).toHaveText(new RegExp(`^(\\d+% sent \\(.+ of 3\\sMB\\)|${u.checking.replace(/\./g, '\\.')})$`));
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: u.cancel, exact: true }).click();
    await expect(toast(page, u.cancelled, u.cancelledDetail)).toBeVisible();
    await expect(status).toHaveCount(0);
    await expect(toast(page, u.errorSummary)).toHaveCount(0);
    await expect(submitButton(page)).toBeEnabled();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    const after = (await (await request.get(UPDATES_PATHS.pending, { headers })).json()) as PendingUpdateResponse;
    expect(after).toEqual({ pending: null });
  });

  test('choose a file and Submit: "Uploading...", the sticky success message, then the warning without the chooser', async ({ page, request }) => {
    const headers = await apiHeaders(request, admin, GROWER);
    // the e2e server starts on a fresh demo database: nothing is pending
    const opened = await openFromMenu(page);
    expect(opened).toEqual({ pending: null });
    await expect(warning(page)).toHaveCount(0);
    await expect(page.getByText(u.noFile, { exact: true })).toBeVisible();
    // an update upload needs a file chosen
    await expect(submitButton(page)).toBeDisabled();
    expect(await seriousViolations(page)).toEqual([]);

    await chooser(page).setInputFiles(updateFile('orchard-2.4.tar.gz'));
    await expect(page.getByText('orchard-2.4.tar.gz', { exact: true })).toBeVisible();
    await expect(submitButton(page)).toBeEnabled();

    // hold the upload until the sending state has been seen
    const held = gate();
    await page.route(`**${UPDATES_PATHS.upload}`, async (route) => {
      await held.opened;
      await route.continue();
    });
    const sent = page.waitForResponse((r) => r.url().endsWith(UPDATES_PATHS.upload));
    await submitButton(page).click();
    await expect(uploadingButton(page)).toBeVisible();
    await expect(uploadingButton(page)).toBeDisabled();
    held.open();
    const answer = await sent;
    expect(answer.status()).toBe(201);
    const form = answer.request().postDataBuffer()?.toString('latin1') ?? '';
    expect(form).toContain('name="file"; filename="orchard-2.4.tar.gz"');

    const message = toast(page, u.successSummary, u.successDetail);
    await expect(message).toBeVisible();
    await expect(warning(page)).toBeVisible();
    await expect(chooser(page)).toHaveCount(0);
    await expect(submitButton(page)).toBeDisabled();
    // sticky: still there after a non-sticky success toast (3 s) would have gone
    await page.waitForTimeout(3_500);
    await expect(message).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // the server holds it as the pending update; opening the screen again shows the warning at once
    const after = (await (await request.get(UPDATES_PATHS.pending, { headers })).json()) as PendingUpdateResponse;
    expect(after.pending).toMatchObject({ contentType: 'application/gzip' });
    await page.reload();
    await expect(warning(page)).toBeVisible();
    await expect(chooser(page)).toHaveCount(0);
  });
});

test('an Administrator of the organisation who is not a super user gets neither the menu entry nor the screen', async ({ page, baseURL }) => {
  const session = await apiSignIn(baseURL as string, admin);
  const user = await createUser(session, GROWER, { prefix: 'notsuper', roles: ['Administrator'] });
  await session.api.dispose();
  const permissionsAnswer = page.waitForResponse((r) => r.url().endsWith(SHELL_PATHS.permissions) && r.ok());
  const meAnswer = page.waitForResponse((r) => r.url().endsWith(SHELL_PATHS.me) && r.ok());
  await page.goto('/login');
  await fillLogin(page, user);
  await loginForm(page).logIn.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // every permission of the organisation, system.update included, but not a super user
  expect(await (await permissionsAnswer).json()).toContain(PERMISSIONS.systemUpdate);
  expect(((await (await meAnswer).json()) as { isSuperUser: boolean }).isSuperUser).toBe(false);

  const sidebar = page.getByRole('navigation', { name: en.shell.mainMenu });
  await expect(sidebar.getByText(en.menu.Settings, { exact: true })).toBeVisible();
  await expect(sidebar.getByText(en.menu.System, { exact: true })).toHaveCount(0);
  await expect(page.locator('a[href="/system/update"]')).toHaveCount(0);

  // typed in by hand, the screen is refused; the server refuses its calls too
  await page.goto('/system/update');
  await expect(page).toHaveURL(/\/accessdenied$/);
  await expect(page).toHaveTitle(pageTitle(en.titles.accessDenied));
  await expect(page.getByRole('heading', { level: 1, name: u.title })).toHaveCount(0);
  const token = await apiSignIn(baseURL as string, user);
  const pending = await token.api.get(UPDATES_PATHS.pending, { headers: { Authorization: `Bearer ${token.token}` } });
  expect(pending.status()).toBe(403);
  await token.api.dispose();
});
