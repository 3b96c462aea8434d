/**
 * Yield estimates of a production block: the season's latest, a new save and the history of saves
 * with who made them. The caller has already checked the block is the organisation's and on a farm
 * it may see (production-blocks.repository).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { users, yieldEstimates } from '../../db/schema/index';

export async function findLatestEstimate(db: AppDb, organizationId: number, productionBlockId: number, season: number) {
  const [row] = await db
    .select({ id: yieldEstimates.id, ha: yieldEstimates.ha, tonnesPerHa: yieldEstimates.tonnesPerHa, tonnesPerHaAdjusted: yieldEstimates.tonnesPerHaAdjusted })
    .from(yieldEstimates)
    .where(
      and(
        eq(yieldEstimates.productionBlockId, productionBlockId),
        eq(yieldEstimates.organizationId, organizationId),
        eq(yieldEstimates.season, season),
      ),
    )
    .orderBy(desc(yieldEstimates.id))
    .limit(1);
  return row ?? null;
}

export async function insertEstimate(db: AppDb, values: typeof yieldEstimates.$inferInsert) {
  const [row] = await db.insert(yieldEstimates).values(values).returning({ id: yieldEstimates.id });
  return row!.id;
}

export async function findEstimateHistory(db: AppDb, organizationId: number, productionBlockId: number, limit: number) {
  return db
    .select({
      id: yieldEstimates.id,
      season: yieldEstimates.season,
      ha: yieldEstimates.ha,
      tonnesPerHa: yieldEstimates.tonnesPerHa,
      tonnesPerHaAdjusted: yieldEstimates.tonnesPerHaAdjusted,
      createdBy: yieldEstimates.createdBy,
      createdByName: sql<string | null>`coalesce(${users.fullName}, ${users.userName})`,
      createdAt: yieldEstimates.createdAt,
    })
    .from(yieldEstimates)
    .leftJoin(users, eq(users.id, yieldEstimates.createdBy))
    .where(and(eq(yieldEstimates.productionBlockId, productionBlockId), eq(yieldEstimates.organizationId, organizationId)))
    .orderBy(desc(yieldEstimates.id))
    .limit(limit);
}
