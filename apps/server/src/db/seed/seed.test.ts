import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { ALL_PERMISSIONS } from '@orchard/shared/core';
import { MENU_CATALOGUE } from '@orchard/shared/shell';
import { createTestDatabase } from '../../../test/helpers/db';
import { verifyPassword } from '../../lib/password';
import type { DbHandle } from '../client';
import * as schema from '../schema/index';
import {
  areas,
  farms,
  legalEntities,
  memberships,
  organizationPackhouses,
  organizations,
  packhouses,
  provinces,
  regions,
  rolePermissions,
  roles,
  userFarms,
  userPackhouses,
  userRoles,
  users,
} from '../schema/index';
import { DEMO_ORGANIZATIONS, DEMO_USERS, demoUser, seedDemoData, type SeedSummary } from './index';
import { DEMO_EMPLOYEE_TYPES, DEMO_EMPLOYEES } from './parts/employees';
import { createPrng } from './prng';

const tablesByName = new Map<string, PgTable>();
for (const value of Object.values(schema) as unknown[]) {
  if (is(value, PgTable)) tablesByName.set(getTableName(value), value);
}

/** Everything the seed writes, without password hashes and timestamps, in primary-key order. */
async function projection({ db }: DbHandle) {
  return {
    provinces: await db.select().from(provinces).orderBy(asc(provinces.id)),
    regions: await db.select().from(regions).orderBy(asc(regions.id)),
    areas: await db.select().from(areas).orderBy(asc(areas.id)),
    organizations: await db
      .select({
        id: organizations.id,
        name: organizations.name,
        sort: organizations.sort,
        type: organizations.organizationType,
        level: organizations.organizationLevel,
        culture: organizations.defaultCultureName,
        defaultLegalEntityId: organizations.defaultLegalEntityId,
        contact: sql<string>`concat_ws('|', ${organizations.contactName}, ${organizations.contactSurname}, ${organizations.contactPhoneNumber}, ${organizations.contactEmail})`,
      })
      .from(organizations)
      .orderBy(asc(organizations.id)),
    legalEntities: await db.select().from(legalEntities).orderBy(asc(legalEntities.id)),
    farms: await db.select().from(farms).orderBy(asc(farms.id)),
    packhouses: await db.select().from(packhouses).orderBy(asc(packhouses.id)),
    organizationPackhouses: await db
      .select()
      .from(organizationPackhouses)
      .orderBy(asc(organizationPackhouses.organizationId), asc(organizationPackhouses.packhouseId)),
    roles: await db
      .select({ id: roles.id, org: roles.organizationId, name: roles.name, description: roles.description, landing: roles.defaultLandingPage })
      .from(roles)
      .orderBy(asc(roles.id)),
    rolePermissions: await db.select().from(rolePermissions).orderBy(asc(rolePermissions.roleId), asc(rolePermissions.permission)),
    users: await db
      .select({
        id: users.id,
        userName: users.userName,
        email: users.email,
        fullName: users.fullName,
        jobTitle: users.jobTitle,
        phoneNumber: users.phoneNumber,
        isEnabled: users.isEnabled,
        isSuperUser: users.isSuperUser,
        failedLoginCount: users.failedLoginCount,
        lockoutEnd: users.lockoutEnd,
        lastOrganizationId: users.lastOrganizationId,
      })
      .from(users)
      .orderBy(asc(users.id)),
    memberships: await db
      .select({ userId: memberships.userId, organizationId: memberships.organizationId })
      .from(memberships)
      .orderBy(asc(memberships.userId), asc(memberships.organizationId)),
    userRoles: await db.select().from(userRoles).orderBy(asc(userRoles.userId), asc(userRoles.roleId)),
    userFarms: await db.select().from(userFarms).orderBy(asc(userFarms.userId), asc(userFarms.farmId)),
    userPackhouses: await db
      .select()
      .from(userPackhouses)
      .orderBy(asc(userPackhouses.userId), asc(userPackhouses.packhouseId), asc(userPackhouses.organizationId)),
  };
}

async function userId({ db }: DbHandle, userName: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.userName, userName));
  if (!row) throw new Error(`user ${userName} missing`);
  return row.id;
}

