/**
 * Queries of the pest dashboard. Everything is read inside one organisation and within the
 * caller's farms (data-rules/farm-scope). The window's figures come from the per-block, per-day totals the
 * database keeps on every reading write (db/schema/pest-totals.ts, migration 0026), so an answer
 * reads a few rows per block, day and pest and per block, trap type, lure and day, and a row per
 * trap inspected lately, whatever the season's size:
 * - each block's newest session on or before the chosen day (a correlated lookup over the
 *   (block, start) index: one index entry per block);
 * - the infection counts of the window: per block its sessions, the newest, and the observation
 *   points visited; per block and pest the points infested (counted above 0, or recorded present)
 *   — shared countInfection's rule, held equal to it by pest-dashboard.counts.test;
 * - the trap counts of the window: per trap type, lure and day the inspections, their total and
 *   highest count, and per trap type and lure the traps inspected (shared countTraps);
 * - each trap's newest inspection in the window (its newest inspection, unless that is after the
 *   window: then looked up among the trap's inspections), and the window's inspections of the traps
 *   whose newest reached the threshold (to find since when).
 */
import { BUSINESS_TIME_ZONE, dayOf } from '@orchard/shared/core';
import {
  type InfectionCounts,
  type LatestInspection,
  type TrapCounts,
  type WindowInspection,
} from '@orchard/shared/pest-dashboard';
import { and, asc, desc, eq, gte, inArray, lt, lte, sql, type SQLWrapper } from 'drizzle-orm';
import { rowsOf, type AppDb } from '../../db/client';
import { farmVisibleTo, type FarmViewer } from '../../data-rules/farm-scope';
import { farmBlocks, farms, scoutingSessions, trapInspections } from '../../db/schema/index';

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

/** The ids of the chosen farms' blocks, as a statement to read once (materialised). */
const scopedBlockIds = (scope: DashboardScope) =>
  sql`select ${farmBlocks.id} as block_id from ${farmBlocks} inner join ${farms} on ${farms.id} = ${farmBlocks.farmId} where ${blockScope(scope)}`;

/**
 * The infection counts of the sessions starting in [from, to) on the chosen farms' blocks (`from`
 * and `to` start South African days: the window's), in one statement over the window's days of
 * scouting_day_totals (sessions, points, the day's newest session) and scouting_pest_day_totals
 * (observations and infested points per pest). A block counts when it had a session in the window;
 * a pest when it was recorded there.
 */
export async function findInfectionCounts(db: AppDb, scope: DashboardScope, from: Date, to: Date): Promise<InfectionCounts> {
  const fromDay = dayOf(from);
  const toDay = dayOf(to);
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
    sql`with blocks as materialized (${scopedBlockIds(scope)})
    select d.farm_block_id as "blockId", null::text as pest, sum(d.sessions)::int as sessions,
      (array_agg(d.last_session_id order by d.day desc) filter (where d.sessions > 0))[1] as "lastSessionId",
      (max(d.day) filter (where d.sessions > 0))::text as "lastScoutedOn",
      sum(d.points)::int as "pointsInspected", null::int as "pointsInfested"
    from scouting_day_totals d join blocks on blocks.block_id = d.farm_block_id
    where d.organization_id = ${scope.organizationId} and d.day >= ${fromDay}::date and d.day < ${toDay}::date
    group by d.farm_block_id having sum(d.sessions) > 0
    union all
    select p.farm_block_id, p.pest, null, null, null, null, sum(p.infested)::int
    from scouting_pest_day_totals p join blocks on blocks.block_id = p.farm_block_id
    where p.organization_id = ${scope.organizationId} and p.day >= ${fromDay}::date and p.day < ${toDay}::date
    group by p.farm_block_id, p.pest having sum(p.observations) > 0`,
  );
  const counts: InfectionCounts = { blocks: [], pests: [] };
  for (const r of rows) {
    if (r.pest === null) {
      counts.blocks.push({ blockId: r.blockId, sessions: r.sessions!, lastSessionId: r.lastSessionId!, lastScoutedOn: r.lastScoutedOn!, pointsInspected: r.pointsInspected! });
    } else counts.pests.push({ blockId: r.blockId, pest: r.pest, pointsInfested: r.pointsInfested! });
  }
  return counts;
}

