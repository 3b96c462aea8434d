/**
 * Queries of farm setup. Every query names the organisation, and from farms down the caller's farms
 * (data-rules/farm-scope). A legal entity is visible when one of the caller's farms belongs to it or when no
 * farm belongs to it yet (a new entity is nobody's farm data).
 */
import { and, asc, eq, exists, ne, not, or, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AppDb } from '../../db/client';
import { farmVisibleTo, legalEntityVisibleTo, pucVisibleTo, productionBlockVisibleTo, type FarmViewer } from '../../data-rules/farm-scope';
import {
  areas,
  commodities,
  employees,
  farmBlocks,
  farms,
  fruitBinEstimates,
  fruitBins,
  legalEntities,
  organizations,
  pickingEstimates,
  productionBlocks,
  provinces,
  pucs,
  regions,
  userFarms,
  varieties,
  yieldEstimates,
} from '../../db/schema/index';
import { nextVersion } from '../../data-rules/versioning';

/** At most one row of `table` matching `where`. */
export const anyRow = (db: AppDb, table: PgTable, where: SQL) => db.select({ one: sql`1` }).from(table).where(where).limit(1);

export async function present(rows: Promise<unknown[]>): Promise<boolean> {
  return (await rows).length > 0;
}

// legal entities

const legalEntityColumns = { id: legalEntities.id, name: legalEntities.name, version: legalEntities.version };

function legalEntityScope(db: AppDb, viewer: FarmViewer): SQL {
  const farmless = not(exists(db.select({ one: sql`1` }).from(farms).where(eq(farms.legalEntityId, legalEntities.id))));
  return and(eq(legalEntities.organizationId, viewer.organizationId), or(legalEntityVisibleTo(viewer, legalEntities.id), farmless))!;
}

export async function findLegalEntities(db: AppDb, viewer: FarmViewer) {
  return db
    .select(legalEntityColumns)
    .from(legalEntities)
    .where(legalEntityScope(db, viewer))
    .orderBy(asc(sql`lower(${legalEntities.name})`), asc(legalEntities.id));
}

export async function findLegalEntity(db: AppDb, viewer: FarmViewer, id: number) {
  const [row] = await db
    .select(legalEntityColumns)
    .from(legalEntities)
    .where(and(eq(legalEntities.id, id), legalEntityScope(db, viewer)))
    .for('update');
  return row ?? null;
}

/** A legal entity the caller may put a farm under: one of the organisation's that the caller sees. */
export async function legalEntityUsable(db: AppDb, viewer: FarmViewer, id: number): Promise<boolean> {
  return present(db.select({ id: legalEntities.id }).from(legalEntities).where(and(eq(legalEntities.id, id), legalEntityScope(db, viewer))));
}

export async function insertLegalEntity(db: AppDb, organizationId: number, name: string) {
  const [row] = await db.insert(legalEntities).values({ organizationId, name }).returning(legalEntityColumns);
  return row!;
}

export async function updateLegalEntityIfVersion(db: AppDb, organizationId: number, id: number, version: number, name: string) {
  const [row] = await db
    .update(legalEntities)
    .set({ name, version: nextVersion(legalEntities.version) })
    .where(and(eq(legalEntities.organizationId, organizationId), eq(legalEntities.id, id), eq(legalEntities.version, version)))
    .returning(legalEntityColumns);
  return row ?? null;
}

export async function legalEntityInUse(db: AppDb, organizationId: number, id: number): Promise<boolean> {
  return (
    (await present(anyRow(db, farms, eq(farms.legalEntityId, id)))) ||
    (await present(anyRow(db, employees, eq(employees.legalEntityId, id)))) ||
    (await present(anyRow(db, organizations, and(eq(organizations.id, organizationId), eq(organizations.defaultLegalEntityId, id))!)))
  );
}

export async function deleteLegalEntityRow(db: AppDb, organizationId: number, id: number) {
  await db.delete(legalEntities).where(and(eq(legalEntities.organizationId, organizationId), eq(legalEntities.id, id)));
}

// farms

const farmColumns = {
  id: farms.id,
  farmName: farms.farmName,
  legalEntityId: farms.legalEntityId,
  areaId: farms.areaId,
  regionId: farms.regionId,
  provinceId: farms.provinceId,
  lat: farms.lat,
  lng: farms.lng,
  version: farms.version,
};

