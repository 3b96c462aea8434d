/** axe-core on the login screen and the signed-in shell: no serious or critical violations (docs/quality.md, Usability). */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './support/test';
import { en, loginForm, signIn, toast } from './support/app';
import { demoUser } from './support/demo-users';

/** Waits for running finite animations (toast fade-in, sidebar slide) to end: axe measures contrast mid-fade otherwise. */
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
  await settled(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

test.describe('axe-core', () => {
  // the landing page is the dashboard screen with its panels: each axe run over it takes seconds
  // (how long the desktop journey's three runs took: BENCHMARKS.md, Test suites)
  test.describe.configure({ timeout: 180_000 });
  test('login screen, with and without an error message', async ({ page }) => {
    await page.goto('/login');
    await expect(loginForm(page).logIn).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // the required-field errors and a sticky error toast
    await loginForm(page).logIn.click();
    await expect(page.getByText(en.login.usernameRequired)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await loginForm(page).username.fill('no-such-user-axe');
    await loginForm(page).password.fill('Whatever@2025');
    await loginForm(page).logIn.click();
    await expect(toast(page, en.login.unableToLogin, en.login.invalidCredentials)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('signed-in shell on the desktop, with the organisation list and settings menu open', async ({ page }) => {
    const admin = demoUser('admin');
    await signIn(page, admin);
    // the toast is part of the page under test; the pointer rests on it, which keeps it (PrimeReact
    // stops a hovered toast's timer): its 3 s life could end in the middle of the axe run on a busy
    // machine, which would then measure it fading out half-transparent
    await toast(page, en.login.welcome, admin.fullName).hover();
    expect(await seriousViolations(page)).toEqual([]);
    await page.mouse.move(0, 0);
    // checked above; gone before the next check, which would otherwise catch it fading out half-transparent
    await expect(toast(page, en.login.welcome, admin.fullName)).toHaveCount(0);

    await page.getByRole('button', { name: en.shell.organization, exact: true }).click();
    await expect(page.getByRole('listbox')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: en.shell.settingsMenu }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test.describe('375 px wide', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('signed-in shell with the hamburger menu open', async ({ page }) => {
      const admin = demoUser('admin');
      await signIn(page, admin);
      // kept while the pointer rests on it, as on the desktop
      await toast(page, en.login.welcome, admin.fullName).hover();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: en.shell.openMenu }).click();
      await expect(page.locator('.mobile-menu')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });

  test('exception and maintenance screens', async ({ page }) => {
    for (const path of ['/404', '/error', '/accessdenied']) {
      await page.goto(path);
      await expect(page.getByRole('button', { name: en.exceptions.returnToDashboard })).toBeVisible();
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await page.route('**/api/system/status', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"online":true,"maintenance":true}' }),
    );
    await page.goto('/maintenance');
    await expect(page.getByRole('heading', { name: en.maintenance.onlineHeading })).toBeVisible();
    expect(await seriousViolations(page), '/maintenance').toEqual([]);
  });
});
