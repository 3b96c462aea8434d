/** Sign-in (docs/domain.md, Sign-in and After sign-in): the landing page, the loading states and every login message. */
import { expect, test, type Page } from './support/test';
import { LOADING_RESET_AFTER_ERROR_MS, WELCOME_TOAST_DELAY_MS } from '../src/lib/ui-constants';
import {
  TOKEN_URL,
  at,
  en,
  errorEnvelope,
  expectShellFor,
  fillLogin,
  gate,
  loginForm,
  organizationInput,
  pageTitle,
  recordTimeline,
  refreshCookie,
  timeline,
  toast,
} from './support/app';
import { demoUser } from './support/demo-users';

test.describe('successful sign-in', () => {
  test('admin lands on the dashboard with the loading states, toasts and top bar', async ({ page }) => {
    const admin = demoUser('admin');
    await recordTimeline(page);
    await page.goto('/login');
    await expect(page).toHaveTitle(pageTitle(en.titles.login));
    await expect(page.getByRole('heading', { name: en.login.title })).toBeVisible();

    // hold the password grant until the loading state has been seen
    const release = gate();
    await page.route(TOKEN_URL, async (route) => {
      await release.opened;
      await route.continue();
    });

    await fillLogin(page, admin);
    const form = loginForm(page);
    await form.logIn.click();

    await expect(form.loggingIn).toBeVisible();
    await expect(form.loggingIn).toBeDisabled();
    await expect(form.logIn).toHaveCount(0);
    await expect(toast(page, en.login.attempting)).toBeVisible();
    // the screen is blocked while the call runs
    await expect(page.locator('.p-blockui-document')).toBeVisible();

    release.open();
    await expect(page).toHaveURL(/\/dashboard$/);
    // the welcome toast lives 3 s: seen first, before the landing page's own checks
    await expect(toast(page, en.login.welcome, admin.fullName)).toBeVisible();
    // toasts sit below the top bar: Logout and the settings menu stay usable while one is shown
    const bar = await page.getByRole('banner').boundingBox();
    const welcome = await toast(page, en.login.welcome).boundingBox();
    expect(welcome?.y ?? 0).toBeGreaterThanOrEqual((bar?.y ?? 0) + (bar?.height ?? 0));
    await expect(page).toHaveTitle(pageTitle(en.titles.dashboard));
    await expectShellFor(page, admin);
    const firstOrganization = admin.organizations[0]?.organizationName ?? '';
    await expect(organizationInput(page)).toHaveValue(firstOrganization);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.dashboard.heading.replace('{{organization}}', firstOrganization));
    await expect(page.getByRole('button', { name: en.shell.logout, exact: true })).toBeVisible();

    // Welcome comes 500 ms after the navigation to the landing page
    const events = await timeline(page);
    const landed = at(events, 'nav:/dashboard');
    expect(at(events, `toast:${en.login.welcome}`, landed) - landed).toBeGreaterThanOrEqual(WELCOME_TOAST_DELAY_MS - 5);

    // already signed in: the login screen sends the user away
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectShellFor(page, admin);
    await expect(loginForm(page).logIn).toHaveCount(0);
  });

  test('Enter in the password field logs in and ?path=anb is passed to the login call', async ({ page }) => {
    const manager = demoUser('manager');
    await page.goto('/login?path=anb');
    await fillLogin(page, manager);
    const tokenRequest = page.waitForRequest((r) => r.url().endsWith('/connect/token') && r.postDataJSON()?.grant_type === 'password');
    await loginForm(page).password.press('Enter');
    const body = (await tokenRequest).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ grant_type: 'password', username: manager.userName, path: 'anb', remember_me: false });
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectShellFor(page, manager);
  });

  test('the password toggle shows and hides the password; empty fields are required', async ({ page }) => {
    await page.goto('/login');
    const form = loginForm(page);
    await form.logIn.click();
    await expect(page.getByText(en.login.usernameRequired, { exact: true })).toBeVisible();
    await expect(page.getByText(en.login.passwordRequired, { exact: true })).toBeVisible();
    await expect(toast(page, en.login.attempting)).toHaveCount(0);

    await form.password.fill('secret-value');
    await expect(form.password).toHaveAttribute('type', 'password');
    // one switch, "Show password", checked exactly while the password shows
    const show = page.getByRole('switch', { name: en.login.showPassword });
    await expect(show).toHaveAttribute('aria-checked', 'false');
    await show.click();
    await expect(form.password).toHaveAttribute('type', 'text');
    await expect(show).toHaveAttribute('aria-checked', 'true');
    await show.click();
    await expect(form.password).toHaveAttribute('type', 'password');
    await expect(show).toHaveAttribute('aria-checked', 'false');
  });
});

