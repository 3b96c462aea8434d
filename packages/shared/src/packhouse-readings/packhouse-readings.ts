/**
 * Packhouse readings: the packing lines of a packhouse with their wax readings, and the storage
 * (cold) rooms of a packhouse with their temperature and relative humidity readings.
 *
 * - A line has a name; a wax reading is taken on one line at a day and time (South African wall
 *   clock) and holds the wax application rate in litres per ton of fruit and, when measured, the
 *   wax concentration in %, with an optional note. Who captured it is the signed-in user.
 * - A storage room has a name; a room reading is taken at a day and time and holds the room's
 *   temperature (°C) and relative humidity (%), with an optional note.
 *
 * The four published read calls (docs/domain.md, Packhouse readings):
 * - GET /api/line/GetLines?packhouse={packhouse}: the lines of one packhouse (its id), by name.
 * - GET /api/line/GetLineWaxReadings?filter={filter}: a page of one line's wax readings. `filter`
 *   is the line's id; beside it `from` and `to` (days, both included, either open), `page` and
 *   `pageSize` (20/50/100), newest first.
 * - GET /api/storage/GetStorage_Rooms?packhouse={packhouse}: the storage rooms of one packhouse.
 * - GET /api/storage/GetStorage_Room_Readings?filter={filter}: a page of one room's readings;
 *   `filter` is the room's id, with the same `from`, `to`, `page` and `pageSize` beside it.
 *
 * Scope: everything lies inside the current organisation and on the packhouses assigned to the
 * caller there (user_packhouses) that the organisation uses. A packhouse, line, room or reading of
 * another organisation, or of a packhouse not assigned to the caller, answers 404 as one that does
 * not exist. Reading needs packhouse.readings.view; adding, renaming and deleting lines and rooms
 * and capturing, editing and deleting readings need packhouse.readings.capture.
 *
 * Creates carry a client-generated UUID (`clientId`): a resend answers the stored row (200) instead
 * of a second one (201 for the first); see field-capture.ts. Edits carry the row's `version`
 * (412 when someone saved in between); deletes answer 204. A line or room with readings is not
 * deleted (409). Line and room names are unique in their packhouse, ignoring case (409).
 *
 * No input is stored as something other than what was typed: a value out of range or with more
 * decimals than the field keeps (20.55 °C where one decimal is kept) answers 400 with the rule's
 * message, never a rounded value; a time read in the future is refused too.
 */
import { z } from 'zod';
import { idSchema, idSchemaWith, pageQuerySchema, pageSizeQuerySchema } from '../core/common.js';
import {
  FIELD_CAPTURE_MESSAGES,
  boundedNumberSchema,
  clientIdSchema,
  fieldDaySchema,
  fieldNoteSchema,
  fieldPageSchema,
  requiredIdSchema,
  withVersion,
} from '../field-capture/field-capture.js';

export const PACKHOUSE_READINGS_PATHS = {
  /** GET the packhouses assigned to the caller in the organisation (the screen's choice) */
  packhouses: '/api/packhouse-readings/packhouses',
  /** GET ?packhouse=: the lines of a packhouse */
  lines: '/api/line/GetLines',
  /** POST adds a line */
  lineCreate: '/api/line/lines',
  /** PUT (with version) renames, DELETE removes one line */
  line: '/api/line/lines/:id',
  /** GET ?filter={line id}&from=&to=&page=&pageSize=: a page of the line's wax readings */
  waxReadings: '/api/line/GetLineWaxReadings',
  /** POST captures a wax reading */
  waxReadingCreate: '/api/line/wax-readings',
  /** PUT (with version) and DELETE one wax reading */
  waxReading: '/api/line/wax-readings/:id',
  /** GET ?packhouse=: the storage rooms of a packhouse */
  rooms: '/api/storage/GetStorage_Rooms',
  /** POST adds a storage room */
  roomCreate: '/api/storage/rooms',
  /** PUT (with version) renames, DELETE removes one room */
  room: '/api/storage/rooms/:id',
  /** GET ?filter={room id}&from=&to=&page=&pageSize=: a page of the room's readings */
  roomReadings: '/api/storage/GetStorage_Room_Readings',
  /** POST captures a room reading */
  roomReadingCreate: '/api/storage/room-readings',
  /** PUT (with version) and DELETE one room reading */
  roomReading: '/api/storage/room-readings/:id',
} as const;

