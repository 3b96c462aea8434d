/** The production block form's rules: the shared body schema, with the planting year checked against this year. */
import { z } from 'zod';
import { PLANTING_YEAR_MIN, plantingYearMessage, productionBlockBodySchema } from '@orchard/shared/farm-setup';

/** `year`: this year, the latest planting year (the server holds the same rule on its clock). */
export function blockFormSchema(year: number) {
  const message = plantingYearMessage(year);
  return productionBlockBodySchema.extend({
    plantingYear: z.number({ error: message }).int(message).min(PLANTING_YEAR_MIN, message).max(year, message).nullable().default(null),
  });
}

/** Hectares are kept with at most 4 decimals (the shared hectares rule). */
export const HA_DECIMALS = 4;
