import { ALL_PERMISSIONS, PERMISSIONS, type Permission } from '@orchard/shared/core';
import { SHELL_PATHS, type MenuItem } from '@orchard/shared/shell';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { addMember, createOrganization, createRole, createUser } from '../../../test/helpers/fixtures';
import { menuItems } from '../../db/schema/index';
import { invalidateMenuCache } from './menu.repository';

/** The tree as nested ids, e.g. ['dashboard', ['settings', ['settings.profile']]]. */
const shape = (items: readonly MenuItem[]): unknown[] => items.map((i) => (i.items.length ? [i.id, shape(i.items)] : i.id));

describe('shell: menu and landing page', () => {
  let t: TestApp;
  let orgA: { id: number };
  let orgB: { id: number };

  /** A member of organisation A holding roles made from [permissions, landing page] pairs (in id order). */
  const memberWith = async (name: string, roles: [readonly Permission[], string | null][], organizationId = orgA.id) => {
    const user = await createUser(t.db, name);
    const ids: number[] = [];
    for (const [i, [permissions, landing]] of roles.entries()) {
      ids.push((await createRole(t.db, organizationId, `${name} role ${i}`, permissions, { defaultLandingPage: landing })).id);
    }
    await addMember(t.db, user.id, organizationId, ids);
    return user;
  };
  const get = async (url: string, userId: number, organizationId = orgA.id) =>
    t.app.inject({ method: 'GET', url, headers: await t.headersFor(userId, organizationId) });
  // availability changes with a release (catalogue sync at start-up) and Clear Cache; here both
  // are stood in for by writing the row and emptying the cache
  const setAvailable = async (ids: string[], isAvailable: boolean) => {
    await t.db.update(menuItems).set({ isAvailable }).where(inArray(menuItems.id, ids));
    invalidateMenuCache(t.db);
  };

  beforeAll(async () => {
    t = await createTestApp();
    orgA = await createOrganization(t.db, 'Menu Org A', { sort: 1 });
    orgB = await createOrganization(t.db, 'Menu Org B', { sort: 2 });
    // The real catalogue rows with a fixed set of screens switched on for this database only, so
    // the expectations do not move as areas are released.
    await t.db.update(menuItems).set({ isAvailable: false });
    await setAvailable(['packhouse', 'management', 'user', 'system', 'settings'], true);
    await setAvailable(['dashboard', 'settings.profile', 'settings.users', 'settings.roles', 'management.logins'], true);
    // A deeper branch, an unavailable leaf inside it, and an available row under an unavailable parent.
    await t.db.insert(menuItems).values([
      { id: 'zz', parentId: null, displayName: 'Test Branch', icon: 'pi pi-star', url: null, permission: null, sort: 100 },
      { id: 'zz.sub', parentId: 'zz', displayName: 'Sub Branch', url: null, permission: null, sort: 10 },
      { id: 'zz.sub.leaf', parentId: 'zz.sub', displayName: 'Deep Leaf', url: '/zz/leaf', permission: PERMISSIONS.harvestReports, sort: 10 },
      { id: 'zz.hidden', parentId: 'zz', displayName: 'Hidden Leaf', url: '/zz/hidden', permission: null, sort: 5, isAvailable: false },
      { id: 'packhouse.harvestpucreport.child', parentId: 'packhouse.harvestpucreport', displayName: 'Under Unavailable', url: '/orphan', permission: null, sort: 1 },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /api/menu', () => {
    it('shows the leaves the permissions reach and the branches that still have one, in sort order', async () => {
      const viewer = await memberWith('menu-viewer', [[[PERMISSIONS.usersView], null]]);
      const res = await get(SHELL_PATHS.menu, viewer.id);
      expect(res.statusCode).toBe(200);
      const menu = res.json() as MenuItem[];
      expect(shape(menu)).toEqual(['dashboard', ['settings', ['settings.profile', 'settings.users']]]);
      expect(menu[0]).toEqual({
        id: 'dashboard',
        displayName: 'Dashboard',
        icon: 'pi pi-home',
        url: '/dashboard',
        hasSubItems: false,
        items: [],
      });
      expect(menu[1]).toMatchObject({ id: 'settings', displayName: 'Settings', url: null, hasSubItems: true });
      expect(menu[1]!.items[1]).toMatchObject({ displayName: 'Users', url: '/settings#users', hasSubItems: false });
    });

    it('keeps a deep branch only while a leaf below it is reachable', async () => {
      const reporter = await memberWith('menu-reporter', [[[PERMISSIONS.harvestReports, PERMISSIONS.managementLoginHistory], null]]);
      const res = await get(SHELL_PATHS.menu, reporter.id);
      expect(shape(res.json())).toEqual([
        'dashboard',
        ['management', ['management.logins']],
        ['settings', ['settings.profile']],
        ['zz', [['zz.sub', ['zz.sub.leaf']]]],
      ]);
    });

    it('never shows unavailable rows, nor rows under an unavailable parent, even with every permission', async () => {
      const admin = await memberWith('menu-admin', [[ALL_PERMISSIONS, null]]);
      const res = await get(SHELL_PATHS.menu, admin.id);
      expect(res.body).not.toContain('zz.hidden');
      expect(res.body).not.toContain('/orphan');
      expect(res.body).not.toContain('packhouse');
      expect(res.body).not.toContain('settings.preferences');
      // "packhouse" is an available branch whose every child is unavailable: it disappears too.
      expect(shape(res.json())).toEqual([
        'dashboard',
        ['management', ['management.logins']],
        ['settings', ['settings.profile', 'settings.users', 'settings.roles']],
        ['zz', [['zz.sub', ['zz.sub.leaf']]]],
      ]);
    });

    it('follows availability changes in menu_items on the next request', async () => {
      const admin = await memberWith('menu-admin-2', [[ALL_PERMISSIONS, null]]);
      await setAvailable(['zz.sub.leaf'], false);
      try {
        // its only leaf gone, the whole zz branch goes with it
        const menu = (await get(SHELL_PATHS.menu, admin.id)).json() as MenuItem[];
        expect(menu.map((i) => i.id)).toEqual(['dashboard', 'management', 'settings']);
      } finally {
        await setAvailable(['zz.sub.leaf'], true);
      }
    });
  });

  describe('super-user-only entries (Upload Update)', () => {
    it('are in the menu of a super user only, never of an administrator with every permission, nor of a role', async () => {
      await setAvailable(['system.update'], true);
      try {
        const admin = await memberWith('menu-admin-not-super', [[ALL_PERMISSIONS, null]]);
        const adminMenu = await get(SHELL_PATHS.menu, admin.id);
        expect(adminMenu.body).not.toContain('system');
        expect(adminMenu.body).not.toContain('/system/update');

        const operator = await createUser(t.db, 'menu-super-user', { isSuperUser: true });
        await addMember(t.db, operator.id, orgA.id, [(await createRole(t.db, orgA.id, 'Operators, no permissions', [])).id]);
        const menu = (await get(SHELL_PATHS.menu, operator.id)).json() as MenuItem[];
        expect(shape(menu)).toEqual(['dashboard', ['system', ['system.update']], ['settings', ['settings.profile']]]);
        expect(menu[1]!.items[0]).toMatchObject({ displayName: 'Upload Update', url: '/system/update' });

        // a role's permission set (the landing-page picker) never reaches it, whatever it holds
        const asked = await t.app.inject({
          method: 'POST',
          url: SHELL_PATHS.menuItemsByPermissions,
          headers: await t.headersFor(operator.id, orgA.id),
          payload: { permissions: ALL_PERMISSIONS },
        });
        expect(asked.statusCode).toBe(200);
        expect(asked.body).not.toContain('system.update');
      } finally {
        await setAvailable(['system.update'], false);
      }
    });
  });

  describe('POST /api/menu/items-by-permissions', () => {
    it('answers the tree exactly that permission set reaches, whatever the caller holds, ignoring unknown strings', async () => {
      const nobody = await memberWith('menu-nobody', [[[], null]]);
      const headers = await t.headersFor(nobody.id, orgA.id);
      const ask = (permissions: string[]) =>
        t.app.inject({ method: 'POST', url: SHELL_PATHS.menuItemsByPermissions, headers, payload: { permissions } });

      const users = await ask([PERMISSIONS.usersView, 'no.such.permission']);
      expect(users.statusCode).toBe(200);
      expect(shape(users.json())).toEqual(['dashboard', ['settings', ['settings.profile', 'settings.users']]]);
      expect(shape((await ask([])).json())).toEqual(['dashboard', ['settings', ['settings.profile']]]);
      expect(shape((await ask([PERMISSIONS.harvestReports])).json())).toContainEqual(['zz', [['zz.sub', ['zz.sub.leaf']]]]);
      // the caller's own menu is unchanged by the question
      expect(shape((await get(SHELL_PATHS.menu, nobody.id)).json())).toEqual(['dashboard', ['settings', ['settings.profile']]]);
    });

    it('rejects a malformed body with 400', async () => {
      const headers = await t.headersFor((await memberWith('menu-bad-body', [[[], null]])).id, orgA.id);
      for (const payload of [{}, { permissions: 'users.view' }, { permissions: ['x'.repeat(101)] }]) {
        const res = await t.app.inject({ method: 'POST', url: SHELL_PATHS.menuItemsByPermissions, headers, payload });
        expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION_FAILED');
      }
    });
  });

  describe('GET /api/me/default-page', () => {
    const pageOf = async (userId: number, organizationId = orgA.id) => {
      const res = await get(SHELL_PATHS.defaultPage, userId, organizationId);
      expect(res.statusCode).toBe(200);
      return (res.json() as { url: string | null }).url;
    };

    it("answers the role's landing page when the user can reach it", async () => {
      const u = await memberWith('landing-own', [[[PERMISSIONS.usersView], 'settings.users']]);
      expect(await pageOf(u.id)).toBe('/settings#users');
    });

    it('takes the landing page of the lowest-id role that names one', async () => {
      const u = await memberWith('landing-several', [
        [[PERMISSIONS.usersView], null],
        [[], 'settings.profile'],
        [[PERMISSIONS.usersView], 'settings.users'],
      ]);
      expect(await pageOf(u.id)).toBe('/settings/profile');
    });

    it("falls back to the first reachable leaf when the role's page is out of reach, unavailable or a branch", async () => {
      const unreachable = await memberWith('landing-unreachable', [[[PERMISSIONS.usersView], 'settings.roles']]);
      expect(await pageOf(unreachable.id)).toBe('/dashboard');
      const unavailable = await memberWith('landing-unavailable', [[[], 'settings.preferences']]);
      expect(await pageOf(unavailable.id)).toBe('/dashboard');
      const branch = await memberWith('landing-branch', [[[], 'settings']]);
      expect(await pageOf(branch.id)).toBe('/dashboard');
    });

    it('answers the first leaf of the menu, depth-first, when no role names a page', async () => {
      const u = await memberWith('landing-none', [[[PERMISSIONS.usersView, PERMISSIONS.managementLoginHistory], null]]);
      expect(await pageOf(u.id)).toBe('/dashboard');
      await setAvailable(['dashboard'], false);
      try {
        expect(await pageOf(u.id)).toBe('/management/logins');
      } finally {
        await setAvailable(['dashboard'], true);
      }
    });

    it('answers null when nothing is reachable', async () => {
      const u = await memberWith('landing-nothing', [[[], 'settings.profile']]);
      await setAvailable(['dashboard', 'settings.profile'], false);
      try {
        expect(await pageOf(u.id)).toBeNull();
        expect((await get(SHELL_PATHS.menu, u.id)).json()).toEqual([]);
      } finally {
        await setAvailable(['dashboard', 'settings.profile'], true);
      }
    });
  });

  it('after switching the default organisation, permissions, menu, landing page and roles follow the header', async () => {
    const user = await memberWith('switcher', [[[PERMISSIONS.usersView], 'settings.users']], orgA.id);
    const roleB = await createRole(t.db, orgB.id, 'Role keeper', [PERMISSIONS.rolesView], { defaultLandingPage: 'settings.roles' });
    await addMember(t.db, user.id, orgB.id, [roleB.id]);

    const put = await t.app.inject({
      method: 'PUT',
      url: SHELL_PATHS.defaultOrganization,
      headers: await t.bearer(user.id),
      payload: { organizationId: orgB.id },
    });
    expect(put.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: SHELL_PATHS.me, headers: await t.bearer(user.id) })).json().last_Organization).toBe(orgB.id);

    expect((await get(SHELL_PATHS.permissions, user.id, orgB.id)).json()).toEqual(['roles.view']);
    expect(shape((await get(SHELL_PATHS.menu, user.id, orgB.id)).json())).toEqual([
      'dashboard',
      ['settings', ['settings.profile', 'settings.roles']],
    ]);
    expect((await get(SHELL_PATHS.defaultPage, user.id, orgB.id)).json()).toEqual({ url: '/settings#roles' });
    expect((await get(SHELL_PATHS.roles, user.id, orgB.id)).json()).toEqual([
      { id: roleB.id, name: 'Role keeper', description: null, default_Landing_Page: 'settings.roles' },
    ]);

    // and back in A the answers are A's
    expect((await get(SHELL_PATHS.permissions, user.id, orgA.id)).json()).toEqual(['users.view']);
    expect((await get(SHELL_PATHS.defaultPage, user.id, orgA.id)).json()).toEqual({ url: '/settings#users' });
  });
});
