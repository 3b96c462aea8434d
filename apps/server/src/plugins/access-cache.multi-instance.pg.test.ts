/**
 * Runs only on PostgreSQL (TEST_DATABASE_URL): two app instances share one database. A permission
 * revoked through instance A is refused by instance B as soon as the change's notice arrives there,
 * and, should the notice be lost, never later than ACCESS_CACHE_MS after the revoke was committed.
 *
 * B runs on a clock the test moves (its access checks expire by the app's clock, plugins/access.ts)
 * and hears the change notices through a gate the test can shut, so the bound is shown without
 * waiting on the wall clock. Whether a notice has arrived is known from a marker notice sent after
 * the commit: PostgreSQL delivers notices in the order their transactions committed.
 */
import { PERMISSIONS } from '@orchard/shared/core';
import { ROLES_PATHS } from '@orchard/shared/roles';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSecondInstance, type SecondInstance } from '../../test/helpers/second-instance';
import { createTestApp, type TestApp } from '../../test/helpers/app';
import { addMember, createRole, createUser } from '../../test/helpers/fixtures';
import { createTenantWorld, type TenantWorld } from '../../test/helpers/tenant-matrix';
import { CHANGE_CHANNEL } from '../db/changes';
import type { DbHandle } from '../db/client';

const ACCESS_CACHE_MS = 1000;
const MARKER = 'access-cache-test-marker';

describe('a permission revoked on one instance, on another (PostgreSQL)', () => {
  let t: TestApp;
  let w: TenantWorld;
  let b: SecondInstance;
  /** B's clock */
  let bNow = Date.now();
  /** shut: change notices never reach B */
  let gateShut = false;
  let markerArrived: (() => void) | null = null;

  beforeAll(async () => {
    t = await createTestApp({ accessCacheMs: ACCESS_CACHE_MS });
    w = await createTenantWorld(t);
    const gated = (handle: DbHandle): DbHandle => ({
      ...handle,
      listen: (channel, onNotify, onLost) =>
        handle.listen(
          channel,
          (payload) => {
            if (payload === MARKER) markerArrived?.();
            else if (!gateShut) onNotify(payload);
          },
          onLost,
        ),
    });
    b = await openSecondInstance(t, { poolSize: 2, db: gated, clock: { now: () => new Date(bNow) } });
  });
  afterAll(async () => {
    await b.close();
    await t.close();
  });

  /** Resolves once every notice of what was committed so far has reached B's gate. */
  async function noticesDelivered(): Promise<void> {
    const arrived = new Promise<void>((resolve) => (markerArrived = resolve));
    await t.db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${MARKER})`);
    await arrived;
    markerArrived = null;
  }

  /** A member of A whose role holds roles.view, and the call that needs it, made on instance B. */
  async function memberOnB(label: string) {
    const user = await createUser(t.db, `revoked-${label}`);
    const role = await createRole(t.db, w.a.organizationId, `Role readers ${label}`, [PERMISSIONS.rolesView]);
    await addMember(t.db, user.id, w.a.organizationId, [role.id]);
    const headers = await t.headersFor(user.id, w.a.organizationId);
    const listRolesOnB = async () => (await b.app.inject({ method: 'GET', url: ROLES_PATHS.roles, headers })).statusCode;
    // A's administrator takes the permission away, through A; its answer comes after the commit
    const revokeOnA = async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: ROLES_PATHS.role.replace(':id', String(role.id)),
        headers: await t.headersFor(w.a.userId, w.a.organizationId),
        payload: { name: role.name, permissions: [], version: role.version },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    return { listRolesOnB, revokeOnA };
  }

  it('B refuses as soon as the notice of the revoke arrives, its clock standing still', async () => {
    const { listRolesOnB, revokeOnA } = await memberOnB('noticed');
    await noticesDelivered();
    expect(await listRolesOnB()).toBe(200);
    await revokeOnA();
    await noticesDelivered();
    // B's clock has not moved since it kept the check: only the notice can have cleared it
    expect(await listRolesOnB()).toBe(403);
  });

  it('B refuses ACCESS_CACHE_MS after the commit at the latest when the notice is lost', async () => {
    const { listRolesOnB, revokeOnA } = await memberOnB('lost');
    await noticesDelivered();
    // B keeps the check at this instant of its clock; the revoke is committed at the same instant
    // (the latest a check read before it can have been kept)
    expect(await listRolesOnB()).toBe(200);
    gateShut = true;
    try {
      await revokeOnA();
      await noticesDelivered();
      // the notice is lost: B answers from what it kept, within the bound only
      bNow += ACCESS_CACHE_MS - 1;
      expect(await listRolesOnB()).toBe(200);
      bNow += 1;
      expect(await listRolesOnB()).toBe(403);
    } finally {
      gateShut = false;
    }
  });
});
