/**
 * Lookups of the harvest area: the packhouses a report may filter by, the latest season with harvest
 * activity, and the farms and PUCs of the organisation on the farms the caller may see
 * (data-rules/farm-scope).
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type AppDb } from '../../db/client';
import { farmVisibleTo, type FarmViewer } from '../../data-rules/farm-scope';
import { findUsablePackhouseRows } from '../../data-rules/packhouse-scope';
import { farms, pucs } from '../../db/schema/index';

/* ---------- packhouses and seasons ---------- */

/** The packhouses the organisation runs or has linked (data-rules/packhouse-scope). */
export async function findReportPackhouses(db: AppDb, organizationId: number) {
  return findUsablePackhouseRows(db, organizationId);
}

/**
 * The latest season with harvest activity the organisation can see: its own estimates and bins, and
 * bins delivered to packhouses it owns. Null when there is none.
 */
export async function findLatestSeason(db: AppDb, organizationId: number): Promise<number | null> {
  const [row] = await rowsOf<{ season: number | null }>(db, sql`select ${latestSeasonSql(organizationId)} as season`);
  return row?.season ?? null;
}

/**
 * The latest season with harvest activity the organisation can see, or null: the database function
 * `harvest_latest_season` (migration 0002; PL/pgSQL, so each connection plans its lookups once).
 */
export function latestSeasonSql(organizationId: number): SQL {
  return sql`harvest_latest_season(${organizationId}::int)`;
}

/* ---------- farms and PUCs ---------- */

export async function findFarms(db: AppDb, viewer: FarmViewer) {
  return db
    .select({ id: farms.id, farmName: farms.farmName, legalEntityId: farms.legalEntityId })
    .from(farms)
    .where(and(eq(farms.organizationId, viewer.organizationId), farmVisibleTo(viewer, farms.id)))
    .orderBy(asc(farms.farmName), asc(farms.id));
}

export async function findPucs(db: AppDb, viewer: FarmViewer, filter: { farmId?: number | undefined; pucId?: number | undefined } = {}) {
  const { organizationId } = viewer;
  const conditions = [eq(pucs.organizationId, organizationId), eq(farms.organizationId, organizationId), farmVisibleTo(viewer, farms.id)];
  if (filter.farmId !== undefined) conditions.push(eq(pucs.farmId, filter.farmId));
  if (filter.pucId !== undefined) conditions.push(eq(pucs.id, filter.pucId));
  return db
    .select({ id: pucs.id, pucName: pucs.pucName, farmId: farms.id, farmName: farms.farmName })
    .from(pucs)
    .innerJoin(farms, eq(farms.id, pucs.farmId))
    .where(and(...conditions));
}

export async function farmExists(db: AppDb, viewer: FarmViewer, farmId: number): Promise<boolean> {
  const rows = await db
    .select({ id: farms.id })
    .from(farms)
    .where(and(eq(farms.id, farmId), eq(farms.organizationId, viewer.organizationId), farmVisibleTo(viewer, farms.id)))
    .limit(1);
  return rows.length > 0;
}
