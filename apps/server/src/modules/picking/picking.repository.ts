/**
 * Queries behind the picking schedules and packhouse capacity. Every query names the organisation:
 * a grower's rows, cells and PUCs by organization_id, and only on the farms assigned to the caller
 * (db/farm-scope); the packhouse view and capacity by the packhouses the organisation owns
 * (packhouses.owner_organization_id), where other organisations' rows are not limited by the
 * caller's farms. Nothing else crosses.
 */
import { and, asc, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppDb } from '../../db/client';
import { farmVisibleTo, growerRowVisibleTo, legalEntityVisibleTo, pucVisibleTo, type FarmViewer } from '../../db/farm-scope';
import { packhouseUsableBy } from '../../db/packhouse-scope';
import {
  farms,
  fruitBinEstimates,
  fruitBins,
  legalEntities,
  packhouseCapacities,
  packhouses,
  pickingEstimates,
  pickingEstimateWeeks,
  pickingProgressTypes,
  productionBlocks,
  pucs,
  regions,
  users,
  varieties,
  yieldEstimates,
} from '../../db/schema/index';

export interface WeekBounds {
  /** year * 100 + week of the first week, e.g. 202601 */
  fromKey: number;
  toKey: number;
}

const weekKeyOf = (year: AnyPgColumn, week: AnyPgColumn): SQL => sql`(${year} * 100 + ${week})`;

/* ---------- packhouses and options ---------- */

/** The packhouses the organisation runs or has linked (db/packhouse-scope), with the owned flag. */
export async function findUsablePackhouses(db: AppDb, organizationId: number) {
  const rows = await db
    .select({
      id: packhouses.id,
      name: packhouses.name,
      shortName: packhouses.shortName,
      ownerOrganizationId: packhouses.ownerOrganizationId,
    })
    .from(packhouses)
    .where(packhouseUsableBy(organizationId))
    .orderBy(asc(packhouses.name), asc(packhouses.id))
    .limit(1000);
  return rows.map((r) => ({ id: r.id, name: r.name, shortName: r.shortName, owned: r.ownerOrganizationId === organizationId }));
}

export async function findOwnedPackhouses(db: AppDb, organizationId: number, onlyIds?: readonly number[]) {
  if (onlyIds && onlyIds.length === 0) return [];
  return db
    .select({ id: packhouses.id, name: packhouses.name })
    .from(packhouses)
    .where(and(eq(packhouses.ownerOrganizationId, organizationId), onlyIds ? inArray(packhouses.id, [...onlyIds]) : undefined))
    .orderBy(asc(packhouses.name), asc(packhouses.id))
    .limit(1000);
}

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

export async function varietyExists(db: AppDb, id: number): Promise<boolean> {
  const rows = await db.select({ id: varieties.id }).from(varieties).where(eq(varieties.id, id)).limit(1);
  return rows.length > 0;
}

