/**
 * Packhouse capacity API: the query, rows and save body of the capacity table of the packhouses
 * the organisation owns, on the producer view's week window. Paths are in picking.ts.
 */
import { z } from 'zod';
import { capacitySchema } from './rules.js';
import { isValidIsoWeek } from './weeks.js';
import { idSchema, versionSchema } from '../core/common.js';
import { pickingIdListQuerySchema, PICKING_SAVE_MAX_WEEKS, plainDateSchema } from './picking.js';
import { pickingScheduleWeekSchema, pickingScheduleWindowSchema } from './picking-schedules.js';
import { weekNumberSchema, yearSchema } from './picking-week-fields.js';

export const capacityQuerySchema = z.object({
  pagerDate: plainDateSchema.optional(),
  packhouses: pickingIdListQuerySchema,
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
