/**
 * What the audit trail reads of a picking schedule change, inside the change's transaction: a
 * producer row with its names and every stored week, a daily PUC cell with its names.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { fruitBinEstimates, packhouses, pickingEstimates, pickingEstimateWeeks, pickingProgressTypes, pucs, varieties } from '../../db/schema/index';

export async function findRowForAudit(db: AppDb, organizationId: number, id: number) {
  const [row] = await db
    .select({
      puc: pucs.pucName,
      variety: varieties.varietyName,
      packhouse: packhouses.name,
      estimatedFirstWeek: pickingEstimates.estimatedFirstWeek,
      expectedProjectedTonnes: pickingEstimates.expectedProjectedTonnes,
      firstProjectedTonnes: pickingEstimates.firstProjectedTonnes,
      avgBinWeight: pickingEstimates.avgBinWeight,
    })
    .from(pickingEstimates)
    .innerJoin(pucs, eq(pucs.id, pickingEstimates.pucId))
    .innerJoin(varieties, eq(varieties.id, pickingEstimates.varietyId))
    .innerJoin(packhouses, eq(packhouses.id, pickingEstimates.packhouseId))
    .where(and(eq(pickingEstimates.id, id), eq(pickingEstimates.organizationId, organizationId)));
  if (!row) return null;
  const weeks = await db
    .select({ year: pickingEstimateWeeks.year, week: pickingEstimateWeeks.week, binCount: pickingEstimateWeeks.binCount })
    .from(pickingEstimateWeeks)
    .where(eq(pickingEstimateWeeks.pickingEstimateId, id))
    .orderBy(asc(pickingEstimateWeeks.year), asc(pickingEstimateWeeks.week));
  return { row, weeks };
}

export async function findCellForAudit(db: AppDb, key: { organizationId: number; pucId: number; varietyId: number; date: string }) {
  const [row] = await db
    .select({ bins: fruitBinEstimates.bins, packhouse: packhouses.name, pickingProgress: pickingProgressTypes.pickingProgressType })
    .from(fruitBinEstimates)
    .leftJoin(packhouses, eq(packhouses.id, fruitBinEstimates.packhouseId))
    .leftJoin(pickingProgressTypes, eq(pickingProgressTypes.id, fruitBinEstimates.pickingProgressId))
    .where(
      and(
        eq(fruitBinEstimates.organizationId, key.organizationId),
        eq(fruitBinEstimates.pucId, key.pucId),
        eq(fruitBinEstimates.varietyId, key.varietyId),
        eq(fruitBinEstimates.date, key.date),
      ),
    );
  return row ?? null;
}

export async function findPucVarietyNames(db: AppDb, pucId: number, varietyId: number) {
  const [puc] = await db.select({ name: pucs.pucName }).from(pucs).where(eq(pucs.id, pucId));
  const [variety] = await db.select({ name: varieties.varietyName }).from(varieties).where(eq(varieties.id, varietyId));
  return `${puc?.name ?? pucId} ${variety?.name ?? varietyId}`;
}
