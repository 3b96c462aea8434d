/**
 * Traps: a trap placed in a farm block (its type, the lure that draws one pest, where it hangs, and
 * the days it is active: from, and to when it was taken down), and trap inspections (the day a trap
 * was emptied and how many of its pest it held).
 *
 * An inspection's day lies within its trap's active days (and never in the future); a trap whose
 * inspections fall outside new active days cannot get them (400 inspectionsOutside), and a trap
 * with inspections cannot be deleted (409 trapInUse). Reading needs traps.view, capturing, editing
 * and deleting traps.capture. See field-capture.ts for what every capture shares.
 */
import { z } from 'zod';
import { isDayInRange } from '../core/calendar.js';
import { FARM_SETUP_MESSAGES } from '../farm-setup/farm-setup.js';
import { idSchema } from '../core/common.js';
import {
  FIELD_CAPTURE_MESSAGES,
  clientIdSchema,
  farmBlockIdSchema,
  fieldDaySchema,
  fieldListQuerySchema,
  fieldNoteSchema,
  fieldPageSchema,
  fieldRecordShape,
  requiredIdSchema,
  withVersion,
} from './field-capture.js';

export const TRAPS_PATHS = {
  /** GET a page of traps (?farmId=&blockId=&from=&to=: active on a day of the range), POST places one */
  traps: '/api/traps',
  /** PUT (with version) and DELETE one trap */
  trap: '/api/traps/:id',
  /** GET a page of inspections (?farmId=&blockId=&trapId=&from=&to=), POST captures one */
  inspections: '/api/trap-inspections',
  /** PUT (with version) and DELETE one inspection */
  inspection: '/api/trap-inspections/:id',
} as const;

export const TRAP_TYPES = [
  { key: 'delta', name: 'Delta trap' },
  { key: 'bucket', name: 'Bucket trap' },
  { key: 'mcphail', name: 'McPhail trap' },
  { key: 'sticky-card', name: 'Yellow sticky card' },
] as const;
export type TrapTypeKey = (typeof TRAP_TYPES)[number]['key'];
export const TRAP_TYPE_KEYS = TRAP_TYPES.map((t) => t.key) as [TrapTypeKey, ...TrapTypeKey[]];

/** Each lure draws one pest of the scouting catalogue (SCOUTING_PESTS key). */
export const TRAP_LURES = [
  { key: 'fcm-pheromone', name: 'False codling moth pheromone', pest: 'false-codling-moth' },
  { key: 'capilure', name: 'Capilure (fruit fly)', pest: 'fruit-fly' },
  { key: 'questlure', name: 'Questlure (fruit fly)', pest: 'fruit-fly' },
  { key: 'red-scale-pheromone', name: 'Red scale pheromone', pest: 'red-scale' },
  { key: 'bollworm-pheromone', name: 'Bollworm pheromone', pest: 'bollworm' },
  { key: 'none', name: 'No lure (colour only)', pest: 'citrus-thrips' },
] as const;
export type TrapLureKey = (typeof TRAP_LURES)[number]['key'];
export const TRAP_LURE_KEYS = TRAP_LURES.map((l) => l.key) as [TrapLureKey, ...TrapLureKey[]];

export const TRAP_CODE_MAX = 20;
export const TRAP_COUNT_MAX = 100_000;

export const TRAP_MESSAGES = {
  typeUnknown: 'Choose a trap type from the list',
  lureUnknown: 'Choose a lure from the list',
  codeLength: `The trap code may be at most ${TRAP_CODE_MAX} characters`,
  latitudeRequired: 'Latitude is required',
  longitudeRequired: 'Longitude is required',
  activeFromRequired: 'Enter the day the trap was placed',
  activeToBeforeFrom: 'The trap cannot be taken down before it was placed',
  trapRequired: 'Choose a trap',
  countRange: `The count must be a whole number from 0 to ${TRAP_COUNT_MAX}`,
  inspectionOutsideActive: "The inspection day must lie within the trap's active days",
  inspectionsOutside: "The trap has inspections outside these active days",
  trapInUse: 'This trap cannot be deleted: it has inspections',
} as const;

