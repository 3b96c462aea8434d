/**
 * Phenology observations (shared field-capture/phenology.ts): list, capture once, edit with the version,
 * delete, inside the organisation and the caller's farms; the capture rules are in capture.ts.
 */
import {
  FIELD_CAPTURE_MESSAGES,
  type CreatePhenologyObservationBody,
  type FieldPage,
  type PhenologyObservation,
  type PhenologyObservationsQuery,
  type UpdatePhenologyObservationBody,
} from '@orchard/shared/field-capture';
import type { AppDb } from '../../db/client';
import { captureOnce, checkListFilters, checkVersion, refuseFutureDays, requireCaptureBlock, staleReading, type Captured, type FieldActor } from './capture';
import {
  countPhenologyObservations,
  deletePhenologyObservationRow,
  findPhenologyIdByClientId,
  findPhenologyObservation,
  findPhenologyObservations,
  insertPhenologyObservation,
  updatePhenologyObservationIfVersion,
  type PhenologyValues,
} from './phenology.repository';

const WHAT = 'Phenology observation';

export async function listPhenologyObservations(db: AppDb, actor: FieldActor, query: PhenologyObservationsQuery): Promise<FieldPage<PhenologyObservation>> {
  await checkListFilters(db, actor, query);
  const rows = await findPhenologyObservations(db, actor, query);
  const totalRecords = await countPhenologyObservations(db, actor, query);
  return { rows, totalRecords, page: query.page, pageSize: query.pageSize };
}

/** The checks of a capture beyond its schema (the create route and the CSV import run them). */
export async function phenologyValues(db: AppDb, actor: FieldActor, body: PhenologyValues, now: Date): Promise<PhenologyValues> {
  refuseFutureDays(now, [['observedOn', body.observedOn, FIELD_CAPTURE_MESSAGES.dayInFuture]]);
  await requireCaptureBlock(db, actor, body.farmBlockId);
  return { farmBlockId: body.farmBlockId, observedOn: body.observedOn, stage: body.stage, percentOfTrees: body.percentOfTrees };
}

export async function capturePhenologyObservation(
  db: AppDb,
  actor: FieldActor,
  body: CreatePhenologyObservationBody,
  now: Date,
): Promise<Captured<PhenologyObservation>> {
  return captureOnce(db, {
    findByClientId: (d) => findPhenologyIdByClientId(d, actor.organizationId, body.clientId),
    read: (d, id) => findPhenologyObservation(d, actor, id),
    insert: async (tx) =>
      insertPhenologyObservation(tx, {
        ...(await phenologyValues(tx, actor, body, now)),
        organizationId: actor.organizationId,
        clientId: body.clientId,
        capturedByUserId: actor.userId,
      }),
  });
}

export async function updatePhenologyObservation(
  db: AppDb,
  actor: FieldActor,
  id: number,
  body: UpdatePhenologyObservationBody,
  now: Date,
): Promise<PhenologyObservation> {
  return db.transaction(async (tx) => {
    checkVersion(await findPhenologyObservation(tx, actor, id), body.version, WHAT);
    const values = await phenologyValues(tx, actor, body, now);
    if (!(await updatePhenologyObservationIfVersion(tx, actor.organizationId, id, body.version, values))) throw staleReading();
    return checkVersion(await findPhenologyObservation(tx, actor, id), undefined, WHAT);
  });
}

export async function deletePhenologyObservation(db: AppDb, actor: FieldActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    checkVersion(await findPhenologyObservation(tx, actor, id), undefined, WHAT);
    await deletePhenologyObservationRow(tx, actor.organizationId, id);
  });
}
