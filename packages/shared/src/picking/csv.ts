/**
 * The picking-schedule CSV exports (docs/domain.md, Picking schedules, Exports) as plain rows of strings. Quoting and line
 * endings belong to the server's CSV writer; this module decides what the cells are.
 *
 * - "a separator line first": `sep=,`, which tells spreadsheet programs the delimiter. It is
 *   returned apart from the rows because it must be written verbatim as the first line: a CSV
 *   writer would quote it (it contains a comma) and the spreadsheet would no longer read it.
 * - "null values become empty": null and undefined become ''.
 * - "weeks after the last week with bins are dropped": the last week with more than 0 bins in any
 *   row ends the week columns; earlier empty weeks stay so the columns remain consecutive. With no
 *   bins at all, no week column is left.
 * - "the packhouse export adds a Capacity row": one last row labelled Capacity, holding per week
 *   the capacity summed over the exported packhouses (empty where none has a capacity).
 * - Week columns are headed 'YYYY-Www' (e.g. 2026-W01), because a bare week number repeats
 *   across a year end.
 * - Text cells pass through neutraliseFormula. Numbers do not: String(number) cannot start a
 *   formula, and a negative difference must stay a number in the spreadsheet.
 */
import { businessTimestamp } from '../core/calendar.js';
import { binsInWeek, rowTotals, type PickingEstimateRow } from './rules.js';
import { compareIsoWeeks, weekKey, type IsoWeek } from './weeks.js';

export const CSV_SEPARATOR_LINE = 'sep=,';
export const PICKING_SCHEDULE_FILE_PREFIX = 'PickingSchedule';
export const PACKHOUSE_PICKING_SCHEDULE_FILE_PREFIX = 'PackhousePickingSchedule';
export const CAPACITY_ROW_LABEL = 'Capacity';

export type PickingScheduleExportKind = 'producer' | 'packhouse';

/** Characters that make a spreadsheet read a cell as a formula (OWASP CSV injection). */
const FORMULA_TRIGGERS = ['=', '+', '-', '@', '\t', '\r'];

/** Whether a spreadsheet would read the cell as a formula: it starts with = + - @ tab or carriage return. */
export function startsLikeFormula(cell: string): boolean {
  return FORMULA_TRIGGERS.some((trigger) => cell.startsWith(trigger));
}

/**
 * A text cell made safe to open in a spreadsheet: when it starts like a formula it gets a leading
 * apostrophe, which spreadsheets show as text instead of running it. Imports refuse such cells.
 */
export function neutraliseFormula(cell: string): string {
  return startsLikeFormula(cell) ? `'${cell}` : cell;
}

/**
 * The business date and time of `date` as yyyy-MM-dd-HH-mm-ss, for export file names: the same
 * wall-clock time as the file's timestamps, whatever time zone the server runs in.
 */
export function exportFileTimestamp(date: Date): string {
  return businessTimestamp(date).slice(0, 19).replace('T', '-').replaceAll(':', '-');
}

/** PickingSchedule-yyyy-MM-dd-HH-mm-ss.csv or PackhousePickingSchedule-yyyy-MM-dd-HH-mm-ss.csv. */
export function pickingScheduleFileName(kind: PickingScheduleExportKind, date: Date): string {
  const prefix = kind === 'packhouse' ? PACKHOUSE_PICKING_SCHEDULE_FILE_PREFIX : PICKING_SCHEDULE_FILE_PREFIX;
  return `${prefix}-${exportFileTimestamp(date)}.csv`;
}

/** The capacity of one packhouse per week, as the capacity table and the packhouse export use it. */
export interface PackhouseCapacityWeek extends IsoWeek {
  totalBins: number | null;
  capacity: number | null;
  tooltip?: string;
}

export interface PackhouseCapacityRow {
  packhouse: number;
  packhouseName: string;
  weeks: PackhouseCapacityWeek[];
}

export interface PickingScheduleCsvInput {
  kind: PickingScheduleExportKind;
  rows: readonly PickingEstimateRow[];
  /** the week columns on screen, oldest first */
  weeks: readonly IsoWeek[];
  /** packhouse export only: capacities of the exported packhouses */
  capacities?: readonly PackhouseCapacityRow[];
}

