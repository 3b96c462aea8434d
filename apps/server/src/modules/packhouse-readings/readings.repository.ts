/**
 * Queries of the readings: wax readings of a line and temperature and humidity readings of a
 * storage room. A reading lies where its place lies (the place's packhouse), and is visible when
 * it and its place belong to the current organisation and the packhouse is one of the caller's.
 * Lists are one place's readings, from and to days included, newest first, a page at a time.
 */
import type { PackhouseReadingsQuery } from '@orchard/shared/packhouse-readings';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgInsertValue } from 'drizzle-orm/pg-core';
import type { AppDb } from '../../db/client';
import { lineWaxReadings, packhouseLines, packhouses, storageRoomReadings, storageRooms, users } from '../../db/schema/index';
import { packhouseAssignedTo, type PackhouseViewer } from './packhouse-scope.repository';
import { nextVersion } from '../../data-rules/versioning';

type ReadingTable = typeof lineWaxReadings | typeof storageRoomReadings;
type PlaceTable = typeof packhouseLines | typeof storageRooms;

/** Who captured a reading (left-joined users: null once that user is deleted). */
const capturedByName = sql<string | null>`coalesce(nullif(btrim(${users.fullName}), ''), ${users.userName})`;

/**
 * The queries of one kind of reading. `placeId` is the reading's column naming its place;
 * `placeColumns` names the place's id and name as the row answers them; `valueColumns` are the
 * reading's own values.
 */
function readingQueries<R extends ReadingTable, P extends Record<string, AnyPgColumn>, V extends Record<string, AnyPgColumn>>(
  reading: R,
  place: PlaceTable,
  placeId: AnyPgColumn,
  placeColumns: P,
  valueColumns: V,
) {
  const columns = {
    id: reading.id,
    clientId: reading.clientId,
    packhouseId: packhouses.id,
    packhouseName: packhouses.name,
    ...placeColumns,
    readOn: reading.readOn,
    readTime: reading.readTime,
    ...valueColumns,
    note: reading.note,
    capturedByName,
    version: reading.version,
  };
  const scope = (viewer: PackhouseViewer): SQL[] => [
    eq(reading.organizationId, viewer.organizationId),
    eq(place.organizationId, viewer.organizationId),
    packhouseAssignedTo(viewer, place.packhouseId),
  ];
  const select = (db: AppDb) =>
    db
      .select(columns)
      .from(reading as ReadingTable)
      .innerJoin(place, eq(place.id, placeId))
      .innerJoin(packhouses, eq(packhouses.id, place.packhouseId))
      .leftJoin(users, eq(users.id, reading.capturedByUserId));
  const listConditions = (viewer: PackhouseViewer, query: PackhouseReadingsQuery) => {
    const conditions = [...scope(viewer), eq(placeId, query.filter)];
    if (query.from !== undefined) conditions.push(sql`${reading.readOn} >= ${query.from}`);
    if (query.to !== undefined) conditions.push(sql`${reading.readOn} <= ${query.to}`);
    return and(...conditions);
  };

  return {
    async find(db: AppDb, viewer: PackhouseViewer, id: number) {
      const [row] = await select(db).where(and(eq(reading.id, id), ...scope(viewer)));
      return row ?? null;
    },

    /** a page of one place's readings, newest first */
    async page(db: AppDb, viewer: PackhouseViewer, query: PackhouseReadingsQuery) {
      return select(db)
        .where(listConditions(viewer, query))
        .orderBy(desc(reading.readOn), desc(reading.readTime), desc(reading.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
    },

    async total(db: AppDb, viewer: PackhouseViewer, query: PackhouseReadingsQuery): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(reading as ReadingTable)
        .innerJoin(place, eq(place.id, placeId))
        .where(listConditions(viewer, query));
      return Number(row?.n ?? 0);
    },

    async findIdByClientId(db: AppDb, organizationId: number, clientId: string) {
      const [row] = await db
        .select({ id: reading.id })
        .from(reading as ReadingTable)
        .where(and(eq(reading.organizationId, organizationId), eq(reading.clientId, clientId)));
      return row?.id ?? null;
    },

    async insert(db: AppDb, values: PgInsertValue<R>) {
      const [row] = await db.insert(reading).values(values).returning({ id: reading.id });
      return row!.id;
    },

    async updateIfVersion(db: AppDb, organizationId: number, id: number, version: number, values: Record<string, unknown>) {
      const rows = await db
        .update(reading as ReadingTable)
        .set({ ...values, version: nextVersion(reading.version) })
        .where(and(eq(reading.organizationId, organizationId), eq(reading.id, id), eq(reading.version, version)))
        .returning({ id: reading.id });
      return rows.length > 0;
    },

    async remove(db: AppDb, organizationId: number, id: number) {
      await db.delete(reading as ReadingTable).where(and(eq(reading.organizationId, organizationId), eq(reading.id, id)));
    },
  };
}

export const waxReadingQueries = readingQueries(
  lineWaxReadings,
  packhouseLines,
  lineWaxReadings.lineId,
  { lineId: packhouseLines.id, lineName: packhouseLines.name },
  { litresPerTon: lineWaxReadings.litresPerTon, concentrationPercent: lineWaxReadings.concentrationPercent },
);

export const roomReadingQueries = readingQueries(
  storageRoomReadings,
  storageRooms,
  storageRoomReadings.roomId,
  { roomId: storageRooms.id, roomName: storageRooms.name },
  { temperatureC: storageRoomReadings.temperatureC, humidityPercent: storageRoomReadings.humidityPercent },
);
