/** The shell (docs/domain.md, Screens and layout): top bar menus, the main menu, the hamburger at 375 px and page views. */
import { expect, test, type Locator, type Page } from './support/test';
import { PERMISSIONS } from '@orchard/shared/core';
import { MENU_CATALOGUE, SHELL_PATHS, type MenuDefinition } from '@orchard/shared/shell';
import { en, organizationButton, scrollWidth, signIn } from './support/app';
import { demoUser } from './support/demo-users';

const label = (d: MenuDefinition) => (en.menu as Record<string, string>)[d.displayName] ?? d.displayName;

/**
 * The menu a user with every permission gets: the catalogue's available leaves and the branches
 * that still hold one, in sort order.
 */
function fullMenu(parentId: string | null = null): { definition: MenuDefinition; children: ReturnType<typeof fullMenu> }[] {
  return MENU_CATALOGUE.filter((d) => d.parentId === parentId && d.available)
    .sort((a, b) => a.sort - b.sort)
    .map((definition) => ({ definition, children: fullMenu(definition.id) }))
    .filter((node) => (node.definition.url ? true : node.children.length > 0));
}

function leavesOf(nodes: ReturnType<typeof fullMenu>): MenuDefinition[] {
  return nodes.flatMap((n) => (n.definition.url ? [n.definition] : leavesOf(n.children)));
}

const mainMenu = (page: Page | Locator) => page.getByRole('navigation', { name: en.shell.mainMenu });

test.describe('desktop', () => {
  test('the main menu holds the reachable screens; opening one branch collapses the others; the landing page is the dashboard screen', async ({ page }) => {
    const admin = demoUser('admin');
    await signIn(page, admin);
    const expected = fullMenu();
    const nav = mainMenu(page);

    // top level: branches are buttons with aria-expanded, leaves are links
    const topLevel = nav.locator('ul.tree-menu-root > li > :is(a, button)');
    await expect(topLevel).toHaveText(expected.map((n) => label(n.definition)));
    const branches = expected.filter((n) => !n.definition.url);
    const branchButtons = nav.locator('ul.tree-menu-root > li > button[aria-expanded]');
    await expect(branchButtons).toHaveCount(branches.length);

    if (branches.length >= 2) {
      const [first, second] = [branchButtons.nth(0), branchButtons.nth(1)];
      await first.click();
      await expect(first).toHaveAttribute('aria-expanded', 'true');
      await second.click();
      await expect(second).toHaveAttribute('aria-expanded', 'true');
      await expect(first).toHaveAttribute('aria-expanded', 'false');
      await second.click();
      await expect(second).toHaveAttribute('aria-expanded', 'false');
    } else {
      // today only the dashboard is built: every branch is empty and the server leaves it out
      await expect(nav.getByRole('button')).toHaveCount(branches.length);
    }

    // the menu alone lists the screens: every leaf is a link in its branch (the dashboard lists none)
    for (const branch of branches) {
      const button = nav.getByRole('button', { name: label(branch.definition), exact: true });
      await button.click();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      for (const leaf of leavesOf(branch.children)) {
        await expect(nav.getByRole('link', { name: label(leaf), exact: true })).toHaveAttribute('href', leaf.url as string);
      }
      await button.click();
      await expect(button).toHaveAttribute('aria-expanded', 'false');
    }
    // the landing page is the dashboard screen: the pest dashboard for its holders, no list of screens
    await expect(page.getByRole('heading', { level: 2, name: en.pestDashboard.title, exact: true })).toBeVisible();
    await expect(page.locator('main .dashboard-links')).toHaveCount(0);
    // the menu shows the top-level leaves as links (branch leaves appear when their branch opens)
    const topLeaves = expected.filter((n) => n.definition.url).map((n) => label(n.definition));
    await expect(nav.locator('ul.tree-menu-root > li > a')).toHaveText(topLeaves);
    await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute('aria-current', 'page');
  });

  test('settings menu: Profile; Settings only with a tab of it (users or roles); Clear Cache only for super users', async ({ page }) => {
    // several users signed in one after another: more than the suite's 30 s on a busy machine
    test.setTimeout(60_000);
    for (const name of ['admin', 'scout']) {
      const user = demoUser(name);
      const permissionsAnswer = page.waitForResponse((r) => r.url().endsWith(SHELL_PATHS.permissions) && r.ok());
      await signIn(page, user);
      const permissions = (await (await permissionsAnswer).json()) as string[];
      await page.getByRole('button', { name: en.shell.settingsMenu }).click();
      const menu = page.getByRole('menu');
      await expect(menu.getByRole('menuitem', { name: en.shell.profile })).toBeVisible();
      const mayOpenSettings = permissions.includes(PERMISSIONS.usersView) || permissions.includes(PERMISSIONS.rolesView);
      // a scout has neither: the entry would only lead to Access Denied
      expect(mayOpenSettings).toBe(name === 'admin');
      await expect(menu.getByRole('menuitem', { name: en.shell.settings, exact: true })).toHaveCount(mayOpenSettings ? 1 : 0);
      // the caches are every organisation's: offered to the super user (admin) only, whatever the permissions
      await expect(menu.getByRole('menuitem', { name: en.shell.clearCache })).toHaveCount(name === 'admin' ? 1 : 0);
      if (name === 'admin') {
        await menu.getByRole('menuitem', { name: en.shell.clearCache }).click();
        await expect(page.locator('.p-toast-message').filter({ hasText: en.shell.cacheCleared })).toBeVisible();
      } else {
        await page.keyboard.press('Escape');
      }
      await page.getByRole('button', { name: en.shell.logout, exact: true }).click();
      await expect(page).toHaveURL(/\/login$/);
    }
  });

  test('one page with tabs in the menu: only the tab shown is the current entry', async ({ page }) => {
    await signIn(page, demoUser('admin'));
    await page.goto('/settings#users');
    const nav = mainMenu(page);
    const users = nav.getByRole('link', { name: en.menu.Users, exact: true });
    const roles = nav.getByRole('link', { name: en.menu.Roles, exact: true });
    await expect(users).toHaveAttribute('aria-current', 'page');
    await expect(roles).not.toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('.tree-menu-leaf.active')).toHaveCount(1);
    // the organisation field names the whole organisation on hover where it cuts the name short
    await expect(page.getByRole('banner').locator('.organization-dropdown')).toHaveAttribute('title', 'Citrus Valley Growers');
    await roles.click();
    await expect(page).toHaveURL(/\/settings#roles$/);
    await expect(roles).toHaveAttribute('aria-current', 'page');
    await expect(users).not.toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('.tree-menu-leaf.active')).toHaveCount(1);
  });

  test('page views: each completed navigation is posted once with its final path', async ({ page }) => {
    const posted: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith(SHELL_PATHS.pageViews) && r.method() === 'POST') posted.push((r.postDataJSON() as { path: string }).path);
    });
    const isView = (path: string) => (r: { url(): string; method(): string; postDataJSON(): unknown }) =>
      r.url().endsWith(SHELL_PATHS.pageViews) && r.method() === 'POST' && (r.postDataJSON() as { path?: string }).path === path;

    const landing = page.waitForResponse((r) => isView('/dashboard')(r.request()));
    await signIn(page, demoUser('manager'));
    expect((await landing).ok()).toBe(true);

    // a redirect: the final path is recorded, not the one typed
    const notFound = page.waitForResponse((r) => isView('/404')(r.request()));
    await page.goto('/no-such-page?x=1');
    expect((await notFound).ok()).toBe(true);

    const home = page.waitForResponse((r) => isView('/')(r.request()));
    await page.getByRole('button', { name: en.exceptions.returnToDashboard }).click();
    expect((await home).ok()).toBe(true);

    expect(posted).not.toContain('/no-such-page?x=1');
    expect(posted.filter((p) => p === '/404')).toHaveLength(1);
  });
});

