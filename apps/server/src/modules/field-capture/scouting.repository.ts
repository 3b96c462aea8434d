/**
 * Queries of scouting sessions and their observations, inside the organisation and the caller's
 * farms (field-capture.repository). A session's day is the South African day it started on.
 */
import { dayBounds } from '@orchard/shared/core';
import { type ScoutingSessionsQuery } from '@orchard/shared/field-capture';
import { and, asc, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import type { FarmViewer } from '../../data-rules/farm-scope';
import { farmBlocks, farms, scoutingObservations as observations, scoutingSessions as sessions, users } from '../../db/schema/index';
import { blockScope, countOf, pageWindow, placeColumns, placeFilters, totalColumn } from './field-capture.repository';
import { nextVersion } from '../../data-rules/versioning';

const columns = {
  id: sessions.id,
  clientId: sessions.clientId,
  ...placeColumns,
  version: sessions.version,
  scoutUserId: sessions.scoutUserId,
  startedAt: sessions.startedAt,
  endedAt: sessions.endedAt,
};

const scope = (viewer: FarmViewer) => [eq(sessions.organizationId, viewer.organizationId), ...blockScope(viewer)];

function listConditions(viewer: FarmViewer, query: ScoutingSessionsQuery) {
  const conditions: SQL[] = [...scope(viewer), ...placeFilters(query)];
  if (query.from !== undefined) conditions.push(gte(sessions.startedAt, dayBounds(query.from).from));
  if (query.to !== undefined) conditions.push(lt(sessions.startedAt, dayBounds(query.to).to));
  return and(...conditions);
}

function select(db: AppDb) {
  return db
    .select(columns)
    .from(sessions)
    .innerJoin(farmBlocks, eq(farmBlocks.id, sessions.farmBlockId))
    .innerJoin(farms, eq(farms.id, farmBlocks.farmId))
    .leftJoin(users, eq(users.id, sessions.scoutUserId));
}

export type SessionRecord = Awaited<ReturnType<typeof findScoutingSession>> & {};

export async function findScoutingSession(db: AppDb, viewer: FarmViewer, id: number) {
  const [row] = await select(db).where(and(eq(sessions.id, id), ...scope(viewer)));
  return row ?? null;
}

/** A page of sessions, latest start first. */
export async function findScoutingSessions(db: AppDb, viewer: FarmViewer, query: ScoutingSessionsQuery) {
  const { limit, offset } = pageWindow(query);
  return select(db).where(listConditions(viewer, query)).orderBy(desc(sessions.startedAt), desc(sessions.id)).limit(limit).offset(offset);
}

export async function countScoutingSessions(db: AppDb, viewer: FarmViewer, query: ScoutingSessionsQuery) {
  return countOf(
    db
      .select(totalColumn)
      .from(sessions)
      .innerJoin(farmBlocks, eq(farmBlocks.id, sessions.farmBlockId))
      .innerJoin(farms, eq(farms.id, farmBlocks.farmId))
      .where(listConditions(viewer, query)),
  );
}

/** The observations of these sessions, by point then pest. */
export async function findObservations(db: AppDb, sessionIds: readonly number[]) {
  if (sessionIds.length === 0) return [];
  return db
    .select({
      sessionId: observations.sessionId,
      pointNumber: observations.pointNumber,
      pest: observations.pest,
      count: observations.count,
      present: observations.present,
      note: observations.note,
    })
    .from(observations)
    .where(inArray(observations.sessionId, [...sessionIds]))
    .orderBy(asc(observations.sessionId), asc(observations.pointNumber), asc(observations.pest));
}

export async function findScoutingIdByClientId(db: AppDb, organizationId: number, clientId: string) {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.organizationId, organizationId), eq(sessions.clientId, clientId)));
  return row?.id ?? null;
}

export interface SessionValues {
  farmBlockId: number;
  startedAt: Date;
  endedAt: Date;
}
export type ObservationValues = Omit<typeof observations.$inferInsert, 'id' | 'sessionId'>;

async function replaceObservations(db: AppDb, sessionId: number, values: readonly ObservationValues[]) {
  await db.delete(observations).where(eq(observations.sessionId, sessionId));
  if (values.length > 0) await db.insert(observations).values(values.map((o) => ({ ...o, sessionId })));
}

export async function insertScoutingSession(
  db: AppDb,
  values: SessionValues & { organizationId: number; clientId: string; scoutUserId: number },
  observationValues: readonly ObservationValues[],
) {
  const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
  await replaceObservations(db, row!.id, observationValues);
  return row!.id;
}

/** true when the session still had `version` and now has the values and observations */
export async function updateScoutingSessionIfVersion(
  db: AppDb,
  organizationId: number,
  id: number,
  version: number,
  values: SessionValues,
  observationValues: readonly ObservationValues[],
) {
  const rows = await db
    .update(sessions)
    .set({ ...values, version: nextVersion(sessions.version) })
    .where(and(eq(sessions.organizationId, organizationId), eq(sessions.id, id), eq(sessions.version, version)))
    .returning({ id: sessions.id });
  if (rows.length === 0) return false;
  await replaceObservations(db, id, observationValues);
  return true;
}

export async function deleteScoutingSessionRow(db: AppDb, organizationId: number, id: number) {
  await db.delete(sessions).where(and(eq(sessions.organizationId, organizationId), eq(sessions.id, id)));
}
