/**
 * Tensiometer readings and water applied (shared field-capture/irrigation.ts): list, capture once, edit with
 * the version, delete, inside the organisation and the caller's farms; the capture rules are in
 * capture.ts.
 */
import {
  FIELD_CAPTURE_MESSAGES,
  type CreateTensiometerReadingBody,
  type CreateWaterAppliedBody,
  type FieldListQuery,
  type FieldPage,
  type TensiometerReading,
  type UpdateTensiometerReadingBody,
  type UpdateWaterAppliedBody,
  type WaterApplied,
  type WaterUnit,
} from '@orchard/shared/field-capture';
import type { AppDb } from '../../db/client';
import { captureOnce, checkListFilters, checkVersion, refuseFutureDays, requireCaptureBlock, staleReading, type Captured, type FieldActor } from './capture';
import {
  countTensiometerReadings,
  countWaterApplied,
  deleteTensiometerReadingRow,
  deleteWaterAppliedRow,
  findTensiometerIdByClientId,
  findTensiometerReading,
  findTensiometerReadings,
  findWaterApplied,
  findWaterAppliedPage,
  findWaterIdByClientId,
  insertTensiometerReading,
  insertWaterApplied,
  updateTensiometerReadingIfVersion,
  updateWaterAppliedIfVersion,
  type TensiometerValues,
  type WaterValues,
} from './irrigation.repository';

const TENSIO = 'Tensiometer reading';
const WATER = 'Water applied record';

// tensiometer readings

export async function listTensiometerReadings(db: AppDb, actor: FieldActor, query: FieldListQuery): Promise<FieldPage<TensiometerReading>> {
  await checkListFilters(db, actor, query);
  const rows = await findTensiometerReadings(db, actor, query);
  return { rows, totalRecords: await countTensiometerReadings(db, actor, query), page: query.page, pageSize: query.pageSize };
}

/** The checks of a capture beyond its schema (the create route and the CSV import run them). */
export async function tensioValues(db: AppDb, actor: FieldActor, body: TensiometerValues, now: Date): Promise<TensiometerValues> {
  refuseFutureDays(now, [['readOn', body.readOn, FIELD_CAPTURE_MESSAGES.dayInFuture]]);
  await requireCaptureBlock(db, actor, body.farmBlockId);
  return { farmBlockId: body.farmBlockId, station: body.station, depthCm: body.depthCm, kpa: body.kpa, readOn: body.readOn };
}

export async function captureTensiometerReading(db: AppDb, actor: FieldActor, body: CreateTensiometerReadingBody, now: Date): Promise<Captured<TensiometerReading>> {
  return captureOnce(db, {
    findByClientId: (d) => findTensiometerIdByClientId(d, actor.organizationId, body.clientId),
    read: (d, id) => findTensiometerReading(d, actor, id),
    insert: async (tx) =>
      insertTensiometerReading(tx, { ...(await tensioValues(tx, actor, body, now)), organizationId: actor.organizationId, clientId: body.clientId, capturedByUserId: actor.userId }),
  });
}

export async function updateTensiometerReading(db: AppDb, actor: FieldActor, id: number, body: UpdateTensiometerReadingBody, now: Date): Promise<TensiometerReading> {
  return db.transaction(async (tx) => {
    checkVersion(await findTensiometerReading(tx, actor, id), body.version, TENSIO);
    const values = await tensioValues(tx, actor, body, now);
    if (!(await updateTensiometerReadingIfVersion(tx, actor.organizationId, id, body.version, values))) throw staleReading();
    return checkVersion(await findTensiometerReading(tx, actor, id), undefined, TENSIO);
  });
}

export async function deleteTensiometerReading(db: AppDb, actor: FieldActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    checkVersion(await findTensiometerReading(tx, actor, id), undefined, TENSIO);
    await deleteTensiometerReadingRow(tx, actor.organizationId, id);
  });
}

// water applied

const toWater = <T extends { unit: string }>(row: T) => ({ ...row, unit: row.unit as WaterUnit });

export async function listWaterApplied(db: AppDb, actor: FieldActor, query: FieldListQuery): Promise<FieldPage<WaterApplied>> {
  await checkListFilters(db, actor, query);
  const rows = (await findWaterAppliedPage(db, actor, query)).map(toWater);
  return { rows, totalRecords: await countWaterApplied(db, actor, query), page: query.page, pageSize: query.pageSize };
}

/** The checks of a capture beyond its schema (the create route and the CSV import run them). */
export async function waterValues(db: AppDb, actor: FieldActor, body: WaterValues, now: Date): Promise<WaterValues> {
  refuseFutureDays(now, [['appliedOn', body.appliedOn, FIELD_CAPTURE_MESSAGES.dayInFuture]]);
  await requireCaptureBlock(db, actor, body.farmBlockId);
  return { farmBlockId: body.farmBlockId, appliedOn: body.appliedOn, amount: body.amount, unit: body.unit };
}

async function readWater(db: AppDb, actor: FieldActor, id: number): Promise<WaterApplied | null> {
  const row = await findWaterApplied(db, actor, id);
  return row && toWater(row);
}

export async function captureWaterApplied(db: AppDb, actor: FieldActor, body: CreateWaterAppliedBody, now: Date): Promise<Captured<WaterApplied>> {
  return captureOnce(db, {
    findByClientId: (d) => findWaterIdByClientId(d, actor.organizationId, body.clientId),
    read: (d, id) => readWater(d, actor, id),
    insert: async (tx) =>
      insertWaterApplied(tx, { ...(await waterValues(tx, actor, body, now)), organizationId: actor.organizationId, clientId: body.clientId, capturedByUserId: actor.userId }),
  });
}

export async function updateWaterApplied(db: AppDb, actor: FieldActor, id: number, body: UpdateWaterAppliedBody, now: Date): Promise<WaterApplied> {
  return db.transaction(async (tx) => {
    checkVersion(await readWater(tx, actor, id), body.version, WATER);
    const values = await waterValues(tx, actor, body, now);
    if (!(await updateWaterAppliedIfVersion(tx, actor.organizationId, id, body.version, values))) throw staleReading();
    return checkVersion(await readWater(tx, actor, id), undefined, WATER);
  });
}

export async function deleteWaterApplied(db: AppDb, actor: FieldActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    checkVersion(await readWater(tx, actor, id), undefined, WATER);
    await deleteWaterAppliedRow(tx, actor.organizationId, id);
  });
}
