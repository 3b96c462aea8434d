/**
 * The picking bench data set: the demo grower's producer view replaced by `rows` rows (PUC x
 * variety x one packhouse), each with bins in every one of `weeks` consecutive ISO weeks around
 * `today`, so every pager position from 11 weeks back to 10 weeks ahead shows full week columns.
 *
 * All rows go to the packhouse the producer view chooses first for a packhouse user (the first of
 * the organisation's usable packhouses by name), so the demo admin, who holds picking.packhouseUser
 * and can edit, sees all of them. The demo grower's 20 PUCs come first, so their rows meet the
 * seeded fruit bins (the rows' actuals); the PUCs still needed are added on the grower's farms.
 *
 * Runs on a migrated, seeded database (PGlite or PostgreSQL); bulk inserts in batches.
 */
import {
  PICKING_MAX_ROWS,
  addIsoWeeks,
  isoWeekOf,
  isoWeekRange,
  type IsoWeek,
  type PickingScheduleWindow,
  type PlainDate,
} from '@orchard/shared/picking';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { AppDb } from '../../apps/server/src/db/client';
import { farms, organizations, pickingEstimates, pickingEstimateWeeks, pucs, users, varieties } from '../../apps/server/src/db/schema/index';
import { DEMO_ORGANIZATIONS, createPrng } from '../../apps/server/src/db/seed/index';
import { boundsOf, findUsablePackhouses } from '../../apps/server/src/modules/picking/picking-shared';
import {
  findRowActuals,
  findRowWeeks,
  findScheduleRowKeys,
  findScheduleRows,
  sumRowWeeks,
  type ScheduleScope,
} from '../../apps/server/src/modules/picking/schedule.repository';

export interface PickingBenchOptions {
  /** the server's "today" (yyyy-MM-dd) the weeks are placed around */
  today: PlainDate;
  /** producer-view rows (default 1,000) */
  rows?: number;
  /** consecutive ISO weeks with bins per row (default 30) */
  weeks?: number;
}

export interface PickingBenchData {
  organizationId: number;
  organizationName: string;
  packhouseId: number;
  packhouseName: string;
  rows: number;
  weeks: IsoWeek[];
  weekRows: number;
  /** PUCs added to reach the row count */
  addedPucs: number;
}

/** Weeks before today's week; the rest come after it. */
const WEEKS_BEFORE_TODAY = 14;
const BATCH = 4_000;

async function insertInBatches<T extends PgTable>(db: AppDb, table: T, rows: PgInsertValue<T>[]) {
  for (let i = 0; i < rows.length; i += BATCH) await db.insert(table).values(rows.slice(i, i + BATCH));
}

