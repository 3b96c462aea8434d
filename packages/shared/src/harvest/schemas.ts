/**
 * Wire shapes of the harvest reports and the rule for an adjusted estimate (docs/domain.md,
 * Harvest). The server validates with these and the browser builds its form checks from them,
 * so the two cannot drift. Derived figures (remaining tonnes, % complete, variance) are not on the
 * wire: both sides compute them with `figures.ts`.
 */
import { z } from 'zod';
import { INT_MAX, jsonIdSchema } from '../core/common.js';

/** Adjusted tonnes per hectare lies in 0 to 400, both ends allowed (docs/domain.md, Yield estimates). */
export const ADJUSTED_TONNES_PER_HA_MIN = 0;
export const ADJUSTED_TONNES_PER_HA_MAX = 400;
export const ADJUSTED_TONNES_PER_HA_MESSAGE = `Adjusted T/Ha must be a number from ${ADJUSTED_TONNES_PER_HA_MIN} to ${ADJUSTED_TONNES_PER_HA_MAX}`;
/** No orchard block comes near this; it only keeps absurd numbers out of the database. */
export const BLOCK_HA_MAX = 100_000;

/**
 * One message for every way the value can be wrong (empty input arrives as NaN, text as a string),
 * because the person at the cell only needs to know the allowed range.
 */
export const adjustedTonnesPerHaSchema = z
  .number({ error: ADJUSTED_TONNES_PER_HA_MESSAGE })
  .min(ADJUSTED_TONNES_PER_HA_MIN, { error: ADJUSTED_TONNES_PER_HA_MESSAGE })
  .max(ADJUSTED_TONNES_PER_HA_MAX, { error: ADJUSTED_TONNES_PER_HA_MESSAGE });

/**
 * Saving a block yield estimate. `tonnes_Per_Ha` carries the adjusted value; `version` is the
 * version of the estimate the editor started from (0 when the block had none), so a save based on
 * a stale row can be refused with 412 instead of overwriting someone else's estimate.
 */
export const blockEstimateSaveBodySchema = z.object({
  production_Block: jsonIdSchema,
  /** the row's hectares as shown; null or missing when it showed none (the stored figure is kept, see estimateSaveHa) */
  ha: z.number().min(0).max(BLOCK_HA_MAX).nullable().optional(),
  tonnes_Per_Ha: adjustedTonnesPerHaSchema,
  version: z.number().int().min(0).max(INT_MAX),
});
export type BlockEstimateSaveBody = z.infer<typeof blockEstimateSaveBodySchema>;

/**
 * Fruit bin report row, one per production block. `citrii_Block_Id` is null when the production
 * block is not linked to a farm block (a shaded, read-only row). Estimates are null when none was
 * captured; 0 is a real estimate. `version` is the latest estimate's version, 0 when none exists.
 */
export const blockReportRowSchema = z.object({
  puc: z.string(),
  citrii_Block: z.string().nullable(),
  citrii_Block_Id: z.number().int().positive().nullable(),
  production_Block: z.number().int().positive(),
  variety: z.string(),
  ha: z.number().min(0).nullable(),
  not_Tipped: z.number().int().min(0),
  tipped: z.number().int().min(0),
  tipped_Kgs: z.number().min(0),
  tonnes_Per_Ha: z.number().min(0).nullable(),
  tonnes_Per_Ha_Adjusted: z.number().min(0).nullable(),
  version: z.number().int().min(0),
});
export type BlockReportRow = z.infer<typeof blockReportRowSchema>;
export const blockReportResponseSchema = z.array(blockReportRowSchema);

/**
 * Per-PUC aggregate of the harvest PUC report. `remaining_Tonnes` is already the sum of the
 * positive remainders of the PUC's blocks (see `pucAggregate`), so it is never negative.
 */
export const pucReportRowSchema = z.object({
  puc: z.string(),
  not_Tipped: z.number().int().min(0),
  tipped: z.number().int().min(0),
  tipped_Kgs: z.number().min(0),
  remaining_Tonnes: z.number().min(0),
  completedBlocks: z.number().int().min(0),
  incompleteBlocks: z.number().int().min(0),
});
export type PucReportRow = z.infer<typeof pucReportRowSchema>;
export const pucReportResponseSchema = z.array(pucReportRowSchema);
