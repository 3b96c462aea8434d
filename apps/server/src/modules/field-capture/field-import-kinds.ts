/**
 * What each field capture's CSV import reads (columns in shared FIELD_IMPORT_KINDS): how a line's
 * cells become the capture's create body, which column each body field comes from (for the
 * problems), and the capture's own schema, checks, client id lookup and capture function, so an
 * imported capture follows exactly the rules of one made in the form.
 *
 * Cells are turned into the body's types only where the meaning is plain (a number, yes/no, a key
 * or name of a list, a local time 'yyyy-MM-dd HH:mm' as South African time); anything else is
 * handed on as typed, and the schema answers it with the form's message.
 */
import { BUSINESS_UTC_OFFSET, type CsvImportProblem } from '@orchard/shared/core';
import {
  FIELD_IMPORT_MESSAGES as M,
  PHENOLOGY_STAGES,
  SCOUTING_PESTS,
  TRAP_LURES,
  TRAP_TYPES,
  createPhenologyObservationBodySchema,
  createScoutingSessionBodySchema,
  createTensiometerReadingBodySchema,
  createTrapBodySchema,
  createTrapInspectionBodySchema,
  createWaterAppliedBodySchema,
  type CreatePhenologyObservationBody,
  type CreateScoutingSessionBody,
  type CreateTensiometerReadingBody,
  type CreateTrapBody,
  type CreateTrapInspectionBody,
  type CreateWaterAppliedBody,
  type FieldImportKind,
} from '@orchard/shared/field-capture';
import type { AppDb } from '../../db/client';
import type { FieldActor } from './capture';
import { findFieldBlocks } from './field-capture.repository';
import { findTensiometerIdByClientId, findWaterIdByClientId } from './irrigation.repository';
import { captureTensiometerReading, captureWaterApplied, tensioValues, waterValues } from './irrigation.service';
import { findPhenologyIdByClientId } from './phenology.repository';
import { capturePhenologyObservation, phenologyValues } from './phenology.service';
import { findScoutingIdByClientId } from './scouting.repository';
import { captureScoutingSession, scoutingValues } from './scouting.service';
import { findCodedTraps, findInspectionIdByClientId, findTrapIdByClientId } from './traps.repository';
import { captureTrap, captureTrapInspection, inspectionValues, trapValues } from './traps.service';

export interface ImportLine {
  line: number;
  cells: Record<string, string>;
  /** problems of the cells themselves (formula, too long) */
  problems: CsvImportProblem[];
}
export interface InputProblem {
  column: string;
  message: string;
  /** the line of the capture it concerns (by position); all of them when absent */
  index?: number;
}
export interface ImportLookups {
  /** the block the cells name among the caller's farms: undefined when not named, null when unknown */
  blockId: (cells: Record<string, string>) => number | undefined | null;
  /** the coded traps of the caller's farms by block and lower-cased code */
  trapIds: (blockId: number, code: string) => number[];
}
interface Issues {
  issues: { path: PropertyKey[]; message: string }[];
}
interface Body {
  clientId: string;
}

/** One capture kind's import; methods, so each kind's own body type fits. */
export interface ImportKind<B extends Body = Body> {
  key: FieldImportKind;
  schema: { safeParse(data: unknown): { success: true; data: B } | { success: false; error: Issues } };
  /** lines with the same key make one capture (scouting sessions); by default each line is one */
  groupKey?(cells: Record<string, string>): string;
  toInput(lines: readonly ImportLine[], lookups: ImportLookups): { input: Record<string, unknown>; problems: InputProblem[] };
  /** the column (and line, by position) a body field's path comes from */
  columnOf(path: readonly PropertyKey[]): { column: string; index?: number };
  /** the values a client id is derived from, when their order in the file should not matter */
  canonical?(values: Omit<B, 'clientId'>): unknown;
  findByClientId(db: AppDb, organizationId: number, clientId: string): Promise<number | null>;
  check(db: AppDb, actor: FieldActor, body: B, now: Date): Promise<unknown>;
  capture(db: AppDb, actor: FieldActor, body: B, now: Date): Promise<{ row: { id: number } }>;
}

const lower = (text: string) => text.trim().toLowerCase();
const NUMBER = /^[-+]?\d+(\.\d+)?$/;
const LOCAL_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(:\d{2})?$/;
const YES = new Set(['yes', 'y', 'true', '1', 'present']);
const NO = new Set(['no', 'n', 'false', '0', 'absent', 'not present']);

