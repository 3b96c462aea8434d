/**
 * The input checks read, for each farm of an organisation the viewer may see (data-rules/farm-scope), each
 * farm block and the business day of its newest record of every kind. Each newest day is a
 * correlated max() over the record table's (farm block, day) index, so the report reads one index
 * entry per block and kind whatever the season's size.
 */
import { BUSINESS_TIME_ZONE } from '@orchard/shared/core';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { farmVisibleTo, type FarmViewer } from '../../data-rules/farm-scope';
import { farmBlocks, farms, organizations, phenologyObservations, scoutingSessions, tensiometerReadings, waterApplied } from '../../db/schema/index';

/** One row per farm block (a farm without blocks: one row with a null block), by farm name. */
export async function findFarmBlockLastDays(db: AppDb, viewer: FarmViewer) {
  return db
    .select({
      farmId: farms.id,
      farmName: farms.farmName,
      blockId: farmBlocks.id,
      blockName: farmBlocks.name,
      tensio: sql<string | null>`(select max(r.read_on)::text from ${tensiometerReadings} r where r.farm_block_id = ${farmBlocks.id} and r.organization_id = ${farmBlocks.organizationId})`,
      waterApplied: sql<string | null>`(select max(r.applied_on)::text from ${waterApplied} r where r.farm_block_id = ${farmBlocks.id} and r.organization_id = ${farmBlocks.organizationId})`,
      pheno: sql<string | null>`(select max(r.observed_on)::text from ${phenologyObservations} r where r.farm_block_id = ${farmBlocks.id} and r.organization_id = ${farmBlocks.organizationId})`,
      scouting: sql<string | null>`(select to_char(max(r.started_at) at time zone ${sql.raw(`'${BUSINESS_TIME_ZONE}'`)}, 'YYYY-MM-DD') from ${scoutingSessions} r where r.farm_block_id = ${farmBlocks.id} and r.organization_id = ${farmBlocks.organizationId})`,
    })
    .from(farms)
    .leftJoin(farmBlocks, and(eq(farmBlocks.farmId, farms.id), eq(farmBlocks.organizationId, viewer.organizationId)))
    .where(and(eq(farms.organizationId, viewer.organizationId), farmVisibleTo(viewer, farms.id)))
    .orderBy(asc(sql`lower(${farms.farmName})`), asc(farms.id), asc(farmBlocks.id));
}

export async function isActiveOrganization(db: AppDb, organizationId: number): Promise<boolean> {
  const rows = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), eq(organizations.isActive, true)));
  return rows.length > 0;
}
