/**
 * Picking schedules API: paths, query and body schemas and response shapes of the picking
 * schedule by PUC, the producer and packhouse views, their CSV exports and the packhouse capacity
 * table. The calendar and row rules these use live in `picking/` (weeks, windows, rules, csv).
 */
import { z } from 'zod';
import { binCountSchema, capacitySchema } from '../picking/rules.js';
import { isPlainDate, isValidIsoWeek } from '../picking/weeks.js';
import { idSchema, INT_MAX, jsonIdSchema, versionSchema } from './common.js';

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

export const PUC_SCHEDULE_PAGE_SIZES = [15, 20, 30] as const;
export const PUC_SCHEDULE_DEFAULT_PAGE_SIZE = 15;
export const PICKING_SCHEDULE_PAGE_SIZES = [20, 50, 100] as const;
export const PICKING_SCHEDULE_DEFAULT_PAGE_SIZE = 20;

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

export function readonlyWeekMessage(year: number, week: number): string {
  return PICKING_MESSAGES.readonlyWeek.replace('{week}', String(week)).replace('{year}', String(year));
}

/** `?farms=1,2` or `?farms=1&farms=2`: a capped list of ids. */
export const idListQuerySchema = z.preprocess(
  (value) => {
    if (value === undefined || value === '') return undefined;
    const parts = Array.isArray(value) ? value : String(value).split(',');
    return parts.map((part) => String(part).trim()).filter((part) => part !== '');
  },
  z.array(idSchema).max(PICKING_FILTER_MAX_IDS).optional(),
);

export const plainDateSchema = z
  .string()
  .max(10)
  .refine(isPlainDate, 'Use a yyyy-MM-dd date');

function pageSizeSchema(sizes: readonly number[], fallback: number) {
  return z.coerce
    .number()
    .int()
    .refine((n) => sizes.includes(n), `Page size is one of ${sizes.join(', ')}`)
    .default(fallback);
}
const pageSchema = z.coerce.number().int().min(1).max(100_000).default(1);

/* ---------- filters and reference lists ---------- */

export const pickingViewSchema = z.enum(['producer', 'packhouse']);
export type PickingViewKind = z.infer<typeof pickingViewSchema>;

export const pickingFiltersQuerySchema = z.object({
  view: pickingViewSchema.default('producer'),
  /** varieties grown on these farms only */
  farms: idListQuerySchema,
});
export type PickingFiltersQuery = z.infer<typeof pickingFiltersQuerySchema>;

export const pickingPackhouseOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  shortName: z.string().nullable(),
  /** the organisation runs this packhouse (packhouse view, capacity) */
  owned: z.boolean(),
});
export const pickingNamedOptionSchema = z.object({ id: z.number().int(), name: z.string() });
export const pickingFarmOptionSchema = z.object({ id: z.number().int(), farm_Name: z.string(), legal_Entity: z.number().int() });
export const pickingVarietyOptionSchema = z.object({ id: z.number().int(), variety_Name: z.string(), commodity: z.string() });
export const pickingFiltersResponseSchema = z.object({
  packhouses: z.array(pickingPackhouseOptionSchema),
  producers: z.array(pickingNamedOptionSchema),
  farms: z.array(pickingFarmOptionSchema),
  varieties: z.array(pickingVarietyOptionSchema),
});
export type PickingFiltersResponse = z.infer<typeof pickingFiltersResponseSchema>;

export const pickingProgressTypeSchema = z.object({ id: z.number().int(), picking_Progress_Type: z.string() });
export type PickingProgressType = z.infer<typeof pickingProgressTypeSchema>;
export const pickingProgressTypesResponseSchema = z.array(pickingProgressTypeSchema);

/* ---------- picking schedule by PUC ---------- */

export const pucScheduleQuerySchema = z.object({
  farms: idListQuerySchema,
  varieties: idListQuerySchema,
  page: pageSchema,
  pageSize: pageSizeSchema(PUC_SCHEDULE_PAGE_SIZES, PUC_SCHEDULE_DEFAULT_PAGE_SIZE),
});
export type PucScheduleQuery = z.infer<typeof pucScheduleQuerySchema>;

export const pucScheduleDaySchema = z.object({
  date: z.string(),
  header: z.string(),
  isToday: z.boolean(),
  isPast: z.boolean(),
});

export const pucScheduleCellSchema = z.object({
  /** null until the cell is saved */
  id: z.number().int().nullable(),
  date: z.string(),
  bins: z.number().int().nullable(),
  packhouse: z.number().int().nullable(),
  pickingProgress: z.number().int().nullable(),
  /** the version a save of this cell must name; null for an unsaved cell */
  version: z.number().int().nullable(),
});
export type PucScheduleCell = z.infer<typeof pucScheduleCellSchema>;

