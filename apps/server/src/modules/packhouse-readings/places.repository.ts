/**
 * Queries of the places readings are taken at: packhouse lines (wax readings) and storage rooms
 * (temperature and humidity readings). Both are the same shape (a named place in a packhouse of the
 * organisation), so one set of queries serves both, given the place table and its readings' table.
 * A place is visible when it belongs to the current organisation and lies in one of the caller's
 * packhouses (packhouse-scope.repository); every query below applies that rule.
 */
import { and, asc, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgInsertValue } from 'drizzle-orm/pg-core';
import type { AppDb } from '../../db/client';
import { lineWaxReadings, packhouseLines, packhouses, storageRoomReadings, storageRooms } from '../../db/schema/index';
import { packhouseAssignedTo, type PackhouseViewer } from './packhouse-scope.repository';
import { nextVersion } from '../../data-rules/versioning';

type PlaceTable = typeof packhouseLines | typeof storageRooms;

export interface PlaceValues {
  packhouseId: number;
  name: string;
}

/** The queries of one kind of place; `readingPlace` is its readings' column naming the place. */
export function placeQueries<T extends PlaceTable>(place: T, readingTable: typeof lineWaxReadings | typeof storageRoomReadings, readingPlace: AnyPgColumn) {
  const columns = {
    id: place.id,
    clientId: place.clientId,
    packhouseId: place.packhouseId,
    packhouseName: packhouses.name,
    name: place.name,
    readingCount: sql<number>`(select count(*)::int from ${readingTable} where ${readingPlace} = ${place.id})`,
    lastReadAt: sql<string | null>`(select max(${readingTable.readOn}::text || ' ' || ${readingTable.readTime}) from ${readingTable} where ${readingPlace} = ${place.id})`,
    version: place.version,
  };
  const scope = (viewer: PackhouseViewer): SQL[] => [eq(place.organizationId, viewer.organizationId), packhouseAssignedTo(viewer, place.packhouseId)];
  const select = (db: AppDb) => db.select(columns).from(place as PlaceTable).innerJoin(packhouses, eq(packhouses.id, place.packhouseId));

  return {
    /** one place the caller may see, or null */
    async find(db: AppDb, viewer: PackhouseViewer, id: number) {
      const [row] = await select(db).where(and(eq(place.id, id), ...scope(viewer)));
      return row ?? null;
    },

    /** the places of one of the caller's packhouses, by name */
    async list(db: AppDb, viewer: PackhouseViewer, packhouseId: number) {
      return select(db)
        .where(and(eq(place.packhouseId, packhouseId), ...scope(viewer)))
        .orderBy(asc(sql`lower(${place.name})`), asc(place.id));
    },

    async count(db: AppDb, organizationId: number, packhouseId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(place as PlaceTable)
        .where(and(eq(place.organizationId, organizationId), eq(place.packhouseId, packhouseId)));
      return Number(row?.n ?? 0);
    },

    /** whether another place of the packhouse has the name (ignoring case) */
    async nameTaken(db: AppDb, organizationId: number, packhouseId: number, name: string, exceptId?: number): Promise<boolean> {
      const conditions = [eq(place.organizationId, organizationId), eq(place.packhouseId, packhouseId), sql`lower(${place.name}) = lower(${name})`];
      if (exceptId !== undefined) conditions.push(ne(place.id, exceptId));
      const rows = await db.select({ id: place.id }).from(place as PlaceTable).where(and(...conditions));
      return rows.length > 0;
    },

    async findIdByClientId(db: AppDb, organizationId: number, clientId: string) {
      const [row] = await db
        .select({ id: place.id })
        .from(place as PlaceTable)
        .where(and(eq(place.organizationId, organizationId), eq(place.clientId, clientId)));
      return row?.id ?? null;
    },

    async insert(db: AppDb, values: PlaceValues & { organizationId: number; clientId: string; capturedByUserId: number }) {
      const [row] = await db
        .insert(place)
        .values(values as PgInsertValue<T>)
        .returning({ id: place.id });
      return row!.id;
    },

    async renameIfVersion(db: AppDb, organizationId: number, id: number, version: number, name: string) {
      const rows = await db
        .update(place as PlaceTable)
        .set({ name, version: nextVersion(place.version) })
        .where(and(eq(place.organizationId, organizationId), eq(place.id, id), eq(place.version, version)))
        .returning({ id: place.id });
      return rows.length > 0;
    },

    async remove(db: AppDb, organizationId: number, id: number) {
      await db.delete(place as PlaceTable).where(and(eq(place.organizationId, organizationId), eq(place.id, id)));
    },
  };
}

export const lineQueries = placeQueries(packhouseLines, lineWaxReadings, lineWaxReadings.lineId);
export const roomQueries = placeQueries(storageRooms, storageRoomReadings, storageRoomReadings.roomId);
export type PlaceQueries = ReturnType<typeof placeQueries>;
