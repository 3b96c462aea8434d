/**
 * A small, hand-checkable harvest world for the harvest tests, on top of the tenant world (A and B):
 * A grows on two farms (PUCs C1, C2, C10), a packhouse organisation P owns packhouses PH1 and PH2,
 * PH3 belongs to nobody we know, and a second grower G delivers to PH1 and PH3. A's member is
 * assigned both of A's farms (the farms a user may see, data-rules/farm-scope).
 *
 * Season 2025 (the latest with activity). Per block, everything the figures need:
 *
 * PUC C10 (farm F1):
 *   B01 -> farm block A2 (ha 2), Navel; estimate ha 2, orig 50, adj 40; PH1: 4 tipped (1600 kg), 2 untipped
 *        (plus 5 bins and an estimate in 2024, which the 2025 reports ignore)
 *   B02 -> farm block A10 (ha 1.5), Navel; estimate ha 1.5, orig null, adj 4; PH2: 20 tipped (8000 kg)
 *   U01 unlinked, Valencia; no estimate; PH1: 3 untipped
 *   B03 -> farm block A1 (ha 3), Valencia; no estimate, no bins
 * PUC C2 (farm F1):  B01 -> farm block C1 (ha 4), Navel; orig 30, adj 30; PH2: 10 tipped (4000 kg)
 * PUC C1 (farm F2):  B01 -> farm block D1 (ha 1), Valencia; orig 10, adj 10; PH1: 30 tipped (12000 kg)
 * Grower G, PUC L5:  B01 unlinked, Navel; PH1: 2 tipped (800 kg); PH3: 7 tipped (2800 kg)
 */
import { PERMISSIONS, type Permission } from '@orchard/shared/core';
import type { AppDb } from '../../src/db/client';
import {
  farmBlocks,
  farms,
  fruitBins,
  legalEntities,
  organizationPackhouses,
  packhouses,
  productionBlocks,
  pucs,
  varieties,
  yieldEstimates,
} from '../../src/db/schema/index';
import type { TestApp } from './app';
import { addMember, assignFarms, createOrganization, createRole, createUser } from './fixtures';
import { createTenantWorld, type TenantWorld } from './tenant-matrix';

export const SEASON = 2025;

export interface HarvestWorld extends TenantWorld {
  packhouseOrg: { organizationId: number; userId: number };
  growerG: { organizationId: number };
  ph: { ph1: number; ph2: number; ph3: number };
  variety: { navel: number; valencia: number };
  farm: { f1: number; f2: number };
  puc: { c1: number; c2: number; c10: number; l5: number };
  block: { c10b01: number; c10b02: number; c10u01: number; c10b03: number; c2b01: number; c1b01: number; l5b01: number };
  /** latest 2025 estimate id per block (the version a save must name) */
  version: { c10b01: number; c10b02: number; c2b01: number; c1b01: number };
}

async function one<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  return row!;
}

export async function addBins(
  db: AppDb,
  input: { organizationId: number; productionBlockId: number; packhouseId: number; varietyId: number; tipped: number; untipped: number; kgsEach?: number; season?: number },
) {
  const season = input.season ?? SEASON;
  const rows: (typeof fruitBins.$inferInsert)[] = [];
  const base = {
    organizationId: input.organizationId,
    productionBlockId: input.productionBlockId,
    packhouseId: input.packhouseId,
    varietyId: input.varietyId,
    season,
    receivedAt: new Date(`${season}-05-10T10:00:00+02:00`),
    receivedDate: `${season}-05-10`,
  };
  for (let i = 0; i < input.tipped; i++) rows.push({ ...base, tipped: true, tippedKgs: input.kgsEach ?? 400, tippedAt: base.receivedAt });
  for (let i = 0; i < input.untipped; i++) rows.push({ ...base, tipped: false });
  if (rows.length > 0) await db.insert(fruitBins).values(rows);
}

