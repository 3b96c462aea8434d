/**
 * Queries of the farm operations dashboard. Everything is read inside one organisation and within
 * the caller's farms (data-rules/farm-scope): those farms, their blocks and the scouting sessions recorded
 * for the organisation on them (scouting_sessions.organization_id, with the block and its farm of
 * the same organisation).
 */
import { BUSINESS_TIME_ZONE } from '@orchard/shared/core';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { farmVisibleTo, type FarmViewer } from '../../data-rules/farm-scope';
import { farmBlocks, farms, scoutingSessions, users } from '../../db/schema/index';

export interface SessionFilter extends FarmViewer {
  /** null: every farm of the organisation the caller may see */
  farmIds: readonly number[] | null;
  /** sessions starting at or after `from` and before `to` */
  from: Date;
  to: Date;
}

function sessionScope(viewer: FarmViewer, farmIds: readonly number[] | null) {
  const { organizationId } = viewer;
  const conditions = [
    eq(scoutingSessions.organizationId, organizationId),
    eq(farmBlocks.organizationId, organizationId),
    eq(farms.organizationId, organizationId),
    farmVisibleTo(viewer, farms.id),
  ];
  if (farmIds) conditions.push(inArray(farms.id, [...farmIds]));
  return conditions;
}

/** Where a page of sessions continues: after this session in (start time, id) order. */
export interface SessionCursor {
  id: number;
}

/**
 * The sessions in the window, by start time then id, with the block, its farm and the scout. With a
 * page: at most `page.size` sessions after `page.after` (the export reads the window page by page).
 */
export async function findSessions(db: AppDb, f: SessionFilter, page?: { after: SessionCursor | undefined; size: number }) {
  const conditions = [...sessionScope(f, f.farmIds), gte(scoutingSessions.startedAt, f.from), lt(scoutingSessions.startedAt, f.to)];
  // the cursor's start time is read from the row itself: a JavaScript Date would lose its microseconds
  if (page?.after)
    conditions.push(
      sql`(${scoutingSessions.startedAt}, ${scoutingSessions.id}) > (select s.started_at, s.id from ${scoutingSessions} s where s.id = ${page.after.id})`,
    );
  const query = db
    .select({
      id: scoutingSessions.id,
      startedAt: scoutingSessions.startedAt,
      endedAt: scoutingSessions.endedAt,
      blockName: farmBlocks.name,
      ha: farmBlocks.ha,
      farmName: farms.farmName,
      userName: users.userName,
      fullName: users.fullName,
    })
    .from(scoutingSessions)
    .innerJoin(farmBlocks, eq(farmBlocks.id, scoutingSessions.farmBlockId))
    .innerJoin(farms, eq(farms.id, farmBlocks.farmId))
    .innerJoin(users, eq(users.id, scoutingSessions.scoutUserId))
    .where(and(...conditions))
    .orderBy(asc(scoutingSessions.startedAt), asc(scoutingSessions.id));
  return page ? query.limit(page.size) : query;
}

/** The South African days (yyyy-MM-dd, ascending) on which a session started on the farms. */
export async function findScoutedDays(db: AppDb, viewer: FarmViewer, farmIds: readonly number[] | null): Promise<string[]> {
  const day = sql<string>`to_char(${scoutingSessions.startedAt} at time zone ${sql.raw(`'${BUSINESS_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;
  const rows = await db
    .selectDistinct({ day })
    .from(scoutingSessions)
    .innerJoin(farmBlocks, eq(farmBlocks.id, scoutingSessions.farmBlockId))
    .innerJoin(farms, eq(farms.id, farmBlocks.farmId))
    .where(and(...sessionScope(viewer, farmIds)))
    .orderBy(asc(day));
  return rows.map((r) => r.day);
}