/** '' -> null; a plain number -> the number; anything else as typed (the schema refuses it) */
export const numberCell = (cell: string): unknown => (cell === '' ? null : NUMBER.test(cell) ? Number(cell) : cell);
/** '' -> null; yes/no (true/false, 1/0, present/absent) -> the boolean; anything else as typed */
export const yesNoCell = (cell: string): unknown => (cell === '' ? null : YES.has(lower(cell)) ? true : NO.has(lower(cell)) ? false : cell);
/** '' -> null, else the text */
const textCell = (cell: string): string | null => (cell === '' ? null : cell);
/** a list's key or name (any case) -> its key; anything else as typed */
export const choiceCell = (cell: string, list: readonly { key: string; name: string }[]): unknown =>
  list.find((item) => lower(item.key) === lower(cell) || lower(item.name) === lower(cell))?.key ?? (cell === '' ? null : cell);
/** 'yyyy-MM-dd HH:mm[:ss]' -> that South African time with its offset; anything else as typed */
export const instantCell = (cell: string): unknown => {
  const m = LOCAL_TIME.exec(cell);
  return m ? `${m[1]}T${m[2]}${m[3] ?? ':00'}${BUSINESS_UTC_OFFSET}` : cell;
};
const dayCell = (cell: string): unknown => (cell === '' ? undefined : cell);

/** The block of a line's farm and block cells, with the problem of an unknown one. */
function placeOf(cells: Record<string, string>, lookups: ImportLookups): { farmBlockId: number | undefined; problems: InputProblem[] } {
  const id = lookups.blockId(cells);
  return id === null ? { farmBlockId: undefined, problems: [{ column: 'block', message: M.unknownBlock }] } : { farmBlockId: id, problems: [] };
}

/** A kind whose every line is one capture, its body fields read from columns by `columns`. */
function lineKind<B extends Body>(
  kind: Omit<ImportKind<B>, 'toInput' | 'columnOf'> & {
    columns: Record<string, string>;
    read: (cells: Record<string, string>, lookups: ImportLookups, farmBlockId: number | undefined) => { input: Record<string, unknown>; problems?: InputProblem[] };
  },
): ImportKind<B> {
  const { columns, read, ...rest } = kind;
  return {
    ...rest,
    toInput: ([line], lookups) => {
      const place = placeOf(line!.cells, lookups);
      const { input, problems = [] } = read(line!.cells, lookups, place.farmBlockId);
      return { input, problems: [...place.problems, ...problems] };
    },
    columnOf: (path) => ({ column: columns[String(path[0])] ?? 'line' }),
  };
}

const tensiometerReadings = lineKind<CreateTensiometerReadingBody>({
  key: 'tensiometerReadings',
  schema: createTensiometerReadingBodySchema,
  columns: { farmBlockId: 'block', station: 'station', depthCm: 'depth_cm', kpa: 'kpa', readOn: 'read_on' },
  read: (c, _l, farmBlockId) => ({ input: { farmBlockId, station: c.station, depthCm: numberCell(c.depth_cm!), kpa: numberCell(c.kpa!), readOn: dayCell(c.read_on!) } }),
  findByClientId: findTensiometerIdByClientId,
  check: tensioValues,
  capture: captureTensiometerReading,
});

const waterApplied = lineKind<CreateWaterAppliedBody>({
  key: 'waterApplied',
  schema: createWaterAppliedBodySchema,
  columns: { farmBlockId: 'block', appliedOn: 'applied_on', amount: 'amount', unit: 'unit' },
  read: (c, _l, farmBlockId) => ({ input: { farmBlockId, appliedOn: dayCell(c.applied_on!), amount: numberCell(c.amount!), unit: lower(c.unit!) === 'm³' ? 'm3' : lower(c.unit!) } }),
  findByClientId: findWaterIdByClientId,
  check: waterValues,
  capture: captureWaterApplied,
});

const phenology = lineKind<CreatePhenologyObservationBody>({
  key: 'phenology',
  schema: createPhenologyObservationBodySchema,
  columns: { farmBlockId: 'block', observedOn: 'observed_on', stage: 'stage', percentOfTrees: 'percent_of_trees' },
  read: (c, _l, farmBlockId) => ({
    input: { farmBlockId, observedOn: dayCell(c.observed_on!), stage: choiceCell(c.stage!, PHENOLOGY_STAGES), percentOfTrees: numberCell(c.percent_of_trees!) },
  }),
  findByClientId: findPhenologyIdByClientId,
  check: phenologyValues,
  capture: capturePhenologyObservation,
});

const traps = lineKind<CreateTrapBody>({
  key: 'traps',
  schema: createTrapBodySchema,
  columns: { farmBlockId: 'block', trapType: 'trap_type', lure: 'lure', code: 'code', lat: 'lat', lng: 'lng', activeFrom: 'active_from', activeTo: 'active_to' },
  read: (c, _l, farmBlockId) => ({
    input: {
      farmBlockId,
      trapType: choiceCell(c.trap_type!, TRAP_TYPES),
      lure: choiceCell(c.lure!, TRAP_LURES),
      code: textCell(c.code!),
      lat: numberCell(c.lat!) ?? undefined,
      lng: numberCell(c.lng!) ?? undefined,
      activeFrom: dayCell(c.active_from!),
      activeTo: textCell(c.active_to!),
    },
  }),
  findByClientId: findTrapIdByClientId,
  check: (db, actor, body, now) => trapValues(db, actor, body, now),
  capture: captureTrap,
});

