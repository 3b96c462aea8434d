import { PERMISSIONS } from '@orchard/shared/core';
import { SHELL_PATHS } from '@orchard/shared/shell';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { addMember, createOrganization, createRole, createUser } from '../../../test/helpers/fixtures';
import { pageViews } from '../../db/schema/index';

describe('shell: system routes', () => {
  let t: TestApp;
  let org: { id: number };
  let other: { id: number };
  let admin: { id: number };
  let plain: { id: number };
  /** a platform operator holding no role anywhere */
  let operator: { id: number };

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrganization(t.db, 'System Org');
    other = await createOrganization(t.db, 'System Other Org');
    admin = await createUser(t.db, 'system-admin');
    plain = await createUser(t.db, 'system-plain');
    const clearer = await createRole(t.db, org.id, 'Cache clearer', [PERMISSIONS.systemClearCache]);
    const viewer = await createRole(t.db, org.id, 'Viewer', [PERMISSIONS.usersView]);
    const clearerElsewhere = await createRole(t.db, other.id, 'Cache clearer', [PERMISSIONS.systemClearCache]);
    await addMember(t.db, admin.id, org.id, [clearer.id]);
    await addMember(t.db, plain.id, org.id, [viewer.id]);
    await addMember(t.db, plain.id, other.id, [clearerElsewhere.id]);
    operator = await createUser(t.db, 'system-operator', { isSuperUser: true });
    await addMember(t.db, operator.id, org.id, []);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('POST /api/cache/dirty', () => {
    // every instance's caches: a platform action, so one organisation cannot keep the platform's caches cold
    it('refuses everyone but super users with 403, whatever permission they hold in any organisation, and clears nothing', async () => {
      const spy = vi.spyOn(t.app.maintenance, 'invalidate');
      try {
        for (const [who, organizationId] of [
          [plain.id, org.id],
          // holders of system.clearCache (an Administrator's permission) in the current organisation
          [plain.id, other.id],
          [admin.id, org.id],
        ] as const) {
          const res = await t.app.inject({ method: 'POST', url: SHELL_PATHS.dirtyCache, headers: await t.headersFor(who, organizationId) });
          expect(res.statusCode, res.body).toBe(403);
          expect(res.json().error.code).toBe('FORBIDDEN');
        }
        const bare = await t.app.inject({ method: 'POST', url: SHELL_PATHS.dirtyCache, headers: await t.bearer(admin.id) });
        expect(bare.statusCode).toBe(403);
        expect(spy).not.toHaveBeenCalled();
      } finally {
        spy.mockRestore();
      }
    });

    it('clears the caches for a super user, with no permission and no organisation needed, and answers 204', async () => {
      const spy = vi.spyOn(t.app.maintenance, 'invalidate');
      try {
        const res = await t.app.inject({ method: 'POST', url: SHELL_PATHS.dirtyCache, headers: await t.bearer(operator.id) });
        expect(res.statusCode, res.body).toBe(204);
        expect(res.body).toBe('');
        // an organisation header is ignored, even one the super user is not a member of
        const elsewhere = await t.app.inject({ method: 'POST', url: SHELL_PATHS.dirtyCache, headers: await t.headersFor(operator.id, other.id) });
        expect(elsewhere.statusCode).toBe(204);
        expect(spy).toHaveBeenCalledTimes(2);
      } finally {
        spy.mockRestore();
      }
    });

    it('is declared for super users, outside any organisation', () => {
      const entry = t.app.routeInventory.find((e) => e.method === 'POST' && e.url === SHELL_PATHS.dirtyCache);
      expect(entry?.auth).toBe('superUser');
      expect(entry?.tenant).toBe(false);
    });
  });

  describe('POST /api/page-views', () => {
    it('records the path for the user in the current organisation', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: SHELL_PATHS.pageViews,
        headers: await t.headersFor(plain.id, other.id),
        payload: { path: '/settings#users' },
      });
      expect(res.statusCode).toBe(204);
      const rows = await t.db
        .select({ userId: pageViews.userId, organizationId: pageViews.organizationId, path: pageViews.path })
        .from(pageViews)
        .where(eq(pageViews.userId, plain.id));
      expect(rows).toEqual([{ userId: plain.id, organizationId: other.id, path: '/settings#users' }]);
    });

    it('rejects an empty or over-long path with 400 and stores nothing', async () => {
      const headers = await t.headersFor(admin.id, org.id);
      for (const payload of [{}, { path: '' }, { path: 'x'.repeat(1001) }]) {
        const res = await t.app.inject({ method: 'POST', url: SHELL_PATHS.pageViews, headers, payload });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION_FAILED');
      }
      expect(await t.db.select().from(pageViews).where(eq(pageViews.userId, admin.id))).toEqual([]);
    });
  });
});
