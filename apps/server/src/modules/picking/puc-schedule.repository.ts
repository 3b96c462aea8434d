/**
 * Queries behind the filter options, the picking progress types and the picking schedule by PUC:
 * the organisation's farms, legal entities, varieties, PUCs and daily bin cells, only on the farms
 * assigned to the caller (data-rules/farm-scope); the packhouse view's options from the rows addressed to
 * the packhouses the organisation owns (its own rows among them only on the caller's farms).
 */
import { and, asc, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { farmVisibleTo, growerRowVisibleTo, legalEntityVisibleTo, type FarmViewer } from '../../data-rules/farm-scope';
import {
  farms,
  fruitBinEstimates,
  legalEntities,
  packhouses,
  pickingEstimates,
  pickingProgressTypes,
  productionBlocks,
  pucs,
  varieties,
  yieldEstimates,
} from '../../db/schema/index';
import { nextVersion } from '../../data-rules/versioning';

/* ---------- filter options ---------- */

/** The organisation's farms the caller may see. */
export async function findOrgFarms(db: AppDb, viewer: FarmViewer) {
  return db
    .select({ id: farms.id, farmName: farms.farmName, legalEntityId: farms.legalEntityId })
    .from(farms)
    .where(and(eq(farms.organizationId, viewer.organizationId), farmVisibleTo(viewer, farms.id)))
    .orderBy(asc(farms.farmName), asc(farms.id))
    .limit(2000);
}

/** The organisation's legal entities of the farms the caller may see. */
export async function findOrgLegalEntities(db: AppDb, viewer: FarmViewer) {
  return db
    .select({ id: legalEntities.id, name: legalEntities.name })
    .from(legalEntities)
    .where(and(eq(legalEntities.organizationId, viewer.organizationId), legalEntityVisibleTo(viewer, legalEntities.id)))
    .orderBy(asc(legalEntities.name), asc(legalEntities.id))
    .limit(2000);
}

/** Varieties grown (production blocks) on the organisation's PUCs on the caller's farms, optionally on some of them only. */
export async function findOrgVarieties(db: AppDb, viewer: FarmViewer, farmIds?: readonly number[]) {
  const { organizationId } = viewer;
  if (farmIds && farmIds.length === 0) return [];
  return db
    .selectDistinct({ id: varieties.id, varietyName: varieties.varietyName, commodity: varieties.commodity })
    .from(productionBlocks)
    .innerJoin(pucs, eq(pucs.id, productionBlocks.pucId))
    .innerJoin(varieties, eq(varieties.id, productionBlocks.varietyId))
    .where(
      and(
        eq(productionBlocks.organizationId, organizationId),
        eq(pucs.organizationId, organizationId),
        farmVisibleTo(viewer, pucs.farmId),
        farmIds ? inArray(pucs.farmId, [...farmIds]) : undefined,
      ),
    )
    .orderBy(asc(varieties.varietyName), asc(varieties.id))
    .limit(1000);
}

/**
 * Producers, farms and varieties that appear in rows addressed to the packhouses the organisation
 * owns (its own rows only on the caller's farms).
 */
export async function findPackhouseViewOptions(db: AppDb, viewer: FarmViewer) {
  return db
      .selectDistinct({
        legalEntityId: legalEntities.id,
        legalEntityName: legalEntities.name,
        farmId: farms.id,
        farmName: farms.farmName,
        varietyId: varieties.id,
        varietyName: varieties.varietyName,
        commodity: varieties.commodity,
      })
      .from(pickingEstimates)
      .innerJoin(packhouses, eq(packhouses.id, pickingEstimates.packhouseId))
      .innerJoin(pucs, eq(pucs.id, pickingEstimates.pucId))
      .innerJoin(farms, eq(farms.id, pucs.farmId))
      .innerJoin(legalEntities, eq(legalEntities.id, farms.legalEntityId))
      .innerJoin(varieties, eq(varieties.id, pickingEstimates.varietyId))
      .where(
        and(
          eq(packhouses.ownerOrganizationId, viewer.organizationId),
          growerRowVisibleTo(viewer, pickingEstimates.organizationId, farmVisibleTo(viewer, pucs.farmId)),
        ),
      )
      .limit(20_000);
}

export async function findProgressTypes(db: AppDb) {
  return db
    .select({ id: pickingProgressTypes.id, name: pickingProgressTypes.pickingProgressType })
    .from(pickingProgressTypes)
    .orderBy(asc(pickingProgressTypes.id))
    .limit(200);
}

export async function progressTypeExists(db: AppDb, id: number): Promise<boolean> {
  const rows = await db.select({ id: pickingProgressTypes.id }).from(pickingProgressTypes).where(eq(pickingProgressTypes.id, id)).limit(1);
  return rows.length > 0;
}

export async function pucGrowsVariety(db: AppDb, organizationId: number, pucId: number, varietyId: number): Promise<boolean> {
  const rows = await db
    .select({ id: productionBlocks.id })
    .from(productionBlocks)
    .where(
      and(
        eq(productionBlocks.organizationId, organizationId),
        eq(productionBlocks.pucId, pucId),
        eq(productionBlocks.varietyId, varietyId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/* ---------- picking schedule by PUC ---------- */

/** PUC x variety pairs of the organisation on the caller's farms (from its production blocks), with names. */
export async function findPucVarieties(
  db: AppDb,
  viewer: FarmViewer,
  filter: { farmIds?: readonly number[] | undefined; varietyIds?: readonly number[] | undefined },
) {
  const { organizationId } = viewer;
  if (filter.farmIds?.length === 0 || filter.varietyIds?.length === 0) return [];
  return db
    .selectDistinct({
      pucId: pucs.id,
      pucName: pucs.pucName,
      farmId: farms.id,
      farmName: farms.farmName,
      varietyId: varieties.id,
      varietyName: varieties.varietyName,
    })
    .from(productionBlocks)
    .innerJoin(pucs, eq(pucs.id, productionBlocks.pucId))
    .innerJoin(farms, eq(farms.id, pucs.farmId))
    .innerJoin(varieties, eq(varieties.id, productionBlocks.varietyId))
    .where(
      and(
        eq(productionBlocks.organizationId, organizationId),
        eq(pucs.organizationId, organizationId),
        farmVisibleTo(viewer, farms.id),
        filter.farmIds ? inArray(pucs.farmId, [...filter.farmIds]) : undefined,
        filter.varietyIds ? inArray(productionBlocks.varietyId, [...filter.varietyIds]) : undefined,
      ),
    )
    .limit(20_000);
}

/**
 * Estimate total tonnes per PUC and variety: over the PUC's production blocks of the variety, the
 * latest yield estimate saved before `before` (an exclusive timestamp), ha x adjusted t/ha.
 */
export async function findEstimateTonnes(db: AppDb, organizationId: number, pucIds: readonly number[], before: Date) {
  if (pucIds.length === 0) return [];
  const latest = db
    .select({ ha: yieldEstimates.ha, adjusted: yieldEstimates.tonnesPerHaAdjusted })
    .from(yieldEstimates)
    .where(
      and(
        eq(yieldEstimates.productionBlockId, productionBlocks.id),
        eq(yieldEstimates.organizationId, organizationId),
        lt(yieldEstimates.createdAt, before),
      ),
    )
    .orderBy(desc(yieldEstimates.createdAt), desc(yieldEstimates.id))
    .limit(1)
    .as('latest');
  return db
    .select({
      pucId: productionBlocks.pucId,
      varietyId: productionBlocks.varietyId,
      tonnes: sql<number>`coalesce(sum(${latest.ha} * ${latest.adjusted}), 0)::float8`.mapWith(Number),
    })
    .from(productionBlocks)
    .innerJoinLateral(latest, sql`true`)
    .where(and(eq(productionBlocks.organizationId, organizationId), inArray(productionBlocks.pucId, [...pucIds])))
    .groupBy(productionBlocks.pucId, productionBlocks.varietyId);
}

const cellColumns = {
  id: fruitBinEstimates.id,
  pucId: fruitBinEstimates.pucId,
  varietyId: fruitBinEstimates.varietyId,
  date: fruitBinEstimates.date,
  bins: fruitBinEstimates.bins,
  packhouseId: fruitBinEstimates.packhouseId,
  pickingProgressId: fruitBinEstimates.pickingProgressId,
  version: fruitBinEstimates.version,
};

export async function findBinEstimates(db: AppDb, organizationId: number, pucIds: readonly number[], from: string, to: string) {
  if (pucIds.length === 0) return [];
  return db
    .select(cellColumns)
    .from(fruitBinEstimates)
    .where(
      and(
        eq(fruitBinEstimates.organizationId, organizationId),
        inArray(fruitBinEstimates.pucId, [...pucIds]),
        gte(fruitBinEstimates.date, from),
        lte(fruitBinEstimates.date, to),
      ),
    );
}

/** Per PUC and variety, the packhouse and progress of the most recently dated saved cell. */
export async function findLatestCellChoices(db: AppDb, organizationId: number, pucIds: readonly number[]) {
  if (pucIds.length === 0) return [];
  return db
    .selectDistinctOn([fruitBinEstimates.pucId, fruitBinEstimates.varietyId], {
      pucId: fruitBinEstimates.pucId,
      varietyId: fruitBinEstimates.varietyId,
      packhouseId: fruitBinEstimates.packhouseId,
      pickingProgressId: fruitBinEstimates.pickingProgressId,
    })
    .from(fruitBinEstimates)
    .where(and(eq(fruitBinEstimates.organizationId, organizationId), inArray(fruitBinEstimates.pucId, [...pucIds])))
    .orderBy(fruitBinEstimates.pucId, fruitBinEstimates.varietyId, desc(fruitBinEstimates.date), desc(fruitBinEstimates.id));
}

export type CellValues = Pick<
  typeof fruitBinEstimates.$inferInsert,
  'bins' | 'packhouseId' | 'pickingProgressId' | 'userId'
>;

/** Inserts a new cell; null when one already exists for the PUC, variety and day (someone was first). */
export async function insertCell(
  db: AppDb,
  key: { organizationId: number; pucId: number; varietyId: number; date: string },
  values: CellValues,
) {
  const [row] = await db
    .insert(fruitBinEstimates)
    .values({ ...key, ...values })
    .onConflictDoNothing()
    .returning(cellColumns);
  return row ?? null;
}

/** Updates the cell only at the version the caller read; null when it moved on (or never existed). */
export async function updateCell(
  db: AppDb,
  key: { organizationId: number; pucId: number; varietyId: number; date: string },
  version: number,
  values: CellValues,
) {
  const [row] = await db
    .update(fruitBinEstimates)
    .set({ ...values, version: nextVersion(fruitBinEstimates.version), updatedAt: new Date() })
    .where(
      and(
        eq(fruitBinEstimates.organizationId, key.organizationId),
        eq(fruitBinEstimates.pucId, key.pucId),
        eq(fruitBinEstimates.varietyId, key.varietyId),
        eq(fruitBinEstimates.date, key.date),
        eq(fruitBinEstimates.version, version),
      ),
    )
    .returning(cellColumns);
  return row ?? null;
}
