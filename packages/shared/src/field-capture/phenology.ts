/**
 * Phenology capture: on a day, the share of a block's trees (0 to 100 %) at one stage of the citrus
 * season (PHENOLOGY_STAGES, in the order a season passes through them). Observations feed the input
 * checks (Pheno columns).
 *
 * Reading needs phenology.view, capturing, editing and deleting phenology.capture. See
 * field-capture.ts for what every capture shares.
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
  withVersion,
} from './field-capture.js';

export const PHENOLOGY_PATHS = {
  /** GET a page of observations (?farmId=&blockId=&from=&to=&page=&pageSize=), POST captures one */
  observations: '/api/phenology/observations',
  /** PUT (with version) and DELETE one observation */
  observation: '/api/phenology/observations/:id',
} as const;

/** The stages of a citrus season, in order. Keys are stored; names are shown. */
export const PHENOLOGY_STAGES = [
  { key: 'dormancy', name: 'Dormancy' },
  { key: 'bud-break', name: 'Bud break' },
  { key: 'flowering', name: 'Flowering' },
  { key: 'petal-drop', name: 'Petal drop' },
  { key: 'fruit-set', name: 'Fruit set' },
  { key: 'cell-division', name: 'Cell division' },
  { key: 'cell-enlargement', name: 'Cell enlargement' },
  { key: 'colour-break', name: 'Colour break' },
  { key: 'maturity', name: 'Maturity' },
] as const;
export type PhenologyStageKey = (typeof PHENOLOGY_STAGES)[number]['key'];
export const PHENOLOGY_STAGE_KEYS = PHENOLOGY_STAGES.map((s) => s.key) as [PhenologyStageKey, ...PhenologyStageKey[]];

export const PHENOLOGY_PERCENT_DECIMALS = 1;

export const PHENOLOGY_MESSAGES = {
  stageUnknown: 'Choose a stage from the list',
  percentRange: 'The share of trees must be from 0 to 100 %, with at most 1 decimal',
} as const;

/** The stable reason key of each of PHENOLOGY_MESSAGES (see reasons.ts). */
export const PHENOLOGY_REASONS = {
  stageUnknown: 'phenology-stage-unknown',
  percentRange: 'phenology-percent-range',
} as const satisfies Record<keyof typeof PHENOLOGY_MESSAGES, string>;

const M = PHENOLOGY_MESSAGES;

const observationShape = {
  farmBlockId: farmBlockIdSchema,
  observedOn: fieldDaySchema,
  stage: z.enum(PHENOLOGY_STAGE_KEYS, { error: M.stageUnknown }),
  percentOfTrees: boundedNumberSchema(0, 100, PHENOLOGY_PERCENT_DECIMALS, M.percentRange),
};

export const createPhenologyObservationBodySchema = z.object({ clientId: clientIdSchema, ...observationShape });
export type CreatePhenologyObservationBody = z.infer<typeof createPhenologyObservationBodySchema>;
export const updatePhenologyObservationBodySchema = withVersion(observationShape);
export type UpdatePhenologyObservationBody = z.infer<typeof updatePhenologyObservationBodySchema>;

export const phenologyObservationsQuerySchema = fieldListQuerySchema({});
export type PhenologyObservationsQuery = z.infer<typeof phenologyObservationsQuerySchema>;

export const phenologyObservationSchema = z.object({
  ...fieldRecordShape,
  observedOn: z.string(),
  stage: z.string(),
  percentOfTrees: z.number(),
});
export type PhenologyObservation = z.infer<typeof phenologyObservationSchema>;
export const phenologyObservationsResponseSchema = fieldPageSchema(phenologyObservationSchema);
export type PhenologyObservationsResponse = z.infer<typeof phenologyObservationsResponseSchema>;
