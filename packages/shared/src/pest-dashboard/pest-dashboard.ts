/**
 * Pest dashboard API (docs/domain.md, Dashboard and pest dashboard; `dashboard` and `pest-dashboard` are one screen).
 *
 * - `GET dashboard?date=&farms=`: the four panels in one answer, for the window of the chosen day
 *   (figures in pest-dashboard/figures.ts and trap-figures.ts). One answer because Apply loads the
 *   four panels from one filter: the farms, blocks and thresholds are read once, the panels agree
 *   with each other, and the dashboard is one figure to measure. `date` defaults to today and may
 *   not lie after it (400 dayInFuture); `farms` omitted: every farm the caller may see; a farm they
 *   may not see (not assigned, another organisation's, unknown) answers 404.
 * - `GET farms`: the Farm filter's options.
 * - `GET season`: the season at a glance above the panels, each part only for a caller who may see
 *   it (null otherwise): harvest (harvest.reports), bins this ISO week (picking.view), scouting
 *   (dashboard.pest).
 * - thresholds: @orchard/shared/pest-thresholds (PEST_THRESHOLDS_PATH).
 *
 * The dashboard and farms need dashboard.pest; everything lies inside the current organisation and
 * on the farms assigned to the caller there.
 */
import { z } from 'zod';
import { fieldDaySchema } from '../field-capture/field-capture.js';
import { farmIdsQuerySchema } from '../farm-operations/farm-operations.js';

export const PEST_DASHBOARD_PATHS = {
  dashboard: '/api/pest-dashboard',
  farms: '/api/pest-dashboard/farms',
  season: '/api/pest-dashboard/season',
} as const;

export const pestDashboardQuerySchema = z.object({ farms: farmIdsQuerySchema, date: fieldDaySchema.optional() });
export type PestDashboardQuery = z.infer<typeof pestDashboardQuerySchema>;

const status = z.enum(['below', 'near', 'over']).nullable();
const place = {
  farmId: z.number().int(),
  farmName: z.string(),
  blockId: z.number().int(),
  blockName: z.string(),
};
const scouted = { sessions: z.number().int(), lastSessionId: z.number().int(), lastScoutedOn: z.string() };

export const infectionRowSchema = z.object({
  ...place,
  pest: z.string(),
  pestName: z.string(),
  pointsInspected: z.number().int(),
  pointsInfested: z.number().int(),
  sharePercent: z.number(),
  thresholdPercent: z.number().nullable(),
  status,
  ...scouted,
});

export const trapCountSeriesSchema = z.object({
  trapType: z.string(),
  trapTypeName: z.string(),
  pest: z.string(),
  pestName: z.string(),
  thresholdCount: z.number().nullable(),
  traps: z.number().int(),
  overDays: z.number().int(),
  days: z.array(
    z.object({
      day: z.string(),
      inspections: z.number().int(),
      totalCount: z.number().int(),
      meanCount: z.number().nullable(),
      maxCount: z.number().int().nullable(),
      status,
    }),
  ),
});

export const trapOverThresholdSchema = z.object({
  ...place,
  trapId: z.number().int(),
  code: z.string().nullable(),
  trapType: z.string(),
  trapTypeName: z.string(),
  pest: z.string(),
  pestName: z.string(),
  lat: z.number(),
  lng: z.number(),
  lastInspectionId: z.number().int(),
  lastInspectedOn: z.string(),
  lastCount: z.number().int(),
  thresholdCount: z.number(),
  overSince: z.string(),
  daysOver: z.number().int(),
});

export const scoutingFrequencyRowSchema = z.object({
  ...place,
  lastSessionId: z.number().int().nullable(),
  lastScoutedOn: z.string().nullable(),
  daysSince: z.number().int().nullable(),
  requiredDays: z.number().int(),
  status: z.enum(['on-time', 'overdue', 'never']),
});

export const pestDashboardResponseSchema = z.object({
  /** the chosen day, and the window's first and last day (both included) */
  date: z.string(),
  from: z.string(),
  to: z.string(),
  /** true while the organisation works with the default thresholds */
  defaultThresholds: z.boolean(),
  infection: z.object({
    rows: z.array(infectionRowSchema),
    /** blocks scouted in the window without any observation point: no share to show */
    blocksWithoutPoints: z.array(z.object({ ...place, ...scouted })),
  }),
  trapCounts: z.object({ series: z.array(trapCountSeriesSchema) }),
  trapsOverThreshold: z.object({ rows: z.array(trapOverThresholdSchema) }),
  scoutingFrequency: z.object({
    requiredDays: z.number().int(),
    blocks: z.array(scoutingFrequencyRowSchema),
    /** the input checks' compact variant: per farm, Scouting Last and Oldest in days (null: No Data) */
    farms: z.array(
      z.object({
        farmId: z.number().int(),
        farmName: z.string(),
        last: z.number().int().nullable(),
        oldest: z.number().int().nullable(),
        oldestId: z.number().int().nullable(),
        oldestIds: z.array(z.string()),
      }),
    ),
  }),
});
export type PestDashboardResponse = z.infer<typeof pestDashboardResponseSchema>;

export const pestDashboardFarmsResponseSchema = z.array(z.object({ id: z.number().int(), farmName: z.string() }));
export type PestDashboardFarms = z.infer<typeof pestDashboardFarmsResponseSchema>;

export const seasonAtAGlanceResponseSchema = z.object({
  /** today, South African */
  today: z.string(),
  /** the Harvest PUC report's totals for the season it shows by default; null without harvest.reports */
  harvest: z
    .object({
      season: z.number().int(),
      /** Combined Tonnes (tipped plus estimated untipped) */
      harvestedTonnes: z.number(),
      /** Remaining Tonnes of the adjusted estimates */
      remainingTonnes: z.number(),
      /** harvested + remaining: what the season's estimates add up to */
      estimateTonnes: z.number(),
      /** harvested / estimate x 100, null without an estimate */
      percentComplete: z.number().nullable(),
      blocksEstimated: z.string(),
    })
    .nullable(),
  /** bins scheduled this ISO week to the packhouses the organisation runs, beside their capacity; null without picking.view */
  packhouseWeek: z
    .object({
      year: z.number().int(),
      week: z.number().int(),
      packhouses: z.array(z.object({ packhouseId: z.number().int(), packhouseName: z.string(), bins: z.number(), capacity: z.number().nullable() })),
      totalBins: z.number(),
      /** the sum of the capacities entered; null when none is */
      totalCapacity: z.number().nullable(),
    })
    .nullable(),
  /** blocks of the caller's farms overdue for scouting today; null without dashboard.pest */
  scouting: z.object({ requiredDays: z.number().int(), overdueBlocks: z.number().int(), neverScouted: z.number().int(), blocks: z.number().int() }).nullable(),
});
export type SeasonAtAGlanceResponse = z.infer<typeof seasonAtAGlanceResponseSchema>;
