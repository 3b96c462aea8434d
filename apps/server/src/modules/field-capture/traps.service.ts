/**
 * Traps and trap inspections (shared field-capture/traps.ts): list, capture once, edit with the version,
 * delete, inside the organisation and the caller's farms; the capture rules are in capture.ts.
 * A trap is placed on a day that has come (its take-down day may be planned ahead); an
 * inspection lies within its trap's active days and never in the future; new active days must
 * still hold the trap's inspections; a trap with inspections is not deleted (409).
 */
import {
  FIELD_CAPTURE_MESSAGES,
  TRAP_MESSAGES,
  type CreateTrapBody,
  type CreateTrapInspectionBody,
  type FieldPage,
  type Trap,
  type TrapInspection,
  type TrapInspectionsQuery,
  type TrapsQuery,
  type UpdateTrapBody,
  type UpdateTrapInspectionBody,
} from '@orchard/shared/field-capture';
import type { AppDb } from '../../db/client';
import { conflict, notFound, validationFailed } from '../../lib/errors';
import { captureOnce, checkListFilters, checkVersion, refuseFutureDays, requireCaptureBlock, staleReading, type Captured, type FieldActor } from './capture';
import {
  countTrapInspections,
  countTraps,
  deleteTrapInspectionRow,
  deleteTrapRow,
  findInspectionIdByClientId,
  findInspectionSpan,
  findTrap,
  findTrapIdByClientId,
  findTrapInspection,
  findTrapInspections,
  findTraps,
  insertTrap,
  insertTrapInspection,
  updateTrapIfVersion,
  updateTrapInspectionIfVersion,
  type InspectionValues,
  type TrapValues,
} from './traps.repository';

const TRAP = 'Trap';
const INSPECTION = 'Trap inspection';

// traps

export async function listTraps(db: AppDb, actor: FieldActor, query: TrapsQuery): Promise<FieldPage<Trap>> {
  await checkListFilters(db, actor, query);
  return { rows: await findTraps(db, actor, query), totalRecords: await countTraps(db, actor, query), page: query.page, pageSize: query.pageSize };
}

/** The checks of a capture beyond its schema (the create route and the CSV import run them). */
export async function trapValues(db: AppDb, actor: FieldActor, body: Omit<CreateTrapBody, 'clientId'>, now: Date): Promise<TrapValues> {
  refuseFutureDays(now, [['activeFrom', body.activeFrom, FIELD_CAPTURE_MESSAGES.dayInFuture]]);
  await requireCaptureBlock(db, actor, body.farmBlockId);
  const { farmBlockId, trapType, lure, code, lat, lng, activeFrom, activeTo } = body;
  return { farmBlockId, trapType, lure, code, lat, lng, activeFrom, activeTo };
}

export async function captureTrap(db: AppDb, actor: FieldActor, body: CreateTrapBody, now: Date): Promise<Captured<Trap>> {
  return captureOnce(db, {
    findByClientId: (d) => findTrapIdByClientId(d, actor.organizationId, body.clientId),
    read: (d, id) => findTrap(d, actor, id),
    insert: async (tx) => insertTrap(tx, { ...(await trapValues(tx, actor, body, now)), organizationId: actor.organizationId, clientId: body.clientId, capturedByUserId: actor.userId }),
  });
}

export async function updateTrap(db: AppDb, actor: FieldActor, id: number, body: UpdateTrapBody, now: Date): Promise<Trap> {
  return db.transaction(async (tx) => {
    checkVersion(await findTrap(tx, actor, id), body.version, TRAP);
    const values = await trapValues(tx, actor, body, now);
    const span = await findInspectionSpan(tx, id);
    if (span.first !== null && (span.first < values.activeFrom || (values.activeTo && span.last! > values.activeTo))) {
      throw validationFailed(TRAP_MESSAGES.inspectionsOutside, [{ field: span.first < values.activeFrom ? 'activeFrom' : 'activeTo', message: TRAP_MESSAGES.inspectionsOutside }]);
    }
    if (!(await updateTrapIfVersion(tx, actor.organizationId, id, body.version, values))) throw staleReading();
    return checkVersion(await findTrap(tx, actor, id), undefined, TRAP);
  });
}

export async function deleteTrap(db: AppDb, actor: FieldActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    checkVersion(await findTrap(tx, actor, id), undefined, TRAP);
    if ((await findInspectionSpan(tx, id)).first !== null) throw conflict(TRAP_MESSAGES.trapInUse);
    await deleteTrapRow(tx, actor.organizationId, id);
  });
}

// inspections

export async function listTrapInspections(db: AppDb, actor: FieldActor, query: TrapInspectionsQuery): Promise<FieldPage<TrapInspection>> {
  await checkListFilters(db, actor, query);
  if (query.trapId !== undefined && !(await findTrap(db, actor, query.trapId))) throw notFound(TRAP);
  return {
    rows: await findTrapInspections(db, actor, query),
    totalRecords: await countTrapInspections(db, actor, query),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The checks of a capture beyond its schema (the create route and the CSV import run them). */
export async function inspectionValues(db: AppDb, actor: FieldActor, trapId: number, body: InspectionValues, now: Date): Promise<InspectionValues> {
  refuseFutureDays(now, [['inspectedOn', body.inspectedOn, FIELD_CAPTURE_MESSAGES.dayInFuture]]);
  const trap = await findTrap(db, actor, trapId);
  if (!trap) throw notFound(TRAP);
  if (body.inspectedOn < trap.activeFrom || (trap.activeTo !== null && body.inspectedOn > trap.activeTo)) {
    throw validationFailed(TRAP_MESSAGES.inspectionOutsideActive, [{ field: 'inspectedOn', message: TRAP_MESSAGES.inspectionOutsideActive }]);
  }
  return { inspectedOn: body.inspectedOn, count: body.count, note: body.note };
}

export async function captureTrapInspection(db: AppDb, actor: FieldActor, body: CreateTrapInspectionBody, now: Date): Promise<Captured<TrapInspection>> {
  return captureOnce(db, {
    findByClientId: (d) => findInspectionIdByClientId(d, actor.organizationId, body.clientId),
    read: (d, id) => findTrapInspection(d, actor, id),
    insert: async (tx) =>
      insertTrapInspection(tx, {
        ...(await inspectionValues(tx, actor, body.trapId, body, now)),
        trapId: body.trapId,
        organizationId: actor.organizationId,
        clientId: body.clientId,
        capturedByUserId: actor.userId,
      }),
  });
}

export async function updateTrapInspection(db: AppDb, actor: FieldActor, id: number, body: UpdateTrapInspectionBody, now: Date): Promise<TrapInspection> {
  return db.transaction(async (tx) => {
    const current = checkVersion(await findTrapInspection(tx, actor, id), body.version, INSPECTION);
    const values = await inspectionValues(tx, actor, current.trapId, body, now);
    if (!(await updateTrapInspectionIfVersion(tx, actor.organizationId, id, body.version, values))) throw staleReading();
    return checkVersion(await findTrapInspection(tx, actor, id), undefined, INSPECTION);
  });
}

export async function deleteTrapInspection(db: AppDb, actor: FieldActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    checkVersion(await findTrapInspection(tx, actor, id), undefined, INSPECTION);
    await deleteTrapInspectionRow(tx, actor.organizationId, id);
  });
}