/** A PUC of the organisation on a farm the caller may see. */
export async function findOrgPuc(db: AppDb, viewer: FarmViewer, pucId: number) {
  const [row] = await db
    .select({ id: pucs.id, farmId: pucs.farmId })
    .from(pucs)
    .where(and(eq(pucs.id, pucId), eq(pucs.organizationId, viewer.organizationId), farmVisibleTo(viewer, pucs.farmId)))
    .limit(1);
  return row ?? null;
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
    .set({ ...values, version: sql`${fruitBinEstimates.version} + 1`, updatedAt: new Date() })
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

/* ---------- producer and packhouse views ---------- */

export interface ScheduleScope extends FarmViewer {
  /**
   * producer: the organisation's own rows on the caller's farms; packhouse: rows addressed to
   * packhouses it owns (its own among them only on the caller's farms)
   */
  view: 'producer' | 'packhouse';
  packhouseIds?: readonly number[] | undefined;
  producerIds?: readonly number[] | undefined;
  farmIds?: readonly number[] | undefined;
  varietyIds?: readonly number[] | undefined;
  rowIds?: readonly number[] | undefined;
  limit: number;
}

export async function findScheduleRows(db: AppDb, scope: ScheduleScope) {
  const lists = [scope.packhouseIds, scope.producerIds, scope.farmIds, scope.varietyIds, scope.rowIds];
  if (lists.some((list) => list !== undefined && list.length === 0)) return [];
  return db
    .select({
      id: pickingEstimates.id,
      organizationId: pickingEstimates.organizationId,
      pucId: pucs.id,
      pucName: pucs.pucName,
      varietyId: varieties.id,
      varietyName: varieties.varietyName,
      varietyCommodity: varieties.commodity,
      farmId: farms.id,
      farmName: farms.farmName,
      legalEntityId: legalEntities.id,
      legalEntityName: legalEntities.name,
      packhouseId: packhouses.id,
      packhouseName: packhouses.name,
      regionName: regions.regionName,
      affiliation: packhouses.affiliation,
      packhouseCommodity: packhouses.commodity,
      estimatedFirstWeek: pickingEstimates.estimatedFirstWeek,
      expectedProjectedTonnes: pickingEstimates.expectedProjectedTonnes,
      firstProjectedTonnes: pickingEstimates.firstProjectedTonnes,
      avgBinWeight: pickingEstimates.avgBinWeight,
      version: pickingEstimates.version,
    })
    .from(pickingEstimates)
    .innerJoin(packhouses, eq(packhouses.id, pickingEstimates.packhouseId))
    .leftJoin(regions, eq(regions.id, packhouses.regionId))
    .innerJoin(pucs, eq(pucs.id, pickingEstimates.pucId))
    .innerJoin(farms, eq(farms.id, pucs.farmId))
    .innerJoin(legalEntities, eq(legalEntities.id, farms.legalEntityId))
    .innerJoin(varieties, eq(varieties.id, pickingEstimates.varietyId))
    .where(
      and(
        scope.view === 'producer'
          ? and(eq(pickingEstimates.organizationId, scope.organizationId), farmVisibleTo(scope, pucs.farmId))
          : and(
              eq(packhouses.ownerOrganizationId, scope.organizationId),
              growerRowVisibleTo(scope, pickingEstimates.organizationId, farmVisibleTo(scope, pucs.farmId)),
            ),
        scope.packhouseIds ? inArray(pickingEstimates.packhouseId, [...scope.packhouseIds]) : undefined,
        scope.producerIds ? inArray(farms.legalEntityId, [...scope.producerIds]) : undefined,
        scope.farmIds ? inArray(pucs.farmId, [...scope.farmIds]) : undefined,
        scope.varietyIds ? inArray(pickingEstimates.varietyId, [...scope.varietyIds]) : undefined,
        scope.rowIds ? inArray(pickingEstimates.id, [...scope.rowIds]) : undefined,
      ),
    )
    .orderBy(asc(pickingEstimates.id))
    .limit(scope.limit);
}
export type ScheduleRowData = Awaited<ReturnType<typeof findScheduleRows>>[number];

/** Stored weeks of the rows inside the week bounds, with who saved them last. */
export async function findRowWeeks(db: AppDb, rowIds: readonly number[], bounds: WeekBounds) {
  if (rowIds.length === 0) return [];
  return db
    .select({
      id: pickingEstimateWeeks.id,
      rowId: pickingEstimateWeeks.pickingEstimateId,
      year: pickingEstimateWeeks.year,
      week: pickingEstimateWeeks.week,
      binCount: pickingEstimateWeeks.binCount,
      updatedAt: pickingEstimateWeeks.updatedAt,
      updatedByName: sql<string | null>`coalesce(${users.fullName}, ${users.userName})`,
    })
    .from(pickingEstimateWeeks)
    .leftJoin(users, eq(users.id, pickingEstimateWeeks.updatedBy))
    .where(
      and(
        inArray(pickingEstimateWeeks.pickingEstimateId, [...rowIds]),
        sql`${weekKeyOf(pickingEstimateWeeks.year, pickingEstimateWeeks.week)} between ${bounds.fromKey} and ${bounds.toKey}`,
      ),
    )
    .orderBy(asc(pickingEstimateWeeks.year), asc(pickingEstimateWeeks.week));
}

/** Bins received per ISO week for each row: its PUC's blocks, its variety, its packhouse, its organisation. */
export async function findRowActuals(db: AppDb, rowIds: readonly number[], from: string, to: string) {
  if (rowIds.length === 0) return [];
  const year = sql<number>`extract(isoyear from ${fruitBins.receivedDate})::int`.mapWith(Number);
  const week = sql<number>`extract(week from ${fruitBins.receivedDate})::int`.mapWith(Number);
  return db
    .select({ rowId: pickingEstimates.id, year, week, bins: sql<number>`count(*)::int`.mapWith(Number) })
    .from(pickingEstimates)
    .innerJoin(productionBlocks, eq(productionBlocks.pucId, pickingEstimates.pucId))
    .innerJoin(
      fruitBins,
      and(
        eq(fruitBins.productionBlockId, productionBlocks.id),
        eq(fruitBins.organizationId, pickingEstimates.organizationId),
        eq(fruitBins.varietyId, pickingEstimates.varietyId),
        eq(fruitBins.packhouseId, pickingEstimates.packhouseId),
        gte(fruitBins.receivedDate, from),
        lte(fruitBins.receivedDate, to),
      ),
    )
    .where(inArray(pickingEstimates.id, [...rowIds]))
    .groupBy(pickingEstimates.id, year, week);
}

/* ---------- saving rows ---------- */

/** A row of the organisation on a farm the caller may see. */
const ownVisibleRow = (viewer: FarmViewer, id: number) =>
  and(eq(pickingEstimates.id, id), eq(pickingEstimates.organizationId, viewer.organizationId), pucVisibleTo(viewer, pickingEstimates.pucId));

/**
 * Takes the organisation's row at the version the caller read: bumps the version (which also locks
 * the row until the transaction ends). Null when the row is not the organisation's, lies on a farm
 * the caller may not see, or has moved on.
 */
export async function claimRowVersion(db: AppDb, viewer: FarmViewer, id: number, version: number) {
  const [row] = await db
    .update(pickingEstimates)
    .set({ version: sql`${pickingEstimates.version} + 1`, updatedAt: new Date() })
    .where(and(ownVisibleRow(viewer, id), eq(pickingEstimates.version, version)))
    .returning({
      id: pickingEstimates.id,
      pucId: pickingEstimates.pucId,
      varietyId: pickingEstimates.varietyId,
      packhouseId: pickingEstimates.packhouseId,
      version: pickingEstimates.version,
    });
  return row ?? null;
}

export async function ownRowExists(db: AppDb, viewer: FarmViewer, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: pickingEstimates.id })
    .from(pickingEstimates)
    .where(ownVisibleRow(viewer, id))
    .limit(1);
  return rows.length > 0;
}

