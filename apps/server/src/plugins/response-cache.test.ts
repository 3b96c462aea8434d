/**
 * The response cache (plugins/response-cache.ts): a signed-in GET answer is given again to the
 * same caller, in the same organisation and second, until any change is committed anywhere; it is
 * never given to anyone else, never skips the access checks, and never holds errors or files.
 */
import { PERMISSIONS } from '@orchard/shared/core';
import { ROLES_PATHS, type Role } from '@orchard/shared/roles';
import { SHELL_PATHS } from '@orchard/shared/shell';
import { eq } from 'drizzle-orm';
import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/app';
import { settle, unannounced } from '../../test/helpers/changes';
import { addMember, createRole, createUser } from '../../test/helpers/fixtures';
import { createTenantWorld, type TenantWorld } from '../../test/helpers/tenant-matrix';
import { refreshTokens, roles } from '../db/schema/index';
import { compressionPlugin, MIN_COMPRESSED_BYTES } from './compression';
import { responseCachePlugin } from './response-cache';
import { routePolicyPlugin } from './route-policy';

const roleNames = (body: string) => (JSON.parse(body) as { roles: Role[] }).roles.map((r) => r.name).sort();

describe('response cache', () => {
  let t: TestApp;
  let w: TenantWorld;
  beforeAll(async () => {
    // the access check is read on every request here, so what these tests see is the response cache's
    // doing; the app's clock stands still, so every call falls in the same second
    const now = new Date('2025-06-30T08:00:00Z');
    t = await createTestApp({ accessCacheMs: 0 }, { clock: { now: () => now } });
    w = await createTenantWorld(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

  it('gives the same caller the same answer again, and a change committed anywhere clears it', async () => {
    const headers = await t.headersFor(w.a.userId, w.a.organizationId);
    const first = await get(ROLES_PATHS.roles, headers);
    expect(first.statusCode).toBe(200);
    const before = t.app.responseCache.stats();
    const again = await get(ROLES_PATHS.roles, headers);
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(t.app.responseCache.stats().hits).toBe(before.hits + 1);

    // a row written where no notice is sent stays unseen: the answer really is the kept one
    await unannounced(t, 'roles', () => createRole(t.db, w.a.organizationId, 'Unannounced pickers', []));
    expect(roleNames((await get(ROLES_PATHS.roles, headers)).body)).not.toContain('Unannounced pickers');

    // any announced change (here to another organisation's table rows) clears it
    await createRole(t.db, w.b.organizationId, 'Elsewhere', []);
    await settle(t);
    expect(roleNames((await get(ROLES_PATHS.roles, headers)).body)).toContain('Unannounced pickers');
  });

  it("shows a write through this instance on the writer's very next read", async () => {
    const headers = await t.headersFor(w.a.userId, w.a.organizationId);
    await get(ROLES_PATHS.roles, headers);
    await get(ROLES_PATHS.roles, headers);
    await unannounced(t, 'roles', async () => {
      const created = await t.app.inject({ method: 'POST', url: ROLES_PATHS.roles, headers, payload: { name: 'Written here', permissions: [] } });
      expect(created.statusCode, created.body).toBe(201);
    });
    expect(roleNames((await get(ROLES_PATHS.roles, headers)).body)).toContain('Written here');
  });

  it('never gives one caller an answer made for another user, session or organisation', async () => {
    const user = await createUser(t.db, 'cache-other-caller');
    const reader = await createRole(t.db, w.a.organizationId, 'Role readers', [PERMISSIONS.rolesView]);
    await addMember(t.db, user.id, w.a.organizationId, [reader.id]);
    await addMember(t.db, w.a.userId, w.b.organizationId);
    await settle(t);
    const admin = await t.headersFor(w.a.userId, w.a.organizationId);
    const adminElsewhere = { ...admin, 'x-organization-id': String(w.b.organizationId) };
    const adminOtherSession = await t.headersFor(w.a.userId, w.a.organizationId);
    const other = await t.headersFor(user.id, w.a.organizationId);
    // the same URL for each; the permissions route answers each caller's own permissions
    const answers = [];
    for (const headers of [admin, adminElsewhere, adminOtherSession, other]) {
      const before = t.app.responseCache.stats();
      const res = await get(SHELL_PATHS.permissions, headers);
      expect(res.statusCode).toBe(200);
      expect(t.app.responseCache.stats().hits, 'a first call of this caller is never a hit').toBe(before.hits);
      answers.push(res.json() as string[]);
    }
    expect(answers[0]).toContain(PERMISSIONS.rolesManage);
    expect(answers[1]).toEqual([]);
    expect(answers[3]).toEqual([PERMISSIONS.rolesView]);
  });

  it('runs the access checks before giving a kept answer: an ended session is refused', async () => {
    const user = await createUser(t.db, 'cache-ended-session');
    const role = await createRole(t.db, w.a.organizationId, 'Ended readers', [PERMISSIONS.rolesView]);
    await addMember(t.db, user.id, w.a.organizationId, [role.id]);
    const session = await t.openSession(user.id);
    const headers = { authorization: `Bearer ${session.accessToken}`, 'x-organization-id': String(w.a.organizationId) };
    await settle(t);
    expect((await get(ROLES_PATHS.roles, headers)).statusCode).toBe(200);
    expect((await get(ROLES_PATHS.roles, headers)).statusCode).toBe(200);
    await unannounced(t, 'refresh_tokens', () =>
      t.db.update(refreshTokens).set({ revokedAt: new Date() }).where(eq(refreshTokens.familyId, session.sessionId)),
    );
    expect((await get(ROLES_PATHS.roles, headers)).statusCode).toBe(401);
  });

  it('lets callers asking together wait for the one answer being made', async () => {
    const headers = await t.headersFor(w.a.userId, w.a.organizationId);
    const before = t.app.responseCache.stats();
    const answers = await Promise.all(Array.from({ length: 8 }, () => get(ROLES_PATHS.roles, headers)));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(t.app.responseCache.stats().misses - before.misses).toBe(1);
    expect(t.app.responseCache.stats().hits - before.hits).toBe(7);
  });

  it('keeps an answer as it was sent, apart for each encoding: compressed once, never given to a caller who did not accept it', async () => {
    const headers = await t.headersFor(w.a.userId, w.a.organizationId);
    // enough roles for the answer to be compressed (plugins/compression.ts)
    for (let i = 0; i < 12; i += 1) await createRole(t.db, w.a.organizationId, `Compressed pickers ${i} ${'x'.repeat(60)}`, []);
    await settle(t);
    const gzipped = { ...headers, 'accept-encoding': 'gzip' };
    const before = t.app.responseCache.stats();
    const first = await get(ROLES_PATHS.roles, gzipped);
    expect(first.headers['content-encoding']).toBe('gzip');
    const plain = await get(ROLES_PATHS.roles, headers);
    expect(plain.headers['content-encoding'], 'made for this caller as it is, not the gzip one').toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(MIN_COMPRESSED_BYTES);
    const again = await get(ROLES_PATHS.roles, gzipped);
    expect(again.headers['content-encoding']).toBe('gzip');
    expect(again.rawPayload.equals(first.rawPayload), 'the kept bytes, not compressed again').toBe(true);
    expect(Number(again.headers['content-length'])).toBe(again.rawPayload.length);
    expect(JSON.parse(gunzipSync(again.rawPayload).toString('utf8'))).toEqual(plain.json());
    expect(t.app.responseCache.stats()).toMatchObject({ misses: before.misses + 2, hits: before.hits + 1 });
    const plainAgain = await get(ROLES_PATHS.roles, headers);
    expect(plainAgain.headers['content-encoding']).toBeUndefined();
    expect(plainAgain.body).toBe(plain.body);
  });

  it('keeps only whole JSON answers of 200', async () => {
    const headers = await t.headersFor(w.a.userId, w.a.organizationId);
    const before = t.app.responseCache.stats();
    const missing = ROLES_PATHS.role.replace(':id', '2147483000');
    expect((await get(missing, headers)).statusCode).toBe(404);
    expect((await get(missing, headers)).statusCode).toBe(404);
    expect(t.app.responseCache.stats().stored).toBe(before.stored);
    expect(t.app.responseCache.stats().hits).toBe(before.hits);
  });

  it('makes the answer again in the next second of the app clock', async () => {
    let now = new Date('2025-06-30T08:00:00.200Z');
    const clocked = await createTestApp({ accessCacheMs: 0 }, { clock: { now: () => now } });
    try {
      const world = await createTenantWorld(clocked);
      const headers = await clocked.headersFor(world.a.userId, world.a.organizationId);
      await settle(clocked);
      await clocked.app.inject({ method: 'GET', url: ROLES_PATHS.roles, headers });
      now = new Date('2025-06-30T08:00:00.900Z');
      await clocked.app.inject({ method: 'GET', url: ROLES_PATHS.roles, headers });
      expect(clocked.app.responseCache.stats()).toMatchObject({ hits: 1, misses: 1 });
      now = new Date('2025-06-30T08:00:01.000Z');
      await clocked.app.inject({ method: 'GET', url: ROLES_PATHS.roles, headers });
      expect(clocked.app.responseCache.stats()).toMatchObject({ hits: 1, misses: 2 });
      // a new second's answer replaces the request's older one: a route polled all day holds one answer
      const held = clocked.app.responseCache.stats().size;
      for (const at of ['08:00:02', '08:00:03', '08:00:07']) {
        now = new Date(`2025-06-30T${at}.000Z`);
        await clocked.app.inject({ method: 'GET', url: ROLES_PATHS.roles, headers });
      }
      expect(clocked.app.responseCache.stats()).toMatchObject({ misses: 5, stored: 5, size: held });
    } finally {
      await clocked.close();
    }
  });
});

describe('response cache: the second before, while the next is made', () => {
  /**
   * The plugin alone on a bare Fastify (the access plugin stood in for by one that names the caller),
   * with a route whose answers the test releases one by one, so which caller waits and which is given
   * what does not depend on how fast a database answers.
   */
  async function cacheOnly() {
    let now = new Date('2025-06-30T08:00:00.500Z');
    let made = 0;
    const releases: (() => void)[] = [];
    const app = Fastify();
    app.decorate('clock', { now: () => now });
    await app.register(
      fp(
        async (instance) => {
          instance.decorateRequest('auth', null);
          instance.decorateRequest('tenant', null);
          instance.addHook('onRequest', async (request) => {
            request.auth = { userId: 1, sessionId: 's', isSuperUser: false } as never;
          });
        },
        { name: 'access' },
      ),
    );
    await app.register(routePolicyPlugin);
    await app.register(compressionPlugin);
    await app.register(responseCachePlugin, { maxBytes: 1 << 20, isLive: () => true });
    app.get('/answer', { config: { auth: {} } as never }, async () => {
      made += 1;
      const answer = made;
      await new Promise<void>((resolve) => releases.push(resolve));
      return { answer };
    });
    await app.ready();
    return {
      app,
      setNow: (at: string) => (now = new Date(at)),
      get: () => app.inject({ method: 'GET', url: '/answer' }).then((r) => (r.json() as { answer: number }).answer),
      /** lets the answer being made go, once it is being made */
      release: async () => {
        await vi.waitFor(() => expect(releases.length).toBeGreaterThan(0));
        releases.shift()!();
      },
    };
  }

  it("gives callers asking together the same caller's answer of the second before while this second's is made; the maker gets the new one", async () => {
    const c = await cacheOnly();
    try {
      const first = c.get();
      await c.release();
      expect(await first).toBe(1);

      // the next second: one request makes answer 2 and is held; the others are given answer 1 meanwhile
      c.setNow('2025-06-30T08:00:01.100Z');
      const maker = c.get();
      await vi.waitFor(() => expect(c.app.responseCache.stats().misses).toBe(2));
      const others = await Promise.all(Array.from({ length: 5 }, () => c.get()));
      expect(others).toEqual([1, 1, 1, 1, 1]);
      expect(c.app.responseCache.stats().previous).toBe(5);
      await c.release();
      expect(await maker).toBe(2);
      expect(await c.get(), 'asked again in this second: the new answer, kept').toBe(2);

      // two seconds on nothing from the second before is kept: callers wait for the one answer made
      c.setNow('2025-06-30T08:00:03.000Z');
      const makerLater = c.get();
      await vi.waitFor(() => expect(c.app.responseCache.stats().misses).toBe(3));
      const waiting = Array.from({ length: 3 }, () => c.get());
      await c.release();
      expect(await Promise.all([makerLater, ...waiting])).toEqual([3, 3, 3, 3]);
      expect(c.app.responseCache.stats().previous).toBe(5);

      // a clear (a change committed anywhere) forgets the second before as well
      c.setNow('2025-06-30T08:00:04.000Z');
      const afterClear = c.get();
      await vi.waitFor(() => expect(c.app.responseCache.stats().misses).toBe(4));
      c.app.responseCache.clear();
      c.setNow('2025-06-30T08:00:05.000Z');
      await c.release();
      await afterClear;
      const makerAfter = c.get();
      await vi.waitFor(() => expect(c.app.responseCache.stats().misses).toBe(5));
      const waitingAfter = Array.from({ length: 2 }, () => c.get());
      await c.release();
      expect(await Promise.all([makerAfter, ...waitingAfter])).toEqual([5, 5, 5]);
      expect(c.app.responseCache.stats().previous).toBe(5);
    } finally {
      await c.app.close();
    }
  });
});

describe('response cache off (RESPONSE_CACHE_MB=0)', () => {
  it('keeps nothing', async () => {
    const t = await createTestApp({ responseCacheMb: 0 });
    try {
      const w = await createTenantWorld(t);
      const headers = await t.headersFor(w.a.userId, w.a.organizationId);
      await get(t, headers);
      await unannounced(t, 'roles', () => t.db.update(roles).set({ description: 'changed unannounced' }).where(eq(roles.organizationId, w.a.organizationId)));
      const res = await get(t, headers);
      expect((res.json() as { roles: Role[] }).roles.map((r) => r.description)).toContain('changed unannounced');
      expect(t.app.responseCache.stats()).toMatchObject({ hits: 0, stored: 0 });
    } finally {
      await t.close();
    }
  });
  const get = (t: TestApp, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: ROLES_PATHS.roles, headers });
});
