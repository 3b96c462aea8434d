import { PERMISSIONS } from '@orchard/shared/core';
import { SHELL_PATHS } from '@orchard/shared/shell';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { addMember, createOrganization, createRole, createUser } from '../../../test/helpers/fixtures';
import { farms, legalEntities, rolePermissions, userFarms, users } from '../../db/schema/index';

describe('shell: the current user', () => {
  let t: TestApp;
  let orgA: { id: number; name: string };
  let orgB: { id: number; name: string };
  let orgC: { id: number; name: string };
  let outsiderOrg: { id: number; name: string };
  let user: { id: number };
  let outsider: { id: number };
  let roleA: { id: number };
  let roleB: { id: number };

  const addFarm = async (organizationId: number, farmName: string) => {
    const [entity] = await t.db.insert(legalEntities).values({ organizationId, name: `${farmName} Pty` }).returning();
    const [farm] = await t.db.insert(farms).values({ organizationId, legalEntityId: entity!.id, farmName }).returning();
    return farm!;
  };

  beforeAll(async () => {
    t = await createTestApp();
    // Names and sorts chosen so that alphabetical order differs from the sort order.
    orgA = await createOrganization(t.db, 'Zebra Citrus', { sort: 1, defaultCultureName: 'en-ZA' });
    orgB = await createOrganization(t.db, 'Alpha Packers', { sort: 2, organizationType: 'packhouse' });
    orgC = await createOrganization(t.db, 'Beta Growers', { sort: 2 });
    const inactive = await createOrganization(t.db, 'Dormant Farms', { sort: 0, isActive: false });
    outsiderOrg = await createOrganization(t.db, 'Outsider Estates', { sort: 0 });
    user = await createUser(t.db, 'shell-user', { jobTitle: 'Manager', lastOrganizationId: null });
    outsider = await createUser(t.db, 'shell-outsider');
    roleA = await createRole(t.db, orgA.id, 'Viewer', [PERMISSIONS.usersView, PERMISSIONS.rolesView], {
      description: 'Sees people',
    });
    const roleA2 = await createRole(t.db, orgA.id, 'Admin', [PERMISSIONS.usersView, PERMISSIONS.systemClearCache]);
    roleB = await createRole(t.db, orgB.id, 'Packer', [PERMISSIONS.pickingView]);
    await addMember(t.db, user.id, orgA.id, [roleA.id, roleA2.id]);
    await addMember(t.db, user.id, orgB.id, [roleB.id]);
    await addMember(t.db, user.id, orgC.id);
    await addMember(t.db, user.id, inactive.id);
    await addMember(t.db, outsider.id, outsiderOrg.id);

    const citrusdal = await addFarm(orgA.id, 'Citrusdal Estate');
    const addo = await addFarm(orgA.id, 'addo Valley');
    await addFarm(orgA.id, 'Letsitele (not assigned)');
    const farmOfB = await addFarm(orgB.id, 'Packhouse Farm of B');
    await t.db.insert(userFarms).values([
      { userId: user.id, farmId: citrusdal.id, organizationId: orgA.id },
      { userId: user.id, farmId: addo.id, organizationId: orgA.id },
      { userId: user.id, farmId: farmOfB.id, organizationId: orgB.id },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /api/me', () => {
    it('answers the profile with the wire names', async () => {
      const res = await t.app.inject({ method: 'GET', url: SHELL_PATHS.me, headers: await t.bearer(user.id) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: user.id,
        userName: 'shell-user',
        email: 'shell-user@example.test',
        fullName: 'shell-user Fixture',
        jobTitle: 'Manager',
        phoneNumber: null,
        avatar: null,
        isEnabled: true,
        isLockedOut: false,
        isSuperUser: false,
        last_Organization: null,
      });
      expect(res.body).not.toContain('password');
    });

    it('reports a lockout only while it lasts, and the avatar blob id', async () => {
      const avatar = '11111111-2222-4333-8444-555555555555';
      const locked = await createUser(t.db, 'shell-locked', {
        lockoutEnd: new Date(Date.now() + 60_000),
        avatarBlobId: avatar,
      });
      const expired = await createUser(t.db, 'shell-was-locked', { lockoutEnd: new Date(Date.now() - 60_000) });
      const a = await t.app.inject({ method: 'GET', url: SHELL_PATHS.me, headers: await t.bearer(locked.id) });
      expect(a.json()).toMatchObject({ isLockedOut: true, avatar });
      const b = await t.app.inject({ method: 'GET', url: SHELL_PATHS.me, headers: await t.bearer(expired.id) });
      expect(b.json()).toMatchObject({ isLockedOut: false });
    });
  });

  describe('organisations', () => {
    it('lists the active organisations the user belongs to, by sort then name', async () => {
      const res = await t.app.inject({ method: 'GET', url: SHELL_PATHS.organizations, headers: await t.bearer(user.id) });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { name: string }[];
      expect(body.map((o) => o.name)).toEqual(['Zebra Citrus', 'Alpha Packers', 'Beta Growers']);
      expect(body[1]).toEqual({
        id: orgB.id,
        name: 'Alpha Packers',
        sort: 2,
        organization_Type: 'packhouse',
        default_Culture_Name: 'en-ZA',
        logo: null,
      });
    });

    it('finds one of the user’s organisations by name, case-insensitively', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/organizations/by-name/${encodeURIComponent('zebra CITRUS')}`,
        headers: await t.bearer(user.id),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: orgA.id, name: 'Zebra Citrus', sort: 1 });
    });

    it('answers 404 for an organisation the user does not belong to, an inactive one, or none', async () => {
      for (const name of ['Outsider Estates', 'Dormant Farms', 'No Such Organisation']) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/organizations/by-name/${encodeURIComponent(name)}`,
          headers: await t.bearer(user.id),
        });
        expect(res.statusCode, name).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
        expect(res.body).not.toContain('Outsider');
      }
    });

    it('sets the default organisation for a member and refuses a non-member or unknown one with 404', async () => {
      const headers = await t.bearer(user.id);
      const ok = await t.app.inject({
        method: 'PUT',
        url: SHELL_PATHS.defaultOrganization,
        headers,
        payload: { organizationId: orgB.id },
      });
      expect(ok.statusCode).toBe(204);
      expect(ok.body).toBe('');
      const me = await t.app.inject({ method: 'GET', url: SHELL_PATHS.me, headers });
      expect(me.json().last_Organization).toBe(orgB.id);

      for (const organizationId of [outsiderOrg.id, 999_999]) {
        const res = await t.app.inject({ method: 'PUT', url: SHELL_PATHS.defaultOrganization, headers, payload: { organizationId } });
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
      }
      const [row] = await t.db.select({ last: users.lastOrganizationId }).from(users).where(eq(users.id, user.id));
      expect(row!.last).toBe(orgB.id);

      // a JSON number only: a string or a boolean that a coercion would read as an id is refused, nothing saved
      for (const organizationId of ['x', String(orgA.id), `0x${orgA.id.toString(16)}`, true]) {
        const invalid = await t.app.inject({ method: 'PUT', url: SHELL_PATHS.defaultOrganization, headers, payload: { organizationId } });
        expect(invalid.statusCode, String(organizationId)).toBe(400);
        expect(invalid.json().error.code).toBe('VALIDATION_FAILED');
      }
      const [kept] = await t.db.select({ last: users.lastOrganizationId }).from(users).where(eq(users.id, user.id));
      expect(kept!.last).toBe(orgB.id);
    });
  });

  describe('per-organisation data', () => {
    it('answers the permissions held in the current organisation, sorted and without duplicates', async () => {
      const a = await t.app.inject({ method: 'GET', url: SHELL_PATHS.permissions, headers: await t.headersFor(user.id, orgA.id) });
      expect(a.statusCode).toBe(200);
      expect(a.json()).toEqual(['roles.view', 'system.clearCache', 'users.view']);
      const b = await t.app.inject({ method: 'GET', url: SHELL_PATHS.permissions, headers: await t.headersFor(user.id, orgB.id) });
      expect(b.json()).toEqual(['picking.view']);
      const c = await t.app.inject({ method: 'GET', url: SHELL_PATHS.permissions, headers: await t.headersFor(user.id, orgC.id) });
      expect(c.json()).toEqual([]);
    });

    it("lists the user's farms in the current organisation only, by name", async () => {
      const a = await t.app.inject({ method: 'GET', url: SHELL_PATHS.farms, headers: await t.headersFor(user.id, orgA.id) });
      expect(a.statusCode).toBe(200);
      expect((a.json() as { title: string }[]).map((f) => f.title)).toEqual(['addo Valley', 'Citrusdal Estate']);
      expect(a.body).not.toContain('Packhouse Farm of B');
      const b = await t.app.inject({ method: 'GET', url: SHELL_PATHS.farms, headers: await t.headersFor(user.id, orgB.id) });
      expect(b.json()).toEqual([{ id: expect.any(Number), title: 'Packhouse Farm of B' }]);
      const c = await t.app.inject({ method: 'GET', url: SHELL_PATHS.farms, headers: await t.headersFor(user.id, orgC.id) });
      expect(c.json()).toEqual([]);
    });

    it("lists the user's roles in the current organisation only", async () => {
      const a = await t.app.inject({ method: 'GET', url: SHELL_PATHS.roles, headers: await t.headersFor(user.id, orgA.id) });
      expect(a.statusCode).toBe(200);
      expect(a.json()).toEqual([
        { id: expect.any(Number), name: 'Admin', description: null, default_Landing_Page: null },
        { id: roleA.id, name: 'Viewer', description: 'Sees people', default_Landing_Page: null },
      ]);
      const b = await t.app.inject({ method: 'GET', url: SHELL_PATHS.roles, headers: await t.headersFor(user.id, orgB.id) });
      expect((b.json() as { id: number }[]).map((r) => r.id)).toEqual([roleB.id]);
    });

    it('reflects a permission change on the next request', async () => {
      await t.db.insert(rolePermissions).values({ roleId: roleB.id, permission: PERMISSIONS.pickingEdit });
      // written straight to the database, as another instance would: see plugins/access-cache.test.ts
      t.app.accessCache.clear();
      const b = await t.app.inject({ method: 'GET', url: SHELL_PATHS.permissions, headers: await t.headersFor(user.id, orgB.id) });
      expect(b.json()).toEqual(['picking.edit', 'picking.view']);
    });
  });

  describe('access rules of every shell route', () => {
    const blobUrl = '/api/blobs/useravatar/00000000-0000-4000-8000-000000000000';
    const routes: { method: 'GET' | 'POST' | 'PUT'; url: string; tenant: boolean; payload?: object }[] = [
      { method: 'GET', url: SHELL_PATHS.me, tenant: false },
      { method: 'GET', url: SHELL_PATHS.organizations, tenant: false },
      { method: 'PUT', url: SHELL_PATHS.defaultOrganization, tenant: false, payload: { organizationId: 1 } },
      { method: 'GET', url: '/api/organizations/by-name/x', tenant: false },
      { method: 'GET', url: blobUrl, tenant: false },
      { method: 'GET', url: SHELL_PATHS.permissions, tenant: true },
      { method: 'GET', url: SHELL_PATHS.defaultPage, tenant: true },
      { method: 'GET', url: SHELL_PATHS.farms, tenant: true },
      { method: 'GET', url: SHELL_PATHS.roles, tenant: true },
      { method: 'GET', url: SHELL_PATHS.menu, tenant: true },
      { method: 'POST', url: SHELL_PATHS.menuItemsByPermissions, tenant: true, payload: { permissions: [] } },
      { method: 'POST', url: SHELL_PATHS.dirtyCache, tenant: false },
      { method: 'POST', url: SHELL_PATHS.pageViews, tenant: true, payload: { path: '/dashboard' } },
    ];

    it('declares a policy and a tenant scope for each of them', () => {
      for (const r of routes) {
        const template = r.url === blobUrl ? SHELL_PATHS.blob : r.url.startsWith('/api/organizations/by-name') ? SHELL_PATHS.organizationByName : r.url;
        const entry = t.app.routeInventory.find((e) => e.method === r.method && e.url === template);
        expect(entry, `${r.method} ${template}`).toBeDefined();
        expect(entry!.auth).toBeDefined();
        expect(entry!.tenant === true || typeof entry!.auth === 'object').toBe(r.tenant);
      }
      for (const url of [SHELL_PATHS.systemStatus, '/healthz', '/readyz']) {
        expect(t.app.routeInventory.find((e) => e.url === url)?.auth).toBe('public');
      }
    });

    it('answers 401 without a token', async () => {
      for (const r of routes) {
        const res = await t.app.inject({ method: r.method, url: r.url, payload: r.payload });
        expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
        expect(res.json().error.code).toBe('UNAUTHENTICATED');
      }
    });

    it('answers 401 to a disabled user', async () => {
      const disabled = await createUser(t.db, 'shell-disabled', { isEnabled: false });
      const res = await t.app.inject({ method: 'GET', url: SHELL_PATHS.me, headers: await t.bearer(disabled.id) });
      expect(res.statusCode).toBe(401);
    });

    it('answers 400 VALIDATION_FAILED on a tenant route without X-Organization-Id', async () => {
      for (const r of routes.filter((x) => x.tenant)) {
        const res = await t.app.inject({ method: r.method, url: r.url, headers: await t.bearer(user.id), payload: r.payload });
        expect(res.statusCode, `${r.method} ${r.url}`).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION_FAILED');
      }
    });

    it("answers 404 on a tenant route naming an organisation the user is not a member of", async () => {
      for (const r of routes.filter((x) => x.tenant)) {
        for (const organizationId of [outsiderOrg.id, 999_999]) {
          const res = await t.app.inject({
            method: r.method,
            url: r.url,
            headers: await t.headersFor(user.id, organizationId),
            payload: r.payload,
          });
          expect(res.statusCode, `${r.method} ${r.url}`).toBe(404);
          expect(res.json().error.code).toBe('NOT_FOUND');
          expect(res.body).not.toContain('Outsider');
        }
      }
    });
  });
});
