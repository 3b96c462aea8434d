/**
 * Packhouse readings: the packing lines of a packhouse and their wax readings, the storage (cold)
 * rooms of a packhouse and their temperature and humidity readings. Every row belongs to one
 * organisation (a packhouse is global; each organisation keeps its own lines and rooms in it),
 * carries the id the capturing browser generated (unique per organisation, so a resend finds the
 * stored row) and a version raised by every edit. A reading's day and time (HH:mm) are South
 * African wall-clock values.
 */
import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { captureColumns } from './columns';
import { packhouses } from './places';

const packhouseColumn = () =>
  integer('packhouse_id')
    .notNull()
    .references(() => packhouses.id, { onDelete: 'cascade' });

/** A reading's day and wall-clock time, its note. */
const readingColumns = () => ({
  readOn: date('read_on', { mode: 'string' }).notNull(),
  /** HH:mm */
  readTime: text('read_time').notNull(),
  note: text('note'),
});

const TIME_CHECK = '^([01][0-9]|2[0-3]):[0-5][0-9]$';

export const packhouseLines = pgTable(
  'packhouse_lines',
  {
    ...captureColumns(),
    packhouseId: packhouseColumn(),
    name: text('name').notNull(),
  },
  (t) => [
    uniqueIndex('packhouse_lines_org_client_uq').on(t.organizationId, t.clientId),
    uniqueIndex('packhouse_lines_name_uq').on(t.organizationId, t.packhouseId, sql`lower(${t.name})`),
  ],
);

export const lineWaxReadings = pgTable(
  'line_wax_readings',
  {
    ...captureColumns(),
    /** a line with readings is not deleted (409) */
    lineId: integer('line_id')
      .notNull()
      .references(() => packhouseLines.id),
    ...readingColumns(),
    litresPerTon: doublePrecision('litres_per_ton').notNull(),
    /** null: not measured */
    concentrationPercent: doublePrecision('concentration_percent'),
  },
  (t) => [
    uniqueIndex('line_wax_readings_org_client_uq').on(t.organizationId, t.clientId),
    index('line_wax_readings_line_idx').on(t.lineId, t.readOn, t.readTime),
    check('line_wax_readings_rate_ck', sql`${t.litresPerTon} between 0 and 10`),
    check('line_wax_readings_concentration_ck', sql`${t.concentrationPercent} is null or ${t.concentrationPercent} between 0 and 100`),
    check('line_wax_readings_time_ck', sql`${t.readTime} ~ ${sql.raw(`'${TIME_CHECK}'`)}`),
  ],
);

export const storageRooms = pgTable(
  'storage_rooms',
  {
    ...captureColumns(),
    packhouseId: packhouseColumn(),
    name: text('name').notNull(),
  },
  (t) => [
    uniqueIndex('storage_rooms_org_client_uq').on(t.organizationId, t.clientId),
    uniqueIndex('storage_rooms_name_uq').on(t.organizationId, t.packhouseId, sql`lower(${t.name})`),
  ],
);

export const storageRoomReadings = pgTable(
  'storage_room_readings',
  {
    ...captureColumns(),
    /** a room with readings is not deleted (409) */
    roomId: integer('room_id')
      .notNull()
      .references(() => storageRooms.id),
    ...readingColumns(),
    temperatureC: doublePrecision('temperature_c').notNull(),
    humidityPercent: doublePrecision('humidity_percent').notNull(),
  },
  (t) => [
    uniqueIndex('storage_room_readings_org_client_uq').on(t.organizationId, t.clientId),
    index('storage_room_readings_room_idx').on(t.roomId, t.readOn, t.readTime),
    check('storage_room_readings_temperature_ck', sql`${t.temperatureC} between -5 and 25`),
    check('storage_room_readings_humidity_ck', sql`${t.humidityPercent} between 0 and 100`),
    check('storage_room_readings_time_ck', sql`${t.readTime} ~ ${sql.raw(`'${TIME_CHECK}'`)}`),
  ],
);
