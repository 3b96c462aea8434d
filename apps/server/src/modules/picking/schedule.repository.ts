/**
 * Queries behind the producer and packhouse views of the picking schedule: the producer view's rows
 * are the organisation's own on the farms assigned to the caller (data-rules/farm-scope); the packhouse
 * view's are the rows addressed to the packhouses the organisation owns
 * (packhouses.owner_organization_id), where other organisations' rows are not limited by the
 * caller's farms. Saving touches only the organisation's own rows on the caller's farms.
 */
import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { inIdList } from '../../db/id-list';
import { farmVisibleTo, growerRowVisibleTo, pucVisibleTo, type FarmViewer } from '../../data-rules/farm-scope';
import {
  binWeekTotals,
  farms,
  legalEntities,
  packhouses,
  pickingEstimates,
  pickingEstimateWeeks,
  productionBlocks,
  pucs,
  regions,
  users,
  varieties,
} from '../../db/schema/index';
import { weekWithin, type WeekBounds } from './picking-shared';
import { nextVersion } from '../../data-rules/versioning';

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

/** The scope's rows (picking_estimates joined to its packhouse and PUC): the one where-clause of every read of a view's rows. */
function scheduleRowsWhere(scope: Omit<ScheduleScope, 'limit'>): SQL | undefined {
  return and(
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
    scope.rowIds ? inIdList(pickingEstimates.id, scope.rowIds) : undefined,
  );
}

/** A filter list given and empty: no row can match. */
const emptyFilter = (scope: Omit<ScheduleScope, 'limit'>) =>
  [scope.packhouseIds, scope.producerIds, scope.farmIds, scope.varietyIds, scope.rowIds].some((list) => list !== undefined && list.length === 0);

/**
 * The scope's rows with only what orders them (the table's order: packhouse, PUC, variety, id):
 * a page needs every row's place but only its own rows' figures, and the whole rows of a large
 * scope cost more to carry than to find (1,000 rows: BENCHMARKS.md, Section `picking`).
 */
export async function findScheduleRowKeys(db: AppDb, scope: ScheduleScope) {
  if (emptyFilter(scope)) return [];
  return db
    .select({ id: pickingEstimates.id, packhouseName: packhouses.name, pucName: pucs.pucName, varietyName: varieties.varietyName })
    .from(pickingEstimates)
    .innerJoin(packhouses, eq(packhouses.id, pickingEstimates.packhouseId))
    .innerJoin(pucs, eq(pucs.id, pickingEstimates.pucId))
    .innerJoin(farms, eq(farms.id, pucs.farmId))
    .innerJoin(varieties, eq(varieties.id, pickingEstimates.varietyId))
    .where(scheduleRowsWhere(scope))
    .orderBy(asc(pickingEstimates.id))
    .limit(scope.limit);
}

export async function findScheduleRows(db: AppDb, scope: ScheduleScope) {
  if (emptyFilter(scope)) return [];
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
    .where(scheduleRowsWhere(scope))
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
        inIdList(pickingEstimateWeeks.pickingEstimateId, rowIds),
        weekWithin(pickingEstimateWeeks.year, pickingEstimateWeeks.week, bounds),
      ),
    )
    .orderBy(asc(pickingEstimateWeeks.year), asc(pickingEstimateWeeks.week));
}

/** The rows' stored bins per week inside the week bounds, summed over the rows (the footer's totals). */
export async function sumRowWeeks(db: AppDb, rowIds: readonly number[], bounds: WeekBounds) {
  if (rowIds.length === 0) return [];
  return db
    .select({
      year: pickingEstimateWeeks.year,
      week: pickingEstimateWeeks.week,
      bins: sql<number>`coalesce(sum(${pickingEstimateWeeks.binCount}), 0)::int`.mapWith(Number),
    })
    .from(pickingEstimateWeeks)
    .where(and(inIdList(pickingEstimateWeeks.pickingEstimateId, rowIds), weekWithin(pickingEstimateWeeks.year, pickingEstimateWeeks.week, bounds)))
    .groupBy(pickingEstimateWeeks.year, pickingEstimateWeeks.week);
}

/**
 * Bins received per ISO week for each row: its PUC's blocks, its variety, its packhouse, its
 * organisation, read from the bins' week totals. `from` is a Monday and `to` a Sunday (the window's
 * bounds), so the weeks starting within them are exactly the bins received within them.
 */
export async function findRowActuals(db: AppDb, rowIds: readonly number[], from: string, to: string) {
  if (rowIds.length === 0) return [];
  const year = sql<number>`extract(isoyear from ${binWeekTotals.weekStart})::int`.mapWith(Number);
  const week = sql<number>`extract(week from ${binWeekTotals.weekStart})::int`.mapWith(Number);
  return db
    .select({ rowId: pickingEstimates.id, year, week, bins: sql<number>`sum(${binWeekTotals.notTipped} + ${binWeekTotals.tipped})::int`.mapWith(Number) })
    .from(pickingEstimates)
    .innerJoin(productionBlocks, eq(productionBlocks.pucId, pickingEstimates.pucId))
    .innerJoin(
      binWeekTotals,
      and(
        eq(binWeekTotals.productionBlockId, productionBlocks.id),
        eq(binWeekTotals.organizationId, pickingEstimates.organizationId),
        eq(binWeekTotals.varietyId, pickingEstimates.varietyId),
        eq(binWeekTotals.packhouseId, pickingEstimates.packhouseId),
        gte(binWeekTotals.weekStart, from),
        lte(binWeekTotals.weekStart, to),
      ),
    )
    .where(inIdList(pickingEstimates.id, rowIds))
    .groupBy(pickingEstimates.id, year, week);
}

/* ---------- saving rows ---------- */

export async function varietyExists(db: AppDb, id: number): Promise<boolean> {
  const rows = await db.select({ id: varieties.id }).from(varieties).where(eq(varieties.id, id)).limit(1);
  return rows.length > 0;
}

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
    .set({ version: nextVersion(pickingEstimates.version), updatedAt: new Date() })
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
