/**
 * The two kinds of packhouse readings the screen shows, each in its tab: wax readings of a packing
 * line and temperature and humidity readings of a cold room. Each says where it is read (its place:
 * lines or rooms), its calls, its shared schemas (the rules the server applies too) and the numbers
 * a reading holds; the tab draws everything from this description.
 */
import {
  PACKHOUSE_READINGS_PATHS as P,
  createLineBodySchema,
  createRoomBodySchema,
  createRoomReadingBodySchema,
  createWaxReadingBodySchema,
  packhouseLinesResponseSchema,
  roomReadingsResponseSchema,
  storageRoomsResponseSchema,
  updateLineBodySchema,
  updateRoomBodySchema,
  updateRoomReadingBodySchema,
  updateWaxReadingBodySchema,
  waxReadingsResponseSchema,
  type PackhouseLine,
} from '@orchard/shared';

/** A line or a cold room, as the lists answer it. */
export type Place = PackhouseLine;

/** What both kinds of reading answer, plus their numbers by field name. */
export interface ReadingRow {
  id: number;
  readOn: string;
  readTime: string;
  note: string | null;
  capturedByName: string | null;
  version: number;
  [field: string]: unknown;
}

export interface SafeParser {
  safeParse: (data: unknown) => { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

export interface ReadingValue {
  /** the body's and the row's field */
  field: string;
  /** i18n key of its label */
  label: string;
  /** may be left empty (sent as null) */
  optional?: boolean;
}

export interface ReadingKind {
  key: 'wax' | 'room';
  paths: { places: string; placeCreate: string; place: string; readings: string; readingCreate: string; reading: string };
  placesSchema: { parse: (d: unknown) => Place[] };
  /** the rules of a new place and of a new name */
  placeSchemas: { create: SafeParser; update: SafeParser };
  pageSchema: { parse: (d: unknown) => unknown };
  createSchema: SafeParser;
  updateSchema: SafeParser;
  /** the create body's field naming the place */
  placeField: 'lineId' | 'roomId';
  values: readonly ReadingValue[];
  /** i18n keys under packhouseReadings */
  texts: {
    tab: string;
    place: string;
    places: string;
    addPlace: string;
    newPlaceName: string;
    placeAdded: string;
    noPlaces: string;
    placesCaption: string;
    form: string;
    list: string;
    caption: string;
    saved: string;
    noPlaceYet: string;
  };
}

const text = (key: string) => `packhouseReadings.${key}`;

export const WAX_KIND: ReadingKind = {
  key: 'wax',
  paths: { places: P.lines, placeCreate: P.lineCreate, place: P.line, readings: P.waxReadings, readingCreate: P.waxReadingCreate, reading: P.waxReading },
  placesSchema: packhouseLinesResponseSchema,
  placeSchemas: { create: createLineBodySchema, update: updateLineBodySchema },
  pageSchema: waxReadingsResponseSchema,
  createSchema: createWaxReadingBodySchema,
  updateSchema: updateWaxReadingBodySchema,
  placeField: 'lineId',
  values: [
    { field: 'litresPerTon', label: text('litresPerTon') },
    { field: 'concentrationPercent', label: text('concentrationPercent'), optional: true },
  ],
  texts: {
    tab: text('linesTab'),
    place: text('line'),
    places: text('lines'),
    addPlace: text('addLine'),
    newPlaceName: text('newLineName'),
    placeAdded: text('lineAdded'),
    noPlaces: text('noLines'),
    placesCaption: text('linesCaption'),
    form: text('waxForm'),
    list: text('waxList'),
    caption: text('waxCaption'),
    saved: text('waxSaved'),
    noPlaceYet: text('chooseLineFirst'),
  },
};

export const ROOM_KIND: ReadingKind = {
  key: 'room',
  paths: { places: P.rooms, placeCreate: P.roomCreate, place: P.room, readings: P.roomReadings, readingCreate: P.roomReadingCreate, reading: P.roomReading },
  placesSchema: storageRoomsResponseSchema,
  placeSchemas: { create: createRoomBodySchema, update: updateRoomBodySchema },
  pageSchema: roomReadingsResponseSchema,
  createSchema: createRoomReadingBodySchema,
  updateSchema: updateRoomReadingBodySchema,
  placeField: 'roomId',
  values: [
    { field: 'temperatureC', label: text('temperatureC') },
    { field: 'humidityPercent', label: text('humidityPercent') },
  ],
  texts: {
    tab: text('roomsTab'),
    place: text('room'),
    places: text('rooms'),
    addPlace: text('addRoom'),
    newPlaceName: text('newRoomName'),
    placeAdded: text('roomAdded'),
    noPlaces: text('noRooms'),
    placesCaption: text('roomsCaption'),
    form: text('roomForm'),
    list: text('roomList'),
    caption: text('roomCaption'),
    saved: text('roomSaved'),
    noPlaceYet: text('chooseRoomFirst'),
  },
};

/** The messages of a schema's issues, by field path (the first per field). */
export function issuesByField(parser: SafeParser, data: unknown): Record<string, string> {
  const result = parser.safeParse(data);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.map(String).join('.') || 'form'] ??= issue.message;
  return errors;
}

/** The reading a form holds: its day and time, its numbers by field (null: empty, NaN: not a number) and note. */
export interface ReadingDraft {
  readOn: string;
  readTime: string;
  values: Record<string, number | null>;
  note: string;
}

/** The request body of a draft, without the client id, place and version. */
export function draftBody(kind: ReadingKind, draft: ReadingDraft): Record<string, unknown> {
  const body: Record<string, unknown> = { readOn: draft.readOn, readTime: draft.readTime, note: draft.note };
  for (const v of kind.values) {
    const value = draft.values[v.field] ?? null;
    // an empty required number is sent as missing, so its rule's message shows
    body[v.field] = value === null && !v.optional ? undefined : value;
  }
  return body;
}

export function draftOfRow(kind: ReadingKind, row: ReadingRow): ReadingDraft {
  const values: Record<string, number | null> = {};
  for (const v of kind.values) values[v.field] = typeof row[v.field] === 'number' ? (row[v.field] as number) : null;
  return { readOn: row.readOn, readTime: row.readTime, values, note: row.note ?? '' };
}
