/**
 * Tenant matrix for the users routes: organisation B's administrator (every permission in B)
 * pointing at A's user, roles, farms and packhouses gets 404 or an answer free of A's canary, and
 * A's rows stay as they were.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { addMember, createRole, createUser } from '../../../test/helpers/fixtures';
import { createTenantWorld, runTenantCase, type TenantCase, type TenantWorld } from '../../../test/helpers/tenant-matrix';
import {
  blobs,
  exportLogs,
  farms,
  legalEntities,
  mailOutbox,
  memberships,
  organizationPackhouses,
  packhouses,
  passwordResetTokens,
  roles,
  userFarms,
  userRoles,
  users,
} from '../../db/schema/index';

describe('users routes: tenant matrix', () => {
  let t: TestApp;
  let world: TenantWorld;
  let victim: { id: number; userName: string; email: string };
  let aRole: number;
  let aFarm: number;
  let aPackhouse: number;
  let bRole: number;
  let bMemberId: number;
  const lockoutEnd = new Date(Date.now() + 3_600_000);

  const victimRow = async () => (await t.db.select().from(users).where(eq(users.id, victim.id)))[0]!;
  const victimUnchanged = async () => {
    const row = await victimRow();
    expect(row.fullName).toContain(world.a.canary);
    expect(row.version).toBe(1);
    expect(row.failedLoginCount).toBe(4);
    expect(row.lockoutEnd?.getTime()).toBe(lockoutEnd.getTime());
    expect(row.avatarBlobId).toBeNull();
    expect(await t.db.select().from(memberships).where(eq(memberships.userId, victim.id))).toHaveLength(1);
    expect((await t.db.select().from(userRoles).where(eq(userRoles.userId, victim.id))).map((r) => r.roleId)).toEqual([aRole]);
    expect((await t.db.select().from(userFarms).where(eq(userFarms.userId, victim.id))).map((r) => r.farmId)).toEqual([aFarm]);
    expect(await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, victim.id))).toEqual([]);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, victim.email))).toEqual([]);
    expect(await t.db.select().from(blobs).where(eq(blobs.ownerUserId, victim.id))).toEqual([]);
  };
  const bMemberUnchanged = async () => {
    expect(await t.db.select().from(userFarms).where(eq(userFarms.userId, bMemberId))).toEqual([]);
    expect((await t.db.select().from(userRoles).where(eq(userRoles.userId, bMemberId))).map((r) => r.roleId)).toEqual([bRole]);
  };

  const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64)]);
  const boundary = 'tenant-boundary';
  const avatarBody = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);

  beforeAll(async () => {
    t = await createTestApp();
    world = await createTenantWorld(t);
    const { a, b } = world;
    aRole = (await createRole(t.db, a.organizationId, `Pickers ${a.canary}`, [])).id;
    const [le] = await t.db.insert(legalEntities).values({ organizationId: a.organizationId, name: `LE ${a.canary}` }).returning();
    aFarm = (await t.db.insert(farms).values({ organizationId: a.organizationId, legalEntityId: le!.id, farmName: `Farm ${a.canary}` }).returning())[0]!.id;
    aPackhouse = (await t.db.insert(packhouses).values({ name: `Packhouse ${a.canary}`, ownerOrganizationId: a.organizationId }).returning())[0]!.id;
    await t.db.insert(organizationPackhouses).values({ organizationId: a.organizationId, packhouseId: aPackhouse });
    const v = await createUser(t.db, `victim-${a.canary.toLowerCase()}`, {
      fullName: `Victim ${a.canary}`,
      lockoutEnd,
      failedLoginCount: 4,
    });
    victim = { id: v.id, userName: v.userName, email: v.email };
    await addMember(t.db, v.id, a.organizationId, [aRole]);
    await t.db.insert(userFarms).values({ userId: v.id, farmId: aFarm, organizationId: a.organizationId });

    bRole = (await createRole(t.db, b.organizationId, 'B pickers', [])).id;
    const bMember = await createUser(t.db, 'b-member-plain');
    bMemberId = bMember.id;
    await addMember(t.db, bMember.id, b.organizationId, [bRole]);
  });
  afterAll(async () => {
    await t.close();
  });

  const save = (changes: Record<string, unknown>) => ({
    version: 1,
    userName: victim.userName,
    email: victim.email,
    ...changes,
  });

  const cases = (): TenantCase[] => [
    { name: "get A's user", expect: 'not-found', request: () => ({ method: 'GET', url: `/api/users/${victim.id}` }) },
    {
      name: "update A's user",
      expect: 'not-found',
      request: () => ({ method: 'PUT', url: `/api/users/${victim.id}`, payload: save({ fullName: 'Hijacked', email: 'evil@example.test' }) }),
      unchanged: victimUnchanged,
    },
    { name: "delete A's user", expect: 'not-found', request: () => ({ method: 'DELETE', url: `/api/users/${victim.id}` }), unchanged: victimUnchanged },
    { name: "unblock A's user", expect: 'not-found', request: () => ({ method: 'POST', url: `/api/users/${victim.id}/unblock` }), unchanged: victimUnchanged },
    {
      name: "reset A's user's password",
      expect: 'not-found',
      request: () => ({ method: 'POST', url: `/api/users/${victim.id}/password-reset` }),
      unchanged: victimUnchanged,
    },
    {
      name: "upload A's user's avatar",
      expect: 'not-found',
      request: () => ({
        method: 'PUT',
        url: `/api/users/${victim.id}/avatar`,
        payload: avatarBody,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      }),
      unchanged: victimUnchanged,
    },
    {
      name: "replace A's user's roles",
      expect: 'not-found',
      request: (w) => ({ method: 'PUT', url: `/api/users/${victim.id}/roles`, payload: { roleIds: [bRole, w.b.userId] } }),
      unchanged: victimUnchanged,
    },
    {
      name: "replace A's user's farms",
      expect: 'not-found',
      request: () => ({ method: 'PUT', url: `/api/users/${victim.id}/farms`, payload: { farmIds: [] } }),
      unchanged: victimUnchanged,
    },
    {
      name: "replace A's user's packhouses",
      expect: 'not-found',
      request: () => ({ method: 'PUT', url: `/api/users/${victim.id}/packhouses`, payload: { packhouseIds: [] } }),
      unchanged: victimUnchanged,
    },
    {
      name: "assign A's role to B's user",
      expect: 'not-found',
      request: () => ({ method: 'PUT', url: `/api/users/${bMemberId}/roles`, payload: { roleIds: [aRole] } }),
      unchanged: bMemberUnchanged,
    },
    {
      name: "assign A's farm to B's user",
      expect: 'not-found',
      request: () => ({ method: 'PUT', url: `/api/users/${bMemberId}/farms`, payload: { farmIds: [aFarm] } }),
      unchanged: bMemberUnchanged,
    },
    {
      name: "assign A's packhouse to B's user",
      expect: 'not-found',
      request: () => ({ method: 'PUT', url: `/api/users/${bMemberId}/packhouses`, payload: { packhouseIds: [aPackhouse] } }),
      unchanged: async () => {
        expect(
          await t.db.select().from(organizationPackhouses).where(and(eq(organizationPackhouses.packhouseId, aPackhouse))),
        ).toHaveLength(1);
      },
    },
    {
      name: "save B's user with A's role and farm",
      expect: 'not-found',
      request: () => ({
        method: 'PUT',
        url: `/api/users/${bMemberId}`,
        payload: { version: 1, userName: 'b-member-plain', email: 'b-member-plain@example.test', roleIds: [aRole], farmIds: [aFarm] },
      }),
      unchanged: bMemberUnchanged,
    },
    {
      name: "create a user in B with A's role",
      expect: 'not-found',
      request: () => ({
        method: 'POST',
        url: '/api/users',
        payload: { userName: 'sneaky-new', email: 'sneaky@example.test', password: 'secret1', roleIds: [aRole] },
      }),
      unchanged: async () => {
        expect(await t.db.select().from(users).where(eq(users.userName, 'sneaky-new'))).toEqual([]);
      },
    },
    {
      name: "export with A's role",
      expect: 'not-found',
      request: () => ({ method: 'POST', url: '/api/users/legal-entity-report', payload: { roleIds: [aRole] } }),
    },
    { name: 'list users', expect: 'no-leak', request: () => ({ method: 'GET', url: '/api/users' }) },
    {
      name: "export B's roles",
      expect: 'no-leak',
      request: () => ({ method: 'POST', url: '/api/users/legal-entity-report', payload: { roleIds: [bRole] } }),
    },
    { name: 'farm options', expect: 'no-leak', request: () => ({ method: 'GET', url: '/api/users/farm-options' }) },
    { name: 'packhouse options', expect: 'no-leak', request: () => ({ method: 'GET', url: '/api/users/packhouse-options' }) },
  ];

  it('every case answers 404 or an A-free answer, and A is unchanged', async () => {
    for (const c of cases()) await runTenantCase(t, world, c);
  });

  it("the list and export in B hold B's users and never A's", async () => {
    const list = await runTenantCase(t, world, { name: 'list', expect: 'no-leak', request: () => ({ method: 'GET', url: '/api/users' }) });
    const ids = (list.json().users as { id: number }[]).map((u) => u.id);
    expect(ids).toContain(bMemberId);
    expect(ids).not.toContain(victim.id);
    expect((list.json().roles as { id: number }[]).map((r) => r.id)).not.toContain(aRole);
    const csv = await runTenantCase(t, world, {
      name: 'export',
      expect: 'no-leak',
      request: () => ({ method: 'POST', url: '/api/users/legal-entity-report', payload: { roleIds: [bRole] } }),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('b-member-plain');
    expect(csv.body).not.toContain(victim.userName);
    const logs = await t.db.select().from(exportLogs);
    expect(logs.every((l) => l.organizationId === world.b.organizationId)).toBe(true);
    expect(await t.db.select().from(roles).where(eq(roles.id, aRole))).toHaveLength(1);
  });
});
