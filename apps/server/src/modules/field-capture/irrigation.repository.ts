/** Queries of tensiometer readings and water applied, inside the organisation and the caller's farms (field-capture.repository). */
import type { FieldListQuery } from '@orchard/shared/field-capture';
import { and, desc, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import type { FarmViewer } from '../../data-rules/farm-scope';
import { farmBlocks, farms, tensiometerReadings as tensio, users, waterApplied as water } from '../../db/schema/index';
import { blockScope, countOf, dayFilters, pageWindow, placeColumns, placeFilters, totalColumn } from './field-capture.repository';
import { nextVersion } from '../../data-rules/versioning';

type Inserted = 'organizationId' | 'clientId' | 'capturedByUserId';

// tensiometer readings

const tensioColumns = {
  id: tensio.id,
  clientId: tensio.clientId,
  ...placeColumns,
  version: tensio.version,
  station: tensio.station,
  depthCm: tensio.depthCm,
  kpa: tensio.kpa,
  readOn: tensio.readOn,
};
const tensioScope = (viewer: FarmViewer) => [eq(tensio.organizationId, viewer.organizationId), ...blockScope(viewer)];
const tensioList = (viewer: FarmViewer, query: FieldListQuery) => and(...tensioScope(viewer), ...placeFilters(query), ...dayFilters(tensio.readOn, query));

function selectTensio(db: AppDb) {
  return db
    .select(tensioColumns)
    .from(tensio)
    .innerJoin(farmBlocks, eq(farmBlocks.id, tensio.farmBlockId))
    .innerJoin(farms, eq(farms.id, farmBlocks.farmId))
    .leftJoin(users, eq(users.id, tensio.capturedByUserId));
}

export async function findTensiometerReading(db: AppDb, viewer: FarmViewer, id: number) {
  const [row] = await selectTensio(db).where(and(eq(tensio.id, id), ...tensioScope(viewer)));
  return row ?? null;
}

/** A page of readings, newest day first, then by station and depth. */
export async function findTensiometerReadings(db: AppDb, viewer: FarmViewer, query: FieldListQuery) {
  const { limit, offset } = pageWindow(query);
  return selectTensio(db)
    .where(tensioList(viewer, query))
    .orderBy(desc(tensio.readOn), tensio.station, tensio.depthCm, desc(tensio.id))
    .limit(limit)
    .offset(offset);
}

export async function countTensiometerReadings(db: AppDb, viewer: FarmViewer, query: FieldListQuery) {
  return countOf(
    db
      .select(totalColumn)
      .from(tensio)
      .innerJoin(farmBlocks, eq(farmBlocks.id, tensio.farmBlockId))
      .innerJoin(farms, eq(farms.id, farmBlocks.farmId))
      .where(tensioList(viewer, query)),
  );
}

export async function findTensiometerIdByClientId(db: AppDb, organizationId: number, clientId: string) {
  const [row] = await db.select({ id: tensio.id }).from(tensio).where(and(eq(tensio.organizationId, organizationId), eq(tensio.clientId, clientId)));
  return row?.id ?? null;
}

export type TensiometerValues = Pick<typeof tensio.$inferInsert, 'farmBlockId' | 'station' | 'depthCm' | 'kpa' | 'readOn'>;

export async function insertTensiometerReading(db: AppDb, values: TensiometerValues & Pick<typeof tensio.$inferInsert, Inserted>) {
  const [row] = await db.insert(tensio).values(values).returning({ id: tensio.id });
  return row!.id;
}

export async function updateTensiometerReadingIfVersion(db: AppDb, organizationId: number, id: number, version: number, values: TensiometerValues) {
  const rows = await db
    .update(tensio)
    .set({ ...values, version: nextVersion(tensio.version) })
    .where(and(eq(tensio.organizationId, organizationId), eq(tensio.id, id), eq(tensio.version, version)))
    .returning({ id: tensio.id });
  return rows.length > 0;
}

export async function deleteTensiometerReadingRow(db: AppDb, organizationId: number, id: number) {
  await db.delete(tensio).where(and(eq(tensio.organizationId, organizationId), eq(tensio.id, id)));
}

// water applied

const waterColumns = {
  id: water.id,
  clientId: water.clientId,
  ...placeColumns,
  version: water.version,
  appliedOn: water.appliedOn,
  amount: water.amount,
  unit: water.unit,
};
const waterScope = (viewer: FarmViewer) => [eq(water.organizationId, viewer.organizationId), ...blockScope(viewer)];
const waterList = (viewer: FarmViewer, query: FieldListQuery) => and(...waterScope(viewer), ...placeFilters(query), ...dayFilters(water.appliedOn, query));

function selectWater(db: AppDb) {
  return db
    .select(waterColumns)
    .from(water)
    .innerJoin(farmBlocks, eq(farmBlocks.id, water.farmBlockId))
    .innerJoin(farms, eq(farms.id, farmBlocks.farmId))
    .leftJoin(users, eq(users.id, water.capturedByUserId));
}

export async function findWaterApplied(db: AppDb, viewer: FarmViewer, id: number) {
  const [row] = await selectWater(db).where(and(eq(water.id, id), ...waterScope(viewer)));
  return row ?? null;
}

/** A page of records, newest day first. */
export async function findWaterAppliedPage(db: AppDb, viewer: FarmViewer, query: FieldListQuery) {
  const { limit, offset } = pageWindow(query);
  return selectWater(db).where(waterList(viewer, query)).orderBy(desc(water.appliedOn), desc(water.id)).limit(limit).offset(offset);
}

export async function countWaterApplied(db: AppDb, viewer: FarmViewer, query: FieldListQuery) {
  return countOf(
    db
      .select(totalColumn)
      .from(water)
      .innerJoin(farmBlocks, eq(farmBlocks.id, water.farmBlockId))
      .innerJoin(farms, eq(farms.id, farmBlocks.farmId))
      .where(waterList(viewer, query)),
  );
}

export async function findWaterIdByClientId(db: AppDb, organizationId: number, clientId: string) {
  const [row] = await db.select({ id: water.id }).from(water).where(and(eq(water.organizationId, organizationId), eq(water.clientId, clientId)));
  return row?.id ?? null;
}

export type WaterValues = Pick<typeof water.$inferInsert, 'farmBlockId' | 'appliedOn' | 'amount' | 'unit'>;

export async function insertWaterApplied(db: AppDb, values: WaterValues & Pick<typeof water.$inferInsert, Inserted>) {
  const [row] = await db.insert(water).values(values).returning({ id: water.id });
  return row!.id;
}

export async function updateWaterAppliedIfVersion(db: AppDb, organizationId: number, id: number, version: number, values: WaterValues) {
  const rows = await db
    .update(water)
    .set({ ...values, version: nextVersion(water.version) })
    .where(and(eq(water.organizationId, organizationId), eq(water.id, id), eq(water.version, version)))
    .returning({ id: water.id });
  return rows.length > 0;
}

export async function deleteWaterAppliedRow(db: AppDb, organizationId: number, id: number) {
  await db.delete(water).where(and(eq(water.organizationId, organizationId), eq(water.id, id)));
}
