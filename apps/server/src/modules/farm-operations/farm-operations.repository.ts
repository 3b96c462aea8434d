/**
 * Queries of the farm operations dashboard. Everything is read inside one organisation: its farms,
 * their blocks and the scouting sessions recorded for it (scouting_sessions.organization_id, with the
 * block and its farm of the same organisation).
 */
import { FARM_OPERATIONS_TIME_ZONE } from '@orchard/shared';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { farmBlocks, farms, scoutingSessions, users } from '../../db/schema/index';

export async function findOrganisationFarms(db: AppDb, organizationId: number) {
  return db
    .select({ id: farms.id, farmName: farms.farmName })
    .from(farms)
    .where(eq(farms.organizationId, organizationId))
    .orderBy(asc(sql`lower(${farms.farmName})`), asc(farms.id));
}

export interface SessionFilter {
  organizationId: number;
  /** null: every farm of the organisation */
  farmIds: readonly number[] | null;
  /** sessions starting at or after `from` and before `to` */
  from: Date;
  to: Date;
}


function sessionScope(organizationId: number, farmIds: readonly number[] | null) {
  const conditions = [eq(scoutingSessions.organizationId, organizationId), eq(farmBlocks.organizationId, organizationId), eq(farms.organizationId, organizationId)];
  if (farmIds) conditions.push(inArray(farms.id, [...farmIds]));
  return conditions;
}

/** The sessions in the window, by start time then scout, with the block, its farm and the scout. */
export async function findSessions(db: AppDb, f: SessionFilter) {
  return db
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
    .where(and(...sessionScope(f.organizationId, f.farmIds), gte(scoutingSessions.startedAt, f.from), lt(scoutingSessions.startedAt, f.to)))
    .orderBy(asc(scoutingSessions.startedAt), asc(scoutingSessions.id));
}

/** The South African days (yyyy-MM-dd, ascending) on which a session started on the farms. */
export async function findScoutedDays(db: AppDb, organizationId: number, farmIds: readonly number[] | null): Promise<string[]> {
  const day = sql<string>`to_char(${scoutingSessions.startedAt} at time zone ${sql.raw(`'${FARM_OPERATIONS_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;
  const rows = await db
    .selectDistinct({ day })
    .from(scoutingSessions)
    .innerJoin(farmBlocks, eq(farmBlocks.id, scoutingSessions.farmBlockId))
    .innerJoin(farms, eq(farms.id, farmBlocks.farmId))
    .where(and(...sessionScope(organizationId, farmIds)))
    .orderBy(asc(day));
  return rows.map((r) => r.day);
}

