/** Keeping the session: remember-me, reloads and the session-expired modal (docs/domain.md, Session expired). */
import { expect, test, type Browser, type BrowserContext, type Page } from './support/test';
import { SESSION_RESTORED_PROMPT_DELAY_MS } from '../src/lib/ui-constants';
import { SHELL_PATHS } from '@orchard/shared/shell';
import { at, en, expectShellFor, loginForm, recordTimeline, refreshCookie, signIn, timeline, toast } from './support/app';
import { demoUser, type DemoUser } from './support/demo-users';

/**
 * A browser restart: a new context with the saved storage state minus the session cookies
 * (Playwright's storageState keeps session cookies; a real browser drops them when it closes).
 */
async function restartBrowser(browser: Browser, context: BrowserContext): Promise<BrowserContext> {
  const state = await context.storageState();
  return browser.newContext({ storageState: { ...state, cookies: state.cookies.filter((c) => c.expires !== -1) } });
}

test.describe('remember me', () => {
  test('checked: a persistent refresh cookie; the session survives a reload and a browser restart', async ({ page, browser }) => {
    const user = demoUser('manager');
    await signIn(page, user, { rememberMe: true });
    const cookie = await refreshCookie(page);
    expect(cookie).toBeDefined();
    // persistent: expires in the future (REMEMBER_ME_TTL_DAYS, 30 by default), not a session cookie
    expect(cookie?.expires ?? -1).toBeGreaterThan(Date.now() / 1000 + 24 * 3600);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/connect' });

    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectShellFor(page, user);

    const restarted = await restartBrowser(browser, page.context());
    const again = await restarted.newPage();
    await again.goto('/');
    await expectShellFor(again, user);
    await again.goto('/login');
    await expect(again).toHaveURL(/\/dashboard$/);
    await restarted.close();
  });

  test('unchecked: a session cookie; a reload keeps the session, a browser restart asks to sign in', async ({ page, browser }) => {
    const user = demoUser('scout');
    await signIn(page, user);
    const cookie = await refreshCookie(page);
    expect(cookie).toBeDefined();
    expect(cookie?.expires).toBe(-1);

    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectShellFor(page, user);

    const restarted = await restartBrowser(browser, page.context());
    const again = await restarted.newPage();
    await again.goto('/dashboard');
    await expect(again).toHaveURL(/\/login$/);
    await expect(loginForm(again).logIn).toBeVisible();
    await restarted.close();
  });

  test('Logout revokes the session: a reload stays on the login screen', async ({ page }) => {
    const user = demoUser('staff');
    await signIn(page, user, { rememberMe: true });
    const logout = page.waitForResponse((r) => r.url().endsWith('/connect/logout'));
    await page.getByRole('button', { name: en.shell.logout, exact: true }).click();
    expect((await logout).ok()).toBe(true);
    await expect(page).toHaveURL(/\/login$/);
    expect((await refreshCookie(page))?.value ?? '').toBe('');
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });
});

/**
 * The session ends under an open page: Clear Cache is refused once with 401 and the refresh cookie
 * is gone, so the login modal opens; signing in there restores the session ("Session restored").
 */
async function expireAndRestore(page: Page, user: DemoUser) {
  await page.route(`**${SHELL_PATHS.dirtyCache}`, (route) => route.fulfill({ status: 401, body: '' }), { times: 1 });
  await page.context().clearCookies();
  await page.getByRole('button', { name: en.shell.settingsMenu }).click();
  await page.getByRole('menuitem', { name: en.shell.clearCache }).click();
  const dialog = page.getByRole('dialog', { name: en.login.sessionExpiredTitle });
  await expect(dialog).toBeVisible();
  const form = loginForm(dialog);
  await form.password.fill(user.password);
  await form.logIn.click();
  await expect(toast(page, en.login.sessionRestored)).toBeVisible();
}