test.describe('375 px wide', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the hamburger lists the main menu, the organisation and settings menus and Logout; no horizontal scroll', async ({ page }) => {
    const admin = demoUser('admin');
    await page.goto('/login');
    await expect(page.getByRole('button', { name: en.login.logIn, exact: true })).toBeVisible();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);

    await signIn(page, admin);
    const hamburger = page.getByRole('button', { name: en.shell.openMenu });
    await expect(hamburger).toBeVisible();
    // the desktop parts of the bar are collapsed into it
    await expect(mainMenu(page)).toBeHidden();
    await expect(page.getByRole('banner').getByRole('button', { name: en.shell.logout })).toBeHidden();
    await expect(page.getByRole('banner').getByRole('button', { name: en.shell.settingsMenu })).toBeHidden();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);

    await hamburger.click();
    await expect(hamburger).toHaveAttribute('aria-expanded', 'true');
    const sidebar = page.locator('.mobile-menu');
    await expect(sidebar).toBeVisible();
    const leaves = leavesOf(fullMenu());
    await expect(mainMenu(sidebar)).toBeVisible();
    await expect(mainMenu(sidebar).locator('ul.tree-menu-root > li > :is(a, button)')).toHaveText(fullMenu().map((n) => label(n.definition)));
    await expect(organizationButton(sidebar)).toBeVisible();
    // the whole organisation name shows: it wraps instead of ending in "..."
    const orgLabel = sidebar.locator('.organization-dropdown .p-dropdown-label');
    const names = admin.organizations.map((o) => o.organizationName);
    expect(names).toContain(await orgLabel.innerText());
    expect(await orgLabel.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    for (const name of [en.shell.profile, en.shell.settings, en.shell.clearCache, en.shell.logout]) {
      // not the main menu's Settings branch of the same name
      await expect(sidebar.getByRole('button', { name, exact: true }).and(page.locator(':not([data-menu-id])'))).toBeVisible();
    }
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);

    // the organisation list opens from the sidebar; Escape closes the list, not the sidebar
    await organizationButton(sidebar).click();
    // every demo membership (organizations.spec.ts creates an organisation the administrator then belongs to)
    for (const name of names) await expect(page.getByRole('listbox').getByRole('option', { name, exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();
    await expect(sidebar).toBeVisible();
    // a second Escape closes the sidebar
    await page.keyboard.press('Escape');
    await expect(sidebar).toBeHidden();
    await expect(hamburger).toHaveAttribute('aria-expanded', 'false');
    await hamburger.click();
    await expect(sidebar).toBeVisible();

    // choosing a screen closes the sidebar
    await mainMenu(sidebar).getByRole('link', { name: label(leaves[0] as MenuDefinition), exact: true }).click();
    await expect(sidebar).toBeHidden();

    await hamburger.click();
    await expect(sidebar).toBeVisible();
    await sidebar.getByRole('button', { name: en.shell.logout, exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
