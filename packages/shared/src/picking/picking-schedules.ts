/**
 * Picking schedules API: the filter options and reference lists, and the row, body and response
 * shapes of the picking schedule by PUC (daily bin cells) and of the producer and packhouse views
 * (weekly picking estimate rows). Paths and query schemas are in picking.ts.
 */
import { z } from 'zod';
import { binCountSchema } from './rules.js';
import { isValidIsoWeek } from './weeks.js';
import { INT_MAX, jsonIdSchema, versionSchema } from '../core/common.js';
import { PICKING_SAVE_MAX_WEEKS, plainDateSchema } from './picking.js';
import { weekNumberSchema, yearSchema } from './picking-week-fields.js';

/* ---------- filter options and reference lists ---------- */

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

/** A picking estimate row (docs/domain.md, Picking Schedule). `id` is the stored row's id (unique, so it also serves as the local index). */
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
