/**
 * A small picking world for the picking and packhouse tests, on top of the tenant world (A, B):
 *
 * Today is Wednesday 2026-03-11 (ISO week 11). Producer view editable weeks: 11 and 12 (week 10's
 * Monday is on the minimum date 03-03, week 13's on the last date 03-23). Packhouse view editable
 * weeks: 11 and 12 too (minimum 03-05, last 03-17).
 *
 * Packhouse organisation P owns PH1 (Int, region Sundays River Valley) and PH2; PH3 has no owner and
 * is linked to nobody. A links PH1 and PH2; B links PH1.
 *
 * A (names carry A's canary): legal entity LE-A, farm FA, PUC C1 with blocks B01 Navel (ha 2: 2 x 40
 * latest, 2 x 50 before), B02 Navel (ha 1.5 x 4), B03 Valencia (no estimate), so C1/Navel estimates
 * 86 t. Rows: A1 = C1/Navel/PH1 (100 t, 400 kg/bin: 250 bins; week 10: 30, week 11: 40), A2 =
 * C1/Valencia/PH2 (no weeks). Bins received for C1 Navel at PH1: 3 in week 10, 2 in week 11.
 * B (canary B): PUC BC1 Navel, row B1 = BC1/Navel/PH1 (week 11: 7).
 * PH1 capacity: week 11 = 500 (version 1).
 * A's member is assigned FA and B's member FB (the farms a user may see, data-rules/farm-scope); P's member
 * has no farm and sees the rows addressed to P's packhouses all the same.
 */
import { PERMISSIONS, type Clock, type Permission } from '@orchard/shared/core';
import type { TestApp } from './app';
import { addMember, assignFarms, createOrganization, createRole, createUser } from './fixtures';
import { createTenantWorld, type TenantWorld } from './tenant-matrix';
import {
  farms,
  fruitBins,
  legalEntities,
  organizationPackhouses,
  packhouseCapacities,
  packhouses,
  pickingEstimates,
  pickingEstimateWeeks,
  pickingProgressTypes,
  productionBlocks,
  pucs,
  regions,
  varieties,
  yieldEstimates,
} from '../../src/db/schema/index';

export const TODAY = '2026-03-11';
export const NOW = new Date('2026-03-11T08:00:00+02:00');

export interface PickingWorld extends TenantWorld {
  p: { organizationId: number; userId: number };
  ph: { ph1: number; ph2: number; ph3: number };
  variety: { navel: number; valencia: number };
  progress: { notStarted: number; picking: number };
  farm: { a: number; b: number };
  legalEntity: { a: number; b: number };
  puc: { a: number; b: number };
  row: { a1: number; a2: number; b1: number };
}

/** The application's clock stopped at `now` (give it to createTestApp). */
export function fixedClock(now: Date = NOW): Clock {
  return { now: () => now };
}

async function first<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  return row!;
}

