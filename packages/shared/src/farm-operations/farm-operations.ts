/**
 * Farm operations dashboard (docs/domain.md, Farm Operations; Scouting Time - Per Block): the
 * organisation's farms (Farm filter), the South African days on which scouting happened on them
 * (bold and underlined in the calendar), the scouting sessions of one day (one row per session:
 * scout, block, ha, start, end, minutes per ha) and their CSV export over a range of at most 31
 * days, none in the future.
 *
 * Days are South African calendar days (Africa/Johannesburg, no daylight saving), like the rest of
 * the product; a session belongs to the day it started on. `farms` omitted: every farm of the
 * organisation; given: sessions on blocks of those farms. A farm of another organisation answers 404.
 */
import { z } from 'zod';
import { addDays, BUSINESS_TIME_ZONE, daysBetween, isDayInRange } from '../core/calendar.js';
import { idListQuerySchema } from '../core/common.js';

export const FARM_OPERATIONS_PATHS = {
  /** the sessions of one day */
  sessions: '/api/farm-operations/sessions',
  /** the organisation's farms (Farm filter) */
  farms: '/api/farm-operations/farms',
  /** every day with scouting on the chosen farms */
  scoutedDates: '/api/farm-operations/scouted-dates',
  /** the sessions of a range of days as a CSV download */
  export: '/api/farm-operations/export',
} as const;

export const FARM_OPERATIONS_SCROLL_HEIGHT = '620px';
/** Longest export: the end may be at most this many days after the start. */
export const FARM_OPERATIONS_EXPORT_MAX_DAYS = 31;
/** Most farm ids one filter takes. */
export const FARM_OPERATIONS_FILTER_MAX_IDS = 500;
export const FARM_OPERATIONS_EXPORT_NAMES = { componentName: 'FarmOperationsComponent', reportName: 'Farm Operations' } as const;

/** Farm_Operations_{start} - {end}.csv */
export function farmOperationsFileName(start: string, end: string): string {
  return `Farm_Operations_${start} - ${end}.csv`;
}

const clockFormat = new Intl.DateTimeFormat('en-US', { timeZone: BUSINESS_TIME_ZONE, hour: 'numeric', minute: '2-digit', hour12: true });

