/**
 * Packhouse management API (docs/domain.md, Packhouses): the organisation's packhouses, the
 * Packhouse Setup dialog's autocomplete, linking an existing packhouse or creating a new one, and
 * removing one from the organisation.
 */
import { z } from 'zod';
import { idSchema, jsonIdSchema } from '../core/common.js';

export const PACKHOUSES_PATHS = {
  /** the organisation's packhouses (linked or owned) */
  list: '/api/packhouses',
  /** existing packhouses not yet in the organisation's list, `?query=` */
  suggestions: '/api/packhouses/suggestions',
  /** remove a packhouse from the organisation (unlink) */
  one: '/api/packhouses/:id',
} as const;


export const PACKHOUSE_NAME_MAX = 200;
export const PACKHOUSE_SHORTNAME_MAX = 50;
export const PACKHOUSE_SUGGESTION_MIN_CHARS = 1;
export const PACKHOUSE_SUGGESTION_MAX = 20;
/** Most packhouses the management list answers. */
export const PACKHOUSE_LIST_MAX = 500;

export const PACKHOUSE_MESSAGES = {
  nameRequired: 'Name is required',
  nameLength: `The packhouse name may be at most ${PACKHOUSE_NAME_MAX} characters`,
  shortnameLength: `The short name may be at most ${PACKHOUSE_SHORTNAME_MAX} characters`,
  /** names are unique ignoring case and spacing (around and inside), across every organisation */
  nameTaken: 'A packhouse with this name already exists',
  alreadyLinked: 'This packhouse is already in the organisation\'s list.',
  inUse: 'This packhouse cannot be removed while the organisation\'s picking schedule has rows for it.',
  owned: 'This packhouse is run by the organisation and cannot be removed from its list.',
  deleteConfirm: 'Are you sure you want to remove this packhouse',
} as const;

/** The stable reason key of each of PACKHOUSE_MESSAGES, sent beside the text (see reasons.ts). */
export const PACKHOUSE_REASONS = {
  nameRequired: 'packhouse-name-required',
  nameLength: 'packhouse-name-too-long',
  shortnameLength: 'packhouse-shortname-too-long',
  nameTaken: 'packhouse-name-taken',
  alreadyLinked: 'packhouse-already-linked',
  inUse: 'packhouse-in-use',
  owned: 'packhouse-owned',
  deleteConfirm: 'packhouse-delete-confirm',
} as const satisfies Record<keyof typeof PACKHOUSE_MESSAGES, string>;

/** Packhouse (management): id, name, shortname. */
export const managedPackhouseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  shortname: z.string().nullable(),
  /** the organisation runs this packhouse */
  owned: z.boolean(),
});
export type ManagedPackhouse = z.infer<typeof managedPackhouseSchema>;
export const managedPackhousesResponseSchema = z.array(managedPackhouseSchema);

export const packhouseSuggestionsQuerySchema = z.object({
  query: z.string().trim().min(PACKHOUSE_SUGGESTION_MIN_CHARS).max(PACKHOUSE_NAME_MAX),
});
export type PackhouseSuggestionsQuery = z.infer<typeof packhouseSuggestionsQuerySchema>;
export const packhouseSuggestionSchema = z.object({ id: z.number().int(), name: z.string(), shortname: z.string().nullable() });
export const packhouseSuggestionsResponseSchema = z.array(packhouseSuggestionSchema);

/**
 * Either `id` of an existing packhouse to link (name and shortname are then ignored), or `name`
 * (and optionally `shortname`) of a new packhouse that the organisation will run.
 */
export const addPackhouseBodySchema = z
  .object({
    id: jsonIdSchema.nullable().optional(),
    name: z.string().trim().max(PACKHOUSE_NAME_MAX, { error: PACKHOUSE_MESSAGES.nameLength }).nullable().optional(),
    shortname: z.string().trim().max(PACKHOUSE_SHORTNAME_MAX, { error: PACKHOUSE_MESSAGES.shortnameLength }).nullable().optional(),
  })
  .refine((body) => (body.id ?? null) !== null || (body.name ?? '') !== '', {
    message: PACKHOUSE_MESSAGES.nameRequired,
    path: ['name'],
  });
export type AddPackhouseBody = z.infer<typeof addPackhouseBodySchema>;

export const packhouseIdParamsSchema = z.object({ id: idSchema });