export async function createPickingWorld(t: TestApp): Promise<PickingWorld> {
  const db = t.db;
  const world = await createTenantWorld(t);
  const a = world.a.organizationId;
  const b = world.b.organizationId;

  const pOrg = await createOrganization(db, 'Packers P', { organizationType: 'packhouse', sort: 3 });
  const pUser = await createUser(db, 'packer-p');
  const pRole = await createRole(db, pOrg.id, 'Packers', [PERMISSIONS.pickingView, PERMISSIONS.capacityEdit, PERMISSIONS.managementPackhouses]);
  await addMember(db, pUser.id, pOrg.id, [pRole.id]);

  const region = await first(db.insert(regions).values({ regionName: 'Sundays River Valley' }).returning());
  const ph1 = await first(
    db.insert(packhouses).values({ name: 'PH1 Kirkwood', shortName: 'KWD', regionId: region.id, affiliation: 'Int', commodity: 'Oranges', ownerOrganizationId: pOrg.id }).returning(),
  );
  const ph2 = await first(db.insert(packhouses).values({ name: 'PH2 Addo', shortName: 'ADO', affiliation: 'Joint', ownerOrganizationId: pOrg.id }).returning());
  const ph3 = await first(db.insert(packhouses).values({ name: 'PH3 Patensie', shortName: 'PAT' }).returning());
  await db.insert(organizationPackhouses).values([
    { organizationId: a, packhouseId: ph1.id },
    { organizationId: a, packhouseId: ph2.id },
    { organizationId: b, packhouseId: ph1.id },
  ]);

  const navel = await first(db.insert(varieties).values({ varietyName: 'Navel', commodity: 'Oranges' }).returning());
  const valencia = await first(db.insert(varieties).values({ varietyName: 'Valencia', commodity: 'Oranges' }).returning());
  const [notStarted, picking] = await db
    .insert(pickingProgressTypes)
    .values([{ pickingProgressType: 'Not Started' }, { pickingProgressType: 'Picking' }])
    .returning();

  const leA = await first(db.insert(legalEntities).values({ organizationId: a, name: `LE-A ${world.a.canary}` }).returning());
  const leB = await first(db.insert(legalEntities).values({ organizationId: b, name: `LE-B ${world.b.canary}` }).returning());
  const farmA = await first(db.insert(farms).values({ organizationId: a, legalEntityId: leA.id, farmName: `FA ${world.a.canary}` }).returning());
  const farmB = await first(db.insert(farms).values({ organizationId: b, legalEntityId: leB.id, farmName: `FB ${world.b.canary}` }).returning());
  await assignFarms(db, world.a.userId, a, [farmA.id]);
  await assignFarms(db, world.b.userId, b, [farmB.id]);
  const pucA = await first(db.insert(pucs).values({ organizationId: a, farmId: farmA.id, pucName: `C1 ${world.a.canary}` }).returning());
  const pucB = await first(db.insert(pucs).values({ organizationId: b, farmId: farmB.id, pucName: `BC1 ${world.b.canary}` }).returning());

  const [b01, b02] = await db
    .insert(productionBlocks)
    .values([
      { organizationId: a, pucId: pucA.id, code: 'B01', varietyId: navel.id },
      { organizationId: a, pucId: pucA.id, code: 'B02', varietyId: navel.id },
      { organizationId: a, pucId: pucA.id, code: 'B03', varietyId: valencia.id },
    ])
    .returning();
  const bBlock = await first(db.insert(productionBlocks).values({ organizationId: b, pucId: pucB.id, code: 'B01', varietyId: navel.id }).returning());
  await db.insert(yieldEstimates).values([
    { organizationId: a, productionBlockId: b01!.id, season: 2026, ha: 2, tonnesPerHa: 50, tonnesPerHaAdjusted: 50, createdAt: new Date('2026-01-10T10:00:00Z') },
    { organizationId: a, productionBlockId: b01!.id, season: 2026, ha: 2, tonnesPerHa: 40, tonnesPerHaAdjusted: 40, createdAt: new Date('2026-02-10T10:00:00Z') },
    { organizationId: a, productionBlockId: b02!.id, season: 2026, ha: 1.5, tonnesPerHa: null, tonnesPerHaAdjusted: 4, createdAt: new Date('2026-02-11T10:00:00Z') },
    // after the end bound (2026-03-29): not counted
    { organizationId: a, productionBlockId: b02!.id, season: 2026, ha: 1.5, tonnesPerHa: 9, tonnesPerHaAdjusted: 9, createdAt: new Date('2026-04-20T10:00:00Z') },
  ]);

  const a1 = await first(
    db.insert(pickingEstimates).values({ organizationId: a, pucId: pucA.id, varietyId: navel.id, packhouseId: ph1.id, estimatedFirstWeek: 9, expectedProjectedTonnes: 100, firstProjectedTonnes: 90, avgBinWeight: 400 }).returning(),
  );
  const a2 = await first(db.insert(pickingEstimates).values({ organizationId: a, pucId: pucA.id, varietyId: valencia.id, packhouseId: ph2.id }).returning());
  const b1 = await first(
    db.insert(pickingEstimates).values({ organizationId: b, pucId: pucB.id, varietyId: navel.id, packhouseId: ph1.id, expectedProjectedTonnes: 10, avgBinWeight: 400 }).returning(),
  );
  await db.insert(pickingEstimateWeeks).values([
    { pickingEstimateId: a1.id, year: 2026, week: 10, binCount: 30, updatedBy: world.a.userId },
    { pickingEstimateId: a1.id, year: 2026, week: 11, binCount: 40, updatedBy: world.a.userId },
    { pickingEstimateId: b1.id, year: 2026, week: 11, binCount: 7 },
  ]);
  const bin = (day: string, organizationId: number, productionBlockId: number) => ({
    organizationId,
    productionBlockId,
    packhouseId: ph1.id,
    varietyId: navel.id,
    season: 2026,
    receivedAt: new Date(`${day}T10:00:00+02:00`),
    receivedDate: day,
  });
  await db.insert(fruitBins).values([
    bin('2026-03-03', a, b01!.id),
    bin('2026-03-04', a, b01!.id),
    bin('2026-03-08', a, b02!.id),
    bin('2026-03-09', a, b01!.id),
    bin('2026-03-10', a, b01!.id),
    bin('2026-03-10', b, bBlock.id),
  ]);
  await db.insert(packhouseCapacities).values({ packhouseId: ph1.id, year: 2026, week: 11, capacity: 500 });

  return {
    ...world,
    p: { organizationId: pOrg.id, userId: pUser.id },
    ph: { ph1: ph1.id, ph2: ph2.id, ph3: ph3.id },
    variety: { navel: navel.id, valencia: valencia.id },
    progress: { notStarted: notStarted!.id, picking: picking!.id },
    farm: { a: farmA.id, b: farmB.id },
    legalEntity: { a: leA.id, b: leB.id },
    puc: { a: pucA.id, b: pucB.id },
    row: { a1: a1.id, a2: a2.id, b1: b1.id },
  };
}

/** A member of `organizationId` holding exactly `permissions`, assigned `farmIds` there. */
export async function createMemberWith(
  t: TestApp,
  organizationId: number,
  userName: string,
  permissions: readonly Permission[],
  farmIds: readonly number[] = [],
) {
  const user = await createUser(t.db, userName);
  const role = await createRole(t.db, organizationId, `Role ${userName}`, permissions);
  await addMember(t.db, user.id, organizationId, [role.id]);
  await assignFarms(t.db, user.id, organizationId, farmIds);
  return user.id;
}