describe('demo data seed', () => {
  let handle: DbHandle;
  let summary: SeedSummary;
  let orgIds: Map<string, number>;

  beforeAll(async () => {
    handle = await createTestDatabase();
    summary = await seedDemoData(handle);
    const orgs = await handle.db.select({ id: organizations.id, name: organizations.name }).from(organizations);
    orgIds = new Map(orgs.map((o) => [o.name, o.id]));
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('seeds an empty database', () => {
    expect(summary.seeded).toBe(true);
    expect(summary.scale).toBe(1);
    expect(summary.users).toBe(DEMO_USERS);
    expect(summary.counts.users).toBe(DEMO_USERS.length);
    expect(summary.counts.organizations).toBe(3);
    expect(summary.counts.employee_types).toBe(DEMO_ORGANIZATIONS.length * DEMO_EMPLOYEE_TYPES.length);
    expect(summary.counts.employees).toBe(DEMO_ORGANIZATIONS.length * DEMO_EMPLOYEES.length);
  });

  it('reports the row counts that are in the database', async () => {
    expect(Object.keys(summary.counts).length).toBeGreaterThanOrEqual(15);
    for (const [table, n] of Object.entries(summary.counts)) {
      const pgTable = tablesByName.get(table);
      expect(pgTable, table).toBeDefined();
      const [row] = await handle.db.select({ n: count() }).from(pgTable!);
      expect({ table, n: row?.n }).toEqual({ table, n });
    }
  });

  it('creates every demo user with a password that verifies', async () => {
    const rows = await handle.db.select().from(users);
    expect(rows.map((r) => r.userName).sort()).toEqual(DEMO_USERS.map((u) => u.userName).sort());
    for (const u of DEMO_USERS) {
      const row = rows.find((r) => r.userName === u.userName)!;
      expect(u.password.length).toBeGreaterThanOrEqual(8);
      expect(row.email).toMatch(/@example\.co\.za$/);
      expect(row.fullName).toBe(u.fullName);
      expect(await verifyPassword(row.passwordHash, u.password), u.userName).toBe(true);
      expect(await verifyPassword(row.passwordHash, `${u.password}x`)).toBe(false);
    }
  });

  it('locks out `locked`, disables `disabled`, leaves `noorg` without memberships', async () => {
    const rows = await handle.db.select().from(users);
    const byName = new Map(rows.map((r) => [r.userName, r]));
    const locked = byName.get('locked')!;
    expect(locked.failedLoginCount).toBe(5);
    expect(locked.lockoutEnd!.getTime()).toBeGreaterThan(new Date('2099-01-01T00:00:00Z').getTime());
    expect(locked.isEnabled).toBe(true);
    expect(byName.get('disabled')!.isEnabled).toBe(false);
    for (const r of rows.filter((x) => x.userName !== 'locked')) {
      expect(r.lockoutEnd).toBeNull();
      expect(r.failedLoginCount).toBe(0);
    }
    const noorg = byName.get('noorg')!;
    expect(await handle.db.select().from(memberships).where(eq(memberships.userId, noorg.id))).toEqual([]);
    expect(await handle.db.select().from(userRoles).where(eq(userRoles.userId, noorg.id))).toEqual([]);
    expect(noorg.lastOrganizationId).toBeNull();
    expect(rows.filter((r) => r.isSuperUser).map((r) => r.userName)).toEqual(['admin']);
  });

  it('gives admin every permission in all three organisations, starting in the grower', async () => {
    const id = await userId(handle, 'admin');
    const member = await handle.db.select().from(memberships).where(eq(memberships.userId, id));
    expect(member.map((m) => m.organizationId).sort()).toEqual([...orgIds.values()].sort());
    for (const orgId of orgIds.values()) {
      const perms = await handle.db
        .selectDistinct({ p: rolePermissions.permission })
        .from(userRoles)
        .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
        .where(and(eq(userRoles.userId, id), eq(userRoles.organizationId, orgId)));
      expect(perms.map((r) => r.p).sort()).toEqual([...ALL_PERMISSIONS].sort());
    }
    const [admin] = await handle.db.select().from(users).where(eq(users.id, id));
    expect(admin!.lastOrganizationId).toBe(orgIds.get('Citrus Valley Growers'));
  });

  it('matches memberships, roles, farms and packhouses to DEMO_USERS', async () => {
    const farmRows = await handle.db.select().from(farms);
    const farmName = new Map(farmRows.map((f) => [f.id, f.farmName]));
    const phRows = await handle.db.select().from(packhouses);
    const phName = new Map(phRows.map((p) => [p.id, p.name]));
    const roleRows = await handle.db.select().from(roles);
    const roleName = new Map(roleRows.map((r) => [r.id, r.name]));
    for (const u of DEMO_USERS) {
      const id = await userId(handle, u.userName);
      const member = await handle.db.select().from(memberships).where(eq(memberships.userId, id));
      expect(member.map((m) => m.organizationId).sort()).toEqual(u.organizations.map((m) => orgIds.get(m.organizationName)).sort());
      for (const m of u.organizations) {
        const orgId = orgIds.get(m.organizationName)!;
        const ur = await handle.db.select().from(userRoles).where(and(eq(userRoles.userId, id), eq(userRoles.organizationId, orgId)));
        expect(ur.map((r) => roleName.get(r.roleId)).sort()).toEqual([...m.roles].sort());
        const uf = await handle.db.select().from(userFarms).where(and(eq(userFarms.userId, id), eq(userFarms.organizationId, orgId)));
        expect(uf.map((r) => farmName.get(r.farmId)).sort()).toEqual([...m.farms].sort());
        const up = await handle.db
          .select()
          .from(userPackhouses)
          .where(and(eq(userPackhouses.userId, id), eq(userPackhouses.organizationId, orgId)));
        expect(up.map((r) => phName.get(r.packhouseId)).sort()).toEqual([...m.packhouses].sort());
      }
      const [row] = await handle.db.select().from(users).where(eq(users.id, id));
      expect(row!.lastOrganizationId).toBe(u.organizations[0] ? orgIds.get(u.organizations[0].organizationName) : null);
    }
    expect(demoUser('multi').organizations).toHaveLength(2);
  });

  it('assigns every Administrator every farm of the organisation, so they see all its farm data (data-rules/farm-scope)', async () => {
    const farmRows = await handle.db.select().from(farms);
    const administrators = DEMO_USERS.flatMap((u) => u.organizations.filter((m) => m.roles.includes('Administrator')).map((m) => ({ u, m })));
    expect(administrators.length).toBeGreaterThanOrEqual(3);
    for (const { u, m } of administrators) {
      const orgId = orgIds.get(m.organizationName)!;
      const assigned = await handle.db
        .select({ farmId: userFarms.farmId })
        .from(userFarms)
        .where(and(eq(userFarms.userId, await userId(handle, u.userName)), eq(userFarms.organizationId, orgId)));
      const orgFarms = farmRows.filter((f) => f.organizationId === orgId).map((f) => f.id);
      expect(assigned.map((a) => a.farmId).sort(), `${u.userName} in ${m.organizationName}`).toEqual(orgFarms.sort());
    }
  });

  it('keeps every assignment inside its organisation', async () => {
    const roleRows = await handle.db.select().from(roles);
    const memberKeys = new Set((await handle.db.select().from(memberships)).map((m) => `${m.userId}/${m.organizationId}`));
    for (const ur of await handle.db.select().from(userRoles)) {
      expect(roleRows.find((r) => r.id === ur.roleId)!.organizationId).toBe(ur.organizationId);
      expect(memberKeys.has(`${ur.userId}/${ur.organizationId}`)).toBe(true);
    }
    const farmRows = await handle.db.select().from(farms);
    for (const uf of await handle.db.select().from(userFarms)) {
      expect(farmRows.find((f) => f.id === uf.farmId)!.organizationId).toBe(uf.organizationId);
      expect(memberKeys.has(`${uf.userId}/${uf.organizationId}`)).toBe(true);
    }
    const links = new Set((await handle.db.select().from(organizationPackhouses)).map((l) => `${l.organizationId}/${l.packhouseId}`));
    for (const up of await handle.db.select().from(userPackhouses)) {
      expect(links.has(`${up.organizationId}/${up.packhouseId}`)).toBe(true);
      expect(memberKeys.has(`${up.userId}/${up.organizationId}`)).toBe(true);
    }
    const entities = await handle.db.select().from(legalEntities);
    for (const f of farmRows) {
      expect(entities.find((e) => e.id === f.legalEntityId)!.organizationId).toBe(f.organizationId);
      // South Africa
      expect(f.lat).toBeGreaterThan(-35);
      expect(f.lat).toBeLessThan(-22);
      expect(f.lng).toBeGreaterThan(16);
      expect(f.lng).toBeLessThan(33);
    }
  });

  it('builds the organisations as described', async () => {
    const orgs = await handle.db.select().from(organizations).orderBy(asc(organizations.sort));
    expect(orgs.map((o) => [o.name, o.organizationType, o.sort, o.defaultCultureName])).toEqual([
      ['Citrus Valley Growers', 'grower', 1, 'en-ZA'],
      ['Sundays River Packers', 'packhouse', 2, 'en-ZA'],
      ['Letaba Citrus Estates', 'grower', 3, 'en-ZA'],
    ]);
    const entities = await handle.db.select().from(legalEntities);
    const farmRows = await handle.db.select().from(farms);
    const count = (rows: { organizationId: number }[], org: string) => rows.filter((r) => r.organizationId === orgIds.get(org)).length;
    expect(DEMO_ORGANIZATIONS.map((o) => [count(entities, o.name), count(farmRows, o.name)])).toEqual([
      [2, 6],
      [1, 0],
      [1, 2],
    ]);
    for (const o of orgs) {
      expect(entities.find((e) => e.id === o.defaultLegalEntityId)?.organizationId).toBe(o.id);
      expect(o.contactEmail).toMatch(/@.*example\.co\.za$/);
    }
    const phRows = await handle.db.select().from(packhouses);
    expect(phRows).toHaveLength(3);
    expect(phRows.every((p) => p.ownerOrganizationId === orgIds.get('Sundays River Packers'))).toBe(true);
    const links = await handle.db.select().from(organizationPackhouses);
    expect(count(links, 'Citrus Valley Growers')).toBe(3);
    expect(count(links, 'Sundays River Packers')).toBe(3);
    expect(count(links, 'Letaba Citrus Estates')).toBe(0);
  });

  it('gives roles landing pages that are menu leaves (or none) and only catalogue permissions', async () => {
    const leaves = new Set(MENU_CATALOGUE.filter((m) => !MENU_CATALOGUE.some((c) => c.parentId === m.id)).map((m) => m.id));
    const roleRows = await handle.db.select().from(roles);
    expect(roleRows).toHaveLength(18);
    for (const r of roleRows) {
      if (r.defaultLandingPage !== null) expect(leaves.has(r.defaultLandingPage), r.name).toBe(true);
    }
    expect(roleRows.find((r) => r.name === 'Manager')!.defaultLandingPage).toBe('dashboard');
    const perms = await handle.db.selectDistinct({ p: rolePermissions.permission }).from(rolePermissions);
    for (const { p } of perms) expect(ALL_PERMISSIONS).toContain(p);
  });

  it('does nothing when the database already has users', async () => {
    const before = await projection(handle);
    const again = await seedDemoData(handle);
    expect(again.seeded).toBe(false);
    expect(again.skippedReason).toMatch(/already has users/);
    expect(again.counts).toEqual({});
    expect(await projection(handle)).toEqual(before);
  });

  it('rejects a scale that is not a positive integer', async () => {
    for (const scale of [0, -1, 1.5, Number.NaN]) {
      await expect(seedDemoData(handle, { scale })).rejects.toThrow(RangeError);
    }
  });
});

describe('demo data seed on fresh databases', () => {
  it('is deterministic and never duplicates under concurrent starts', async () => {
    const a = await createTestDatabase();
    const b = await createTestDatabase();
    try {
      // (speed is measured by npm run bench, not asserted here)
      const first = await seedDemoData(a, { scale: 3 });
      expect(first.seeded).toBe(true);
      expect(first.scale).toBe(3);
      // two starts at once on the same database: exactly one of them seeds (at the same scale,
      // since the harvest bins grow with it)
      const both = await Promise.all([seedDemoData(b, { scale: 3 }), seedDemoData(b, { scale: 3 })]);
      expect(both.map((s) => s.seeded).sort()).toEqual([false, true]);
      expect(await projection(b)).toEqual(await projection(a));
      expect(both.find((s) => s.seeded)!.counts).toEqual(first.counts);
    } finally {
      await a.close();
      await b.close();
    }
  }, 120_000);
});

describe('prng', () => {
  it('repeats the same sequence for the same seed and differs between forks', () => {
    const draw = (seed: number) => {
      const r = createPrng(seed);
      return Array.from({ length: 5 }, () => r.next());
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
    const root = createPrng(1);
    expect(root.fork('a').next()).not.toBe(root.fork('b').next());
    const r = createPrng(7);
    for (let i = 0; i < 1000; i++) {
      const n = r.int(3, 5);
      expect(n >= 3 && n <= 5 && Number.isInteger(n)).toBe(true);
    }
  });
});