const farmScope = (viewer: FarmViewer) => and(eq(farms.organizationId, viewer.organizationId), farmVisibleTo(viewer, farms.id))!;

export async function findFarms(db: AppDb, viewer: FarmViewer) {
  return db
    .select(farmColumns)
    .from(farms)
    .where(farmScope(viewer))
    .orderBy(asc(sql`lower(${farms.farmName})`), asc(farms.id));
}

export async function findFarm(db: AppDb, viewer: FarmViewer, id: number) {
  const [row] = await db
    .select(farmColumns)
    .from(farms)
    .where(and(eq(farms.id, id), farmScope(viewer)))
    .for('update');
  return row ?? null;
}

/** The farm is the organisation's and on the caller's farms (a list filter naming it is allowed). */
export async function farmVisible(db: AppDb, viewer: FarmViewer, id: number): Promise<boolean> {
  return present(anyRow(db, farms, and(eq(farms.id, id), farmScope(viewer))!));
}

/** Another farm of the organisation already has this name (ignoring case and surrounding spaces). */
export async function farmNameTaken(db: AppDb, organizationId: number, farmName: string, exceptId?: number): Promise<boolean> {
  const conditions = [eq(farms.organizationId, organizationId), sql`lower(btrim(${farms.farmName})) = lower(btrim(${farmName}))`];
  if (exceptId !== undefined) conditions.push(ne(farms.id, exceptId));
  return present(anyRow(db, farms, and(...conditions)!));
}

/** Which of the reference ids (area, region, province) do not exist. */
export async function missingPlaces(db: AppDb, ids: { areaId: number | null; regionId: number | null; provinceId: number | null }) {
  const missing: ('Area' | 'Region' | 'Province')[] = [];
  if (ids.areaId !== null && !(await present(anyRow(db, areas, eq(areas.id, ids.areaId))))) missing.push('Area');
  if (ids.regionId !== null && !(await present(anyRow(db, regions, eq(regions.id, ids.regionId))))) missing.push('Region');
  if (ids.provinceId !== null && !(await present(anyRow(db, provinces, eq(provinces.id, ids.provinceId))))) missing.push('Province');
  return missing;
}

export type FarmValues = Omit<typeof farms.$inferInsert, 'id' | 'organizationId' | 'version'>;

export async function insertFarm(db: AppDb, organizationId: number, values: FarmValues) {
  const [row] = await db
    .insert(farms)
    .values({ ...values, organizationId })
    .returning(farmColumns);
  return row!;
}

/** The farm's creator is assigned it, so they go on seeing what they made (data-rules/farm-scope). */
export async function assignFarm(db: AppDb, viewer: FarmViewer, farmId: number) {
  await db.insert(userFarms).values({ userId: viewer.userId, farmId, organizationId: viewer.organizationId }).onConflictDoNothing();
}

export async function updateFarmIfVersion(db: AppDb, organizationId: number, id: number, version: number, values: FarmValues) {
  const [row] = await db
    .update(farms)
    .set({ ...values, version: nextVersion(farms.version) })
    .where(and(eq(farms.organizationId, organizationId), eq(farms.id, id), eq(farms.version, version)))
    .returning(farmColumns);
  return row ?? null;
}

export async function farmInUse(db: AppDb, id: number): Promise<boolean> {
  return (await present(anyRow(db, pucs, eq(pucs.farmId, id)))) || (await present(anyRow(db, farmBlocks, eq(farmBlocks.farmId, id))));
}

export async function deleteFarmRow(db: AppDb, organizationId: number, id: number) {
  await db.delete(farms).where(and(eq(farms.organizationId, organizationId), eq(farms.id, id)));
}

// PUCs

const pucColumns = { id: pucs.id, farmId: pucs.farmId, pucName: pucs.pucName, version: pucs.version };
const pucScope = (viewer: FarmViewer) => and(eq(pucs.organizationId, viewer.organizationId), pucVisibleTo(viewer, pucs.id))!;

