/**
 * Rules of the picking-schedule rows and cells (docs/domain.md, Picking schedules), shared by the server,
 * which enforces them, and the web app, which shows them before a request is sent.
 *
 * Interpretations:
 * - "grand total, difference": the grand total is the sum of the row's week bin counts (empty
 *   weeks count 0); the difference is expected total bins minus grand total, so a positive value
 *   is bins still to schedule and a negative one is over-scheduling. Without expected total bins
 *   the difference is null (shown empty).
 * - "no week of that row has a stored record with bin count above 0": a stored record is a week
 *   entry with an id; unsaved entries typed in the current edit do not lock the packhouse.
 * - "Duplicate inserts a copy just below with no packhouse and no stored weeks": the copy keeps
 *   PUC, variety, farm and the estimate figures, and drops weeks and actuals (both belong to the
 *   source row's packhouse), so its totals start at 0.
 * - "weeks whose bin count changed are flagged edited": compared per year and week; an empty
 *   cell (null) and 0 are different values, because 0 stores a record and empty does not.
 * - "a packhouse must be chosen ... a picking progress must be chosen": null, undefined, '' and
 *   the id 0 all mean nothing chosen (0 is the dropdowns' empty option: "missing or 0", as
 *   elsewhere in the product).
 * - "Bin count input pattern: 1 to 5 digits" and the PUC schedule's only call, a save: a PUC
 *   schedule cell once saved holds a number; emptying it removes nothing and is refused with the
 *   whole-number message, as any other text outside the pattern (in the browser and on the server).
 */
import { z } from 'zod';
import { compareIsoWeeks, type IsoWeek } from './weeks.js';

export const BIN_COUNT_MAX_DIGITS = 5;
/** The largest value of a 5-digit bin count or capacity. */
export const BIN_COUNT_MAX = 99_999;

const digitsPattern = new RegExp(`^\\d{1,${BIN_COUNT_MAX_DIGITS}}$`);

/** What a bin or capacity input says when its text is not a whole number of 1 to 5 digits. */
export const WHOLE_NUMBER_MESSAGE = `Enter a whole number from 0 to ${BIN_COUNT_MAX}`;

/** Every refusal (no value, null, text outside the pattern, a fraction, out of range) says the one message. */
function wholeNumberSchema() {
  return z.union(
    [
      z.number().int(WHOLE_NUMBER_MESSAGE).min(0, WHOLE_NUMBER_MESSAGE).max(BIN_COUNT_MAX, WHOLE_NUMBER_MESSAGE),
      z
        .string()
        .regex(digitsPattern, WHOLE_NUMBER_MESSAGE)
        .transform((value) => Number(value)),
    ],
    { error: WHOLE_NUMBER_MESSAGE },
  );
}

/**
 * A bin cell's text as typed: '' (or spaces) is an empty cell, 1 to 5 digits its number, anything
 * else (a minus, a decimal, letters, six digits) is refused with the message; never reshaped into
 * another number. With `required` (a cell whose saved number cannot be removed) empty is refused too.
 */
export function parseBinCellText(
  text: string,
  { required = false }: { required?: boolean } = {},
): { ok: true; value: number | null } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (trimmed === '') return required ? { ok: false, message: WHOLE_NUMBER_MESSAGE } : { ok: true, value: null };
  return digitsPattern.test(trimmed) ? { ok: true, value: Number(trimmed) } : { ok: false, message: WHOLE_NUMBER_MESSAGE };
}

/** A bin cell: numeric, minimum 0, 1 to 5 digits; accepts the input's text or a number, gives a number. */
export const binCountSchema = wholeNumberSchema();
export type BinCount = z.infer<typeof binCountSchema>;

/** A capacity cell: a number of 1 to 5 digits (0 to 99999); accepts text or a number, gives a number. */
export const capacitySchema = wholeNumberSchema();
export type Capacity = z.infer<typeof capacitySchema>;

/** One week of a picking estimate row. `id` is set once the week is stored. */
export interface PickingWeekEntry {
  id: number | null;
  week: number;
  year: number;
  binCount: number | null;
  audit?: string | null;
  edited?: boolean;
}

export interface PickingActualEntry {
  year: number;
  week: number;
  binCount: number | null;
}

/** A producer/packhouse picking-schedule row (docs/domain.md, Picking Schedule). `id` is a local index. */
export interface PickingEstimateRow {
  id: number;
  puc: number;
  pucName: string;
  variety: number;
  varietyName: string;
  farm: number;
  farmName: string;
  packhouse: number | null;
  packhouseName: string | null;
  legalEntity: number | null;
  legalEntityName: string | null;
  region: string | null;
  affiliation: string | null;
  commodity: string | null;
  estimatedFirstWeek: number | null;
  expectedProjectedTonnes: number | null;
  firstProjectedTonnes: number | null;
  avgBinWeight: number | null;
  projectedTotalBins: number | null;
  weeks: PickingWeekEntry[];
  actuals: PickingActualEntry[];
  total: number;
  difference: number | null;
}