/** The reading lists page as every table does; these names are the constants' under the lists' own prefix. */

export const LINE_NAME_MAX = 50;
export const ROOM_NAME_MAX = 50;
/** The most lines and rooms one packhouse keeps (each list is answered whole). */
export const PACKHOUSE_LINES_MAX = 50;
export const PACKHOUSE_ROOMS_MAX = 100;

/** Wax applied per ton of fruit: a packhouse applies about 0.5 to 2 L/t; the gauge stops at 10. */
export const WAX_RATE_MIN = 0;
export const WAX_RATE_MAX = 10;
export const WAX_RATE_DECIMALS = 2;
/** Wax concentration (solids) in %. */
export const WAX_CONCENTRATION_MIN = 0;
export const WAX_CONCENTRATION_MAX = 100;
export const WAX_CONCENTRATION_DECIMALS = 1;
/** Cold room temperature in °C: citrus is stored from about -1 to 12 °C; a room read warmer than 25 is a wrong entry. */
export const ROOM_TEMPERATURE_MIN = -5;
export const ROOM_TEMPERATURE_MAX = 25;
export const ROOM_TEMPERATURE_DECIMALS = 1;
/** Relative humidity in %. */
export const ROOM_HUMIDITY_MIN = 0;
export const ROOM_HUMIDITY_MAX = 100;
export const ROOM_HUMIDITY_DECIMALS = 1;

export const PACKHOUSE_READINGS_MESSAGES = {
  packhouseRequired: 'Choose a packhouse',
  lineRequired: 'Choose a line',
  roomRequired: 'Choose a storage room',
  lineNameRequired: 'Line name is required',
  lineNameLength: `The line name may be at most ${LINE_NAME_MAX} characters`,
  lineNameTaken: 'This packhouse already has a line with this name',
  linesFull: `A packhouse has at most ${PACKHOUSE_LINES_MAX} lines`,
  lineInUse: 'This line cannot be deleted: it has wax readings',
  roomNameRequired: 'Room name is required',
  roomNameLength: `The room name may be at most ${ROOM_NAME_MAX} characters`,
  roomNameTaken: 'This packhouse already has a storage room with this name',
  roomsFull: `A packhouse has at most ${PACKHOUSE_ROOMS_MAX} storage rooms`,
  roomInUse: 'This storage room cannot be deleted: it has readings',
  timeInvalid: 'Enter a time as HH:mm',
  timeInFuture: 'The time read cannot be in the future',
  waxRateRange: `The wax rate must be from ${WAX_RATE_MIN} to ${WAX_RATE_MAX} L/t, with at most ${WAX_RATE_DECIMALS} decimals`,
  waxConcentrationRange: `The wax concentration must be from ${WAX_CONCENTRATION_MIN} to ${WAX_CONCENTRATION_MAX} %, with at most ${WAX_CONCENTRATION_DECIMALS} decimal`,
  temperatureRange: `The temperature must be from ${ROOM_TEMPERATURE_MIN} to ${ROOM_TEMPERATURE_MAX} °C, with at most ${ROOM_TEMPERATURE_DECIMALS} decimal`,
  humidityRange: `The relative humidity must be from ${ROOM_HUMIDITY_MIN} to ${ROOM_HUMIDITY_MAX} %, with at most ${ROOM_HUMIDITY_DECIMALS} decimal`,
  stale: 'This entry was changed by someone else; reload it and try again',
} as const;