export async function createHarvestWorld(t: TestApp): Promise<HarvestWorld> {
  const db = t.db;
  const world = await createTenantWorld(t);
  const a = world.a.organizationId;

  const packhouseOrg = await createOrganization(db, 'Packers P', { organizationType: 'packhouse', sort: 3 });
  const packhouseUser = await createUser(db, 'packer-p');
  const packerRole = await createRole(db, packhouseOrg.id, 'Packhouse reports', [PERMISSIONS.harvestReports, PERMISSIONS.harvestEstimatesEdit]);
  await addMember(db, packhouseUser.id, packhouseOrg.id, [packerRole.id]);
  const growerG = await createOrganization(db, 'Grower G', { sort: 4 });

  const ph1 = await one(db.insert(packhouses).values({ name: 'PH1 Kirkwood', shortName: 'PH1', ownerOrganizationId: packhouseOrg.id }).returning());
  const ph2 = await one(db.insert(packhouses).values({ name: 'PH2 Addo', shortName: 'PH2', ownerOrganizationId: packhouseOrg.id }).returning());
  const ph3 = await one(db.insert(packhouses).values({ name: 'PH3 Elsewhere', shortName: 'PH3', ownerOrganizationId: null }).returning());
  await db.insert(organizationPackhouses).values([
    { organizationId: a, packhouseId: ph1.id },
    { organizationId: a, packhouseId: ph2.id },
    { organizationId: growerG.id, packhouseId: ph1.id },
    { organizationId: growerG.id, packhouseId: ph3.id },
  ]);

  const navel = await one(db.insert(varieties).values({ varietyName: 'Navel', commodity: 'Oranges' }).returning());
  const valencia = await one(db.insert(varieties).values({ varietyName: 'Valencia', commodity: 'Oranges' }).returning());

  const entity = await one(db.insert(legalEntities).values({ organizationId: a, name: `Entity ${world.a.canary}` }).returning());
  const f1 = await one(db.insert(farms).values({ organizationId: a, legalEntityId: entity.id, farmName: `Kransvlei ${world.a.canary}` }).returning());
  const f2 = await one(db.insert(farms).values({ organizationId: a, legalEntityId: entity.id, farmName: 'Aardvark' }).returning());
  await assignFarms(db, world.a.userId, a, [f1.id, f2.id]);
  const c10 = await one(db.insert(pucs).values({ organizationId: a, farmId: f1.id, pucName: 'C10' }).returning());
  const c2 = await one(db.insert(pucs).values({ organizationId: a, farmId: f1.id, pucName: 'C2' }).returning());
  const c1 = await one(db.insert(pucs).values({ organizationId: a, farmId: f2.id, pucName: 'C1' }).returning());

  const farmBlock = (farmId: number, name: string, ha: number, varietyId: number, daffCode: string | null = null) =>
    one(db.insert(farmBlocks).values({ organizationId: a, farmId, name, ha, varietyId, daffCode }).returning());
  const fbA2 = await farmBlock(f1.id, 'A2', 2, navel.id, `DAFF ${world.a.canary}`);
  const fbA10 = await farmBlock(f1.id, 'A10', 1.5, navel.id);
  const fbA1 = await farmBlock(f1.id, 'A1', 3, valencia.id);
  const fbC1 = await farmBlock(f1.id, 'C1', 4, navel.id);
  const fbD1 = await farmBlock(f2.id, 'D1', 1, valencia.id);

  const production = (organizationId: number, pucId: number, code: string, varietyId: number, farmBlockId: number | null) =>
    one(db.insert(productionBlocks).values({ organizationId, pucId, code, varietyId, farmBlockId }).returning());
  const c10b01 = await production(a, c10.id, 'B01', navel.id, fbA2.id);
  const c10b02 = await production(a, c10.id, 'B02', navel.id, fbA10.id);
  const c10u01 = await production(a, c10.id, 'U01', valencia.id, null);
  const c10b03 = await production(a, c10.id, 'B03', valencia.id, fbA1.id);
  const c2b01 = await production(a, c2.id, 'B01', navel.id, fbC1.id);
  const c1b01 = await production(a, c1.id, 'B01', valencia.id, fbD1.id);

  const estimate = (productionBlockId: number, season: number, ha: number, tonnesPerHa: number | null, tonnesPerHaAdjusted: number | null) =>
    one(
      db
        .insert(yieldEstimates)
        .values({ organizationId: a, productionBlockId, season, ha, tonnesPerHa, tonnesPerHaAdjusted, createdBy: world.a.userId })
        .returning(),
    );
  await estimate(c10b02.id, 2024, 1.5, 99, 99);
  const e1 = await estimate(c10b01.id, SEASON, 2, 50, 40);
  const e2 = await estimate(c10b02.id, SEASON, 1.5, null, 4);
  const e3 = await estimate(c2b01.id, SEASON, 4, 30, 30);
  const e4 = await estimate(c1b01.id, SEASON, 1, 10, 10);

  const bins = (productionBlockId: number, packhouseId: number, varietyId: number, tipped: number, untipped: number, extra: { organizationId?: number; season?: number } = {}) =>
    addBins(db, { organizationId: extra.organizationId ?? a, productionBlockId, packhouseId, varietyId, tipped, untipped, ...(extra.season ? { season: extra.season } : {}) });
  await bins(c10b01.id, ph1.id, navel.id, 4, 2);
  await bins(c10b01.id, ph1.id, navel.id, 5, 0, { season: 2024 });
  await bins(c10b02.id, ph2.id, navel.id, 20, 0);
  await bins(c10u01.id, ph1.id, valencia.id, 0, 3);
  await bins(c2b01.id, ph2.id, navel.id, 10, 0);
  await bins(c1b01.id, ph1.id, valencia.id, 30, 0);

  // grower G
  const gEntity = await one(db.insert(legalEntities).values({ organizationId: growerG.id, name: 'G Pty' }).returning());
  const gFarm = await one(db.insert(farms).values({ organizationId: growerG.id, legalEntityId: gEntity.id, farmName: 'G Farm' }).returning());
  const l5 = await one(db.insert(pucs).values({ organizationId: growerG.id, farmId: gFarm.id, pucName: 'L5' }).returning());
  const l5b01 = await production(growerG.id, l5.id, 'B01', navel.id, null);
  await bins(l5b01.id, ph1.id, navel.id, 2, 0, { organizationId: growerG.id });
  await bins(l5b01.id, ph3.id, navel.id, 7, 0, { organizationId: growerG.id });

  return {
    ...world,
    packhouseOrg: { organizationId: packhouseOrg.id, userId: packhouseUser.id },
    growerG: { organizationId: growerG.id },
    ph: { ph1: ph1.id, ph2: ph2.id, ph3: ph3.id },
    variety: { navel: navel.id, valencia: valencia.id },
    farm: { f1: f1.id, f2: f2.id },
    puc: { c1: c1.id, c2: c2.id, c10: c10.id, l5: l5.id },
    block: { c10b01: c10b01.id, c10b02: c10b02.id, c10u01: c10u01.id, c10b03: c10b03.id, c2b01: c2b01.id, c1b01: c1b01.id, l5b01: l5b01.id },
    version: { c10b01: e1.id, c10b02: e2.id, c2b01: e3.id, c1b01: e4.id },
  };
}

/** A member of the organisation holding exactly these permissions, assigned these farms there. */
export async function memberWith(t: TestApp, organizationId: number, userName: string, permissions: readonly Permission[], farmIds: readonly number[] = []) {
  const user = await createUser(t.db, userName);
  const role = await createRole(t.db, organizationId, `Role ${userName}`, permissions);
  await addMember(t.db, user.id, organizationId, [role.id]);
  await assignFarms(t.db, user.id, organizationId, farmIds);
  return user.id;
}

/** A multipart/form-data body with one file field. */
export function multipartFile(content: string | Buffer, filename = 'bins.csv', contentType = 'text/csv') {
  const boundary = '----harvest-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