export type RowInvalidReason = 'packhouse-missing' | 'duplicate-combination';
export type RowValidity = { valid: true } | { valid: false; reason: RowInvalidReason };

type RowIdentity = Pick<PickingEstimateRow, 'id' | 'puc' | 'packhouse' | 'variety'>;

/** Valid only with a packhouse and when no other row (by local id) has the same PUC, packhouse and variety. */
export function isRowValid(row: RowIdentity, allRows: readonly RowIdentity[]): RowValidity {
  if (row.packhouse === null) return { valid: false, reason: 'packhouse-missing' };
  const clash = allRows.some(
    (other) =>
      other.id !== row.id &&
      other.puc === row.puc &&
      other.packhouse === row.packhouse &&
      other.variety === row.variety,
  );
  return clash ? { valid: false, reason: 'duplicate-combination' } : { valid: true };
}

/** False once any stored week of the row has more than 0 bins. */
export function canChangePackhouse(row: Pick<PickingEstimateRow, 'weeks'>): boolean {
  return !row.weeks.some((week) => week.id !== null && (week.binCount ?? 0) > 0);
}

/** The copy to insert just below `row`, opened in edit mode. */
export function duplicateRow(
  row: PickingEstimateRow,
  newLocalId: number,
): { row: PickingEstimateRow; mode: 'edit' } {
  const copy: PickingEstimateRow = {
    ...row,
    id: newLocalId,
    packhouse: null,
    packhouseName: null,
    weeks: [],
    actuals: [],
  };
  return { row: { ...copy, ...rowTotals(copy) }, mode: 'edit' };
}

/** `rows` with the duplicate of the row whose local id is `rowId` inserted just below it. */
export function insertDuplicateBelow(
  rows: readonly PickingEstimateRow[],
  rowId: number,
  newLocalId: number,
): PickingEstimateRow[] {
  const index = rows.findIndex((row) => row.id === rowId);
  const source = rows[index];
  if (!source) throw new RangeError(`No row with local id ${rowId}`);
  return [...rows.slice(0, index + 1), duplicateRow(source, newLocalId).row, ...rows.slice(index + 1)];
}

function sameWeek(a: IsoWeek, b: IsoWeek): boolean {
  return compareIsoWeeks(a, b) === 0;
}

/** The edited row with `edited` set on each week: true where its bin count differs from the original. */
export function markEditedWeeks<R extends Pick<PickingEstimateRow, 'weeks'>>(original: R, edited: R): R {
  const weeks = edited.weeks.map((week) => {
    const before = original.weeks.find((candidate) => sameWeek(candidate, week));
    const changed = (before?.binCount ?? null) !== (week.binCount ?? null);
    return { ...week, edited: changed };
  });
  return { ...edited, weeks };
}

export interface RowTotals {
  total: number;
  difference: number | null;
}

/** Grand total of the row's weeks and expected total bins minus that total. */
export function rowTotals(row: Pick<PickingEstimateRow, 'weeks' | 'projectedTotalBins'>): RowTotals {
  const total = row.weeks.reduce((sum, week) => sum + (week.binCount ?? 0), 0);
  const difference = row.projectedTotalBins === null ? null : row.projectedTotalBins - total;
  return { total, difference };
}

/** The row's bins for one week, 0 when it has none. */
export function binsInWeek(row: Pick<PickingEstimateRow, 'weeks'>, week: IsoWeek): number {
  return row.weeks
    .filter((entry) => sameWeek(entry, week))
    .reduce((sum, entry) => sum + (entry.binCount ?? 0), 0);
}

export interface WeeklyTotal extends IsoWeek {
  total: number;
}

/** The footer: bins of all rows per week column, in the order of `weeks`. */
export function footerWeeklyTotals(
  rows: readonly Pick<PickingEstimateRow, 'weeks'>[],
  weeks: readonly IsoWeek[],
): WeeklyTotal[] {
  return weeks.map(({ year, week }) => ({
    year,
    week,
    total: rows.reduce((sum, row) => sum + binsInWeek(row, { year, week }), 0),
  }));
}

export const PLEASE_SELECT_A_PACKHOUSE = 'Please Select a Packhouse';
export const PLEASE_SELECT_A_PICKING_PROGRESS = 'Please Select a Picking Progress';

/** A PUC schedule cell may be saved only with a packhouse and a picking progress; the first missing one's message, else null. */
export function validatePucCellEdit(cell: {
  packhouse: number | string | null | undefined;
  pickingProgress: number | string | null | undefined;
}): typeof PLEASE_SELECT_A_PACKHOUSE | typeof PLEASE_SELECT_A_PICKING_PROGRESS | null {
  if (isUnset(cell.packhouse)) return PLEASE_SELECT_A_PACKHOUSE;
  if (isUnset(cell.pickingProgress)) return PLEASE_SELECT_A_PICKING_PROGRESS;
  return null;
}

function isUnset(value: number | string | null | undefined): boolean {
  return value === null || value === undefined || value === '' || value === 0;
}