/** The organisation's rows of one PUC and variety (for the duplicate-combination rule). */
export async function findSiblingRows(db: AppDb, organizationId: number, pucId: number, varietyId: number) {
  return db
    .select({ id: pickingEstimates.id, puc: pickingEstimates.pucId, variety: pickingEstimates.varietyId, packhouse: pickingEstimates.packhouseId })
    .from(pickingEstimates)
    .where(
      and(
        eq(pickingEstimates.organizationId, organizationId),
        eq(pickingEstimates.pucId, pucId),
        eq(pickingEstimates.varietyId, varietyId),
      ),
    )
    .limit(1000);
}

/** Every stored week of a row (the packhouse-change rule looks at all of them, not only the visible ones). */
export async function findAllRowWeeks(db: AppDb, rowId: number) {
  return db
    .select({ id: pickingEstimateWeeks.id, year: pickingEstimateWeeks.year, week: pickingEstimateWeeks.week, binCount: pickingEstimateWeeks.binCount })
    .from(pickingEstimateWeeks)
    .where(eq(pickingEstimateWeeks.pickingEstimateId, rowId));
}

export type RowFigures = Pick<
  typeof pickingEstimates.$inferInsert,
  'estimatedFirstWeek' | 'expectedProjectedTonnes' | 'firstProjectedTonnes' | 'avgBinWeight'
>;

export async function updateRowFields(db: AppDb, id: number, values: RowFigures & { packhouseId: number }) {
  await db.update(pickingEstimates).set(values).where(eq(pickingEstimates.id, id));
}

