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
import type { AppDb } from '../../db/client';
import { farmVisibleTo, type FarmViewer } from '../../db/farm-scope';
import { farmBlocks, farms, scoutingObservations, scoutingSessions, trapInspections, traps } from '../../db/schema/index';

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

/** The sessions starting in [from, to) on the chosen farms' blocks. */
function windowSessions(db: AppDb, scope: DashboardScope, from: Date, to: Date) {
  return db
    .select({ id: scoutingSessions.id, blockId: scoutingSessions.farmBlockId, startedAt: scoutingSessions.startedAt })
    .from(scoutingSessions)
    .innerJoin(farmBlocks, eq(farmBlocks.id, scoutingSessions.farmBlockId))
    .innerJoin(farms, eq(farms.id, farmBlocks.farmId))
    .where(and(eq(scoutingSessions.organizationId, scope.organizationId), gte(scoutingSessions.startedAt, from), lt(scoutingSessions.startedAt, to), blockScope(scope)))
    .as('ws');
}

const INFESTED = sql`coalesce(${scoutingObservations.count} > 0, ${scoutingObservations.present}, false)`;

/**
 * The infection counts of the sessions starting in [from, to) on the chosen farms' blocks. An
 * observation is one pest at one point of one session (a unique index), so the points infested
 * with a pest are its infested observations, counted without a distinct.
 */
export async function findInfectionCounts(db: AppDb, scope: DashboardScope, from: Date, to: Date): Promise<InfectionCounts> {
  const ws = windowSessions(db, scope, from, to);
  const visited = db
    .select({ blockId: sql<number>`${ws.blockId}`.as('visited_block_id') })
    .from(scoutingObservations)
    .innerJoin(ws, eq(ws.id, scoutingObservations.sessionId))
    .groupBy(ws.blockId, scoutingObservations.sessionId, scoutingObservations.pointNumber)
    .as('visited');
  const points = db
    .select({ blockId: sql<number>`${visited.blockId}`.as('points_block_id'), n: sql<number>`count(*)::int`.as('n') })
    .from(visited)
    .groupBy(visited.blockId)
    .as('pts');
  const [blocks, pests] = await Promise.all([
    db
      .select({
        blockId: ws.blockId,
        sessions: sql<number>`count(*)::int`,
        lastSessionId: sql<number>`(array_agg(${ws.id} order by ${ws.startedAt} desc, ${ws.id} desc))[1]`,
        lastScoutedOn: localDay(sql`max(${ws.startedAt})`),
        pointsInspected: sql<number>`coalesce(max(${points.n}), 0)::int`,
      })
      .from(ws)
      .leftJoin(points, eq(points.blockId, ws.blockId))
      .groupBy(ws.blockId),
    db
      .select({
        blockId: ws.blockId,
        pest: scoutingObservations.pest,
        pointsInfested: sql<number>`(count(*) filter (where ${INFESTED}))::int`,
      })
      .from(scoutingObservations)
      .innerJoin(ws, eq(ws.id, scoutingObservations.sessionId))
      .groupBy(ws.blockId, scoutingObservations.pest),
  ]);
  return { blocks, pests };
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
