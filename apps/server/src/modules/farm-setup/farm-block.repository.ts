/**
 * Queries of farm blocks (farm setup): the blocks of the organisation's farms assigned to the
 * caller (data-rules/farm-scope), and what refers to a farm block: production blocks linked to it,
 * scouting sessions, traps (their inspections go with the trap), tensiometer readings, water
 * applied and phenology observations.
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { farmVisibleTo, type FarmViewer } from '../../data-rules/farm-scope';
import {
  farmBlocks,
  phenologyObservations,
  productionBlocks,
  scoutingSessions,
  tensiometerReadings,
  traps,
  waterApplied,
} from '../../db/schema/index';
import { anyRow, present } from './farm-setup.repository';
import { nextVersion } from '../../data-rules/versioning';

const farmBlockColumns = {
  id: farmBlocks.id,
  farmId: farmBlocks.farmId,
  name: farmBlocks.name,
  ha: farmBlocks.ha,
  varietyId: farmBlocks.varietyId,
  daffCode: farmBlocks.daffCode,
  version: farmBlocks.version,
};

const farmBlockScope = (viewer: FarmViewer) => and(eq(farmBlocks.organizationId, viewer.organizationId), farmVisibleTo(viewer, farmBlocks.farmId))!;

export type FarmBlockValues = Omit<typeof farmBlocks.$inferInsert, 'id' | 'organizationId' | 'version'>;

export async function findFarmBlocks(db: AppDb, viewer: FarmViewer, farmId: number | undefined) {
  const conditions = [farmBlockScope(viewer)];
  if (farmId !== undefined) conditions.push(eq(farmBlocks.farmId, farmId));
  return db
    .select(farmBlockColumns)
    .from(farmBlocks)
    .where(and(...conditions))
    .orderBy(asc(farmBlocks.farmId), asc(sql`lower(${farmBlocks.name})`), asc(farmBlocks.id));
}

export async function findFarmBlock(db: AppDb, viewer: FarmViewer, id: number) {
  const [row] = await db
    .select(farmBlockColumns)
    .from(farmBlocks)
    .where(and(eq(farmBlocks.id, id), farmBlockScope(viewer)))
    .for('update');
  return row ?? null;
}

/** Another block of the farm already has this name (ignoring case and surrounding spaces). */
export async function farmBlockNameTaken(db: AppDb, farmId: number, name: string, exceptId?: number): Promise<boolean> {
  const conditions = [eq(farmBlocks.farmId, farmId), sql`lower(btrim(${farmBlocks.name})) = lower(btrim(${name}))`];
  if (exceptId !== undefined) conditions.push(ne(farmBlocks.id, exceptId));
  return present(anyRow(db, farmBlocks, and(...conditions)!));
}

export async function insertFarmBlock(db: AppDb, organizationId: number, values: FarmBlockValues) {
  const [row] = await db
    .insert(farmBlocks)
    .values({ ...values, organizationId })
    .returning(farmBlockColumns);
  return row!;
}

export async function updateFarmBlockIfVersion(db: AppDb, organizationId: number, id: number, version: number, values: FarmBlockValues) {
  const [row] = await db
    .update(farmBlocks)
    .set({ ...values, version: nextVersion(farmBlocks.version) })
    .where(and(eq(farmBlocks.organizationId, organizationId), eq(farmBlocks.id, id), eq(farmBlocks.version, version)))
    .returning(farmBlockColumns);
  return row ?? null;
}

/** Production blocks link to the farm block. */
export async function farmBlockLinked(db: AppDb, id: number): Promise<boolean> {
  return present(anyRow(db, productionBlocks, eq(productionBlocks.farmBlockId, id)));
}

/** Data refers to the farm block: linked production blocks, or anything recorded on it in the field. */
export async function farmBlockInUse(db: AppDb, id: number): Promise<boolean> {
  if (await farmBlockLinked(db, id)) return true;
  for (const table of [scoutingSessions, traps, tensiometerReadings, waterApplied, phenologyObservations]) {
    if (await present(anyRow(db, table, eq(table.farmBlockId, id)))) return true;
  }
  return false;
}

export async function deleteFarmBlockRow(db: AppDb, organizationId: number, id: number) {
  await db.delete(farmBlocks).where(and(eq(farmBlocks.organizationId, organizationId), eq(farmBlocks.id, id)));
}