export async function insertRow(
  db: AppDb,
  values: RowFigures & { organizationId: number; pucId: number; varietyId: number; packhouseId: number },
): Promise<number> {
  const [row] = await db.insert(pickingEstimates).values(values).returning({ id: pickingEstimates.id });
  return row!.id;
}

export async function upsertRowWeek(db: AppDb, rowId: number, week: { year: number; week: number; binCount: number }, userId: number) {
  await db
    .insert(pickingEstimateWeeks)
    .values({ pickingEstimateId: rowId, year: week.year, week: week.week, binCount: week.binCount, updatedBy: userId })
    .onConflictDoUpdate({
      target: [pickingEstimateWeeks.pickingEstimateId, pickingEstimateWeeks.year, pickingEstimateWeeks.week],
      set: { binCount: week.binCount, updatedBy: userId, updatedAt: new Date() },
    });
}

export async function deleteRowWeek(db: AppDb, rowId: number, week: { year: number; week: number }) {
  await db
    .delete(pickingEstimateWeeks)
    .where(
      and(
        eq(pickingEstimateWeeks.pickingEstimateId, rowId),
        eq(pickingEstimateWeeks.year, week.year),
        eq(pickingEstimateWeeks.week, week.week),
      ),
    );
}

/* ---------- capacity ---------- */

export async function findCapacities(db: AppDb, packhouseIds: readonly number[], bounds: WeekBounds) {
  if (packhouseIds.length === 0) return [];
  return db
    .select({
      packhouseId: packhouseCapacities.packhouseId,
      year: packhouseCapacities.year,
      week: packhouseCapacities.week,
      capacity: packhouseCapacities.capacity,
      version: packhouseCapacities.version,
    })
    .from(packhouseCapacities)
    .where(
      and(
        inArray(packhouseCapacities.packhouseId, [...packhouseIds]),
        sql`${weekKeyOf(packhouseCapacities.year, packhouseCapacities.week)} between ${bounds.fromKey} and ${bounds.toKey}`,
      ),
    );
}

/** Bins of every row addressed to each packhouse, per week (the owner sees all rows addressed to it). */
export async function findPackhouseWeekTotals(db: AppDb, packhouseIds: readonly number[], bounds: WeekBounds) {
  if (packhouseIds.length === 0) return [];
  return db
    .select({
      packhouseId: pickingEstimates.packhouseId,
      year: pickingEstimateWeeks.year,
      week: pickingEstimateWeeks.week,
      totalBins: sql<number>`coalesce(sum(${pickingEstimateWeeks.binCount}), 0)::int`.mapWith(Number),
    })
    .from(pickingEstimateWeeks)
    .innerJoin(pickingEstimates, eq(pickingEstimates.id, pickingEstimateWeeks.pickingEstimateId))
    .where(
      and(
        inArray(pickingEstimates.packhouseId, [...packhouseIds]),
        sql`${weekKeyOf(pickingEstimateWeeks.year, pickingEstimateWeeks.week)} between ${bounds.fromKey} and ${bounds.toKey}`,
      ),
    )
    .groupBy(pickingEstimates.packhouseId, pickingEstimateWeeks.year, pickingEstimateWeeks.week);
}

export async function insertCapacity(
  db: AppDb,
  values: { packhouseId: number; year: number; week: number; capacity: number; updatedBy: number },
): Promise<boolean> {
  const rows = await db.insert(packhouseCapacities).values(values).onConflictDoNothing().returning({ id: packhouseCapacities.id });
  return rows.length > 0;
}

export async function updateCapacity(
  db: AppDb,
  key: { packhouseId: number; year: number; week: number },
  version: number,
  values: { capacity: number; updatedBy: number },
): Promise<boolean> {
  const rows = await db
    .update(packhouseCapacities)
    .set({ ...values, version: sql`${packhouseCapacities.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(packhouseCapacities.packhouseId, key.packhouseId),
        eq(packhouseCapacities.year, key.year),
        eq(packhouseCapacities.week, key.week),
        eq(packhouseCapacities.version, version),
      ),
    )
    .returning({ id: packhouseCapacities.id });
  return rows.length > 0;
}
