/**
 * Queries behind the attention list: the user's decisions, the packhouse weeks planned over
 * capacity (packhouses the organisation owns, as on the capacity table) and the latest yield
 * estimates saved by someone else on blocks the user may see (data-rules/farm-scope).
 */
import { and, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rowsOf, type AppDb } from '../../db/client';
import { productionBlockVisibleTo, type FarmViewer } from '../../data-rules/farm-scope';
import {
  attentionDecisions,
  farms,
  packhouseCapacities,
  packhouses,
  pickingEstimates,
  pickingEstimateWeeks,
  productionBlocks,
  pucs,
  users,
  yieldEstimates,
} from '../../db/schema/index';

/* ---------- decisions ---------- */

export async function findDecisions(db: AppDb, viewer: FarmViewer, type: string, values: readonly string[]) {
  if (values.length === 0) return [];
  return db
    .select({ value: attentionDecisions.value, action: attentionDecisions.action, decidedAt: attentionDecisions.decidedAt })
    .from(attentionDecisions)
    .where(
      and(
        eq(attentionDecisions.userId, viewer.userId),
        eq(attentionDecisions.organizationId, viewer.organizationId),
        eq(attentionDecisions.type, type),
        inArray(attentionDecisions.value, [...values]),
      ),
    );
}

/** Records the decision unless one exists; answers the stored decision either way. */
export async function recordDecision(
  db: AppDb,
  values: { userId: number; organizationId: number; type: string; value: string; action: string; decidedAt: Date },
) {
  await db.insert(attentionDecisions).values(values).onConflictDoNothing();
  const [row] = await db
    .select({ action: attentionDecisions.action, decidedAt: attentionDecisions.decidedAt })
    .from(attentionDecisions)
    .where(
      and(
        eq(attentionDecisions.userId, values.userId),
        eq(attentionDecisions.organizationId, values.organizationId),
        eq(attentionDecisions.type, values.type),
        eq(attentionDecisions.value, values.value),
      ),
    );
  return row!;
}

/* ---------- weeks over capacity ---------- */

/**
 * Weeks from `fromKey` (year * 100 + week) on in which the bins of every row addressed to a
 * packhouse the organisation owns exceed that week's capacity (a week without a capacity is never
 * over). `only` narrows to one packhouse and week. `at` is the latest change to the week's bins or
 * capacity.
 */
export async function findWeeksOverCapacity(
  db: AppDb,
  organizationId: number,
  fromKey: number,
  only?: { packhouseId: number; year: number; week: number },
) {
  const weekKey = sql`(${pickingEstimateWeeks.year} * 100 + ${pickingEstimateWeeks.week})`;
  const totalBins = sql<number>`sum(${pickingEstimateWeeks.binCount})::int`.mapWith(Number);
  return db
    .select({
      packhouseId: packhouses.id,
      packhouseName: packhouses.name,
      year: pickingEstimateWeeks.year,
      week: pickingEstimateWeeks.week,
      totalBins,
      capacity: packhouseCapacities.capacity,
      at: sql<Date>`greatest(max(${pickingEstimateWeeks.updatedAt}), ${packhouseCapacities.updatedAt})`.mapWith(
        (v: Date | string) => new Date(v),
      ),
    })
    .from(pickingEstimateWeeks)
    .innerJoin(pickingEstimates, eq(pickingEstimates.id, pickingEstimateWeeks.pickingEstimateId))
    .innerJoin(packhouses, eq(packhouses.id, pickingEstimates.packhouseId))
    .innerJoin(
      packhouseCapacities,
      and(
        eq(packhouseCapacities.packhouseId, packhouses.id),
        eq(packhouseCapacities.year, pickingEstimateWeeks.year),
        eq(packhouseCapacities.week, pickingEstimateWeeks.week),
      ),
    )
    .where(
      and(
        eq(packhouses.ownerOrganizationId, organizationId),
        sql`${weekKey} >= ${fromKey}`,
        only ? eq(packhouses.id, only.packhouseId) : undefined,
        only ? eq(pickingEstimateWeeks.year, only.year) : undefined,
        only ? eq(pickingEstimateWeeks.week, only.week) : undefined,
      ),
    )
    .groupBy(
      packhouses.id,
      packhouses.name,
      pickingEstimateWeeks.year,
      pickingEstimateWeeks.week,
      packhouseCapacities.capacity,
      packhouseCapacities.updatedAt,
    )
    .having(sql`sum(${pickingEstimateWeeks.binCount}) > ${packhouseCapacities.capacity}`)
    .limit(1000);
}

/* ---------- estimates changed by someone else ---------- */

/** The latest season with harvest activity the organisation can see (migration 0002's function). */
export async function findLatestSeason(db: AppDb, organizationId: number): Promise<number | null> {
  const [row] = await rowsOf<{ season: number | null }>(db, sql`select harvest_latest_season(${organizationId}::int) as season`);
  return row?.season == null ? null : Number(row.season);
}

const newer = alias(yieldEstimates, 'newer_estimate');
const previous = alias(yieldEstimates, 'previous_estimate');

/**
 * The latest estimate of each block of `season` on a farm the viewer may see, where someone other
 * than the viewer saved it (estimates without an author, such as imported ones, are nobody's
 * change). `onlyId` narrows to one estimate.
 */
export async function findEstimatesChangedByOthers(db: AppDb, viewer: FarmViewer, season: number, onlyId?: number) {
  const previousAdjusted = sql<number | null>`(
    select ${previous.tonnesPerHaAdjusted} from ${yieldEstimates} ${sql.identifier('previous_estimate')}
    where ${previous.productionBlockId} = ${yieldEstimates.productionBlockId}
      and ${previous.season} = ${yieldEstimates.season}
      and ${previous.id} < ${yieldEstimates.id}
    order by ${previous.id} desc limit 1)`;
  return db
    .select({
      estimateId: yieldEstimates.id,
      productionBlockId: yieldEstimates.productionBlockId,
      season: yieldEstimates.season,
      tonnesPerHaAdjusted: yieldEstimates.tonnesPerHaAdjusted,
      previousTonnesPerHaAdjusted: previousAdjusted,
      createdAt: yieldEstimates.createdAt,
      blockCode: productionBlocks.code,
      pucId: pucs.id,
      pucName: pucs.pucName,
      farmName: farms.farmName,
      changedByName: sql<string | null>`coalesce(${users.fullName}, ${users.userName})`,
    })
    .from(yieldEstimates)
    .innerJoin(productionBlocks, eq(productionBlocks.id, yieldEstimates.productionBlockId))
    .innerJoin(pucs, eq(pucs.id, productionBlocks.pucId))
    .innerJoin(farms, eq(farms.id, pucs.farmId))
    .leftJoin(users, eq(users.id, yieldEstimates.createdBy))
    .where(
      and(
        eq(yieldEstimates.organizationId, viewer.organizationId),
        eq(productionBlocks.organizationId, viewer.organizationId),
        eq(yieldEstimates.season, season),
        onlyId === undefined ? undefined : eq(yieldEstimates.id, onlyId),
        ne(yieldEstimates.createdBy, viewer.userId),
        productionBlockVisibleTo(viewer, yieldEstimates.productionBlockId),
        sql`not exists (${db
          .select({ one: sql`1` })
          .from(newer)
          .where(
            and(
              eq(newer.productionBlockId, yieldEstimates.productionBlockId),
              eq(newer.season, yieldEstimates.season),
              gt(newer.id, yieldEstimates.id),
            ),
          )})`,
      ),
    )
    .orderBy(desc(yieldEstimates.createdAt), desc(yieldEstimates.id))
    .limit(1000);
}
