/**
 * Packhouse readings (shared packhouse-readings/packhouse-readings.ts): the caller's packhouses; their lines and
 * storage rooms (list, add once, rename with the version, delete when without readings); wax
 * readings of a line and temperature and humidity readings of a room (list a page, capture once,
 * edit with the version, delete). Everything inside the organisation and the caller's packhouses.
 */
import { type FieldPage } from '@orchard/shared/field-capture';
import {
  PACKHOUSE_LINES_MAX,
  PACKHOUSE_READINGS_MESSAGES as M,
  PACKHOUSE_ROOMS_MAX,
  type CreateLineBody,
  type CreateRoomBody,
  type CreateRoomReadingBody,
  type CreateWaxReadingBody,
  type PackhouseLine,
  type PackhouseReadingsQuery,
  type ReadingPackhouse,
  type RoomReading,
  type UpdateLineBody,
  type UpdateRoomBody,
  type UpdateRoomReadingBody,
  type UpdateWaxReadingBody,
  type WaxReading,
} from '@orchard/shared/packhouse-readings';
import type { AppDb } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-errors';
import { conflict, notFound } from '../../lib/errors';
import { checkVersion, refuseFutureReading, staleEntry, captureOnce, type Captured } from './capture';
import { findAssignedPackhouses, packhouseIsAssigned, type PackhouseViewer } from './packhouse-scope.repository';
import { lineQueries, roomQueries, type PlaceQueries } from './places.repository';
import { roomReadingQueries, waxReadingQueries } from './readings.repository';

/** The caller: the user in the current organisation. */
export type ReadingsActor = PackhouseViewer;

export async function listReadingPackhouses(db: AppDb, actor: ReadingsActor): Promise<ReadingPackhouse[]> {
  return findAssignedPackhouses(db, actor);
}

async function requirePackhouse(db: AppDb, actor: ReadingsActor, packhouseId: number): Promise<void> {
  if (!(await packhouseIsAssigned(db, actor, packhouseId))) throw notFound('Packhouse');
}

// lines and rooms: the same rules, each with its own queries and messages

interface PlaceKind {
  queries: PlaceQueries;
  what: string;
  max: number;
  messages: { full: string; nameTaken: string; inUse: string };
}

const LINE: PlaceKind = { queries: lineQueries, what: 'Line', max: PACKHOUSE_LINES_MAX, messages: { full: M.linesFull, nameTaken: M.lineNameTaken, inUse: M.lineInUse } };
const ROOM: PlaceKind = { queries: roomQueries, what: 'Storage room', max: PACKHOUSE_ROOMS_MAX, messages: { full: M.roomsFull, nameTaken: M.roomNameTaken, inUse: M.roomInUse } };

async function listPlaces(kind: PlaceKind, db: AppDb, actor: ReadingsActor, packhouseId: number): Promise<PackhouseLine[]> {
  await requirePackhouse(db, actor, packhouseId);
  return kind.queries.list(db, actor, packhouseId);
}

async function addPlace(kind: PlaceKind, db: AppDb, actor: ReadingsActor, body: CreateLineBody | CreateRoomBody): Promise<Captured<PackhouseLine>> {
  const q = kind.queries;
  try {
    return await captureOnce(db, {
      findByClientId: (d) => q.findIdByClientId(d, actor.organizationId, body.clientId),
      read: (d, id) => q.find(d, actor, id),
      insert: async (tx) => {
        await requirePackhouse(tx, actor, body.packhouseId);
        if ((await q.count(tx, actor.organizationId, body.packhouseId)) >= kind.max) throw conflict(kind.messages.full);
        if (await q.nameTaken(tx, actor.organizationId, body.packhouseId, body.name)) throw conflict(kind.messages.nameTaken);
        return q.insert(tx, { packhouseId: body.packhouseId, name: body.name, organizationId: actor.organizationId, clientId: body.clientId, capturedByUserId: actor.userId });
      },
    });
  } catch (err) {
    // a concurrent add took the name first (the unique index on the lower-case name)
    if (isUniqueViolation(err)) throw conflict(kind.messages.nameTaken);
    throw err;
  }
}

async function renamePlace(kind: PlaceKind, db: AppDb, actor: ReadingsActor, id: number, body: UpdateLineBody | UpdateRoomBody): Promise<PackhouseLine> {
  const q = kind.queries;
  return db.transaction(async (tx) => {
    const current = checkVersion(await q.find(tx, actor, id), body.version, kind.what);
    if (await q.nameTaken(tx, actor.organizationId, current.packhouseId, body.name, id)) throw conflict(kind.messages.nameTaken);
    if (!(await q.renameIfVersion(tx, actor.organizationId, id, body.version, body.name))) throw staleEntry();
    return checkVersion(await q.find(tx, actor, id), undefined, kind.what);
  });
}

async function deletePlace(kind: PlaceKind, db: AppDb, actor: ReadingsActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const current = checkVersion(await kind.queries.find(tx, actor, id), undefined, kind.what);
    if (current.readingCount > 0) throw conflict(kind.messages.inUse);
    await kind.queries.remove(tx, actor.organizationId, id);
  });
}

export const listLines = (db: AppDb, actor: ReadingsActor, packhouseId: number) => listPlaces(LINE, db, actor, packhouseId);
export const addLine = (db: AppDb, actor: ReadingsActor, body: CreateLineBody) => addPlace(LINE, db, actor, body);
export const renameLine = (db: AppDb, actor: ReadingsActor, id: number, body: UpdateLineBody) => renamePlace(LINE, db, actor, id, body);
export const deleteLine = (db: AppDb, actor: ReadingsActor, id: number) => deletePlace(LINE, db, actor, id);