/**
 * Each trap on the chosen farms' blocks with an inspection of days `from` to `to`: its newest
 * there. That is its newest inspection (trap_latest_inspections) when that falls in the window; a
 * trap whose newest is after the window (a day before today chosen) has it looked up among its own
 * inspections.
 */
const windowLatest = (scope: DashboardScope, from: string, to: string) => sql`blocks as materialized (${scopedBlockIds(scope)}),
    latest as materialized (
      select l.trap_id, l.farm_block_id, l.trap_type, l.lure, l.inspection_id, l.inspected_on, l.count
      from trap_latest_inspections l join blocks on blocks.block_id = l.farm_block_id
      where l.organization_id = ${scope.organizationId} and l.inspected_on >= ${from}::date),
    in_window as (
      select * from latest where inspected_on <= ${to}::date
      union all
      select l.trap_id, l.farm_block_id, l.trap_type, l.lure, i.id, i.inspected_on, i.count
      from latest l cross join lateral (
        select i.id, i.inspected_on, i.count from trap_inspections i
        where i.trap_id = l.trap_id and i.organization_id = ${scope.organizationId} and i.inspected_on between ${from}::date and ${to}::date
        order by i.inspected_on desc, i.id desc limit 1) i
      where l.inspected_on > ${to}::date)`;

/**
 * The trap counts of days `from` to `to`: per trap type, lure and day (from trap_day_totals), and the
 * traps per trap type and lure (those with an inspection in the window).
 */
export async function findTrapCounts(db: AppDb, scope: DashboardScope, from: string, to: string): Promise<TrapCounts> {
  const rows = await rowsOf<{ trapType: string; lure: string; day: string | null; inspections: number; totalCount: number; maxCount: number; traps: number }>(
    db,
    sql`with ${windowLatest(scope, from, to)}
    select t.trap_type as "trapType", t.lure, t.day::text as day, sum(t.inspections)::int as inspections, sum(t.total_count)::int as "totalCount",
      max(t.max_count)::int as "maxCount", null::int as traps
    from trap_day_totals t join blocks on blocks.block_id = t.farm_block_id
    where t.organization_id = ${scope.organizationId} and t.day between ${from}::date and ${to}::date
    group by t.trap_type, t.lure, t.day
    union all
    select trap_type, lure, null, null, null, null, count(*)::int from in_window group by trap_type, lure`,
  );
  const counts: TrapCounts = { days: [], pairs: [] };
  for (const r of rows) {
    if (r.day === null) counts.pairs.push({ trapType: r.trapType, lure: r.lure, traps: r.traps });
    else counts.days.push({ trapType: r.trapType, lure: r.lure, day: r.day, inspections: r.inspections, totalCount: r.totalCount, maxCount: r.maxCount });
  }
  return counts;
}

/**
 * Each trap on the chosen farms' blocks with its newest inspection of days `from` to `to`; with
 * `minCount`, only those whose newest counted at least that many (the dashboard asks for the
 * lowest count that reaches any threshold: the others cannot be over theirs).
 */
export async function findLatestInspections(db: AppDb, scope: DashboardScope, from: string, to: string, minCount?: number): Promise<LatestInspection[]> {
  return rowsOf<LatestInspection>(
    db,
    sql`with ${windowLatest(scope, from, to)}
    select t.id as "trapId", t.farm_block_id as "blockId", t.trap_type as "trapType", t.lure, t.code, t.lat, t.lng,
      t.active_from::text as "activeFrom", t.active_to::text as "activeTo",
      w.inspection_id as "inspectionId", w.inspected_on::text as "inspectedOn", w.count
    from in_window w join traps t on t.id = w.trap_id
    ${minCount === undefined ? sql`` : sql`where w.count >= ${minCount}`}
    order by t.id`,
  );
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