/** A moment as South African hours:minutes with am/pm, e.g. "7:05 am", "12:30 pm". */
export function formatScoutingTime(at: Date | string): string {
  const parts = clockFormat.formatToParts(typeof at === 'string' ? new Date(at) : at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('hour')}:${part('minute')} ${part('dayPeriod').toLowerCase()}`;
}

/** Minutes from start to end (fractions kept; never negative). */
export function sessionMinutes(start: Date | string, end: Date | string): number {
  const ms = new Date(end).getTime() - new Date(start).getTime();
  return Number.isFinite(ms) && ms > 0 ? ms / 60_000 : 0;
}

/**
 * Minutes per Ha = duration minutes / block ha. A block without a usable area (0, negative, not a
 * number) has no figure: null, never Infinity or NaN.
 */
export function minutesPerHa(totalMinutes: number, ha: number | null | undefined): number | null {
  if (ha === null || ha === undefined || !Number.isFinite(ha) || ha <= 0 || !Number.isFinite(totalMinutes)) return null;
  const figure = totalMinutes / ha;
  // a vanishingly small area overflows to Infinity: no figure either
  return Number.isFinite(figure) ? figure : null;
}

export type FarmOperationsRangeProblem = 'incomplete' | 'order' | 'tooLong' | 'future';

/**
 * Why an export range cannot be used (null when it can): both ends needed, start not after end, at
 * most FARM_OPERATIONS_EXPORT_MAX_DAYS days from start to end, no day after `today`.
 */
export function farmOperationsRangeProblem(start: string | null, end: string | null, today: string): FarmOperationsRangeProblem | null {
  if (!start || !end) return 'incomplete';
  if (daysBetween(start, end) < 0) return 'order';
  if (daysBetween(start, end) > FARM_OPERATIONS_EXPORT_MAX_DAYS) return 'tooLong';
  if (daysBetween(today, end) > 0) return 'future';
  return null;
}

/** While the first date is being picked: the latest end allowed, the earlier of start + 31 days and today. */
export function farmOperationsMaxEnd(start: string, today: string): string {
  const limit = addDays(start, FARM_OPERATIONS_EXPORT_MAX_DAYS);
  return daysBetween(limit, today) < 0 ? today : limit;
}


/** `?farms=1&farms=2` or `?farms=1,2`; absent means every farm. */
export const farmIdsQuerySchema = idListQuerySchema(FARM_OPERATIONS_FILTER_MAX_IDS);

const dayQuery = z.string().refine(isDayInRange, { message: 'Expected a date as yyyy-MM-dd' });

export const farmOperationsFarmsQuerySchema = z.object({ farms: farmIdsQuerySchema });
export type FarmOperationsFarmsQuery = z.infer<typeof farmOperationsFarmsQuerySchema>;

export const farmOperationsQuerySchema = z.object({ farms: farmIdsQuerySchema, date: dayQuery });
export type FarmOperationsQuery = z.infer<typeof farmOperationsQuerySchema>;

export const farmOperationsExportQuerySchema = z.object({ farms: farmIdsQuerySchema, start: dayQuery, end: dayQuery });
export type FarmOperationsExportQuery = z.infer<typeof farmOperationsExportQuerySchema>;

/** Scouting operation row: scoutName, blockName, ha, scoutDate, startTime, endTime, totalMinutes (plus minutesPerHa). */
export const farmOperationsRowSchema = z.object({
  id: z.number().int(),
  scoutName: z.string(),
  blockName: z.string(),
  farmName: z.string(),
  ha: z.number(),
  /** South African day the session started, yyyy-MM-dd */
  scoutDate: z.string(),
  /** ISO 8601 */
  startTime: z.string(),
  endTime: z.string(),
  totalMinutes: z.number(),
  /** null when the block has no usable area */
  minutesPerHa: z.number().nullable(),
});
export type FarmOperationsRow = z.infer<typeof farmOperationsRowSchema>;
export const farmOperationsResponseSchema = z.array(farmOperationsRowSchema);

export const farmOperationsFarmSchema = z.object({ id: z.number().int(), farmName: z.string() });
export type FarmOperationsFarm = z.infer<typeof farmOperationsFarmSchema>;
export const farmOperationsFarmsResponseSchema = z.array(farmOperationsFarmSchema);

/** yyyy-MM-dd, ascending */
export const farmOperationsScoutedDatesResponseSchema = z.array(z.string());

/** The CSV's columns: times as South African h:mm am/pm, minutes per ha with 2 decimals. */
export const FARM_OPERATIONS_CSV_COLUMNS = [
  { key: 'scoutName', header: 'Scout Name' },
  { key: 'farmName', header: 'Farm' },
  { key: 'blockName', header: 'Block Name' },
  { key: 'ha', header: 'Ha' },
  { key: 'scoutDate', header: 'Scout Date' },
  { key: 'startTime', header: 'Start Time' },
  { key: 'endTime', header: 'End Time' },
  { key: 'totalMinutes', header: 'Total Minutes' },
  { key: 'minutesPerHa', header: 'Minutes per Ha' },
] as const;

/** A row as the CSV writes it. */
export function farmOperationsCsvRow(row: FarmOperationsRow) {
  return {
    scoutName: row.scoutName,
    farmName: row.farmName,
    blockName: row.blockName,
    ha: row.ha,
    scoutDate: row.scoutDate,
    startTime: formatScoutingTime(row.startTime),
    endTime: formatScoutingTime(row.endTime),
    totalMinutes: Math.round(row.totalMinutes * 100) / 100,
    minutesPerHa: row.minutesPerHa === null ? null : row.minutesPerHa.toFixed(2),
  };
}

/**
 * The farms part of a query string: a selection holding every farm is left out (no restriction),
 * others become repeated parameters. null when farms exist and none is selected: nothing to ask.
 */
export function farmOperationsFarmsSearch(selected: readonly number[], all: readonly number[]): string | null {
  if (all.length > 0 && selected.length === 0) return null;
  if (all.every((id) => selected.includes(id))) return '';
  return selected.map((id) => `farms=${encodeURIComponent(String(id))}`).join('&');
}
