/**
 * The access check (enabled, membership, permissions) is reused for ACCESS_CACHE_MS on one
 * instance: a change to an access table made through this instance shows on the very next request
 * (and a write to any other table leaves the checks be), a change made
 * elsewhere (another instance, or straight in the database) as soon as its notice arrives
 * (db/changes.ts), and, should the notice be missed, within ACCESS_CACHE_MS.
 */
import { PERMISSIONS } from '@orchard/shared/core';
import { SHELL_PATHS } from '@orchard/shared/shell';
import { USERS_PATHS } from '@orchard/shared/users';
import { RELEASE_NOTES_PATHS } from '@orchard/shared/release-notes';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/app';
import { signIn } from '../../test/helpers/auth';
import { noticeLost, settle, unannounced } from '../../test/helpers/changes';
import { addMember, createRole, createUser, FIXTURE_PASSWORD } from '../../test/helpers/fixtures';
import { createTenantWorld, type TenantWorld } from '../../test/helpers/tenant-matrix';
import { refreshTokens, rolePermissions, users } from '../db/schema/index';

describe('access check cache', () => {
  let t: TestApp;
  let w: TenantWorld;
  beforeAll(async () => {
    t = await createTestApp({ accessCacheMs: 1000 });
    w = await createTenantWorld(t);
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  // one session per user, so every call after the first can be answered from the cache
  const sessions = new Map<number, Record<string, string>>();
  const permissionsOf = async (userId: number) => {
    let headers = sessions.get(userId);
    if (!headers) {
      headers = await t.headersFor(userId, w.a.organizationId);
      sessions.set(userId, headers);
    }
    const res = await t.app.inject({ method: 'GET', url: SHELL_PATHS.permissions, headers });
    return { status: res.statusCode, body: res.statusCode === 200 ? (res.json() as string[]) : null };
  };

  it('sees a change made elsewhere as soon as it is announced', async () => {
    const user = await createUser(t.db, 'announced-elsewhere');
    const role = await createRole(t.db, w.a.organizationId, 'Announced pickers', [PERMISSIONS.pickingView]);
    await addMember(t.db, user.id, w.a.organizationId, [role.id]);
    expect((await permissionsOf(user.id)).body).toEqual(['picking.view']);
    await t.db.insert(rolePermissions).values({ roleId: role.id, permission: PERMISSIONS.pickingEdit });
    await settle(t);
    expect((await permissionsOf(user.id)).body).toEqual(['picking.edit', 'picking.view']);
    await t.db.update(users).set({ isEnabled: false }).where(eq(users.id, user.id));
    await settle(t);
    expect((await permissionsOf(user.id)).status).toBe(401);
  });

  it('sees a change whose notice was missed within ACCESS_CACHE_MS', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const user = await createUser(t.db, 'cached-elsewhere');
    const role = await createRole(t.db, w.a.organizationId, 'Pickers', [PERMISSIONS.pickingView]);
    await addMember(t.db, user.id, w.a.organizationId, [role.id]);
    await settle(t);
    expect((await permissionsOf(user.id)).body).toEqual(['picking.view']);

    // another instance grants a permission: this one still answers from its cache for a moment
    await unannounced(t, 'role_permissions', () => t.db.insert(rolePermissions).values({ roleId: role.id, permission: PERMISSIONS.pickingEdit }));
    vi.setSystemTime(Date.now() + 500);
    expect((await permissionsOf(user.id)).body).toEqual(['picking.view']);
    vi.setSystemTime(Date.now() + 501);
    expect((await permissionsOf(user.id)).body).toEqual(['picking.edit', 'picking.view']);

    // and disabling the user elsewhere ends their access within the same window
    await unannounced(t, 'users', () => t.db.update(users).set({ isEnabled: false }).where(eq(users.id, user.id)));
    vi.setSystemTime(Date.now() + 1001);
    expect((await permissionsOf(user.id)).status).toBe(401);
  });

  it('ends a session ended elsewhere within ACCESS_CACHE_MS, and only that session', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const user = await createUser(t.db, 'session-ended-elsewhere');
    const role = await createRole(t.db, w.a.organizationId, 'Readers', [PERMISSIONS.pickingView]);
    await addMember(t.db, user.id, w.a.organizationId, [role.id]);
    const ended = await t.openSession(user.id);
    const kept = await t.openSession(user.id);
    const call = (accessToken: string) =>
      t.app.inject({
        method: 'GET',
        url: SHELL_PATHS.permissions,
        headers: { authorization: `Bearer ${accessToken}`, 'x-organization-id': String(w.a.organizationId) },
      });
    expect((await call(ended.accessToken)).statusCode).toBe(200);
    // another instance revokes the session (logout, password change, ...) and its notice is missed
    await unannounced(t, 'refresh_tokens', () => t.db.update(refreshTokens).set({ revokedAt: new Date() }).where(eq(refreshTokens.familyId, ended.sessionId)));
    vi.setSystemTime(Date.now() + 1001);
    expect((await call(ended.accessToken)).statusCode).toBe(401);
    expect((await call(kept.accessToken)).statusCode).toBe(200);
  });

  it('keeps its checks through writes that change no access table, and clears them after one that did', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const user = await createUser(t.db, 'quiet-writes');
    const role = await createRole(t.db, w.a.organizationId, 'Quiet pickers', [PERMISSIONS.pickingView]);
    await addMember(t.db, user.id, w.a.organizationId, [role.id]);
    await settle(t);
    expect((await permissionsOf(user.id)).body).toEqual(['picking.view']);
    // signing in changes an access table (a new session): done before the checks are read
    const writer = await t.headersFor(w.a.userId, w.a.organizationId);
    const write = async () => {
      // a write through this instance that touches no access table (an unknown note: 404, nothing saved)
      const res = await t.app.inject({ method: 'PUT', url: RELEASE_NOTES_PATHS.dismissal.replace(':id', '999999'), headers: writer });
      expect(res.statusCode).toBe(404);
    };
    // the instance's first write after changes made around it (the fixtures above) clears once
    await write();
    await settle(t);
    expect((await permissionsOf(user.id)).body).toEqual(['picking.view']);

    // a permission granted where no notice is sent: a bin delivery or any other write does not clear the checks
    await unannounced(t, 'role_permissions', () => t.db.insert(rolePermissions).values({ roleId: role.id, permission: PERMISSIONS.pickingEdit }));
    await write();
    vi.setSystemTime(Date.now() + 500);
    expect((await permissionsOf(user.id)).body).toEqual(['picking.view']);

    // a write through this instance that changed an access table (a sign-in: a new session), its
    // notice lost: the count moved during the request, so the checks are cleared before its answer leaves
    await noticeLost(t, () => signIn(t.app, w.a.userName, FIXTURE_PASSWORD));
    expect((await permissionsOf(user.id)).body).toEqual(['picking.edit', 'picking.view']);
  });

  it('sees a change made through this instance on the very next request', async () => {
    const user = await createUser(t.db, 'cached-here');
    const role = await createRole(t.db, w.a.organizationId, 'Viewers', [PERMISSIONS.pickingView]);
    await addMember(t.db, user.id, w.a.organizationId, [role.id]);
    await addMember(t.db, user.id, w.b.organizationId); // so the account outlives leaving A
    expect((await permissionsOf(user.id)).status).toBe(200);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: USERS_PATHS.user.replace(':id', String(user.id)),
      headers: await t.headersFor(w.a.userId, w.a.organizationId),
    });
    expect(removed.statusCode, removed.body).toBe(204);
    // no longer a member of A: A's context looks like an organisation that does not exist
    expect((await permissionsOf(user.id)).status).toBe(404);
  });
});

describe('access check without a cache (ACCESS_CACHE_MS=0)', () => {
  let t: TestApp;
  let w: TenantWorld;
  beforeAll(async () => {
    t = await createTestApp({ accessCacheMs: 0 });
    w = await createTenantWorld(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('reads every change made elsewhere on the next request', async () => {
    const user = await createUser(t.db, 'uncached');
    const role = await createRole(t.db, w.a.organizationId, 'Pickers', [PERMISSIONS.pickingView]);
    await addMember(t.db, user.id, w.a.organizationId, [role.id]);
    const headers = await t.headersFor(user.id, w.a.organizationId);
    expect((await t.app.inject({ method: 'GET', url: SHELL_PATHS.permissions, headers })).json()).toEqual(['picking.view']);
    await t.db.insert(rolePermissions).values({ roleId: role.id, permission: PERMISSIONS.pickingEdit });
    expect((await t.app.inject({ method: 'GET', url: SHELL_PATHS.permissions, headers })).json()).toEqual(['picking.edit', 'picking.view']);
  });
});
