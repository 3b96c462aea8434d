/**
 * The packhouse side's lookup calls (docs/domain.md, Farm setup): producers, farms, PUCs, production blocks
 * and varieties, each searched by `?filter=` (contains, ignoring case; empty or absent: all), for
 * pickers that name a row by typing part of it.
 *
 * Every answer lies inside the current organisation and the farms assigned to the caller there
 * (data-rules/farm-scope): a producer is a legal entity that owns one of those farms, a PUC or block lies
 * on one, and a variety is grown on one (a production block of that variety). At most
 * LOOKUP_LIMIT rows, by name; the field names below are the published ones.
 */
import { z } from 'zod';

export const LOOKUP_PATHS = {
  producers: '/api/Producer',
  farms: '/api/packhouse/Farm',
  pucs: '/api/packhouse/puc/GetPucs',
  productionBlocks: '/api/packhouse/ProductionBlock',
  varieties: '/api/packhouse/Variety',
} as const;

export const LOOKUP_LIMIT = 50;
export const LOOKUP_FILTER_MAX = 100;

export const LOOKUP_MESSAGES = {
  filterLength: `The filter may be at most ${LOOKUP_FILTER_MAX} characters`,
} as const;

/** The stable reason key of each of LOOKUP_MESSAGES (see reasons.ts). */
export const LOOKUP_REASONS = {
  filterLength: 'lookup-filter-length',
} as const satisfies Record<keyof typeof LOOKUP_MESSAGES, string>;

export const lookupQuerySchema = z.object({
  filter: z.string().trim().max(LOOKUP_FILTER_MAX, LOOKUP_MESSAGES.filterLength).default(''),
});
export type LookupQuery = z.infer<typeof lookupQuerySchema>;

/** Producer: a legal entity (its id and name). */
export const producerLookupSchema = z.object({ id: z.number().int(), name: z.string() });
/** Farm: id, farm_Name, legal_Entity. */
export const farmLookupSchema = z.object({ id: z.number().int(), farm_Name: z.string(), legal_Entity: z.string() });
/** PUC: id, puc_Name, farm. */
export const pucLookupSchema = z.object({ id: z.number().int(), puc_Name: z.string(), farm: z.string() });
/** Production block: id, production_Block (its code), puc, variety. */
export const productionBlockLookupSchema = z.object({ id: z.number().int(), production_Block: z.string(), puc: z.string(), variety: z.string() });
/** Variety: id, variety_Name. */
export const varietyLookupSchema = z.object({ id: z.number().int(), variety_Name: z.string() });

export type ProducerLookup = z.infer<typeof producerLookupSchema>;
export type FarmLookup = z.infer<typeof farmLookupSchema>;
export type PucLookup = z.infer<typeof pucLookupSchema>;
export type ProductionBlockLookup = z.infer<typeof productionBlockLookupSchema>;
export type VarietyLookup = z.infer<typeof varietyLookupSchema>;
