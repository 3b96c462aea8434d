import { ALL_PERMISSIONS, PERMISSIONS, PERMISSION_CATALOGUE } from '@orchard/shared/core';
import { ROLE_MESSAGES, type Role, type RolesResponse } from '@orchard/shared/roles';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { addMember, createOrganization, createRole, createUser } from '../../../test/helpers/fixtures';
import { createTenantWorld, runTenantCase, type TenantWorld } from '../../../test/helpers/tenant-matrix';
import { menuItems, notifications, roles, userRoles } from '../../db/schema/index';

describe('roles', () => {
  let t: TestApp;
  let orgId: number;
  let admin: { id: number };
  /** holds roles.view, roles.manage and users.view only */
  let manager: { id: number };
  let viewer: { id: number };

  const call = async (
    userId: number,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    extraHeaders: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...(await t.headersFor(userId, orgId)), ...extraHeaders },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const create = (payload: unknown, userId = admin.id) => call(userId, 'POST', '/api/roles', payload);
  const details = (res: { json(): unknown }) => (res.json() as { error: { details?: { field: string; message: string }[] } }).error.details ?? [];

  beforeAll(async () => {
    t = await createTestApp();
    const org = await createOrganization(t.db, 'Roles Org');
    orgId = org.id;
    // a fixed set of released screens, so the expectations do not move as areas are released
    await t.db.update(menuItems).set({ isAvailable: false });
    await t.db
      .update(menuItems)
      .set({ isAvailable: true })
      .where(
        inArray(menuItems.id, ['dashboard', 'packhouse', 'management', 'user', 'system', 'settings', 'settings.profile', 'settings.users', 'settings.roles', 'management.logins']),
      );
    admin = await createUser(t.db, 'roles-admin');
    await addMember(t.db, admin.id, orgId, [(await createRole(t.db, orgId, 'Administrators', ALL_PERMISSIONS)).id]);
    manager = await createUser(t.db, 'roles-manager');
    const managerRole = await createRole(t.db, orgId, 'Role Managers', [
      PERMISSIONS.rolesView,
      PERMISSIONS.rolesManage,
      PERMISSIONS.usersView,
    ]);
    await addMember(t.db, manager.id, orgId, [managerRole.id]);
    viewer = await createUser(t.db, 'roles-viewer');
    await addMember(t.db, viewer.id, orgId, [(await createRole(t.db, orgId, 'Role Viewers', [PERMISSIONS.rolesView])).id]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists roles with users counts and the permission catalogue (page 1, size 99999)', async () => {
    const res = await call(viewer.id, 'GET', '/api/roles?page=1&size=99999');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<RolesResponse>();
    const administrators = body.roles.find((r) => r.name === 'Administrators')!;
    expect(administrators).toMatchObject({ usersCount: 1, default_Landing_Page: null, description: null });
    expect(administrators.permissions).toHaveLength(ALL_PERMISSIONS.length);
    expect(body.totalRecords).toBe(body.roles.length);
    expect(body.permissions).toHaveLength(PERMISSION_CATALOGUE.length);
    expect(body.permissions[0]).toEqual({
      value: PERMISSIONS.usersView,
      claimId: PERMISSIONS.usersView,
      groupName: 'Users',
      name: 'View Users',
      description: 'View the users of the organisation',
    });
  });

  it('searches by name and description and pages', async () => {
    await create({ name: 'Searchable Alpha', description: 'needle in here', permissions: [] });
    const byDescription = (await call(admin.id, 'GET', '/api/roles?search=NEEDLE')).json<RolesResponse>();
    expect(byDescription.roles.map((r) => r.name)).toEqual(['Searchable Alpha']);
    const paged = (await call(admin.id, 'GET', '/api/roles?page=2&size=1')).json<RolesResponse>();
    expect(paged.roles).toHaveLength(1);
    expect(paged.totalRecords).toBeGreaterThan(2);
  });

  it('needs roles.view to list and roles.manage to change', async () => {
    const bare = await createUser(t.db, 'roles-bare');
    await addMember(t.db, bare.id, orgId, [(await createRole(t.db, orgId, 'Bare', [])).id]);
    expect((await call(bare.id, 'GET', '/api/roles')).statusCode).toBe(403);
    expect((await create({ name: 'Nope', permissions: [] }, viewer.id)).statusCode).toBe(403);
  });

  it('creates a role (201) and reads it back', async () => {
    const res = await create({
      name: '  Pickers  ',
      description: 'Picking crew',
      permissions: [PERMISSIONS.pickingView, PERMISSIONS.pickingView],
      default_Landing_Page: 'dashboard',
    });
    expect(res.statusCode, res.body).toBe(201);
    const role = res.json<Role>();
    expect(role).toMatchObject({
      name: 'Pickers',
      description: 'Picking crew',
      permissions: [PERMISSIONS.pickingView],
      default_Landing_Page: 'dashboard',
      usersCount: 0,
      version: 1,
    });
    expect(res.headers.etag).toBe('"1"');
    const read = await call(viewer.id, 'GET', `/api/roles/${role.id}`);
    expect(read.json()).toEqual(role);
  });

  it.each([
    [{ permissions: [] }, ROLE_MESSAGES.nameRequired],
    [{ name: '', permissions: [] }, ROLE_MESSAGES.nameRequired],
    [{ name: '   ', permissions: [] }, ROLE_MESSAGES.nameRequired],
    [{ name: 'A', permissions: [] }, ROLE_MESSAGES.nameLength],
    [{ name: 'x'.repeat(201), permissions: [] }, ROLE_MESSAGES.nameLength],
  ])('rejects the name %j with its message', async (payload, message) => {
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(details(res)).toEqual([{ field: 'name', message, reason: message === ROLE_MESSAGES.nameRequired ? 'role-name-required' : 'role-name-length' }]);
  });

  it('accepts names of exactly 2 and 200 characters, and an omitted description', async () => {
    expect((await create({ name: 'ab', permissions: [] })).statusCode).toBe(201);
    const long = await create({ name: 'y'.repeat(200) });
    expect(long.statusCode).toBe(201);
    expect(long.json()).toMatchObject({ description: null, permissions: [] });
  });

  it('limits the description to 500 characters and permissions to the catalogue', async () => {
    const longDescription = await create({ name: 'Long description', description: 'd'.repeat(501), permissions: [] });
    expect(details(longDescription)).toEqual([{ field: 'description', message: ROLE_MESSAGES.descriptionLength, reason: 'role-description-length' }]);
    const unknown = await create({ name: 'Unknown permission', permissions: ['users.view', 'root.everything'] });
    expect(unknown.statusCode).toBe(400);
    expect(details(unknown)).toEqual([{ field: 'permissions.1', message: ROLE_MESSAGES.unknownPermission, reason: 'permission-unknown' }]);
  });

  it('keeps names unique per organisation, case-insensitively (409), but not across organisations', async () => {
    const res = await create({ name: 'ADMINISTRATORS', permissions: [] });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'CONFLICT', message: ROLE_MESSAGES.nameTaken, details: [{ field: 'name' }] });
    const other = await createOrganization(t.db, 'Roles Other Org');
    await addMember(t.db, admin.id, other.id, [(await createRole(t.db, other.id, 'Admins elsewhere', ALL_PERMISSIONS)).id]);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: await t.headersFor(admin.id, other.id),
      payload: { name: 'Administrators', permissions: [] },
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('refuses to grant permissions the caller does not hold (403), and allows those it holds', async () => {
    const res = await create({ name: 'Escalated', permissions: [PERMISSIONS.usersView, PERMISSIONS.usersManage] }, manager.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'FORBIDDEN', message: ROLE_MESSAGES.escalation });
    expect(details(res)[0]!.message).toContain(PERMISSIONS.usersManage);
    expect(details(res)[0]!.message).not.toContain(PERMISSIONS.usersView);
    const ok = await create({ name: 'Within reach', permissions: [PERMISSIONS.usersView] }, manager.id);
    expect(ok.statusCode).toBe(201);

    // a role that carries a permission the caller lacks is beyond them: no rename, no removal, no addition, no delete
    const wide = (await create({ name: 'Wide', permissions: [PERMISSIONS.usersManage, PERMISSIONS.usersView] })).json<Role>();
    const rename = await call(manager.id, 'PUT', `/api/roles/${wide.id}`, {
      name: 'Wide renamed',
      description: 'renamed by manager',
      permissions: [PERMISSIONS.usersManage, PERMISSIONS.usersView],
      version: wide.version,
    });
    expect(rename.statusCode).toBe(403);
    expect(rename.json().error.message).toBe(ROLE_MESSAGES.roleAboveCaller);
    const dropHeld = await call(manager.id, 'PUT', `/api/roles/${wide.id}`, {
      name: 'Wide',
      permissions: [PERMISSIONS.usersManage],
      version: wide.version,
    });
    expect(dropHeld.statusCode).toBe(403);
    expect(dropHeld.json().error.message).toBe(ROLE_MESSAGES.roleAboveCaller);
    const remove = await call(manager.id, 'PUT', `/api/roles/${wide.id}`, {
      name: 'Wide',
      permissions: [PERMISSIONS.usersView],
      version: wide.version,
    });
    expect(remove.statusCode).toBe(403);
    expect(remove.json().error).toMatchObject({
      code: 'FORBIDDEN',
      message: ROLE_MESSAGES.removalEscalation,
      details: [{ field: 'permissions', message: `${ROLE_MESSAGES.removalEscalation}: ${PERMISSIONS.usersManage}` }],
    });
    const add = await call(manager.id, 'PUT', `/api/roles/${wide.id}`, {
      name: 'Wide',
      permissions: [PERMISSIONS.usersManage, PERMISSIONS.usersView, PERMISSIONS.systemUpdate],
      version: wide.version,
    });
    expect(add.statusCode).toBe(403);
    expect(add.json().error.message).toBe(ROLE_MESSAGES.escalation);
    const del = await call(manager.id, 'DELETE', `/api/roles/${wide.id}`);
    expect(del.statusCode).toBe(403);
    const [row] = await t.db.select().from(roles).where(eq(roles.id, wide.id));
    expect(row).toMatchObject({ name: 'Wide', description: null, version: 1 });
    expect((await call(admin.id, 'GET', `/api/roles/${wide.id}`)).json<Role>().permissions).toEqual([PERMISSIONS.usersManage, PERMISSIONS.usersView]);
    // a role within reach stays the manager's to change
    const within = (await create({ name: 'Within', permissions: [PERMISSIONS.usersView] })).json<Role>();
    const edit = await call(manager.id, 'PUT', `/api/roles/${within.id}`, { name: 'Within', description: 'ok', permissions: [], version: within.version });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await call(manager.id, 'DELETE', `/api/roles/${within.id}`)).statusCode).toBe(204);
  });

  it('keeps an enabled member who holds every permission: removing a permission from, or deleting, the last such role answers 409', async () => {
    const org = await createOrganization(t.db, 'Roles Last Admin Org');
    const boss = await createUser(t.db, 'roles-last-boss');
    const everything = await createRole(t.db, org.id, 'Everything', ALL_PERMISSIONS);
    await addMember(t.db, boss.id, org.id, [everything.id]);
    const as = async (method: 'PUT' | 'DELETE', payload?: object) =>
      t.app.inject({ method, url: `/api/roles/${everything.id}`, headers: await t.headersFor(boss.id, org.id), ...(payload ? { payload } : {}) });
    const strip = await as('PUT', { name: 'Everything', permissions: ALL_PERMISSIONS.filter((p) => p !== PERMISSIONS.waterView), version: 1 });
    expect(strip.statusCode, strip.body).toBe(409);
    expect(strip.json().error).toEqual({ code: 'CONFLICT', message: ROLE_MESSAGES.lastFullMember, reason: 'last-full-member' });
    const del = await as('DELETE');
    expect(del.statusCode).toBe(409);
    expect((await t.db.select().from(roles).where(eq(roles.id, everything.id)))).toHaveLength(1);
    expect((await t.db.select().from(userRoles).where(eq(userRoles.roleId, everything.id)))).toHaveLength(1);
    // the role itself unchanged, permissions included
    const [row] = await t.db.select().from(roles).where(eq(roles.id, everything.id));
    expect(row!.version).toBe(1);
    // renaming keeps everyone's permissions: allowed
    expect((await as('PUT', { name: 'Everything renamed', permissions: ALL_PERMISSIONS, version: 1 })).statusCode).toBe(200);
    // with a second member holding every permission through another role, the role may lose one
    const second = await createUser(t.db, 'roles-second-boss');
    await addMember(t.db, second.id, org.id, [(await createRole(t.db, org.id, 'Everything too', ALL_PERMISSIONS)).id]);
    const ok = await as('PUT', { name: 'Everything renamed', permissions: ALL_PERMISSIONS.filter((p) => p !== PERMISSIONS.waterView), version: 2 });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('validates the landing page against the tree of the selected permissions', async () => {
    const bad = (page: string, permissions: string[]) => create({ name: `Landing ${page} ${permissions.length}`, permissions, default_Landing_Page: page });
    for (const [page, permissions] of [
      ['settings.users', []],
      ['settings', [PERMISSIONS.usersView]],
      ['management.logins', [PERMISSIONS.usersView]],
      ['no-such-page', []],
      ['harvest', [PERMISSIONS.harvestReports]],
    ] as [string, string[]][]) {
      const res = await bad(page, permissions);
      expect(res.statusCode, `${page}: ${res.body}`).toBe(400);
      expect(details(res)).toEqual([{ field: 'default_Landing_Page', message: ROLE_MESSAGES.landingPageUnavailable, reason: 'landing-page-unavailable' }]);
    }
    const ok = await create({ name: 'Lands on users', permissions: [PERMISSIONS.usersView], default_Landing_Page: 'settings.users' });
    expect(ok.statusCode).toBe(201);
    // a user holding only that role lands there
    const member = await createUser(t.db, 'lands-on-users');
    await addMember(t.db, member.id, orgId, [ok.json<Role>().id]);
    const page = await call(member.id, 'GET', '/api/me/default-page');
    expect(page.json()).toEqual({ url: '/settings#users' });
  });

  it('counts current users, and updates with optimistic concurrency (body version or If-Match; 412 when stale)', async () => {
    const role = (await create({ name: 'Counted', permissions: [PERMISSIONS.pickingView] })).json<Role>();
    const u1 = await createUser(t.db, 'counted-1');
    const u2 = await createUser(t.db, 'counted-2');
    await addMember(t.db, u1.id, orgId, [role.id]);
    await addMember(t.db, u2.id, orgId, [role.id]);
    expect((await call(admin.id, 'GET', `/api/roles/${role.id}`)).json<Role>().usersCount).toBe(2);

    const body = { name: 'Counted', permissions: [PERMISSIONS.pickingView] };
    const noVersion = await call(admin.id, 'PUT', `/api/roles/${role.id}`, body);
    expect(noVersion.statusCode).toBe(400);
    expect(details(noVersion)).toEqual([{ field: 'version', message: ROLE_MESSAGES.versionRequired, reason: 'role-version-required' }]);

    const first = await call(admin.id, 'PUT', `/api/roles/${role.id}`, { ...body, description: 'first', version: 1 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ version: 2, description: 'first' });
    expect(first.headers.etag).toBe('"2"');
    const stale = await call(admin.id, 'PUT', `/api/roles/${role.id}`, { ...body, description: 'second', version: 1 });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().error).toMatchObject({ code: 'PRECONDITION_FAILED', message: ROLE_MESSAGES.stale });
    const staleHeader = await call(admin.id, 'PUT', `/api/roles/${role.id}`, { ...body, version: 2 }, { 'if-match': '"1"' });
    expect(staleHeader.statusCode).toBe(412);
    const viaHeader = await call(admin.id, 'PUT', `/api/roles/${role.id}`, { ...body, description: 'third' }, { 'if-match': '"2"' });
    expect(viaHeader.statusCode, viaHeader.body).toBe(200);
    expect(viaHeader.json()).toMatchObject({ version: 3, description: 'third' });

    // concurrent saves of the same version: exactly one wins
    const racers = await Promise.all(
      ['a', 'b', 'c'].map((d) => call(admin.id, 'PUT', `/api/roles/${role.id}`, { ...body, description: d, version: 3 })),
    );
    expect(racers.map((r) => r.statusCode).sort()).toEqual([200, 412, 412]);
  });

  it('renaming onto another role name answers 409; unknown ids 404', async () => {
    const role = (await create({ name: 'Rename me', permissions: [] })).json<Role>();
    const res = await call(admin.id, 'PUT', `/api/roles/${role.id}`, { name: 'pickers', permissions: [], version: role.version });
    expect(res.statusCode).toBe(409);
    expect((await call(admin.id, 'GET', '/api/roles/999999')).statusCode).toBe(404);
    expect((await call(admin.id, 'PUT', '/api/roles/999999', { name: 'Ghost', permissions: [], version: 1 })).statusCode).toBe(404);
    expect((await call(admin.id, 'DELETE', '/api/roles/999999')).statusCode).toBe(404);
  });

  it('notifies the holders of a role when its permissions change (not for a description change)', async () => {
    const role = (await create({ name: 'Notified', permissions: [PERMISSIONS.pickingView] })).json<Role>();
    const holder = await createUser(t.db, 'notified-holder');
    await addMember(t.db, holder.id, orgId, [role.id]);
    const rowsFor = () => t.db.select().from(notifications).where(eq(notifications.userId, holder.id));

    await call(admin.id, 'PUT', `/api/roles/${role.id}`, { name: 'Notified', description: 'x', permissions: [PERMISSIONS.pickingView], version: 1 });
    expect(await rowsFor()).toHaveLength(0);
    const res = await call(admin.id, 'PUT', `/api/roles/${role.id}`, {
      name: 'Notified',
      permissions: [PERMISSIONS.pickingView, PERMISSIONS.pickingEdit],
      version: 2,
    });
    expect(res.statusCode).toBe(200);
    const rows = await rowsFor();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ organizationId: orgId, header: 'Role permissions changed', isRead: false });
    expect(rows[0]!.body).toContain('"Notified"');
    // the holder sees it through the notifications API
    const list = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: await t.bearer(holder.id) });
    expect(list.json()).toHaveLength(1);
  });

  it('deletes a role (204) with its user links, notifying its holders', async () => {
    const role = (await create({ name: 'Doomed', permissions: [PERMISSIONS.pickingView] })).json<Role>();
    const holder = await createUser(t.db, 'doomed-holder');
    await addMember(t.db, holder.id, orgId, [role.id]);
    const res = await call(admin.id, 'DELETE', `/api/roles/${role.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await t.db.select().from(roles).where(eq(roles.id, role.id))).toHaveLength(0);
    expect(await t.db.select().from(userRoles).where(eq(userRoles.roleId, role.id))).toHaveLength(0);
    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, holder.id));
    expect(rows.map((r) => r.header)).toEqual(['Role removed']);
    expect((await call(admin.id, 'GET', `/api/roles/${role.id}`)).statusCode).toBe(404);
  });

  it('refuses a save or delete that would take roles.manage away from the caller (409)', async () => {
    const solo = await createUser(t.db, 'solo-manager');
    const own = await createRole(t.db, orgId, 'Solo managers', [PERMISSIONS.rolesView, PERMISSIONS.rolesManage]);
    await addMember(t.db, solo.id, orgId, [own.id]);
    const del = await call(solo.id, 'DELETE', `/api/roles/${own.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toBe(ROLE_MESSAGES.selfLockout);
    const strip = await call(solo.id, 'PUT', `/api/roles/${own.id}`, { name: 'Solo managers', permissions: [PERMISSIONS.rolesView], version: 1 });
    expect(strip.statusCode).toBe(409);
    // someone else may
    expect((await call(admin.id, 'DELETE', `/api/roles/${own.id}`)).statusCode).toBe(204);
  });
});