export async function findPucs(db: AppDb, viewer: FarmViewer, farmId: number | undefined) {
  const conditions = [pucScope(viewer)];
  if (farmId !== undefined) conditions.push(eq(pucs.farmId, farmId));
  return db
    .select(pucColumns)
    .from(pucs)
    .where(and(...conditions))
    .orderBy(asc(sql`lower(${pucs.pucName})`), asc(pucs.id));
}

export async function findPuc(db: AppDb, viewer: FarmViewer, id: number) {
  const [row] = await db
    .select(pucColumns)
    .from(pucs)
    .where(and(eq(pucs.id, id), pucScope(viewer)))
    .for('update');
  return row ?? null;
}

/** The PUC is the organisation's and on the caller's farms (a list filter naming it is allowed). */
export async function pucVisible(db: AppDb, viewer: FarmViewer, id: number): Promise<boolean> {
  return present(anyRow(db, pucs, and(eq(pucs.id, id), pucScope(viewer))!));
}

/** Another PUC of the organisation already has this name (ignoring case and surrounding spaces). */
export async function pucNameTaken(db: AppDb, organizationId: number, pucName: string, exceptId?: number): Promise<boolean> {
  const conditions = [eq(pucs.organizationId, organizationId), sql`lower(btrim(${pucs.pucName})) = lower(btrim(${pucName}))`];
  if (exceptId !== undefined) conditions.push(ne(pucs.id, exceptId));
  return present(anyRow(db, pucs, and(...conditions)!));
}

export async function insertPuc(db: AppDb, organizationId: number, values: { farmId: number; pucName: string }) {
  const [row] = await db
    .insert(pucs)
    .values({ ...values, organizationId })
    .returning(pucColumns);
  return row!;
}

export async function updatePucIfVersion(db: AppDb, organizationId: number, id: number, version: number, values: { farmId: number; pucName: string }) {
  const [row] = await db
    .update(pucs)
    .set({ ...values, version: nextVersion(pucs.version) })
    .where(and(eq(pucs.organizationId, organizationId), eq(pucs.id, id), eq(pucs.version, version)))
    .returning(pucColumns);
  return row ?? null;
}

export async function pucInUse(db: AppDb, id: number): Promise<boolean> {
  return (
    (await present(anyRow(db, productionBlocks, eq(productionBlocks.pucId, id)))) ||
    (await present(anyRow(db, fruitBinEstimates, eq(fruitBinEstimates.pucId, id)))) ||
    (await present(anyRow(db, pickingEstimates, eq(pickingEstimates.pucId, id))))
  );
}

export async function deletePucRow(db: AppDb, organizationId: number, id: number) {
  await db.delete(pucs).where(and(eq(pucs.organizationId, organizationId), eq(pucs.id, id)));
}

// production blocks

const blockColumns = {
  id: productionBlocks.id,
  pucId: productionBlocks.pucId,
  code: productionBlocks.code,
  name: productionBlocks.name,
  ha: productionBlocks.ha,
  varietyId: productionBlocks.varietyId,
  plantingYear: productionBlocks.plantingYear,
  farmBlockId: productionBlocks.farmBlockId,
  version: productionBlocks.version,
};
const blockScope = (viewer: FarmViewer) =>
  and(eq(productionBlocks.organizationId, viewer.organizationId), productionBlockVisibleTo(viewer, productionBlocks.id))!;

export async function findProductionBlocks(db: AppDb, viewer: FarmViewer, pucId: number | undefined) {
  const conditions = [blockScope(viewer)];
  if (pucId !== undefined) conditions.push(eq(productionBlocks.pucId, pucId));
  return db
    .select(blockColumns)
    .from(productionBlocks)
    .where(and(...conditions))
    .orderBy(asc(productionBlocks.pucId), asc(sql`lower(${productionBlocks.code})`), asc(productionBlocks.id));
}

export async function findProductionBlock(db: AppDb, viewer: FarmViewer, id: number) {
  const [row] = await db
    .select(blockColumns)
    .from(productionBlocks)
    .where(and(eq(productionBlocks.id, id), blockScope(viewer)))
    .for('update');
  return row ?? null;
}

