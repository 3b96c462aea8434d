/**
 * Queries of the pest dashboard: they only fetch rows, the shared figures decide what they mean.
 * Everything is read inside one organisation and within the caller's farms (db/farm-scope): the
 * farm blocks of those farms, the scouting sessions of the window on them with their observations,
 * the traps on them with their inspections of the window, and each block's newest session on or
 * before the chosen day (a correlated lookup over the (block, start) index: one index entry per
 * block, whatever the season's size).
 */
import { BUSINESS_TIME_ZONE } from '@orchard/shared';
import { and, asc, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
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

const localDay = (column: typeof scoutingSessions.startedAt) =>
  sql<string>`to_char(${column} at time zone ${sql.raw(`'${BUSINESS_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;

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
export async function findWindowSessions(db: AppDb, scope: DashboardScope, from: Date, to: Date) {
  return db
    .select({
      sessionId: scoutingSessions.id,
      blockId: scoutingSessions.farmBlockId,
      day: localDay(scoutingSessions.startedAt),
      startedAt: sql<string>`${scoutingSessions.startedAt}::text`,
    })
    .from(scoutingSessions)
    .innerJoin(farmBlocks, eq(farmBlocks.id, scoutingSessions.farmBlockId))
    .innerJoin(farms, eq(farms.id, farmBlocks.farmId))
    .where(and(eq(scoutingSessions.organizationId, scope.organizationId), gte(scoutingSessions.startedAt, from), lt(scoutingSessions.startedAt, to), blockScope(scope)));
}

/** The observations of the sessions starting in [from, to) on the chosen farms' blocks. */
export async function findWindowObservations(db: AppDb, scope: DashboardScope, from: Date, to: Date) {
  return db
    .select({
      sessionId: scoutingObservations.sessionId,
      pointNumber: scoutingObservations.pointNumber,
      pest: scoutingObservations.pest,
      count: scoutingObservations.count,
      present: scoutingObservations.present,
    })
    .from(scoutingObservations)
    .innerJoin(scoutingSessions, eq(scoutingSessions.id, scoutingObservations.sessionId))
    .innerJoin(farmBlocks, eq(farmBlocks.id, scoutingSessions.farmBlockId))
    .innerJoin(farms, eq(farms.id, farmBlocks.farmId))
    .where(and(eq(scoutingSessions.organizationId, scope.organizationId), gte(scoutingSessions.startedAt, from), lt(scoutingSessions.startedAt, to), blockScope(scope)));
}

/** The inspections of days `from` to `to` (both included) of traps on the chosen farms' blocks, with their trap. */
export async function findWindowInspections(db: AppDb, scope: DashboardScope, from: string, to: string) {
  return db
    .select({
      inspectionId: trapInspections.id,
      inspectedOn: trapInspections.inspectedOn,
      count: trapInspections.count,
      trapId: traps.id,
      blockId: traps.farmBlockId,
      trapType: traps.trapType,
      lure: traps.lure,
      code: traps.code,
      lat: traps.lat,
      lng: traps.lng,
      activeFrom: traps.activeFrom,
      activeTo: traps.activeTo,
    })
    .from(trapInspections)
    .innerJoin(traps, eq(traps.id, trapInspections.trapId))
    .innerJoin(farmBlocks, eq(farmBlocks.id, traps.farmBlockId))
    .innerJoin(farms, eq(farms.id, farmBlocks.farmId))
    .where(
      and(
        eq(trapInspections.organizationId, scope.organizationId),
        eq(traps.organizationId, scope.organizationId),
        gte(trapInspections.inspectedOn, from),
        lte(trapInspections.inspectedOn, to),
        blockScope(scope),
      ),
    );
}
