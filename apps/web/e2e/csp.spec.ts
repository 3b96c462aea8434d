/**
 * The app runs under the server's Content Security Policy: every released screen loads with no
 * CSP violation and no uncaught error in the console.
 */
import { expect, test } from './support/test';
import { MENU_CATALOGUE } from '@orchard/shared/shell';
import { signIn } from './support/app';
import { demoUser } from './support/demo-users';

const urls = [...new Set(MENU_CATALOGUE.filter((d) => d.available && d.url).map((d) => d.url as string))];

test('every released screen loads under the CSP without violations or uncaught errors', async ({ page }) => {
  // the sign-in, then a few seconds a screen until the network settles: the budget grows with the menu
  test.setTimeout(30_000 + urls.length * 6_000);
  const problems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|Refused to (load|apply|execute|connect|frame)/i.test(text)) problems.push(`CSP: ${text}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));

  const response = await page.goto('/login');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await signIn(page, demoUser('admin'));

  expect(urls.length).toBeGreaterThan(5);
  for (const url of urls) {
    await page.goto(url);
    await expect(page.locator('main')).toBeVisible();
    await expect(page).not.toHaveURL(/\/(404|error|accessdenied)$/);
    // let lazy chunks, fonts, theme sheets and images settle
    await page.waitForLoadState('networkidle');
  }
  expect(problems).toEqual([]);
});