test.describe('login messages', () => {
  /** Submits the form and expects the sticky "Unable to login" toast (or another caption) with this detail. */
  async function expectLoginError(page: Page, detail: string, summary: string = en.login.unableToLogin) {
    await loginForm(page).logIn.click();
    const message = toast(page, summary, detail);
    await expect(message).toBeVisible();
    // loading ends after the error; the user stays on the login screen
    await expect(loginForm(page).logIn).toBeEnabled();
    await expect(page).toHaveURL(/\/login$/);
    return message;
  }

  test('wrong password: "Invalid username or password.", sticky, loading reset 500 ms later', async ({ page }) => {
    await recordTimeline(page);
    await page.goto('/login');
    // one wrong password for this account in the whole suite
    await fillLogin(page, { userName: demoUser('scout').userName, password: 'not-the-password' });
    const message = await expectLoginError(page, en.login.invalidCredentials);

    // the loading state ends LOADING_RESET_AFTER_ERROR_MS after the refusal arrived, not sooner
    const events = await timeline(page);
    // the password grant's refusal: the last token answer (the first may be the silent refresh on load)
    const refused = Math.max(...events.filter((e) => e.label === 'response:/connect/token').map((e) => e.t));
    expect(at(events, `button:${en.login.logIn}`, refused) - refused).toBeGreaterThanOrEqual(LOADING_RESET_AFTER_ERROR_MS - 2);

    // sticky: the info toast (3 s) has gone, the error stays
    await page.waitForTimeout(4_000);
    await expect(message).toBeVisible();
    await expect(toast(page, en.login.attempting)).toHaveCount(0);
  });

  test('unknown user: the same message', async ({ page }) => {
    await page.goto('/login');
    await fillLogin(page, { userName: 'no-such-user-e2e', password: 'Whatever@2025' });
    await expectLoginError(page, en.login.invalidCredentials);
  });

  test('locked user with the correct password: the same message', async ({ page }) => {
    await page.goto('/login');
    await fillLogin(page, demoUser('locked'));
    await expectLoginError(page, en.login.invalidCredentials);
  });

  test('disabled user with the correct password: "This account has been disabled."', async ({ page }) => {
    await page.goto('/login');
    await fillLogin(page, demoUser('disabled'));
    await expectLoginError(page, en.login.disabled);
  });

  test('user without an organisation: the no-organisation message, then signed out', async ({ page }) => {
    await page.goto('/login');
    await fillLogin(page, demoUser('noorg'));
    await expectLoginError(page, en.login.noOrganization);
    // logged out on the server: no refresh cookie, and a reload stays on the login screen
    await expect.poll(async () => (await refreshCookie(page))?.value ?? '').toBe('');
    await page.reload();
    await expect(loginForm(page).logIn).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('another server message is shown as it is', async ({ page }) => {
    await page.goto('/login');
    await expect(loginForm(page).logIn).toBeVisible();
    await page.route(TOKEN_URL, (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: errorEnvelope('VALIDATION_FAILED', 'Something specific') }),
    );
    await fillLogin(page, demoUser('manager'));
    await expectLoginError(page, 'Something specific');
  });

  test('an answer without a message: the generic text plus the body', async ({ page }) => {
    await page.goto('/login');
    await expect(loginForm(page).logIn).toBeVisible();
    await page.route(TOKEN_URL, (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'Upstream gateway exploded' }));
    await fillLogin(page, demoUser('manager'));
    await expectLoginError(page, `${en.login.genericError} Upstream gateway exploded`);
  });

  test('no network: the no-network caption and detail', async ({ page }) => {
    await page.goto('/login');
    await expect(loginForm(page).logIn).toBeVisible();
    await page.route(TOKEN_URL, (route) => route.abort('internetdisconnected'));
    await fillLogin(page, demoUser('manager'));
    await expectLoginError(page, en.login.noNetworkDetail, en.login.noNetworkCaption);
  });
});
