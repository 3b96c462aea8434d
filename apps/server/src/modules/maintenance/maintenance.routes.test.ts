import { PERMISSIONS } from '@orchard/shared/core';
import { SHELL_PATHS } from '@orchard/shared/shell';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { addMember, createOrganization, createRole, createUser } from '../../../test/helpers/fixtures';
import { maintenanceState } from '../../db/schema/index';

describe('maintenance and health routes', () => {
  let t: TestApp;
  let org: { id: number };
  let admin: { id: number };

  const setMaintenance = (isDown: boolean) =>
    t.db.update(maintenanceState).set({ isDown }).where(eq(maintenanceState.id, 1));

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrganization(t.db, 'Maintenance Org');
    admin = await createUser(t.db, 'maintenance-admin');
    const viewer = await createRole(t.db, org.id, 'Viewer', [PERMISSIONS.usersView]);
    await addMember(t.db, admin.id, org.id, [viewer.id]);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('status, health and maintenance', () => {
    it('reports online and not in maintenance, without a token', async () => {
      const res = await t.app.inject({ method: 'GET', url: SHELL_PATHS.systemStatus });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ online: true, maintenance: false });
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('answers the liveness and readiness probes', async () => {
      const live = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready' });
    });

    it('during maintenance: the status says so at once, /api/me answers 503 MAINTENANCE, status and probes still answer', async () => {
      await setMaintenance(true);
      try {
        // read from the database, so no cache delay
        const status = await t.app.inject({ method: 'GET', url: SHELL_PATHS.systemStatus });
        expect(status.statusCode).toBe(200);
        expect(status.json()).toEqual({ online: true, maintenance: true });

        t.app.maintenance.invalidate();
        const me = await t.app.inject({ method: 'GET', url: SHELL_PATHS.me, headers: await t.bearer(admin.id) });
        expect(me.statusCode).toBe(503);
        expect(me.json()).toMatchObject({ error: { code: 'MAINTENANCE' }, requestId: expect.any(String) });
        const menu = await t.app.inject({ method: 'GET', url: SHELL_PATHS.menu, headers: await t.headersFor(admin.id, org.id) });
        expect(menu.statusCode).toBe(503);

        expect((await t.app.inject({ method: 'GET', url: SHELL_PATHS.systemStatus })).statusCode).toBe(200);
        expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
        expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      } finally {
        await setMaintenance(false);
        t.app.maintenance.invalidate();
      }
      const after = await t.app.inject({ method: 'GET', url: SHELL_PATHS.me, headers: await t.bearer(admin.id) });
      expect(after.statusCode).toBe(200);
    });

    it('answers /readyz with a 503 envelope when the database does not answer', async () => {
      const broken = await createTestApp();
      // a database that stops answering (closing PGlite under the app rejects asynchronously inside
      // PGlite itself, which is not what a probe sees from a dead PostgreSQL)
      const down = vi.spyOn(broken.db, 'execute').mockRejectedValue(new Error('connection refused'));
      try {
        const res = await broken.app.inject({ method: 'GET', url: '/readyz' });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({ error: { code: 'UNAVAILABLE', message: 'The service is not ready' }, requestId: expect.any(String) });
        const live = await broken.app.inject({ method: 'GET', url: '/healthz' });
        expect(live.statusCode).toBe(200);
      } finally {
        down.mockRestore();
        await broken.close();
      }
    });
  });
});
