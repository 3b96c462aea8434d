/**
 * Irrigation capture: tensiometer readings (a block's station, the depth of the tensiometer and the
 * soil water tension it shows in kPa, on a day) and water applied to a block (an amount in mm or
 * m3, on a day). Both feed the input checks (Tensio and Water Applied columns).
 *
 * Reading tensiometer readings needs reports.tensio, water applied water.view; capturing, editing
 * and deleting either needs irrigation.capture. See field-capture.ts for what every capture shares.
 */
import { z } from 'zod';
import {
  boundedNumberSchema,
  clientIdSchema,
  farmBlockIdSchema,
  fieldDaySchema,
  fieldListQuerySchema,
  fieldPageSchema,
  fieldRecordShape,
  hasAtMostDecimals,
  withVersion,
} from './field-capture.js';

export const IRRIGATION_PATHS = {
  /** GET a page of readings (?farmId=&blockId=&from=&to=&page=&pageSize=), POST captures one */
  tensiometerReadings: '/api/irrigation/tensiometer-readings',
  /** PUT (with version) and DELETE one reading */
  tensiometerReading: '/api/irrigation/tensiometer-readings/:id',
  /** GET a page of water applied records, POST captures one */
  waterApplied: '/api/irrigation/water-applied',
  /** PUT (with version) and DELETE one record */
  waterAppliedRecord: '/api/irrigation/water-applied/:id',
} as const;

export const TENSIOMETER_STATION_MAX = 20;
export const TENSIOMETER_DEPTH_MIN_CM = 5;
export const TENSIOMETER_DEPTH_MAX_CM = 200;
/** Tensiometers read from 0 (saturated) to about 85 kPa; the gauge stops at 100. */
export const TENSIOMETER_KPA_MAX = 100;
export const TENSIOMETER_KPA_DECIMALS = 1;

export const WATER_UNITS = ['mm', 'm3'] as const;
export type WaterUnit = (typeof WATER_UNITS)[number];
/** The most one record may hold, per unit: a day's irrigation of a block. */
export const WATER_AMOUNT_MAX: Record<WaterUnit, number> = { mm: 500, m3: 100_000 };
export const WATER_AMOUNT_DECIMALS = 2;

export const IRRIGATION_MESSAGES = {
  stationRequired: 'Station is required',
  stationLength: `The station may be at most ${TENSIOMETER_STATION_MAX} characters`,
  depthRange: `The depth must be a whole number of centimetres from ${TENSIOMETER_DEPTH_MIN_CM} to ${TENSIOMETER_DEPTH_MAX_CM}`,
  kpaRange: `The reading must be from 0 to ${TENSIOMETER_KPA_MAX} kPa, with at most ${TENSIOMETER_KPA_DECIMALS} decimal`,
  unitUnknown: 'The unit must be mm or m3',
  amountRange: (unit: string, max: number) => `The amount must be more than 0 and at most ${max} ${unit}, with at most 2 decimals`,
} as const;

/** The stable reason key of each of IRRIGATION_MESSAGES (see reasons.ts). */
export const IRRIGATION_REASONS = {
  stationRequired: 'tensiometer-station-required',
  stationLength: 'tensiometer-station-length',
  depthRange: 'tensiometer-depth-range',
  kpaRange: 'tensiometer-kpa-range',
  unitUnknown: 'water-unit-unknown',
  amountRange: 'water-amount-range',
} as const satisfies Record<keyof typeof IRRIGATION_MESSAGES, string>;

const M = IRRIGATION_MESSAGES;

/** 'The amount must be more than 0 and at most 500 mm, with at most 2 decimals' */
export function waterAmountMessage(unit: WaterUnit): string {
  return M.amountRange(unit, WATER_AMOUNT_MAX[unit]);
}

export function isWaterAmount(amount: number, unit: WaterUnit): boolean {
  return amount > 0 && amount <= WATER_AMOUNT_MAX[unit] && hasAtMostDecimals(amount, WATER_AMOUNT_DECIMALS);
}

// tensiometer readings

const tensiometerShape = {
  farmBlockId: farmBlockIdSchema,
  /** the station's label in the block, e.g. S1 */
  station: z
    .string({ error: M.stationRequired })
    .trim()
    .min(1, { message: M.stationRequired, abort: true })
    .max(TENSIOMETER_STATION_MAX, { message: M.stationLength }),
  depthCm: z
    .number({ error: M.depthRange })
    .int({ message: M.depthRange })
    .min(TENSIOMETER_DEPTH_MIN_CM, { message: M.depthRange })
    .max(TENSIOMETER_DEPTH_MAX_CM, { message: M.depthRange }),
  kpa: boundedNumberSchema(0, TENSIOMETER_KPA_MAX, TENSIOMETER_KPA_DECIMALS, M.kpaRange),
  readOn: fieldDaySchema,
};

export const createTensiometerReadingBodySchema = z.object({ clientId: clientIdSchema, ...tensiometerShape });
export type CreateTensiometerReadingBody = z.infer<typeof createTensiometerReadingBodySchema>;
export const updateTensiometerReadingBodySchema = withVersion(tensiometerShape);
export type UpdateTensiometerReadingBody = z.infer<typeof updateTensiometerReadingBodySchema>;

export const tensiometerReadingsQuerySchema = fieldListQuerySchema({});
export type TensiometerReadingsQuery = z.infer<typeof tensiometerReadingsQuerySchema>;

export const tensiometerReadingSchema = z.object({
  ...fieldRecordShape,
  station: z.string(),
  depthCm: z.number().int(),
  kpa: z.number(),
  readOn: z.string(),
});
export type TensiometerReading = z.infer<typeof tensiometerReadingSchema>;
export const tensiometerReadingsResponseSchema = fieldPageSchema(tensiometerReadingSchema);
export type TensiometerReadingsResponse = z.infer<typeof tensiometerReadingsResponseSchema>;

// water applied

const waterShape = {
  farmBlockId: farmBlockIdSchema,
  appliedOn: fieldDaySchema,
  amount: z.number({ error: waterAmountMessage('mm') }),
  unit: z.enum(WATER_UNITS, { error: M.unitUnknown }),
};

/** The amount's limit depends on its unit. */
function checkWater(w: { amount: number; unit: WaterUnit }, ctx: z.RefinementCtx) {
  if (!isWaterAmount(w.amount, w.unit)) ctx.addIssue({ code: 'custom', path: ['amount'], message: waterAmountMessage(w.unit) });
}

export const createWaterAppliedBodySchema = z.object({ clientId: clientIdSchema, ...waterShape }).superRefine(checkWater);
export type CreateWaterAppliedBody = z.infer<typeof createWaterAppliedBodySchema>;
export const updateWaterAppliedBodySchema = withVersion(waterShape).superRefine(checkWater);
export type UpdateWaterAppliedBody = z.infer<typeof updateWaterAppliedBodySchema>;

export const waterAppliedQuerySchema = fieldListQuerySchema({});
export type WaterAppliedQuery = z.infer<typeof waterAppliedQuerySchema>;

export const waterAppliedSchema = z.object({
  ...fieldRecordShape,
  appliedOn: z.string(),
  amount: z.number(),
  unit: z.enum(WATER_UNITS),
});
export type WaterApplied = z.infer<typeof waterAppliedSchema>;
export const waterAppliedResponseSchema = fieldPageSchema(waterAppliedSchema);
export type WaterAppliedResponse = z.infer<typeof waterAppliedResponseSchema>;
