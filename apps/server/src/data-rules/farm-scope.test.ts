/**
 * The farm scope rule: a user sees the farms of the current organisation assigned to them there,
 * and through them their legal entities and areas; nothing else, whoever they are. Rows another
 * organisation addresses to the viewer's packhouses are not limited by the viewer's farms.
 */
import { ALL_PERMISSIONS } from '@orchard/shared/core';
import { asc, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers/db';
import { addMember, createOrganization, createRole, createUser } from '../../test/helpers/fixtures';
import { rowsOf, type DbHandle } from '../db/client';
import { areaVisibleTo, farmVisibleTo, growerRowVisibleTo, legalEntityVisibleTo, productionBlockVisibleTo, pucVisibleTo, type FarmViewer } from './farm-scope';
import { areas, farms, legalEntities, productionBlocks, pucs, regions, userFarms, varieties } from '../db/schema/index';

describe('farm scope', () => {
  let handle: DbHandle;
  const ids = {} as {
    orgA: number;
    orgB: number;
    leA1: number;
    leA2: number;
    leA3: number;
    leB: number;
    areaNorth: number;
    areaSouth: number;
    areaWest: number;
    f1: number;
    f2: number;
    f3: number;
    f4: number;
    fB: number;
    twoFarms: number;
    none: number;
    superUser: number;
    elsewhere: number;
  };
  const viewer = (userId: number, organizationId = ids.orgA): FarmViewer => ({ userId, organizationId });

  /** Every farm of every organisation the predicate lets through, by id. */
  const farmsSeen = async (where: SQL) =>
    (await handle.db.select({ id: farms.id }).from(farms).where(where).orderBy(asc(farms.id))).map((r) => r.id);
  const entitiesSeen = async (v: FarmViewer) =>
    (await handle.db.select({ id: legalEntities.id }).from(legalEntities).where(legalEntityVisibleTo(v, legalEntities.id)).orderBy(asc(legalEntities.id))).map(
      (r) => r.id,
    );
  const areasSeen = async (v: FarmViewer) =>
    (await handle.db.select({ id: areas.id }).from(areas).where(areaVisibleTo(v, areas.id)).orderBy(asc(areas.id))).map((r) => r.id);

  beforeAll(async () => {
    handle = await createTestDatabase();
    const db = handle.db;
    const orgA = await createOrganization(db, 'Scope A');
    const orgB = await createOrganization(db, 'Scope B');
    const [region] = await db.insert(regions).values({ regionName: 'Scope region' }).returning();
    const [north, south, west] = await db
      .insert(areas)
      .values([
        { areaName: 'North', regionId: region!.id },
        { areaName: 'South', regionId: region!.id },
        { areaName: 'West', regionId: region!.id },
      ])
      .returning();
    const [leA1, leA2, leA3, leB] = await db
      .insert(legalEntities)
      .values([
        { organizationId: orgA.id, name: 'A1 (Pty) Ltd' },
        { organizationId: orgA.id, name: 'A2 (Pty) Ltd' },
        { organizationId: orgA.id, name: 'A3 without farms' },
        { organizationId: orgB.id, name: 'B (Pty) Ltd' },
      ])
      .returning();
    const [f1, f2, f3, f4, fB] = await db
      .insert(farms)
      .values([
        { organizationId: orgA.id, legalEntityId: leA1!.id, farmName: 'F1', areaId: north!.id },
        { organizationId: orgA.id, legalEntityId: leA1!.id, farmName: 'F2', areaId: north!.id },
        { organizationId: orgA.id, legalEntityId: leA2!.id, farmName: 'F3', areaId: south!.id },
        { organizationId: orgA.id, legalEntityId: leA2!.id, farmName: 'F4', areaId: south!.id },
        { organizationId: orgB.id, legalEntityId: leB!.id, farmName: 'FB', areaId: west!.id },
      ])
      .returning();

    // every user holds every permission in A: permissions do not widen the scope
    const everything = await createRole(db, orgA.id, 'Everything', ALL_PERMISSIONS);
    const everythingB = await createRole(db, orgB.id, 'Everything', ALL_PERMISSIONS);
    const twoFarms = await createUser(db, 'scope-two-farms');
    const none = await createUser(db, 'scope-none');
    const superUser = await createUser(db, 'scope-super', { isSuperUser: true });
    const elsewhere = await createUser(db, 'scope-elsewhere');
    for (const u of [twoFarms, none, superUser, elsewhere]) await addMember(db, u.id, orgA.id, [everything.id]);
    await addMember(db, twoFarms.id, orgB.id, [everythingB.id]);
    await addMember(db, elsewhere.id, orgB.id, [everythingB.id]);
    await db.insert(userFarms).values([
      { userId: twoFarms.id, farmId: f1!.id, organizationId: orgA.id },
      { userId: twoFarms.id, farmId: f3!.id, organizationId: orgA.id },
      // assigned in B only
      { userId: elsewhere.id, farmId: fB!.id, organizationId: orgB.id },
      // a row naming the wrong organisation counts for neither
      { userId: elsewhere.id, farmId: f2!.id, organizationId: orgB.id },
    ]);

    Object.assign(ids, {
      orgA: orgA.id,
      orgB: orgB.id,
      leA1: leA1!.id,
      leA2: leA2!.id,
      leA3: leA3!.id,
      leB: leB!.id,
      areaNorth: north!.id,
      areaSouth: south!.id,
      areaWest: west!.id,
      f1: f1!.id,
      f2: f2!.id,
      f3: f3!.id,
      f4: f4!.id,
      fB: fB!.id,
      twoFarms: twoFarms.id,
      none: none.id,
      superUser: superUser.id,
      elsewhere: elsewhere.id,
    });
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('a user sees exactly the farms assigned to them in the current organisation', async () => {
    expect(await farmsSeen(farmVisibleTo(viewer(ids.twoFarms), farms.id))).toEqual([ids.f1, ids.f3]);
  });

  it('a user with no farm assigned in the organisation sees no farm, whatever their roles or super-user flag', async () => {
    expect(await farmsSeen(farmVisibleTo(viewer(ids.none), farms.id))).toEqual([]);
    expect(await farmsSeen(farmVisibleTo(viewer(ids.superUser), farms.id))).toEqual([]);
  });

  it("assignments count only in their own organisation and only for that organisation's farms", async () => {
    // in A: the B assignment and the row naming B for A's farm F2 count for nothing
    expect(await farmsSeen(farmVisibleTo(viewer(ids.elsewhere), farms.id))).toEqual([]);
    // in B: only B's farm, not A's F2 although the row says B
    expect(await farmsSeen(farmVisibleTo(viewer(ids.elsewhere, ids.orgB), farms.id))).toEqual([ids.fB]);
    // A's assignments do not follow the user into B
    expect(await farmsSeen(farmVisibleTo(viewer(ids.twoFarms, ids.orgB), farms.id))).toEqual([]);
  });

  it('legal entities and areas are those of the visible farms', async () => {
    expect(await entitiesSeen(viewer(ids.twoFarms))).toEqual([ids.leA1, ids.leA2]);
    expect(await areasSeen(viewer(ids.twoFarms))).toEqual([ids.areaNorth, ids.areaSouth]);
    // a legal entity without farms is reached through no farm: nobody sees it
    expect(await entitiesSeen(viewer(ids.twoFarms))).not.toContain(ids.leA3);
    expect(await entitiesSeen(viewer(ids.none))).toEqual([]);
    expect(await areasSeen(viewer(ids.none))).toEqual([]);
    expect(await entitiesSeen(viewer(ids.elsewhere, ids.orgB))).toEqual([ids.leB]);
    expect(await areasSeen(viewer(ids.elsewhere, ids.orgB))).toEqual([ids.areaWest]);
  });

  it("grower rows read through a packhouse: another organisation's rows pass, the viewer's own only on visible farms", async () => {
    // each farm as a grower row of its own organisation, read by A's viewers
    const rowsSeen = (v: FarmViewer) => farmsSeen(growerRowVisibleTo(v, farms.organizationId, farmVisibleTo(v, farms.id)));
    expect(await rowsSeen(viewer(ids.twoFarms))).toEqual([ids.f1, ids.f3, ids.fB]);
    expect(await rowsSeen(viewer(ids.none))).toEqual([ids.fB]);
    // works with raw SQL column references too
    const raw = await rowsOf<{ id: number }>(
      handle.db,
      sql`select f.id from farms f where ${growerRowVisibleTo(viewer(ids.twoFarms), sql`f.organization_id`, farmVisibleTo(viewer(ids.twoFarms), sql`f.id`))} order by f.id`,
    );
    expect(raw.map((r) => r.id)).toEqual([ids.f1, ids.f3, ids.fB]);
  });

  it('PUCs and production blocks follow the farm they lie on', async () => {
    const [variety] = await handle.db.insert(varieties).values({ varietyName: 'Scope Navel', commodity: 'Oranges' }).returning();
    const made = await handle.db
      .insert(pucs)
      .values([ids.f1, ids.f2, ids.fB].map((farmId, i) => ({ organizationId: i < 2 ? ids.orgA : ids.orgB, farmId, pucName: `SCOPE${i}` })))
      .returning();
    const blocks = await handle.db
      .insert(productionBlocks)
      .values(made.map((p) => ({ organizationId: p.organizationId, pucId: p.id, code: 'B01', varietyId: variety!.id })))
      .returning();
    const v = viewer(ids.twoFarms);
    const pucsSeen = (await handle.db.select({ id: pucs.id }).from(pucs).where(pucVisibleTo(v, pucs.id))).map((r) => r.id);
    expect(pucsSeen).toEqual([made[0]!.id]);
    const blocksSeen = (await handle.db.select({ id: productionBlocks.id }).from(productionBlocks).where(productionBlockVisibleTo(v, productionBlocks.id))).map((r) => r.id);
    expect(blocksSeen).toEqual([blocks[0]!.id]);
    expect(await handle.db.select().from(pucs).where(pucVisibleTo(viewer(ids.none), pucs.id))).toEqual([]);
  });
});
