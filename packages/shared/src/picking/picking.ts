/**
 * Picking schedules API: paths, limits, messages, and the query and path-parameter schemas of the
 * picking schedule by PUC and the producer and packhouse views with their CSV exports. Their row,
 * body and response shapes are in picking-schedules.ts, the packhouse capacity table's in
 * picking-capacity.ts. The calendar and row rules these use live in `picking/` (weeks, windows,
 * rules, csv).
 */
import { z } from 'zod';
import { isDayInRange } from '../core/calendar.js';
import { idListQuerySchema, idSchema, pageQuerySchema, pageSizeQuerySchema } from '../core/common.js';

export const PICKING_PATHS = {
  /** filter options of a view: packhouses, producers, farms, varieties (`?view=&farms=`) */
  filters: '/api/picking/filters',
  /** picking progress types for the PUC schedule dropdown */
  progressTypes: '/api/picking/progress-types',
  /** Picking schedule by PUC: rows PUC x variety with 14 daily bin cells (`?farms=&varieties=&page=&pageSize=`) */
  pucSchedule: '/api/picking/puc-schedule',
  /** save one daily bin cell of the PUC schedule (upsert, optimistic version) */
  pucScheduleCells: '/api/picking/puc-schedule/cells',
  /** producer view rows of the organisation (`?pagerDate=&packhouses=&producers=&farms=&varieties=&page=&pageSize=`) */
  producerSchedule: '/api/picking/schedule',
  /** create a producer row (the browser's duplicate with another packhouse) */
  producerRows: '/api/picking/schedule/rows',
  /** save a producer row and its weeks, all or nothing */
  producerRow: '/api/picking/schedule/rows/:id',
  /** PickingSchedule-yyyy-MM-dd-HH-mm-ss.csv, same filters as the view */
  producerExport: '/api/picking/schedule/export',
  /** packhouse view: read-only rows addressed to the packhouses the organisation owns */
  packhouseSchedule: '/api/picking/packhouse-schedule',
  /** PackhousePickingSchedule-yyyy-MM-dd-HH-mm-ss.csv with the Capacity row */
  packhouseExport: '/api/picking/packhouse-schedule/export',
  /** capacity rows of the packhouses the organisation owns (`?pagerDate=&packhouses=`) */
  capacities: '/api/picking/capacities',
  /** save the capacity weeks of one owned packhouse, all or nothing */
  packhouseCapacity: '/api/picking/capacities/:packhouseId',
} as const;

/** Most ids a list filter may name. */
export const PICKING_FILTER_MAX_IDS = 200;
/** Most weeks one row or capacity save may carry. */
export const PICKING_SAVE_MAX_WEEKS = 60;
/** Most rows a producer/packhouse view or export reads (a page is cut from them). */
export const PICKING_MAX_ROWS = 10_000;

/** Picking Schedule By PUC pages by these; the producer and packhouse views as every table does. */
export const PUC_SCHEDULE_PAGE_SIZES = [15, 20, 30] as const;
export const PUC_SCHEDULE_DEFAULT_PAGE_SIZE = 15;

export const PICKING_MESSAGES = {
  pastDay: 'Days before today cannot be changed.',
  outsideSchedule: 'Only the days shown in the schedule can be changed.',
  cellConflict: 'This cell was changed by someone else. Refresh to see the latest bins.',
  rowConflict: 'This row was changed by someone else. Refresh to see the latest figures.',
  capacityConflict: 'This capacity was changed by someone else. Refresh to see the latest figures.',
  duplicateCombination: 'A row with this PUC, packhouse and variety already exists.',
  packhouseLocked: 'The packhouse cannot change because a saved week of this row has bins.',
  readonlyWeek: 'Week {week} of {year} is read-only.',
  invalidWeek: 'There is no week {week} in {year}.',
  noRowsToExport: 'There are no rows to export.',
} as const;

/** The stable reason key of each of PICKING_MESSAGES, sent beside the text (see reasons.ts). */
export const PICKING_REASONS = {
  pastDay: 'picking-past-day',
  outsideSchedule: 'picking-outside-schedule',
  cellConflict: 'picking-cell-conflict',
  rowConflict: 'picking-row-conflict',
  capacityConflict: 'picking-capacity-conflict',
  duplicateCombination: 'picking-duplicate-combination',
  packhouseLocked: 'picking-packhouse-locked',
  readonlyWeek: 'picking-week-readonly',
  invalidWeek: 'picking-week-invalid',
  noRowsToExport: 'picking-no-rows-to-export',
} as const satisfies Record<keyof typeof PICKING_MESSAGES, string>;

export function readonlyWeekMessage(year: number, week: number): string {
  return PICKING_MESSAGES.readonlyWeek.replace('{week}', String(week)).replace('{year}', String(year));
}

/** `?farms=1,2` or `?farms=1&farms=2`: a capped list of ids. */
export const pickingIdListQuerySchema = idListQuerySchema(PICKING_FILTER_MAX_IDS);

/** A day, yyyy-MM-dd from FIRST_DAY to LAST_DAY (calendar.ts). */
export const plainDateSchema = z
  .string()
  .max(10)
  .refine(isDayInRange, 'Use a yyyy-MM-dd date');

/* ---------- queries and path parameters ---------- */

export const pickingViewSchema = z.enum(['producer', 'packhouse']);
export type PickingViewKind = z.infer<typeof pickingViewSchema>;

export const pickingFiltersQuerySchema = z.object({
  view: pickingViewSchema.default('producer'),
  /** varieties grown on these farms only */
  farms: pickingIdListQuerySchema,
});
export type PickingFiltersQuery = z.infer<typeof pickingFiltersQuerySchema>;

export const pucScheduleQuerySchema = z.object({
  farms: pickingIdListQuerySchema,
  varieties: pickingIdListQuerySchema,
  page: pageQuerySchema,
  pageSize: pageSizeQuerySchema(PUC_SCHEDULE_PAGE_SIZES, PUC_SCHEDULE_DEFAULT_PAGE_SIZE),
});
export type PucScheduleQuery = z.infer<typeof pucScheduleQuerySchema>;

export const pickingScheduleQuerySchema = z.object({
  /** the week pager's date; default today */
  pagerDate: plainDateSchema.optional(),
  packhouses: pickingIdListQuerySchema,
  producers: pickingIdListQuerySchema,
  farms: pickingIdListQuerySchema,
  varieties: pickingIdListQuerySchema,
  page: pageQuerySchema,
  pageSize: pageSizeQuerySchema(),
});
export type PickingScheduleQuery = z.infer<typeof pickingScheduleQuerySchema>;
export const pickingScheduleExportQuerySchema = pickingScheduleQuerySchema.omit({ page: true, pageSize: true });
export type PickingScheduleExportQuery = z.infer<typeof pickingScheduleExportQuerySchema>;

export const pickingRowParamsSchema = z.object({ id: idSchema });
