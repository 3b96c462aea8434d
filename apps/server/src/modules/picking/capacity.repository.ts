/**
 * Queries behind packhouse capacity: the packhouses the organisation owns
 * (packhouses.owner_organization_id), their weekly capacities, and the bins of every row addressed
 * to them.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { packhouseCapacities, packhouses, pickingEstimates, pickingEstimateWeeks } from '../../db/schema/index';
import { weekWithin, type WeekBounds } from './picking-shared';
import { nextVersion } from '../../data-rules/versioning';

export async function findOwnedPackhouses(db: AppDb, organizationId: number, onlyIds?: readonly number[]) {
  if (onlyIds && onlyIds.length === 0) return [];
  return db
    .select({ id: packhouses.id, name: packhouses.name })
    .from(packhouses)
    .where(and(eq(packhouses.ownerOrganizationId, organizationId), onlyIds ? inArray(packhouses.id, [...onlyIds]) : undefined))
    .orderBy(asc(packhouses.name), asc(packhouses.id))
    .limit(1000);
}

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
        weekWithin(packhouseCapacities.year, packhouseCapacities.week, bounds),
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
        weekWithin(pickingEstimateWeeks.year, pickingEstimateWeeks.week, bounds),
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
    .set({ ...values, version: nextVersion(packhouseCapacities.version), updatedAt: new Date() })
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
