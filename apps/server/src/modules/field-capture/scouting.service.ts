/**
 * Scouting sessions (shared field-capture/scouting.ts): list, capture once, edit with the version, delete,
 * inside the organisation and the caller's farms; the capture rules are in capture.ts. The scout of
 * a captured session is the caller; an edit keeps the scout. Observation points above the farm's
 * max observation points (when it sets one) are refused; times after today are refused.
 */
import { dayOf, type ErrorDetailInput } from '@orchard/shared/core';
import {
  SCOUTING_MESSAGES,
  type CreateScoutingSessionBody,
  type FieldPage,
  type ScoutingSession,
  type ScoutingSessionsQuery,
  type UpdateScoutingSessionBody,
} from '@orchard/shared/field-capture';
import type { AppDb } from '../../db/client';
import { validationFailed } from '../../lib/errors';
import { captureOnce, checkListFilters, checkVersion, refuseFutureDays, requireCaptureBlock, staleReading, type Captured, type FieldActor } from './capture';
import {
  countScoutingSessions,
  deleteScoutingSessionRow,
  findObservations,
  findScoutingIdByClientId,
  findScoutingSession,
  findScoutingSessions,
  insertScoutingSession,
  updateScoutingSessionIfVersion,
  type ObservationValues,
  type SessionRecord,
  type SessionValues,
} from './scouting.repository';

const WHAT = 'Scouting session';

async function withObservations(db: AppDb, records: readonly SessionRecord[]): Promise<ScoutingSession[]> {
  const observations = await findObservations(
    db,
    records.map((r) => r.id),
  );
  return records.map((r) => ({
    ...r,
    startedAt: r.startedAt.toISOString(),
    endedAt: r.endedAt.toISOString(),
    observations: observations.filter((o) => o.sessionId === r.id).map(({ sessionId: _sessionId, ...o }) => o),
  }));
}

async function readSession(db: AppDb, actor: FieldActor, id: number): Promise<ScoutingSession | null> {
  const record = await findScoutingSession(db, actor, id);
  return record ? (await withObservations(db, [record]))[0]! : null;
}

export async function listScoutingSessions(db: AppDb, actor: FieldActor, query: ScoutingSessionsQuery): Promise<FieldPage<ScoutingSession>> {
  await checkListFilters(db, actor, query);
  const rows = await withObservations(db, await findScoutingSessions(db, actor, query));
  return { rows, totalRecords: await countScoutingSessions(db, actor, query), page: query.page, pageSize: query.pageSize };
}

type SessionBody = Pick<CreateScoutingSessionBody, 'farmBlockId' | 'startedAt' | 'endedAt' | 'observations'>;

/** The checks of a capture beyond its schema (the create route and the CSV import run them). */
export async function scoutingValues(db: AppDb, actor: FieldActor, body: SessionBody, now: Date): Promise<{ values: SessionValues; observations: ObservationValues[] }> {
  refuseFutureDays(now, [
    ['startedAt', dayOf(body.startedAt), SCOUTING_MESSAGES.timeInFuture],
    ['endedAt', dayOf(body.endedAt), SCOUTING_MESSAGES.timeInFuture],
  ]);
  const block = await requireCaptureBlock(db, actor, body.farmBlockId);
  const max = block.maxObservationPoints;
  if (max > 0) {
    const details: ErrorDetailInput[] = body.observations.flatMap((o, i) =>
      o.pointNumber > max ? [{ field: `observations.${i}.pointNumber`, message: SCOUTING_MESSAGES.pointAboveFarmMax(max) }] : [],
    );
    if (details.length > 0) throw validationFailed(details[0]!.message, details);
  }
  return {
    values: { farmBlockId: body.farmBlockId, startedAt: new Date(body.startedAt), endedAt: new Date(body.endedAt) },
    observations: body.observations.map((o) => ({ pointNumber: o.pointNumber, pest: o.pest, count: o.count, present: o.present, note: o.note })),
  };
}

export async function captureScoutingSession(db: AppDb, actor: FieldActor, body: CreateScoutingSessionBody, now: Date): Promise<Captured<ScoutingSession>> {
  return captureOnce(db, {
    findByClientId: (d) => findScoutingIdByClientId(d, actor.organizationId, body.clientId),
    read: (d, id) => readSession(d, actor, id),
    insert: async (tx) => {
      const { values, observations } = await scoutingValues(tx, actor, body, now);
      return insertScoutingSession(tx, { ...values, organizationId: actor.organizationId, clientId: body.clientId, scoutUserId: actor.userId }, observations);
    },
  });
}

export async function getScoutingSession(db: AppDb, actor: FieldActor, id: number): Promise<ScoutingSession> {
  return checkVersion(await readSession(db, actor, id), undefined, WHAT);
}

export async function updateScoutingSession(db: AppDb, actor: FieldActor, id: number, body: UpdateScoutingSessionBody, now: Date): Promise<ScoutingSession> {
  return db.transaction(async (tx) => {
    checkVersion(await findScoutingSession(tx, actor, id), body.version, WHAT);
    const { values, observations } = await scoutingValues(tx, actor, body, now);
    if (!(await updateScoutingSessionIfVersion(tx, actor.organizationId, id, body.version, values, observations))) throw staleReading();
    return checkVersion(await readSession(tx, actor, id), undefined, WHAT);
  });
}

export async function deleteScoutingSession(db: AppDb, actor: FieldActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    checkVersion(await findScoutingSession(tx, actor, id), undefined, WHAT);
    await deleteScoutingSessionRow(tx, actor.organizationId, id);
  });
}