export interface PickingScheduleCsv {
  /** write first and verbatim, never through the CSV writer */
  separatorLine: typeof CSV_SEPARATOR_LINE;
  /** the header row, then one row per schedule row, then (packhouse export) the Capacity row */
  rows: string[][];
}

/** "Picking schedule CSV export only with rows present". */
export function canExportPickingSchedule(rows: readonly unknown[]): boolean {
  return rows.length > 0;
}

function textCell(value: string | null | undefined): string {
  return value === null || value === undefined ? '' : neutraliseFormula(value);
}

function numberCell(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

/** The weeks up to and including the last one in which any row has more than 0 bins. */
export function weeksUpToLastWithBins(
  rows: readonly Pick<PickingEstimateRow, 'weeks'>[],
  weeks: readonly IsoWeek[],
): IsoWeek[] {
  let lastIndex = -1;
  weeks.forEach((week, index) => {
    if (rows.some((row) => binsInWeek(row, week) > 0)) lastIndex = index;
  });
  return weeks.slice(0, lastIndex + 1);
}

const LEADING_HEADERS = {
  producer: ['Packhouse', 'Puc', 'Variety'],
  packhouse: ['Packhouse', 'Region', 'Int/Ext/Joint', 'Commodity', 'Puc', 'Variety'],
} as const;

const FIGURE_HEADERS = [
  '1st Week Of Harvest',
  'Projected Tonnes',
  'January Projected Tonnes',
  'Avg Kg/Bin',
  'Expected Total Bins',
] as const;

function leadingCells(kind: PickingScheduleExportKind, row: PickingEstimateRow): string[] {
  const packhouse = textCell(row.packhouseName);
  const names = [textCell(row.pucName), textCell(row.varietyName)];
  return kind === 'packhouse'
    ? [packhouse, textCell(row.region), textCell(row.affiliation), textCell(row.commodity), ...names]
    : [packhouse, ...names];
}

function capacityInWeek(capacities: readonly PackhouseCapacityRow[], week: IsoWeek): number | null {
  const values = capacities
    .flatMap((row) => row.weeks)
    .filter((entry) => compareIsoWeeks(entry, week) === 0 && entry.capacity !== null)
    .map((entry) => entry.capacity ?? 0);
  return values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0);
}

/** The cells of a picking-schedule export. Throws RangeError without rows (the export needs rows). */
export function buildPickingScheduleCsv(input: PickingScheduleCsvInput): PickingScheduleCsv {
  const { kind, rows } = input;
  if (!canExportPickingSchedule(rows)) throw new RangeError('A picking schedule export needs rows');
  const weeks = weeksUpToLastWithBins(rows, input.weeks);
  const header = [
    ...LEADING_HEADERS[kind],
    ...FIGURE_HEADERS,
    ...weeks.map(({ year, week }) => weekKey(year, week)),
    'Grand Total',
    'Difference',
  ];
  const body = rows.map((row) => {
    const { total, difference } = rowTotals(row);
    return [
      ...leadingCells(kind, row),
      numberCell(row.estimatedFirstWeek),
      numberCell(row.expectedProjectedTonnes),
      numberCell(row.firstProjectedTonnes),
      numberCell(row.avgBinWeight),
      numberCell(row.projectedTotalBins),
      ...weeks.map((week) => {
        const entries = row.weeks.filter((entry) => compareIsoWeeks(entry, week) === 0 && entry.binCount !== null);
        return entries.length === 0 ? '' : String(binsInWeek(row, week));
      }),
      numberCell(total),
      numberCell(difference),
    ];
  });
  const result: string[][] = [header.map(textCell), ...body];
  if (kind === 'packhouse') {
    const leadingBlanks = LEADING_HEADERS.packhouse.length + FIGURE_HEADERS.length - 1;
    result.push([
      CAPACITY_ROW_LABEL,
      ...Array.from({ length: leadingBlanks }, () => ''),
      ...weeks.map((week) => numberCell(capacityInWeek(input.capacities ?? [], week))),
      '',
      '',
    ]);
  }
  return { separatorLine: CSV_SEPARATOR_LINE, rows: result };
}
