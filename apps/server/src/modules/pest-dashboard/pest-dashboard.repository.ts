/**
 * Queries of the pest dashboard. Everything is read inside one organisation and within the
 * caller's farms (db/farm-scope). The database counts what the panels show (the shared figures
 * decide what the counts mean), so an answer costs a few rows per block and trap, whatever the
 * season's size:
 * - each block's newest session on or before the chosen day (a correlated lookup over the
 *   (block, start) index: one index entry per block);
 * - the infection counts of the window: per block its sessions, the newest, and the observation
 *   points visited; per block and pest the points infested (counted above 0, or recorded present)
 *   — shared countInfection's rule, held equal to it by pest-dashboard.counts.test;
 * - the trap counts of the window: per trap type, lure and day the inspections, their total and
 *   highest count, and per trap type and lure the traps inspected (shared countTraps);
 * - each trap's newest inspection in the window, and the window's inspections of the traps whose
 *   newest reached the threshold (to find since when).
 */
import { BUSINESS_TIME_ZONE, type InfectionCounts, type LatestInspection, type TrapCounts, type WindowInspection } from '@orchard/shared';
import { and, asc, desc, eq, gte, inArray, lt, lte, sql, type SQLWrapper } from 'drizzle-orm';
import { rowsOf, type AppDb } from '../../db/client';
import { farmVisibleTo, type FarmViewer } from '../../db/farm-scope';
import { farmBlocks, farms, scoutingSessions, trapInspections, traps } from '../../db/schema/index';

export interface DashboardScope extends FarmViewer {
  /** null: every farm the caller may see */
  farmIds: readonly number[] | null;
}

function blockScope(scope: DashboardScope) {
  const conditions = [eq(farmBlocks.organizationId, scope.organizationId), eq(farms.organizationId, scope.organizationId), farmVisibleTo(scope, farms.id)];
  if (scope.farmIds) conditions.push(inArray(farms.id, [...scope.farmIds]));
  return and(...conditions);
}

const localDay = (instant: SQLWrapper) =>
  sql<string>`to_char(${instant} at time zone ${sql.raw(`'${BUSINESS_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;

/**
 * Every block of the chosen farms with its newest session starting before `before` (the end of the
 * chosen day): its id and South African day, null when it has none.
 */
export async function findBlocksWithLastSession(db: AppDb, scope: DashboardScope, before: Date) {
  const last = db
    .select({ id: scoutingSessions.id, day: localDay(scoutingSessions.startedAt).as('day') })
    .from(scoutingSessions)
    .where(
      and(
        eq(scoutingSessions.farmBlockId, farmBlocks.id),
        eq(scoutingSessions.organizationId, scope.organizationId),
        lt(scoutingSessions.startedAt, before),
      ),
    )
    .orderBy(desc(scoutingSessions.startedAt), desc(scoutingSessions.id))
    .limit(1)
    .as('last_session');
  return db
    .select({
      farmId: farms.id,
      farmName: farms.farmName,
      blockId: farmBlocks.id,
      blockName: farmBlocks.name,
      lastSessionId: last.id,
      lastScoutedOn: last.day,
    })
    .from(farmBlocks)
    .innerJoin(farms, eq(farms.id, farmBlocks.farmId))
    .leftJoinLateral(last, sql`true`)
    .where(blockScope(scope))
    .orderBy(asc(farms.id), asc(farmBlocks.id));
}

/**
 * The infection counts of the sessions starting in [from, to) on the chosen farms' blocks, in one
 * statement: the window's sessions and their observations are each read once (materialised, so
 * the planner never re-runs the farm scope per observation), then counted per block and per block
 * and pest. An observation is one pest at one point of one session (a unique index), so the points
 * infested with a pest are its infested observations, counted without a distinct.
 */
export async function findInfectionCounts(db: AppDb, scope: DashboardScope, from: Date, to: Date): Promise<InfectionCounts> {
  const rows = await rowsOf<{
    blockId: number;
    pest: string | null;
    sessions: number | null;
    lastSessionId: number | null;
    lastScoutedOn: string | null;
    pointsInspected: number | null;
    pointsInfested: number | null;
  }>(
    db,
    sql`with blocks as materialized (
      select ${farmBlocks.id} as block_id from ${farmBlocks} inner join ${farms} on ${farms.id} = ${farmBlocks.farmId} where ${blockScope(scope)}),
    ws as materialized (
      select s.id, s.farm_block_id as block_id, s.started_at from scouting_sessions s join blocks on blocks.block_id = s.farm_block_id
      where s.organization_id = ${scope.organizationId} and s.started_at >= ${from} and s.started_at < ${to}),
    obs as materialized (
      select ws.block_id, o.session_id, o.point_number, o.pest, coalesce(o.count > 0, o.present, false) as infested
      from scouting_observations o join ws on ws.id = o.session_id),
    points as (select block_id, count(*)::int as n from (select block_id, session_id, point_number from obs group by 1, 2, 3) p group by block_id)
    select ws.block_id as "blockId", null::text as pest, count(*)::int as sessions,
      (array_agg(ws.id order by ws.started_at desc, ws.id desc))[1] as "lastSessionId",
      ${localDay(sql`max(ws.started_at)`)} as "lastScoutedOn",
      coalesce(max(points.n), 0)::int as "pointsInspected", null::int as "pointsInfested"
    from ws left join points on points.block_id = ws.block_id group by ws.block_id
    union all
    select block_id, pest, null, null, null, null, (count(*) filter (where infested))::int from obs group by block_id, pest`,
  );
  const counts: InfectionCounts = { blocks: [], pests: [] };
  for (const r of rows) {
    if (r.pest === null) {
      counts.blocks.push({ blockId: r.blockId, sessions: r.sessions!, lastSessionId: r.lastSessionId!, lastScoutedOn: r.lastScoutedOn!, pointsInspected: r.pointsInspected! });
    } else counts.pests.push({ blockId: r.blockId, pest: r.pest, pointsInfested: r.pointsInfested! });
  }
  return counts;
}

