/**
 * CSV import of field captures: one import per capture kind (scouting sessions, traps, trap
 * inspections, tensiometer readings, water applied, phenology observations), each at
 * `<the kind's list path>/import?mode=preview|commit` (multipart, field `file`), with the kind's
 * capture permission.
 *
 * The header row names the columns (any order, case-insensitive; FIELD_IMPORT_KINDS). A line names
 * its block by farm and block name among the caller's farms (another organisation's block, or one
 * on a farm not assigned to the caller, is unknown, like one that does not exist); a trap
 * inspection names its trap by code within that block. Each line is checked with the same schema
 * and rules as the capture form (the create route), and answers created, existing or refused with
 * the problems, in the answer of every CSV import (core/csv-import.ts): preview writes nothing;
 * commit writes every line or none (400 naming the lines). A line's cells are the kind's columns.
 *
 * Scouting lines are observations: lines with the same farm, block, started_at and ended_at form
 * one session (a refused line refuses its whole session).
 *
 * Re-importing: each capture gets a client id derived from what it holds (kind, block and values),
 * as the capture's idempotency works for a resend: the same line imported again finds the stored
 * capture (status existing) and writes nothing; the same line twice in one file is refused.
 */
import { PERMISSIONS, type Permission } from '../core/permissions.js';
import { IRRIGATION_PATHS } from './irrigation.js';
import { PHENOLOGY_PATHS } from './phenology.js';
import { SCOUTING_PATHS } from './scouting.js';
import { TRAPS_PATHS } from './traps.js';

export const FIELD_IMPORT_MAX_BYTES = 1024 * 1024;
/** every line runs the capture's checks, so a file holds at most this many */
export const FIELD_IMPORT_MAX_ROWS = 2_000;
export const FIELD_IMPORT_MAX_CELL = 500;

export interface FieldImportKindInfo {
  path: string;
  permission: Permission;
  columns: readonly string[];
  /** columns the header must name (the others may be left out) */
  required: readonly string[];
  /** a line of the template, showing each column's format */
  example: readonly string[];
}

const kind = (info: FieldImportKindInfo) => info;

export const FIELD_IMPORT_KINDS = {
  scouting: kind({
    path: `${SCOUTING_PATHS.sessions}/import`,
    permission: PERMISSIONS.scoutingCapture,
    columns: ['farm', 'block', 'started_at', 'ended_at', 'point', 'pest', 'count', 'present', 'note'],
    required: ['farm', 'block', 'started_at', 'ended_at', 'point', 'pest'],
    example: ['Kransvlei', 'A1', '2026-03-02 07:30', '2026-03-02 09:00', '1', 'red-scale', '3', '', ''],
  }),
  traps: kind({
    path: `${TRAPS_PATHS.traps}/import`,
    permission: PERMISSIONS.trapsCapture,
    columns: ['farm', 'block', 'trap_type', 'lure', 'code', 'lat', 'lng', 'active_from', 'active_to'],
    required: ['farm', 'block', 'trap_type', 'lure', 'lat', 'lng', 'active_from'],
    example: ['Kransvlei', 'A1', 'delta', 'fcm-pheromone', 'T1', '-32.5', '19.0', '2026-03-01', ''],
  }),
  trapInspections: kind({
    path: `${TRAPS_PATHS.inspections}/import`,
    permission: PERMISSIONS.trapsCapture,
    columns: ['farm', 'block', 'trap', 'inspected_on', 'count', 'note'],
    required: ['farm', 'block', 'trap', 'inspected_on', 'count'],
    example: ['Kransvlei', 'A1', 'T1', '2026-03-08', '4', ''],
  }),
  tensiometerReadings: kind({
    path: `${IRRIGATION_PATHS.tensiometerReadings}/import`,
    permission: PERMISSIONS.irrigationCapture,
    columns: ['farm', 'block', 'station', 'depth_cm', 'kpa', 'read_on'],
    required: ['farm', 'block', 'station', 'depth_cm', 'kpa', 'read_on'],
    example: ['Kransvlei', 'A1', 'S1', '30', '18.5', '2026-03-08'],
  }),
  waterApplied: kind({
    path: `${IRRIGATION_PATHS.waterApplied}/import`,
    permission: PERMISSIONS.irrigationCapture,
    columns: ['farm', 'block', 'applied_on', 'amount', 'unit'],
    required: ['farm', 'block', 'applied_on', 'amount', 'unit'],
    example: ['Kransvlei', 'A1', '2026-03-08', '12.5', 'mm'],
  }),
  phenology: kind({
    path: `${PHENOLOGY_PATHS.observations}/import`,
    permission: PERMISSIONS.phenologyCapture,
    columns: ['farm', 'block', 'observed_on', 'stage', 'percent_of_trees'],
    required: ['farm', 'block', 'observed_on', 'stage', 'percent_of_trees'],
    example: ['Kransvlei', 'A1', '2026-03-08', 'flowering', '40'],
  }),
} as const satisfies Record<string, FieldImportKindInfo>;

export type FieldImportKind = keyof typeof FIELD_IMPORT_KINDS;
export const FIELD_IMPORT_KIND_KEYS = Object.keys(FIELD_IMPORT_KINDS) as FieldImportKind[];

export const FIELD_IMPORT_MESSAGES = {
  noFile: 'Choose a CSV file of field captures to import',
  notCsv: 'The field capture file is not a CSV text file',
  empty: 'The file has no lines below its header',
  tooManyRows: `The file has more than ${FIELD_IMPORT_MAX_ROWS} lines`,
  missingColumn: (column: string) => `The file has no ${column} column`,
  cellTooLong: `A value may be at most ${FIELD_IMPORT_MAX_CELL} characters`,
  formula: 'Formula cells are not accepted: a value may not start with =, +, -, @, tab or carriage return',
  unknownBlock: 'No block with this name on this farm among your farms',
  unknownTrap: 'No trap with this code in this block',
  ambiguousTrap: 'Several traps in this block have this code',
  duplicate: 'This line repeats an earlier line of the file',
  sessionRefused: 'Another line of this scouting session is refused',
  hasErrors: 'The file has refused lines; nothing was imported',
} as const;

/** The stable reason key of each of FIELD_IMPORT_MESSAGES (see reasons.ts). */
export const FIELD_IMPORT_REASONS = {
  noFile: 'field-import-no-file',
  notCsv: 'field-import-not-csv',
  empty: 'field-import-empty',
  tooManyRows: 'field-import-too-many-rows',
  missingColumn: 'field-import-missing-column',
  cellTooLong: 'field-import-cell-too-long',
  formula: 'field-import-formula',
  unknownBlock: 'field-import-unknown-block',
  unknownTrap: 'field-import-unknown-trap',
  ambiguousTrap: 'field-import-ambiguous-trap',
  duplicate: 'field-import-duplicate',
  sessionRefused: 'field-import-session-refused',
  hasErrors: 'field-import-has-errors',
} as const satisfies Record<keyof typeof FIELD_IMPORT_MESSAGES, string>;