test.describe('session expired', () => {
  test('a failed refresh opens the login modal; signing in restores the session and retries the request', async ({ page }) => {
    const admin = demoUser('admin');
    await recordTimeline(page);
    await signIn(page, admin);

    // the access token is rejected once, and the refresh cookie is gone: the silent refresh fails
    await page.route(`**${SHELL_PATHS.dirtyCache}`, (route) => route.fulfill({ status: 401, contentType: 'application/json', body: '{"error":{"code":"UNAUTHENTICATED","message":"Token expired"},"requestId":"e2e"}' }), {
      times: 1,
    });
    await page.context().clearCookies();
    const refresh = page.waitForResponse((r) => r.url().endsWith('/connect/token') && r.request().postDataJSON()?.grant_type === 'refresh_token');

    await page.getByRole('button', { name: en.shell.settingsMenu }).click();
    await page.getByRole('menuitem', { name: en.shell.clearCache }).click();
    expect((await refresh).status()).toBe(401);

    const dialog = page.getByRole('dialog', { name: en.login.sessionExpiredTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(en.login.sessionExpiredText)).toBeVisible();
    const form = loginForm(dialog);
    await expect(form.username).toHaveValue(admin.userName);
    await expect(form.logIn).toBeVisible();
    // the shell stays where it was behind the modal
    await expect(page).toHaveURL(/\/dashboard$/);

    await form.password.fill(admin.password);
    await form.logIn.click();
    await expect(toast(page, en.login.sessionRestored)).toBeVisible();
    await expect(dialog).toBeHidden();

    const prompt = page.getByRole('alertdialog').or(page.locator('.p-confirm-dialog'));
    await expect(prompt).toBeVisible();
    await expect(prompt.getByText(en.login.retryPrompt)).toBeVisible();
    // the prompt follows SESSION_RESTORED_PROMPT_DELAY_MS after the new session arrived, not sooner
    const events = await timeline(page);
    const prompted = at(events, `dialog:${en.login.retryTitle}`);
    const restored = Math.max(...events.filter((e) => e.label === 'response:/connect/token' && e.t < prompted).map((e) => e.t));
    expect(prompted - restored).toBeGreaterThanOrEqual(SESSION_RESTORED_PROMPT_DELAY_MS - 2);

    // Yes re-runs the request that failed, now with the new session
    const retried = page.waitForResponse((r) => r.url().endsWith(SHELL_PATHS.dirtyCache) && r.request().method() === 'POST');
    await prompt.getByRole('button', { name: en.shell.yes, exact: true }).click();
    expect((await retried).status()).toBe(204);
    await expect(toast(page, en.shell.success, en.shell.cacheCleared)).toBeVisible();
    await expect(prompt).toBeHidden();

    // the new refresh cookie works
    expect(await refreshCookie(page)).toBeDefined();
    await page.reload();
    await expectShellFor(page, admin);
  });

  test('answering No leaves the failed request failed and keeps the restored session', async ({ page }) => {
    const admin = demoUser('admin');
    await signIn(page, admin);
    await expireAndRestore(page, admin);

    let retried = false;
    page.on('request', (r) => {
      if (r.url().endsWith(SHELL_PATHS.dirtyCache)) retried = true;
    });
    const prompt = page.locator('.p-confirm-dialog');
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: en.shell.no, exact: true }).click();
    await expect(prompt).toBeHidden();
    // the rejected operation reports its failure; nothing was sent again
    await expect(toast(page, en.shell.error)).toBeVisible();
    expect(retried).toBe(false);
    await expectShellFor(page, admin);
  });

  test('on a screen with confirmations of its own, restoring the session asks once, and the sign-in toast closes when sign-in ends', async ({ page }) => {
    const admin = demoUser('admin');
    const manager = demoUser('manager');
    await signIn(page, admin);
    await page.goto('/settings#users');
    await expect(page.getByRole('heading', { name: en.users.title, exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: en.users.tableLabel })).toBeVisible();
    const deleteManager = page.getByRole('button', { name: `Delete user ${manager.userName}` });
    await expect(deleteManager).toBeVisible();

    await expireAndRestore(page, admin);
    await expect(toast(page, en.login.attempting)).toHaveCount(0);

    const prompts = page.locator('.p-confirm-dialog');
    await expect(prompts.filter({ hasText: en.login.retryPrompt })).toBeVisible();
    await page.waitForTimeout(SESSION_RESTORED_PROMPT_DELAY_MS);
    await expect(prompts).toHaveCount(1);
    await prompts.getByRole('button', { name: en.shell.no, exact: true }).click();
    await expect(prompts).toHaveCount(0);

    // the screen's own confirmation shows once too, now that the retry prompt's dialog is mounted
    await deleteManager.click();
    await expect(prompts).toHaveCount(1);
    await prompts.getByRole('button', { name: en.shell.no, exact: true }).click();
    await expect(prompts).toHaveCount(0);
  });
});