/** Another block under the PUC already has this code (ignoring case and surrounding spaces). */
export async function blockCodeTaken(db: AppDb, pucId: number, code: string, exceptId?: number): Promise<boolean> {
  const conditions = [eq(productionBlocks.pucId, pucId), sql`lower(btrim(${productionBlocks.code})) = lower(btrim(${code}))`];
  if (exceptId !== undefined) conditions.push(ne(productionBlocks.id, exceptId));
  return present(anyRow(db, productionBlocks, and(...conditions)!));
}

/** The farm of a farm block of the organisation the caller sees; null when there is none. */
export async function findFarmBlockFarm(db: AppDb, viewer: FarmViewer, id: number): Promise<number | null> {
  const [row] = await db
    .select({ farmId: farmBlocks.farmId })
    .from(farmBlocks)
    .where(and(eq(farmBlocks.id, id), eq(farmBlocks.organizationId, viewer.organizationId), farmVisibleTo(viewer, farmBlocks.farmId)));
  return row?.farmId ?? null;
}

export async function varietyExists(db: AppDb, id: number): Promise<boolean> {
  return present(anyRow(db, varieties, eq(varieties.id, id)));
}

export type BlockValues = Omit<typeof productionBlocks.$inferInsert, 'id' | 'organizationId' | 'version'>;

export async function insertProductionBlock(db: AppDb, organizationId: number, values: BlockValues) {
  const [row] = await db
    .insert(productionBlocks)
    .values({ ...values, organizationId })
    .returning(blockColumns);
  return row!;
}

export async function updateProductionBlockIfVersion(db: AppDb, organizationId: number, id: number, version: number, values: BlockValues) {
  const [row] = await db
    .update(productionBlocks)
    .set({ ...values, version: nextVersion(productionBlocks.version) })
    .where(and(eq(productionBlocks.organizationId, organizationId), eq(productionBlocks.id, id), eq(productionBlocks.version, version)))
    .returning(blockColumns);
  return row ?? null;
}

export async function productionBlockInUse(db: AppDb, id: number): Promise<boolean> {
  return (
    (await present(anyRow(db, fruitBins, eq(fruitBins.productionBlockId, id)))) ||
    (await present(anyRow(db, yieldEstimates, eq(yieldEstimates.productionBlockId, id))))
  );
}

export async function deleteProductionBlockRow(db: AppDb, organizationId: number, id: number) {
  await db.delete(productionBlocks).where(and(eq(productionBlocks.organizationId, organizationId), eq(productionBlocks.id, id)));
}

// commodities

const commodityColumns = {
  id: commodities.id,
  name: commodities.name,
  varietyCount: sql<number>`(select count(*)::int from ${varieties} where ${varieties.commodity} = ${commodities.name})`,
};

export async function findCommodities(db: AppDb) {
  return db
    .select(commodityColumns)
    .from(commodities)
    .orderBy(asc(sql`lower(${commodities.name})`), asc(commodities.id));
}

export async function commodityExists(db: AppDb, name: string): Promise<boolean> {
  return present(anyRow(db, commodities, eq(commodities.name, name)));
}

/** The new commodity, or null when its name is taken (ignoring case and surrounding spaces). */
export async function insertCommodity(db: AppDb, name: string) {
  if (await present(anyRow(db, commodities, sql`lower(btrim(${commodities.name})) = lower(btrim(${name}))`))) return null;
  const [row] = await db.insert(commodities).values({ name }).onConflictDoNothing().returning({ id: commodities.id, name: commodities.name });
  return row ? { ...row, varietyCount: 0 } : null;
}

// varieties

const varietyColumns = { id: varieties.id, varietyName: varieties.varietyName, commodity: varieties.commodity };

export async function findVarieties(db: AppDb) {
  return db
    .select(varietyColumns)
    .from(varieties)
    .orderBy(asc(sql`lower(${varieties.varietyName})`), asc(varieties.id));
}

/** The new variety, or null when its name is taken (ignoring case and surrounding spaces). */
export async function insertVariety(db: AppDb, values: { varietyName: string; commodity: string }) {
  if (await present(anyRow(db, varieties, sql`lower(btrim(${varieties.varietyName})) = lower(btrim(${values.varietyName}))`))) return null;
  const [row] = await db.insert(varieties).values(values).onConflictDoNothing().returning(varietyColumns);
  return row ?? null;
}