/** The stable reason key of each of TRAP_MESSAGES (see reasons.ts). */
export const TRAP_REASONS = {
  typeUnknown: 'trap-type-unknown',
  lureUnknown: 'trap-lure-unknown',
  codeLength: 'trap-code-length',
  latitudeRequired: 'trap-latitude-required',
  longitudeRequired: 'trap-longitude-required',
  activeFromRequired: 'trap-active-from-required',
  activeToBeforeFrom: 'trap-active-to-before-from',
  trapRequired: 'trap-required',
  countRange: 'trap-count-range',
  inspectionOutsideActive: 'trap-inspection-outside-active',
  inspectionsOutside: 'trap-inspections-outside',
  trapInUse: 'trap-in-use',
} as const satisfies Record<keyof typeof TRAP_MESSAGES, string>;

const M = TRAP_MESSAGES;

const coordinate = (required: string, range: string, limit: number) =>
  z.number({ error: required }).min(-limit, { message: range }).max(limit, { message: range });

const trapShape = {
  farmBlockId: farmBlockIdSchema,
  trapType: z.enum(TRAP_TYPE_KEYS, { error: M.typeUnknown }),
  lure: z.enum(TRAP_LURE_KEYS, { error: M.lureUnknown }),
  /** the label on the trap, if any */
  code: z
    .string({ error: M.codeLength })
    .trim()
    .max(TRAP_CODE_MAX, { message: M.codeLength })
    .nullable()
    .default(null)
    .transform((code) => (code === '' ? null : code)),
  lat: coordinate(M.latitudeRequired, FARM_SETUP_MESSAGES.latitudeRange, 90),
  lng: coordinate(M.longitudeRequired, FARM_SETUP_MESSAGES.longitudeRange, 180),
  activeFrom: z.string({ error: M.activeFromRequired }).refine(isDayInRange, { message: FIELD_CAPTURE_MESSAGES.dayInvalid }),
  /** null: still hanging */
  activeTo: fieldDaySchema.nullable().default(null),
};

const checkTrap = (t: { activeFrom: string; activeTo: string | null }, ctx: z.RefinementCtx) => {
  if (t.activeTo !== null && t.activeTo < t.activeFrom) ctx.addIssue({ code: 'custom', path: ['activeTo'], message: M.activeToBeforeFrom });
};

export const createTrapBodySchema = z.object({ clientId: clientIdSchema, ...trapShape }).superRefine(checkTrap);
export type CreateTrapBody = z.infer<typeof createTrapBodySchema>;
export const updateTrapBodySchema = withVersion(trapShape).superRefine(checkTrap);
export type UpdateTrapBody = z.infer<typeof updateTrapBodySchema>;

export const trapsQuerySchema = fieldListQuerySchema({});
export type TrapsQuery = z.infer<typeof trapsQuerySchema>;

export const trapSchema = z.object({
  ...fieldRecordShape,
  trapType: z.string(),
  lure: z.string(),
  code: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  activeFrom: z.string(),
  activeTo: z.string().nullable(),
  /** the day of its latest inspection, null when none */
  lastInspectedOn: z.string().nullable(),
});
export type Trap = z.infer<typeof trapSchema>;
export const trapsResponseSchema = fieldPageSchema(trapSchema);
export type TrapsResponse = z.infer<typeof trapsResponseSchema>;

const inspectionShape = {
  inspectedOn: fieldDaySchema,
  count: z
    .number({ error: M.countRange })
    .int({ message: M.countRange })
    .min(0, { message: M.countRange })
    .max(TRAP_COUNT_MAX, { message: M.countRange }),
  note: fieldNoteSchema,
};

export const createTrapInspectionBodySchema = z.object({
  clientId: clientIdSchema,
  trapId: requiredIdSchema(M.trapRequired),
  ...inspectionShape,
});
export type CreateTrapInspectionBody = z.infer<typeof createTrapInspectionBodySchema>;
/** An inspection stays with its trap; its day, count and note change. */
export const updateTrapInspectionBodySchema = withVersion(inspectionShape);
export type UpdateTrapInspectionBody = z.infer<typeof updateTrapInspectionBodySchema>;

export const trapInspectionsQuerySchema = fieldListQuerySchema({ trapId: idSchema.optional() });
export type TrapInspectionsQuery = z.infer<typeof trapInspectionsQuerySchema>;

export const trapInspectionSchema = z.object({
  ...fieldRecordShape,
  trapId: z.number().int(),
  trapType: z.string(),
  lure: z.string(),
  trapCode: z.string().nullable(),
  inspectedOn: z.string(),
  count: z.number().int(),
  note: z.string().nullable(),
});
export type TrapInspection = z.infer<typeof trapInspectionSchema>;
export const trapInspectionsResponseSchema = fieldPageSchema(trapInspectionSchema);
export type TrapInspectionsResponse = z.infer<typeof trapInspectionsResponseSchema>;