export const pucScheduleRowSchema = z.object({
  puc: z.number().int(),
  pucName: z.string(),
  farm: z.number().int(),
  farmName: z.string(),
  variety: z.number().int(),
  varietyName: z.string(),
  /** latest yield estimates up to the end bound: sum of ha x adjusted t/ha over the PUC's blocks of the variety */
  estimateTotalTonnes: z.number(),
  /** the packhouse and progress of the row's most recently dated saved cell */
  packhouse: z.number().int().nullable(),
  pickingProgress: z.number().int().nullable(),
  /** one per day column, in order */
  cells: z.array(pucScheduleCellSchema),
});
export type PucScheduleRow = z.infer<typeof pucScheduleRowSchema>;

export const pucSchedulePageSchema = z.object({
  today: z.string(),
  days: z.array(pucScheduleDaySchema),
  /** last day + 7: bound of the yield estimates read */
  endBound: z.string(),
  rows: z.array(pucScheduleRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PucSchedulePage = z.infer<typeof pucSchedulePageSchema>;

const optionalChoiceSchema = z.number().int().min(0).max(INT_MAX).nullable().optional();

export const pucScheduleCellBodySchema = z.object({
  puc: jsonIdSchema,
  variety: jsonIdSchema,
  date: plainDateSchema,
  bins: binCountSchema,
  /** null, missing or 0: "Please Select a Packhouse" */
  packhouse: optionalChoiceSchema,
  /** null, missing or 0: "Please Select a Picking Progress" */
  pickingProgress: optionalChoiceSchema,
  /** the cell's version as read; null (or missing) for a cell not saved before */
  version: versionSchema.nullable().optional(),
});
export type PucScheduleCellBody = z.infer<typeof pucScheduleCellBodySchema>;

export const pucScheduleCellResponseSchema = pucScheduleCellSchema.extend({
  id: z.number().int(),
  puc: z.number().int(),
  variety: z.number().int(),
  version: z.number().int(),
});
export type PucScheduleCellResponse = z.infer<typeof pucScheduleCellResponseSchema>;

/* ---------- producer and packhouse views ---------- */

export const pickingScheduleQuerySchema = z.object({
  /** the week pager's date; default today */
  pagerDate: plainDateSchema.optional(),
  packhouses: idListQuerySchema,
  producers: idListQuerySchema,
  farms: idListQuerySchema,
  varieties: idListQuerySchema,
  page: pageSchema,
  pageSize: pageSizeSchema(PICKING_SCHEDULE_PAGE_SIZES, PICKING_SCHEDULE_DEFAULT_PAGE_SIZE),
});
export type PickingScheduleQuery = z.infer<typeof pickingScheduleQuerySchema>;
export const pickingScheduleExportQuerySchema = pickingScheduleQuerySchema.omit({ page: true, pageSize: true });
export type PickingScheduleExportQuery = z.infer<typeof pickingScheduleExportQuerySchema>;

export const pickingScheduleWeekSchema = z.object({
  week: z.number().int(),
  year: z.number().int(),
  date: z.string(),
  readonly: z.boolean(),
  color: z.enum(['light-blue', 'grey', 'orange']),
  isCurrent: z.boolean(),
});

export const pickingWeekEntrySchema = z.object({
  id: z.number().int().nullable(),
  week: z.number().int(),
  year: z.number().int(),
  binCount: z.number().int().nullable(),
  /** "Full Name, yyyy-MM-ddTHH:mm:ssZ" of the last save */
  audit: z.string().nullable(),
});
export const pickingActualEntrySchema = z.object({
  year: z.number().int(),
  week: z.number().int(),
  binCount: z.number().int().nullable(),
});

/** Section 3 "Picking estimate row". `id` is the stored row's id (unique, so it also serves as the local index). */
export const pickingEstimateRowSchema = z.object({
  id: z.number().int(),
  puc: z.number().int(),
  pucName: z.string(),
  variety: z.number().int(),
  varietyName: z.string(),
  farm: z.number().int(),
  farmName: z.string(),
  packhouse: z.number().int().nullable(),
  packhouseName: z.string().nullable(),
  legalEntity: z.number().int().nullable(),
  legalEntityName: z.string().nullable(),
  region: z.string().nullable(),
  affiliation: z.string().nullable(),
  commodity: z.string().nullable(),
  estimatedFirstWeek: z.number().int().nullable(),
  expectedProjectedTonnes: z.number().nullable(),
  firstProjectedTonnes: z.number().nullable(),
  avgBinWeight: z.number().nullable(),
  projectedTotalBins: z.number().int().nullable(),
  /** stored weeks inside the visible window */
  weeks: z.array(pickingWeekEntrySchema),
  /** bins received per ISO week of the visible window */
  actuals: z.array(pickingActualEntrySchema),
  /** sum of the visible weeks (rowTotals) */
  total: z.number().int(),
  difference: z.number().int().nullable(),
  /** the version a save must name */
  version: z.number().int(),
});
export type PickingEstimateRowResponse = z.infer<typeof pickingEstimateRowSchema>;

export const pickingScheduleWindowSchema = z.object({
  pagerDate: z.string(),
  today: z.string(),
  from: z.string(),
  to: z.string(),
  minimumDate: z.string(),
  lastDate: z.string(),
});

export const pickingSchedulePageSchema = z.object({
  window: pickingScheduleWindowSchema,
  weeks: z.array(pickingScheduleWeekSchema),
  rows: z.array(pickingEstimateRowSchema),
  /** weekly totals over every row of the filter (not only the page) */
  footer: z.array(z.object({ year: z.number().int(), week: z.number().int(), total: z.number().int() })),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PickingSchedulePage = z.infer<typeof pickingSchedulePageSchema>;

const weekNumberSchema = z.number().int().min(1).max(53);
const yearSchema = z.number().int().min(2000).max(2100);

export const pickingRowWeekBodySchema = z
  .object({
    year: yearSchema,
    week: weekNumberSchema,
    /** null clears the stored week (an empty cell); 0 stores a week with no bins */
    binCount: binCountSchema.nullable(),
  })
  .refine((w) => isValidIsoWeek(w), { message: 'No such ISO week', path: ['week'] });

const figuresBodySchema = {
  estimatedFirstWeek: weekNumberSchema.nullable().optional(),
  expectedProjectedTonnes: z.number().min(0).max(1_000_000).nullable().optional(),
  firstProjectedTonnes: z.number().min(0).max(1_000_000).nullable().optional(),
  avgBinWeight: z.number().min(0).max(10_000).nullable().optional(),
};

const rowWeeksSchema = z.array(pickingRowWeekBodySchema).max(PICKING_SAVE_MAX_WEEKS).default([]);

export const pickingRowSaveBodySchema = z.object({
  /** null: "Please Select a Packhouse" */
  packhouse: jsonIdSchema.nullable(),
  ...figuresBodySchema,
  weeks: rowWeeksSchema,
  version: versionSchema,
  /** the pager date the answer's weeks are cut for; default today */
  pagerDate: plainDateSchema.optional(),
});
export type PickingRowSaveBody = z.infer<typeof pickingRowSaveBodySchema>;

export const pickingRowCreateBodySchema = z.object({
  puc: jsonIdSchema,
  variety: jsonIdSchema,
  packhouse: jsonIdSchema.nullable(),
  ...figuresBodySchema,
  weeks: rowWeeksSchema,
  pagerDate: plainDateSchema.optional(),
});
export type PickingRowCreateBody = z.infer<typeof pickingRowCreateBodySchema>;

export const pickingRowParamsSchema = z.object({ id: idSchema });

/* ---------- capacity ---------- */

export const capacityQuerySchema = z.object({
  pagerDate: plainDateSchema.optional(),
  packhouses: idListQuerySchema,
});
export type CapacityQuery = z.infer<typeof capacityQuerySchema>;

export const capacityWeekSchema = z.object({
  year: z.number().int(),
  week: z.number().int(),
  /** bins of every row addressed to the packhouse in the week */
  totalBins: z.number().int(),
  capacity: z.number().int().nullable(),
  /** null until a capacity is saved for the week */
  version: z.number().int().nullable(),
  /** "Week {n} of {year}" */
  tooltip: z.string(),
  readonly: z.boolean(),
});
export const capacityRowSchema = z.object({
  packhouse: z.number().int(),
  packhouseName: z.string(),
  /** keyed 'yyyy-Www' */
  weeks: z.record(z.string(), capacityWeekSchema),
});
export type CapacityRowResponse = z.infer<typeof capacityRowSchema>;
export const capacityPageSchema = z.object({
  window: pickingScheduleWindowSchema,
  weeks: z.array(pickingScheduleWeekSchema),
  rows: z.array(capacityRowSchema),
});
export type CapacityPage = z.infer<typeof capacityPageSchema>;

export const capacityParamsSchema = z.object({ packhouseId: idSchema });
export const capacitySaveBodySchema = z.object({
  weeks: z
    .array(
      z
        .object({
          year: yearSchema,
          week: weekNumberSchema,
          capacity: capacitySchema,
          /** the week's version as read; null for a week without a saved capacity */
          version: versionSchema.nullable(),
        })
        .refine((w) => isValidIsoWeek(w), { message: 'No such ISO week', path: ['week'] }),
    )
    .min(1)
    .max(PICKING_SAVE_MAX_WEEKS),
  pagerDate: plainDateSchema.optional(),
});
export type CapacitySaveBody = z.infer<typeof capacitySaveBodySchema>;