/** The inspections of days `from` to `to` (both included) of traps on the chosen farms' blocks. */
function windowInspections(scope: DashboardScope, from: string, to: string) {
  return and(
    eq(trapInspections.organizationId, scope.organizationId),
    eq(traps.organizationId, scope.organizationId),
    gte(trapInspections.inspectedOn, from),
    lte(trapInspections.inspectedOn, to),
    blockScope(scope),
  );
}

/** The trap counts of days `from` to `to`: per trap type, lure and day, and the traps per trap type and lure. */
export async function findTrapCounts(db: AppDb, scope: DashboardScope, from: string, to: string): Promise<TrapCounts> {
  const rows = await db
    .select({
      trapType: traps.trapType,
      lure: traps.lure,
      day: sql<string | null>`${trapInspections.inspectedOn}::text`,
      inspections: sql<number>`count(*)::int`,
      totalCount: sql<number>`sum(${trapInspections.count})::int`,
      maxCount: sql<number>`max(${trapInspections.count})`,
      traps: sql<number>`count(distinct ${trapInspections.trapId})::int`,
    })
    .from(trapInspections)
    .innerJoin(traps, eq(traps.id, trapInspections.trapId))
    .innerJoin(farmBlocks, eq(farmBlocks.id, traps.farmBlockId))
    .innerJoin(farms, eq(farms.id, farmBlocks.farmId))
    .where(windowInspections(scope, from, to))
    .groupBy(sql`grouping sets ((${traps.trapType}, ${traps.lure}, ${trapInspections.inspectedOn}), (${traps.trapType}, ${traps.lure}))`);
  const counts: TrapCounts = { days: [], pairs: [] };
  for (const r of rows) {
    if (r.day === null) counts.pairs.push({ trapType: r.trapType, lure: r.lure, traps: r.traps });
    else counts.days.push({ trapType: r.trapType, lure: r.lure, day: r.day, inspections: r.inspections, totalCount: r.totalCount, maxCount: r.maxCount });
  }
  return counts;
}

/** Each trap on the chosen farms' blocks with its newest inspection of days `from` to `to`. */
export async function findLatestInspections(db: AppDb, scope: DashboardScope, from: string, to: string): Promise<LatestInspection[]> {
  return db
    .selectDistinctOn([trapInspections.trapId], {
      trapId: traps.id,
      blockId: traps.farmBlockId,
      trapType: traps.trapType,
      lure: traps.lure,
      code: traps.code,
      lat: traps.lat,
      lng: traps.lng,
      activeFrom: traps.activeFrom,
      activeTo: traps.activeTo,
      inspectionId: trapInspections.id,
      inspectedOn: trapInspections.inspectedOn,
      count: trapInspections.count,
    })
    .from(trapInspections)
    .innerJoin(traps, eq(traps.id, trapInspections.trapId))
    .innerJoin(farmBlocks, eq(farmBlocks.id, traps.farmBlockId))
    .innerJoin(farms, eq(farms.id, farmBlocks.farmId))
    .where(windowInspections(scope, from, to))
    .orderBy(trapInspections.trapId, desc(trapInspections.inspectedOn), desc(trapInspections.id));
}

/** The inspections of days `from` to `to` of the named traps (of the organisation). */
export async function findInspectionsOfTraps(db: AppDb, organizationId: number, trapIds: readonly number[], from: string, to: string): Promise<WindowInspection[]> {
  if (trapIds.length === 0) return [];
  return db
    .select({ inspectionId: trapInspections.id, trapId: trapInspections.trapId, inspectedOn: trapInspections.inspectedOn, count: trapInspections.count })
    .from(trapInspections)
    .where(
      and(
        eq(trapInspections.organizationId, organizationId),
        inArray(trapInspections.trapId, [...trapIds]),
        gte(trapInspections.inspectedOn, from),
        lte(trapInspections.inspectedOn, to),
      ),
    );
}