/** The stable reason key of each of PACKHOUSE_READINGS_MESSAGES. */
export const PACKHOUSE_READINGS_REASONS = {
  packhouseRequired: 'packhouse-readings-packhouse-required',
  lineRequired: 'packhouse-readings-line-required',
  roomRequired: 'packhouse-readings-room-required',
  lineNameRequired: 'packhouse-line-name-required',
  lineNameLength: 'packhouse-line-name-length',
  lineNameTaken: 'packhouse-line-name-taken',
  linesFull: 'packhouse-lines-full',
  lineInUse: 'packhouse-line-in-use',
  roomNameRequired: 'storage-room-name-required',
  roomNameLength: 'storage-room-name-length',
  roomNameTaken: 'storage-room-name-taken',
  roomsFull: 'storage-rooms-full',
  roomInUse: 'storage-room-in-use',
  timeInvalid: 'packhouse-reading-time-invalid',
  timeInFuture: 'packhouse-reading-time-in-future',
  waxRateRange: 'wax-rate-range',
  waxConcentrationRange: 'wax-concentration-range',
  temperatureRange: 'room-temperature-range',
  humidityRange: 'room-humidity-range',
  stale: 'packhouse-reading-stale',
} as const satisfies Record<keyof typeof PACKHOUSE_READINGS_MESSAGES, string>;

const M = PACKHOUSE_READINGS_MESSAGES;

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** true for a wall-clock time written HH:mm (00:00 to 23:59) */
export function isClockTime(value: string): boolean {
  return TIME_PATTERN.test(value);
}

/** The time of day a reading was taken, HH:mm. */
export const readTimeSchema = z.string({ error: M.timeInvalid }).refine(isClockTime, { message: M.timeInvalid });

const nameSchema = (max: number, required: string, length: string) =>
  z.string({ error: required }).trim().min(1, { message: required, abort: true }).max(max, { message: length });

export const waxRateSchema = boundedNumberSchema(WAX_RATE_MIN, WAX_RATE_MAX, WAX_RATE_DECIMALS, M.waxRateRange);
export const waxConcentrationSchema = boundedNumberSchema(WAX_CONCENTRATION_MIN, WAX_CONCENTRATION_MAX, WAX_CONCENTRATION_DECIMALS, M.waxConcentrationRange);
export const roomTemperatureSchema = boundedNumberSchema(ROOM_TEMPERATURE_MIN, ROOM_TEMPERATURE_MAX, ROOM_TEMPERATURE_DECIMALS, M.temperatureRange);
export const roomHumiditySchema = boundedNumberSchema(ROOM_HUMIDITY_MIN, ROOM_HUMIDITY_MAX, ROOM_HUMIDITY_DECIMALS, M.humidityRange);

export const packhouseReadingIdParamsSchema = z.object({ id: idSchema });

// the caller's packhouses

export const readingPackhouseSchema = z.object({ id: z.number().int(), name: z.string() });
export type ReadingPackhouse = z.infer<typeof readingPackhouseSchema>;
export const readingPackhousesResponseSchema = z.array(readingPackhouseSchema);

/** ?packhouse= of the line and room lists */
export const packhouseQuerySchema = z.object({ packhouse: idSchemaWith(M.packhouseRequired) });
export type PackhouseQuery = z.infer<typeof packhouseQuerySchema>;

// lines and rooms

const placeShape = {
  id: z.number().int(),
  clientId: z.string(),
  packhouseId: z.number().int(),
  packhouseName: z.string(),
  name: z.string(),
  /** how many readings it holds (a place with readings is not deleted) */
  readingCount: z.number().int(),
  /** the day and time of its newest reading, null when none: "yyyy-MM-dd HH:mm" */
  lastReadAt: z.string().nullable(),
  version: z.number().int(),
};

const lineName = nameSchema(LINE_NAME_MAX, M.lineNameRequired, M.lineNameLength);
export const createLineBodySchema = z.object({ clientId: clientIdSchema, packhouseId: requiredIdSchema(M.packhouseRequired), name: lineName });
export type CreateLineBody = z.infer<typeof createLineBodySchema>;
/** A line stays in its packhouse; its name changes. */
export const updateLineBodySchema = withVersion({ name: lineName });
export type UpdateLineBody = z.infer<typeof updateLineBodySchema>;
export const packhouseLineSchema = z.object(placeShape);
export type PackhouseLine = z.infer<typeof packhouseLineSchema>;
export const packhouseLinesResponseSchema = z.array(packhouseLineSchema);