describe('roles: tenant matrix', () => {
  let t: TestApp;
  let world: TenantWorld;
  let roleA: Role;

  beforeAll(async () => {
    t = await createTestApp();
    world = await createTenantWorld(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: await t.headersFor(world.a.userId, world.a.organizationId),
      payload: { name: `Target ${world.a.canary}`, description: world.a.canary, permissions: [PERMISSIONS.pickingView] },
    });
    roleA = res.json<Role>();
  });
  afterAll(async () => {
    await t.close();
  });

  const unchanged = async () => {
    const [row] = await t.db.select().from(roles).where(eq(roles.id, roleA.id));
    expect(row).toMatchObject({ name: roleA.name, description: world.a.canary, version: 1 });
  };

  it("B's admin cannot read, change or delete A's role, and B's lists never show A's", async () => {
    await runTenantCase(t, world, { name: 'get', request: () => ({ method: 'GET', url: `/api/roles/${roleA.id}` }), expect: 'not-found' });
    await runTenantCase(t, world, {
      name: 'update',
      request: () => ({
        method: 'PUT',
        url: `/api/roles/${roleA.id}`,
        payload: { name: 'Hijacked', permissions: [], version: 1 },
      }),
      expect: 'not-found',
      unchanged,
    });
    await runTenantCase(t, world, {
      name: 'update via If-Match',
      request: () => ({
        method: 'PUT',
        url: `/api/roles/${roleA.id}`,
        headers: { 'if-match': '"1"' },
        payload: { name: 'Hijacked', permissions: [] },
      }),
      expect: 'not-found',
      unchanged,
    });
    await runTenantCase(t, world, { name: 'delete', request: () => ({ method: 'DELETE', url: `/api/roles/${roleA.id}` }), expect: 'not-found', unchanged });
    for (const url of ['/api/roles', '/api/roles?page=1&size=99999', `/api/roles?search=${world.a.canary}`, '/api/roles?search=Target']) {
      const res = await runTenantCase(t, world, { name: `list ${url}`, request: () => ({ method: 'GET', url }), expect: 'no-leak' });
      expect(res.statusCode).toBe(200);
    }
    // a B role with A's name is fine (names are unique per organisation only)
    const same = await runTenantCase(t, world, {
      name: 'create same name',
      request: () => ({ method: 'POST', url: '/api/roles', payload: { name: 'Target role', permissions: [] } }),
      expect: 'no-leak',
    });
    expect(same.statusCode).toBe(201);
  });

  it("A's users count ignores nothing of B, and B's counts do not include A's members", async () => {
    const list = await runTenantCase(t, world, { name: 'counts', request: () => ({ method: 'GET', url: '/api/roles' }), expect: 'no-leak' });
    const everything = list.json<RolesResponse>().roles.find((r) => r.name.startsWith('Everything'))!;
    expect(everything.usersCount).toBe(1);
  });
});
