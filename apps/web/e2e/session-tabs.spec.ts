/**
 * Several tabs, one session: tabs that need a new access token at the same moment take turns, so
 * the rotating refresh cookie is never presented twice and the server never ends the session as a
 * replay.
 */
import { expect, test, type BrowserContext, type Page, type Response } from './support/test';
import { SHELL_PATHS } from '@orchard/shared/shell';
import { en, errorEnvelope, expectShellFor, gate, signIn, toast } from './support/app';
import { demoUser, type DemoUser } from './support/demo-users';

/** Every answer to a refresh grant in the context, from any of its pages. */
function recordRefreshes(context: BrowserContext): Response[] {
  const refreshes: Response[] = [];
  context.on('response', (r) => {
    if (r.url().endsWith('/connect/token') && r.request().postDataJSON()?.grant_type === 'refresh_token') refreshes.push(r);
  });
  return refreshes;
}

async function clearCache(page: Page) {
  await page.getByRole('button', { name: en.shell.settingsMenu }).click();
  await page.getByRole('menuitem', { name: en.shell.clearCache }).click();
}

const sessionExpired = (page: Page) => page.getByRole('dialog', { name: en.login.sessionExpiredTitle });

/** A page that restores the session (a refresh, then the user's context) shows the user's shell. */
async function expectRestored(page: Page, user: DemoUser) {
  // several pages start at once here: allow them longer than one page needs
  await expect(page.getByRole('banner').getByText(user.fullName, { exact: true })).toBeVisible({ timeout: 20_000 });
  await expectShellFor(page, user);
}

test.describe('tabs sharing one session', () => {
  // several pages, each signing in or restoring the session
  test.describe.configure({ timeout: 150_000 });

  test('two tabs whose access tokens are refused at the same moment refresh once and both stay signed in', async ({ page, context }) => {
    const admin = demoUser('admin');
    await signIn(page, admin);
    const second = await context.newPage();
    await second.goto('/dashboard');
    await expectRestored(second, admin);
    const tabs = [page, second];
    const refreshes = recordRefreshes(context);

    // each tab's next Clear Cache call is refused as expired; the two refusals are released
    // together, so both tabs need a new token at the same instant
    let held = 0;
    const both = gate();
    for (const tab of tabs) {
      await tab.route(
        `**${SHELL_PATHS.dirtyCache}`,
        async (route) => {
          if (++held === tabs.length) both.open();
          await both.opened;
          await route.fulfill({ status: 401, contentType: 'application/json', body: errorEnvelope('UNAUTHENTICATED', 'Token expired') });
        },
        { times: 1 },
      );
    }
    const retried = tabs.map((tab) =>
      tab.waitForResponse((r) => r.url().endsWith(SHELL_PATHS.dirtyCache) && r.request().method() === 'POST' && r.status() === 204),
    );
    await Promise.all(tabs.map(clearCache));
    await both.opened;
    // both retries succeed; a tab signed out instead (the session ended as a replay) fails at once
    const signedOut = tabs.map((tab, i) =>
      sessionExpired(tab)
        .waitFor()
        .then(() => {
          throw new Error(`tab ${i + 1} was signed out`);
        }),
    );
    await Promise.race([Promise.all(retried), ...signedOut]);
    for (const tab of tabs) await expect(toast(tab, en.shell.success, en.shell.cacheCleared)).toBeVisible();

    // one tab refreshed, the other took its token: the server saw the cookie once
    expect(refreshes.map((r) => r.status())).toEqual([200]);
    for (const tab of tabs) await expect(sessionExpired(tab)).toBeHidden();

    // the session lives on: further calls and reloads (a refresh each) still work
    for (const tab of tabs) {
      await tab.unrouteAll();
      const call = tab.waitForResponse((r) => r.url().endsWith(SHELL_PATHS.dirtyCache) && r.request().method() === 'POST');
      await clearCache(tab);
      expect((await call).status()).toBe(204);
    }
    for (const tab of tabs) {
      await tab.reload();
      await expect(tab).toHaveURL(/\/dashboard$/);
      await expectRestored(tab, admin);
    }
    expect(refreshes.every((r) => r.status() === 200)).toBe(true);
    await second.close();
  });

  test('three tabs reloading at the same moment all restore the session', async ({ page, context }) => {
    const user = demoUser('manager');
    await signIn(page, user);
    const tabs = [page, await context.newPage(), await context.newPage()];
    for (const tab of tabs.slice(1)) {
      await tab.goto('/dashboard');
      await expectRestored(tab, user);
    }
    const refreshes = recordRefreshes(context);

    // every reload starts with a refresh through the shared cookie
    await Promise.all(tabs.map((tab) => tab.reload()));
    for (const tab of tabs) {
      await expect(tab).toHaveURL(/\/dashboard$/);
      await expectRestored(tab, user);
      await expect(sessionExpired(tab)).toBeHidden();
    }
    expect(refreshes.length).toBeGreaterThan(0);
    expect(refreshes.every((r) => r.status() === 200)).toBe(true);

    // and the session was not ended as a replay: one more reload still signs in
    await page.reload();
    await expectRestored(page, user);
    for (const tab of tabs.slice(1)) await tab.close();
  });
});