const roomName = nameSchema(ROOM_NAME_MAX, M.roomNameRequired, M.roomNameLength);
export const createRoomBodySchema = z.object({ clientId: clientIdSchema, packhouseId: requiredIdSchema(M.packhouseRequired), name: roomName });
export type CreateRoomBody = z.infer<typeof createRoomBodySchema>;
export const updateRoomBodySchema = withVersion({ name: roomName });
export type UpdateRoomBody = z.infer<typeof updateRoomBodySchema>;
export const storageRoomSchema = z.object(placeShape);
export type StorageRoom = z.infer<typeof storageRoomSchema>;
export const storageRoomsResponseSchema = z.array(storageRoomSchema);

// the reading lists

/** ?filter={line or room id}&from=&to=&page=&pageSize= */
function readingsQuerySchema(filterRequired: string) {
  return z
    .object({
      filter: idSchemaWith(filterRequired),
      from: fieldDaySchema.optional(),
      to: fieldDaySchema.optional(),
      page: pageQuerySchema,
      pageSize: pageSizeQuerySchema(),
    })
    .refine((q) => !q.from || !q.to || q.from <= q.to, { message: FIELD_CAPTURE_MESSAGES.rangeOrder, path: ['to'] });
}

export const waxReadingsQuerySchema = readingsQuerySchema(M.lineRequired);
export type WaxReadingsQuery = z.infer<typeof waxReadingsQuerySchema>;
export const roomReadingsQuerySchema = readingsQuerySchema(M.roomRequired);
export type RoomReadingsQuery = z.infer<typeof roomReadingsQuerySchema>;
/** What both reading lists take. */
export type PackhouseReadingsQuery = WaxReadingsQuery;

/** What every stored reading answers beside its own fields. */
const readingShape = {
  id: z.number().int(),
  clientId: z.string(),
  packhouseId: z.number().int(),
  packhouseName: z.string(),
  readOn: z.string(),
  readTime: z.string(),
  note: z.string().nullable(),
  /** who captured it (null once that user is deleted) */
  capturedByName: z.string().nullable(),
  version: z.number().int(),
};

// wax readings

const waxShape = {
  readOn: fieldDaySchema,
  readTime: readTimeSchema,
  litresPerTon: waxRateSchema,
  /** null: not measured */
  concentrationPercent: waxConcentrationSchema.nullable().default(null),
  note: fieldNoteSchema,
};

export const createWaxReadingBodySchema = z.object({ clientId: clientIdSchema, lineId: requiredIdSchema(M.lineRequired), ...waxShape });
export type CreateWaxReadingBody = z.infer<typeof createWaxReadingBodySchema>;
/** A reading stays on its line; its time, values and note change. */
export const updateWaxReadingBodySchema = withVersion(waxShape);
export type UpdateWaxReadingBody = z.infer<typeof updateWaxReadingBodySchema>;

export const waxReadingSchema = z.object({
  ...readingShape,
  lineId: z.number().int(),
  lineName: z.string(),
  litresPerTon: z.number(),
  concentrationPercent: z.number().nullable(),
});
export type WaxReading = z.infer<typeof waxReadingSchema>;
export const waxReadingsResponseSchema = fieldPageSchema(waxReadingSchema);
export type WaxReadingsResponse = z.infer<typeof waxReadingsResponseSchema>;

// room readings

const roomReadingShape = {
  readOn: fieldDaySchema,
  readTime: readTimeSchema,
  temperatureC: roomTemperatureSchema,
  humidityPercent: roomHumiditySchema,
  note: fieldNoteSchema,
};

export const createRoomReadingBodySchema = z.object({ clientId: clientIdSchema, roomId: requiredIdSchema(M.roomRequired), ...roomReadingShape });
export type CreateRoomReadingBody = z.infer<typeof createRoomReadingBodySchema>;
export const updateRoomReadingBodySchema = withVersion(roomReadingShape);
export type UpdateRoomReadingBody = z.infer<typeof updateRoomReadingBodySchema>;

export const roomReadingSchema = z.object({
  ...readingShape,
  roomId: z.number().int(),
  roomName: z.string(),
  temperatureC: z.number(),
  humidityPercent: z.number(),
});
export type RoomReading = z.infer<typeof roomReadingSchema>;
export const roomReadingsResponseSchema = fieldPageSchema(roomReadingSchema);
export type RoomReadingsResponse = z.infer<typeof roomReadingsResponseSchema>;
