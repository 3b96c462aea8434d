/**
 * Lookup queries: each one statement, limited to the viewer's farms (data-rules/farm-scope), filtered by
 * "contains, ignoring case" on the name the row is known by, ordered by that name, at most
 * LOOKUP_LIMIT rows.
 */
import {
  LOOKUP_LIMIT,
  type FarmLookup,
  type ProducerLookup,
  type ProductionBlockLookup,
  type PucLookup,
  type VarietyLookup,
} from '@orchard/shared/lookups';
import { and, asc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { containsPattern } from '../../db/contains-pattern';
import { farmVisibleTo, legalEntityVisibleTo, pucVisibleTo, type FarmViewer } from '../../data-rules/farm-scope';
import { farms, legalEntities, productionBlocks, pucs, varieties } from '../../db/schema/index';

/** No filter: every row; otherwise the name contains it, ignoring case. */
const matches = (column: SQLWrapper, filter: string): SQL | undefined => (filter === '' ? undefined : sql`${column} ilike ${containsPattern(filter)}`);

export async function findProducers(db: AppDb, viewer: FarmViewer, filter: string): Promise<ProducerLookup[]> {
  return db
    .select({ id: legalEntities.id, name: legalEntities.name })
    .from(legalEntities)
    .where(and(eq(legalEntities.organizationId, viewer.organizationId), legalEntityVisibleTo(viewer, legalEntities.id), matches(legalEntities.name, filter)))
    .orderBy(asc(sql`lower(${legalEntities.name})`), asc(legalEntities.id))
    .limit(LOOKUP_LIMIT);
}

export async function findFarms(db: AppDb, viewer: FarmViewer, filter: string): Promise<FarmLookup[]> {
  return db
    .select({ id: farms.id, farm_Name: farms.farmName, legal_Entity: legalEntities.name })
    .from(farms)
    .innerJoin(legalEntities, eq(legalEntities.id, farms.legalEntityId))
    .where(and(eq(farms.organizationId, viewer.organizationId), farmVisibleTo(viewer, farms.id), matches(farms.farmName, filter)))
    .orderBy(asc(sql`lower(${farms.farmName})`), asc(farms.id))
    .limit(LOOKUP_LIMIT);
}

export async function findPucs(db: AppDb, viewer: FarmViewer, filter: string): Promise<PucLookup[]> {
  return db
    .select({ id: pucs.id, puc_Name: pucs.pucName, farm: farms.farmName })
    .from(pucs)
    .innerJoin(farms, eq(farms.id, pucs.farmId))
    .where(and(eq(pucs.organizationId, viewer.organizationId), farmVisibleTo(viewer, pucs.farmId), matches(pucs.pucName, filter)))
    .orderBy(asc(sql`lower(${pucs.pucName})`), asc(pucs.id))
    .limit(LOOKUP_LIMIT);
}

/** Blocks match on their code or their PUC's name ("C1849" finds every block of that PUC). */
export async function findProductionBlocks(db: AppDb, viewer: FarmViewer, filter: string): Promise<ProductionBlockLookup[]> {
  const named = filter === '' ? undefined : sql`(${matches(productionBlocks.code, filter)} or ${matches(pucs.pucName, filter)})`;
  return db
    .select({ id: productionBlocks.id, production_Block: productionBlocks.code, puc: pucs.pucName, variety: varieties.varietyName })
    .from(productionBlocks)
    .innerJoin(pucs, eq(pucs.id, productionBlocks.pucId))
    .innerJoin(varieties, eq(varieties.id, productionBlocks.varietyId))
    .where(and(eq(productionBlocks.organizationId, viewer.organizationId), pucVisibleTo(viewer, productionBlocks.pucId), named))
    .orderBy(asc(sql`lower(${pucs.pucName})`), asc(sql`lower(${productionBlocks.code})`), asc(productionBlocks.id))
    .limit(LOOKUP_LIMIT);
}

/** The varieties grown on the viewer's farms: a production block of the variety under one of their PUCs. */
export async function findVarieties(db: AppDb, viewer: FarmViewer, filter: string): Promise<VarietyLookup[]> {
  const grown = db
    .select({ varietyId: productionBlocks.varietyId })
    .from(productionBlocks)
    .where(and(eq(productionBlocks.organizationId, viewer.organizationId), pucVisibleTo(viewer, productionBlocks.pucId)));
  return db
    .select({ id: varieties.id, variety_Name: varieties.varietyName })
    .from(varieties)
    .where(and(sql`${varieties.id} in ${grown}`, matches(varieties.varietyName, filter)))
    .orderBy(asc(sql`lower(${varieties.varietyName})`), asc(varieties.id))
    .limit(LOOKUP_LIMIT);
}