export async function addPickingBenchData(db: AppDb, options: PickingBenchOptions): Promise<PickingBenchData> {
  const rowCount = options.rows ?? 1_000;
  const weekCount = options.weeks ?? 30;
  const rng = createPrng(20_251_122);
  const organizationName = DEMO_ORGANIZATIONS.find((o) => o.key === 'grower')!.name;
  const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, organizationName)).limit(1);
  if (!org) throw new Error(`${organizationName} is not in the database: seed the demo data first`);
  const organizationId = org.id;
  const [packhouse] = await findUsablePackhouses(db, organizationId);
  if (!packhouse) throw new Error(`${organizationName} has no packhouse`);
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.userName, 'admin')).limit(1);

  const varietyRows = await db.select({ id: varieties.id }).from(varieties).orderBy(asc(varieties.id));
  const farmRows = await db.select({ id: farms.id }).from(farms).where(eq(farms.organizationId, organizationId)).orderBy(asc(farms.id));
  if (varietyRows.length === 0 || farmRows.length === 0) throw new Error('The demo data has no varieties or farms');

  // PUCs: the grower's own first, then new ones on its farms until every row has a PUC x variety
  const pucsNeeded = Math.ceil(rowCount / varietyRows.length);
  const existing = await db.select({ id: pucs.id }).from(pucs).where(eq(pucs.organizationId, organizationId)).orderBy(asc(pucs.pucName));
  const missing = Math.max(0, pucsNeeded - existing.length);
  const added =
    missing === 0
      ? []
      : await db
          .insert(pucs)
          .values(
            Array.from({ length: missing }, (_, i) => ({
              organizationId,
              farmId: farmRows[i % farmRows.length]!.id,
              pucName: `B${String(i + 1).padStart(4, '0')}`,
            })),
          )
          .returning({ id: pucs.id });
  const pucIds = [...existing, ...added].slice(0, pucsNeeded).map((p) => p.id);

  // the view shows exactly these rows: the demo's own rows of the organisation go
  await db.delete(pickingEstimates).where(eq(pickingEstimates.organizationId, organizationId));

  const todayWeek = isoWeekOf(options.today);
  const weeks = isoWeekRange(addIsoWeeks(todayWeek, -WEEKS_BEFORE_TODAY), addIsoWeeks(todayWeek, weekCount - WEEKS_BEFORE_TODAY - 1));
  const plans = Array.from({ length: rowCount }, (_, i) => {
    const avgBinWeight = rng.int(350, 450);
    const bins = rng.int(300, 3_000);
    const expected = Number(((bins * avgBinWeight) / 1000).toFixed(1));
    return {
      organizationId,
      pucId: pucIds[Math.floor(i / varietyRows.length)]!,
      varietyId: varietyRows[i % varietyRows.length]!.id,
      packhouseId: packhouse.id,
      estimatedFirstWeek: weeks[rng.int(0, 5)]!.week,
      expectedProjectedTonnes: expected,
      firstProjectedTonnes: Number((expected * rng.float(0.85, 1.1)).toFixed(1)),
      avgBinWeight,
      peak: rng.int(8, weekCount - 8),
      bins,
    };
  });
  const inserted: { id: number }[] = [];
  for (let i = 0; i < plans.length; i += BATCH) {
    const chunk = plans.slice(i, i + BATCH).map(({ peak: _peak, bins: _bins, ...row }) => row);
    inserted.push(...(await db.insert(pickingEstimates).values(chunk).returning({ id: pickingEstimates.id })));
  }

  // every week of every row holds bins: a bell around the row's peak week, at least 1
  const weekRows: (typeof pickingEstimateWeeks.$inferInsert)[] = [];
  plans.forEach((plan, i) => {
    weeks.forEach((week, index) => {
      const weight = Math.exp(-((index - plan.peak) ** 2) / 40);
      weekRows.push({
        pickingEstimateId: inserted[i]!.id,
        year: week.year,
        week: week.week,
        binCount: Math.max(1, Math.round((plan.bins / 11) * weight * rng.float(0.8, 1.2))),
        updatedBy: admin?.id ?? null,
      });
    });
  });
  await insertInBatches(db, pickingEstimateWeeks, weekRows);

  const check = await db
    .select({ id: pickingEstimates.id })
    .from(pickingEstimates)
    .where(and(eq(pickingEstimates.organizationId, organizationId), inArray(pickingEstimates.packhouseId, [packhouse.id])));
  if (check.length !== rowCount) throw new Error(`expected ${rowCount} picking rows, found ${check.length}`);

  return {
    organizationId,
    organizationName,
    packhouseId: packhouse.id,
    packhouseName: packhouse.name,
    rows: rowCount,
    weeks,
    weekRows: weekRows.length,
    addedPucs: added.length,
  };
}

/**
 * "SQL alone" for a schedule view: the repository calls the service makes, called directly.
 * A page: every row's sort keys (for the order and the count), then the figures, weeks and
 * actuals of `pageSize` of them beside the week totals over all of them. The export (`pageSize` null):
 * every row with its weeks and actuals.
 */
export async function scheduleSqlAlone(db: AppDb, scope: Omit<ScheduleScope, 'limit'>, window: PickingScheduleWindow, pageSize: number | null) {
  const all = { ...scope, limit: PICKING_MAX_ROWS };
  const bounds = boundsOf(window.weeks);
  if (pageSize === null) {
    const metas = await findScheduleRows(db, all);
    const ids = metas.map((m) => m.id);
    const [weeks, actuals] = await Promise.all([findRowWeeks(db, ids, bounds), findRowActuals(db, ids, window.from, window.to)]);
    return { total: metas.length, metas, weeks, actuals, totals: null };
  }
  const keys = await findScheduleRowKeys(db, all);
  const ids = keys.map((k) => k.id);
  const shown = ids.slice(0, pageSize);
  const [metas, weeks, actuals, totals] = await Promise.all([
    findScheduleRows(db, { ...all, rowIds: shown }),
    findRowWeeks(db, shown, bounds),
    findRowActuals(db, shown, window.from, window.to),
    sumRowWeeks(db, ids, bounds),
  ]);
  return { total: keys.length, metas, weeks, actuals, totals };
}
