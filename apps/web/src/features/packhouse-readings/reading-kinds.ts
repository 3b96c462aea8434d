/**
 * The two kinds of packhouse readings the screen shows, each in its tab: wax readings of a packing
 * line and temperature and humidity readings of a cold room. Each is a record kind
 * (components/records-list) that also says where it is read (its place: lines or rooms), its calls
 * and the numbers a reading holds; the tab draws everything from this description.
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
} from '@orchard/shared/packhouse-readings';
import type { RecordColumn, RecordKind } from '../../components/records-list';
import type { SafeParser } from '../../lib/form-issues';

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

export interface ReadingValue {
  /** the body's and the row's field */
  field: string;
  /** i18n key of its label */
  label: string;
  /** may be left empty (sent as null) */
  optional?: boolean;
}

export interface ReadingKind extends RecordKind<ReadingRow> {
  key: 'wax' | 'room';
  paths: { places: string; placeCreate: string; place: string; readings: string; readingCreate: string; reading: string };
  placesSchema: { parse: (d: unknown) => Place[] };
  /** the rules of a new place and of a new name */
  placeSchemas: { create: SafeParser; update: SafeParser };
  /** the create body's field naming the place */
  placeField: 'lineId' | 'roomId';
  values: readonly ReadingValue[];
  /** i18n keys under packhouseReadings */
  texts: RecordKind<ReadingRow>['texts'] & {
    tab: string;
    place: string;
    places: string;
    addPlace: string;
    newPlaceName: string;
    placeAdded: string;
    noPlaces: string;
    placesCaption: string;
    noPlaceYet: string;
  };
}

const text = (key: string) => `packhouseReadings.${key}`;

/** A reading's columns: its day and time, its numbers, its note. */
function readingColumns(values: readonly ReadingValue[]): RecordColumn<ReadingRow>[] {
  return [
    { header: text('readOn'), body: (row, format) => format.day(row.readOn) },
    { header: text('readTime'), body: (row) => row.readTime },
    ...values.map(
      (v): RecordColumn<ReadingRow> => ({
        header: v.label,
        className: 'num',
        body: (row, format) => (typeof row[v.field] === 'number' ? format.number(row[v.field] as number) : ''),
      }),
    ),
    { header: text('note'), body: (row) => row.note ?? '' },
  ];
}

const WAX_VALUES: readonly ReadingValue[] = [
  { field: 'litresPerTon', label: text('litresPerTon') },
  { field: 'concentrationPercent', label: text('concentrationPercent'), optional: true },
];

const ROOM_VALUES: readonly ReadingValue[] = [
  { field: 'temperatureC', label: text('temperatureC') },
  { field: 'humidityPercent', label: text('humidityPercent') },
];

export const WAX_KIND: ReadingKind = {
  key: 'wax',
  paths: { places: P.lines, placeCreate: P.lineCreate, place: P.line, readings: P.waxReadings, readingCreate: P.waxReadingCreate, reading: P.waxReading },
  placesSchema: packhouseLinesResponseSchema,
  placeSchemas: { create: createLineBodySchema, update: updateLineBodySchema },
  pageSchema: waxReadingsResponseSchema,
  createSchema: createWaxReadingBodySchema,
  updateSchema: updateWaxReadingBodySchema,
  placeField: 'lineId',
  values: WAX_VALUES,
  columns: readingColumns(WAX_VALUES),
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
  values: ROOM_VALUES,
  columns: readingColumns(ROOM_VALUES),
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