export const listRooms = (db: AppDb, actor: ReadingsActor, packhouseId: number) => listPlaces(ROOM, db, actor, packhouseId);
export const addRoom = (db: AppDb, actor: ReadingsActor, body: CreateRoomBody) => addPlace(ROOM, db, actor, body);
export const renameRoom = (db: AppDb, actor: ReadingsActor, id: number, body: UpdateRoomBody) => renamePlace(ROOM, db, actor, id, body);
export const deleteRoom = (db: AppDb, actor: ReadingsActor, id: number) => deletePlace(ROOM, db, actor, id);

// wax readings

const WAX = 'Wax reading';

export async function listWaxReadings(db: AppDb, actor: ReadingsActor, query: PackhouseReadingsQuery): Promise<FieldPage<WaxReading>> {
  if (!(await lineQueries.find(db, actor, query.filter))) throw notFound(LINE.what);
  return {
    rows: await waxReadingQueries.page(db, actor, query),
    totalRecords: await waxReadingQueries.total(db, actor, query),
    page: query.page,
    pageSize: query.pageSize,
  };
}

const waxValues = (body: UpdateWaxReadingBody | CreateWaxReadingBody) => ({
  readOn: body.readOn,
  readTime: body.readTime,
  litresPerTon: body.litresPerTon,
  concentrationPercent: body.concentrationPercent,
  note: body.note,
});

export async function captureWaxReading(db: AppDb, actor: ReadingsActor, body: CreateWaxReadingBody, now: Date): Promise<Captured<WaxReading>> {
  return captureOnce(db, {
    findByClientId: (d) => waxReadingQueries.findIdByClientId(d, actor.organizationId, body.clientId),
    read: (d, id) => waxReadingQueries.find(d, actor, id),
    insert: async (tx) => {
      if (!(await lineQueries.find(tx, actor, body.lineId))) throw notFound(LINE.what);
      refuseFutureReading(now, body.readOn, body.readTime);
      return waxReadingQueries.insert(tx, { ...waxValues(body), lineId: body.lineId, organizationId: actor.organizationId, clientId: body.clientId, capturedByUserId: actor.userId });
    },
  });
}

export async function updateWaxReading(db: AppDb, actor: ReadingsActor, id: number, body: UpdateWaxReadingBody, now: Date): Promise<WaxReading> {
  return db.transaction(async (tx) => {
    checkVersion(await waxReadingQueries.find(tx, actor, id), body.version, WAX);
    refuseFutureReading(now, body.readOn, body.readTime);
    if (!(await waxReadingQueries.updateIfVersion(tx, actor.organizationId, id, body.version, waxValues(body)))) throw staleEntry();
    return checkVersion(await waxReadingQueries.find(tx, actor, id), undefined, WAX);
  });
}

export async function deleteWaxReading(db: AppDb, actor: ReadingsActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    checkVersion(await waxReadingQueries.find(tx, actor, id), undefined, WAX);
    await waxReadingQueries.remove(tx, actor.organizationId, id);
  });
}

// room readings

const ROOM_READING = 'Storage room reading';

export async function listRoomReadings(db: AppDb, actor: ReadingsActor, query: PackhouseReadingsQuery): Promise<FieldPage<RoomReading>> {
  if (!(await roomQueries.find(db, actor, query.filter))) throw notFound(ROOM.what);
  return {
    rows: await roomReadingQueries.page(db, actor, query),
    totalRecords: await roomReadingQueries.total(db, actor, query),
    page: query.page,
    pageSize: query.pageSize,
  };
}

const roomValues = (body: UpdateRoomReadingBody | CreateRoomReadingBody) => ({
  readOn: body.readOn,
  readTime: body.readTime,
  temperatureC: body.temperatureC,
  humidityPercent: body.humidityPercent,
  note: body.note,
});

export async function captureRoomReading(db: AppDb, actor: ReadingsActor, body: CreateRoomReadingBody, now: Date): Promise<Captured<RoomReading>> {
  return captureOnce(db, {
    findByClientId: (d) => roomReadingQueries.findIdByClientId(d, actor.organizationId, body.clientId),
    read: (d, id) => roomReadingQueries.find(d, actor, id),
    insert: async (tx) => {
      if (!(await roomQueries.find(tx, actor, body.roomId))) throw notFound(ROOM.what);
      refuseFutureReading(now, body.readOn, body.readTime);
      return roomReadingQueries.insert(tx, { ...roomValues(body), roomId: body.roomId, organizationId: actor.organizationId, clientId: body.clientId, capturedByUserId: actor.userId });
    },
  });
}

export async function updateRoomReading(db: AppDb, actor: ReadingsActor, id: number, body: UpdateRoomReadingBody, now: Date): Promise<RoomReading> {
  return db.transaction(async (tx) => {
    checkVersion(await roomReadingQueries.find(tx, actor, id), body.version, ROOM_READING);
    refuseFutureReading(now, body.readOn, body.readTime);
    if (!(await roomReadingQueries.updateIfVersion(tx, actor.organizationId, id, body.version, roomValues(body)))) throw staleEntry();
    return checkVersion(await roomReadingQueries.find(tx, actor, id), undefined, ROOM_READING);
  });
}

export async function deleteRoomReading(db: AppDb, actor: ReadingsActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    checkVersion(await roomReadingQueries.find(tx, actor, id), undefined, ROOM_READING);
    await roomReadingQueries.remove(tx, actor.organizationId, id);
  });
}