const trapInspections = lineKind<CreateTrapInspectionBody>({
  key: 'trapInspections',
  schema: createTrapInspectionBodySchema,
  columns: { trapId: 'trap', inspectedOn: 'inspected_on', count: 'count', note: 'note' },
  read: (c, lookups, farmBlockId) => {
    const input = { inspectedOn: dayCell(c.inspected_on!), count: numberCell(c.count!) ?? undefined, note: textCell(c.note!) };
    if (farmBlockId === undefined || c.trap === '') return { input };
    const ids = lookups.trapIds(farmBlockId, c.trap!);
    if (ids.length === 1) return { input: { ...input, trapId: ids[0] } };
    return { input, problems: [{ column: 'trap', message: ids.length === 0 ? M.unknownTrap : M.ambiguousTrap }] };
  },
  findByClientId: findInspectionIdByClientId,
  check: (db, actor, body, now) => inspectionValues(db, actor, body.trapId, body, now),
  capture: captureTrapInspection,
});

const SCOUTING_COLUMNS: Record<string, string> = { farmBlockId: 'block', startedAt: 'started_at', endedAt: 'ended_at' };
const OBSERVATION_COLUMNS: Record<string, string> = { pointNumber: 'point', pest: 'pest', count: 'count', present: 'present', note: 'note' };

/** Each line one observation; lines of the same farm, block, start and end one session. */
const scouting: ImportKind<CreateScoutingSessionBody> = {
  key: 'scouting',
  schema: createScoutingSessionBodySchema,
  groupKey: (c) => [lower(c.farm!), lower(c.block!), c.started_at, c.ended_at].join('\u0000'),
  toInput: (lines, lookups) => {
    const first = lines[0]!.cells;
    const place = placeOf(first, lookups);
    const input = {
      farmBlockId: place.farmBlockId,
      startedAt: instantCell(first.started_at!),
      endedAt: instantCell(first.ended_at!),
      observations: lines.map(({ cells: c }) => ({
        pointNumber: numberCell(c.point!) ?? undefined,
        pest: choiceCell(c.pest!, SCOUTING_PESTS) ?? undefined,
        count: numberCell(c.count!),
        present: yesNoCell(c.present!),
        note: textCell(c.note!),
      })),
    };
    return { input, problems: place.problems };
  },
  columnOf: (path) => {
    const [field, at, inner] = path.map(String);
    if (field === 'observations' && at !== undefined && /^\d+$/.test(at)) return { column: OBSERVATION_COLUMNS[inner ?? ''] ?? 'line', index: Number(at) };
    return { column: SCOUTING_COLUMNS[field ?? ''] ?? 'line' };
  },
  canonical: (values) => ({ ...values, observations: [...values.observations].sort((a, b) => a.pointNumber - b.pointNumber || a.pest.localeCompare(b.pest)) }),
  findByClientId: findScoutingIdByClientId,
  check: scoutingValues,
  capture: captureScoutingSession,
};

export const IMPORT_KINDS: Record<FieldImportKind, ImportKind> = {
  scouting: scouting as unknown as ImportKind,
  traps: traps as unknown as ImportKind,
  trapInspections: trapInspections as unknown as ImportKind,
  tensiometerReadings: tensiometerReadings as unknown as ImportKind,
  waterApplied: waterApplied as unknown as ImportKind,
  phenology: phenology as unknown as ImportKind,
};

/** The blocks (and, for inspections, coded traps) of the caller's farms, read once per import. */
export async function importLookups(db: AppDb, actor: FieldActor, kind: ImportKind): Promise<ImportLookups> {
  const blocks = new Map((await findFieldBlocks(db, actor, undefined)).map((b) => [`${lower(b.farmName)}\u0000${lower(b.name)}`, b.id]));
  const traps = new Map<string, number[]>();
  if (kind.key === 'trapInspections') {
    for (const trap of await findCodedTraps(db, actor)) {
      const key = `${trap.farmBlockId}\u0000${lower(trap.code ?? '')}`;
      traps.set(key, [...(traps.get(key) ?? []), trap.id]);
    }
  }
  return {
    blockId: (cells) => {
      if ((cells.farm ?? '') === '' || (cells.block ?? '') === '') return undefined;
      return blocks.get(`${lower(cells.farm!)}\u0000${lower(cells.block!)}`) ?? null;
    },
    trapIds: (blockId, code) => traps.get(`${blockId}\u0000${lower(code)}`) ?? [],
  };
}
