/**
 * The attention list (docs/domain.md, Attention list: `GET /api/action/GetAttentionList` and
 * `POST /api/action/ConfirmAction?type=&action=&action_value=`, no body; the responses are ours).
 *
 * An attention item is something in the current organisation that needs the signed-in user's
 * decision. The product produces them itself, per user, from what that user may see:
 * - `capacity`: a picking week planned over a packhouse's capacity (the bins of every row addressed
 *   to an owned packhouse in an ISO week, from the current week on, above its capacity for that
 *   week), for users who may read the capacity table (picking.view);
 * - `estimate`: the latest yield estimate of a block on one of the user's farms, in the season the
 *   reports show, saved by someone else, for users who read and edit estimates (harvest.reports and
 *   harvest.estimates.edit).
 * - `input-checks`: a farm of the user's whose input checks are stale (input-checks/figures.ts:
 *   for some kind of record a block has none or is INPUT_CHECKS_STALE_DAYS old), for users who see
 *   the input checks report (management.inputChecks); one item per farm and ISO week, so a
 *   dismissed farm comes back the next week while it stays stale.
 *
 * Each item is identified by type and `actionValue` and is confirmed or dismissed once per user and
 * organisation. The value names what changed (the week, the estimate id), so a new over-capacity
 * week or a newer estimate after a decision is a new item.
 */
import { z } from 'zod';
import { INPUT_CHECK_KINDS } from '../input-checks/figures.js';
import { parseId } from '../core/common.js';

export const ATTENTION_PATHS = {
  /** the product's published path, served case-insensitively */
  list: '/api/action/GetAttentionList',
  /** the product's published path: ?type=&action=&action_value=, no body */
  confirm: '/api/action/ConfirmAction',
} as const;

export const ATTENTION_TYPES = ['capacity', 'estimate', 'input-checks'] as const;
export type AttentionType = (typeof ATTENTION_TYPES)[number];

export const ATTENTION_ACTIONS = ['confirm', 'dismiss'] as const;
export type AttentionAction = (typeof ATTENTION_ACTIONS)[number];

/** The client paths an item links to: the capacity table, the block report of the block's PUC. */
export const ATTENTION_LINKS = {
  capacity: '/packhouse/pickingschedulepackhouse',
  estimate: (pucId: number) => `/packhouse/harvestblockreport?puc=${pucId}`,
  inputChecks: '/management/inputchecks',
} as const;

/** The most items one answer lists (newest first); `count` still counts every open item. */
export const ATTENTION_LIST_MAX = 100;

export const ATTENTION_MESSAGES = {
  typeUnknown: 'The attention item type is not known.',
  actionUnknown: 'The action must be confirm or dismiss.',
  valueInvalid: 'The attention item value does not fit its type.',
  alreadyDecided: 'This item was already decided otherwise.',
} as const;

/** The stable reason key of each of ATTENTION_MESSAGES, sent beside the text (see reasons.ts). */
export const ATTENTION_REASONS = {
  typeUnknown: 'attention-type-unknown',
  actionUnknown: 'attention-action-unknown',
  valueInvalid: 'attention-value-invalid',
  alreadyDecided: 'attention-already-decided',
} as const satisfies Record<keyof typeof ATTENTION_MESSAGES, string>;

/* ---------- action values ---------- */

const CAPACITY_VALUE = /^([1-9][0-9]{0,9}):([0-9]{4})-W([0-9]{2})$/;

/** `<packhouse id>:<year>-W<week, two digits>`, e.g. `12:2026-W09`. */
export function capacityActionValue(packhouseId: number, year: number, week: number): string {
  return `${packhouseId}:${year}-W${String(week).padStart(2, '0')}`;
}

export function parseCapacityActionValue(value: string): { packhouseId: number; year: number; week: number } | null {
  const m = CAPACITY_VALUE.exec(value);
  if (!m) return null;
  const [packhouseId, year, week] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (packhouseId > 2_147_483_647 || week < 1 || week > 53) return null;
  return { packhouseId, year, week };
}

/** The estimate's id. */
export function parseEstimateActionValue(value: string): number | null {
  return parseId(value);
}

/** `<farm id>:<year>-W<week, two digits>`, e.g. `7:2026-W09`: the farm, in the ISO week it was stale. */
export function inputChecksActionValue(farmId: number, year: number, week: number): string {
  return capacityActionValue(farmId, year, week);
}

export function parseInputChecksActionValue(value: string): { farmId: number; year: number; week: number } | null {
  const parsed = parseCapacityActionValue(value);
  return parsed && { farmId: parsed.packhouseId, year: parsed.year, week: parsed.week };
}

const valueFits: Record<AttentionType, (value: string) => boolean> = {
  capacity: (value) => parseCapacityActionValue(value) !== null,
  estimate: (value) => parseEstimateActionValue(value) !== null,
  'input-checks': (value) => parseInputChecksActionValue(value) !== null,
};

/* ---------- requests ---------- */

export const confirmActionQuerySchema = z
  .object({
    type: z.enum(ATTENTION_TYPES, { error: ATTENTION_MESSAGES.typeUnknown }),
    action: z.enum(ATTENTION_ACTIONS, { error: ATTENTION_MESSAGES.actionUnknown }),
    action_value: z.string({ error: ATTENTION_MESSAGES.valueInvalid }).max(64, { error: ATTENTION_MESSAGES.valueInvalid }),
  })
  .superRefine((query, ctx) => {
    if (!valueFits[query.type](query.action_value)) {
      ctx.addIssue({ code: 'custom', path: ['action_value'], message: ATTENTION_MESSAGES.valueInvalid });
    }
  });
export type ConfirmActionQuery = z.infer<typeof confirmActionQuerySchema>;

/* ---------- responses ---------- */

const itemBase = {
  /** identifies the item with its type; sent back as action_value */
  actionValue: z.string(),
  /** when the item arose (ISO 8601): newest first */
  at: z.string(),
  /** the client path of the screen it concerns */
  link: z.string(),
  actions: z.array(z.enum(ATTENTION_ACTIONS)),
};

export const capacityAttentionItemSchema = z.object({
  type: z.literal('capacity'),
  ...itemBase,
  packhouseId: z.number().int(),
  packhouseName: z.string(),
  year: z.number().int(),
  week: z.number().int(),
  totalBins: z.number().int(),
  capacity: z.number().int(),
});

export const estimateAttentionItemSchema = z.object({
  type: z.literal('estimate'),
  ...itemBase,
  estimateId: z.number().int(),
  productionBlockId: z.number().int(),
  blockCode: z.string(),
  pucId: z.number().int(),
  pucName: z.string(),
  farmName: z.string(),
  season: z.number().int(),
  tonnesPerHaAdjusted: z.number().nullable(),
  /** the estimate it replaced (null for a block's first) */
  previousTonnesPerHaAdjusted: z.number().nullable(),
  changedByName: z.string().nullable(),
});

export const inputChecksAttentionItemSchema = z.object({
  type: z.literal('input-checks'),
  ...itemBase,
  farmId: z.number().int(),
  farmName: z.string(),
  /** each stale kind with its Oldest age (whole days, null: No Data) */
  kinds: z.array(z.object({ kind: z.enum(INPUT_CHECK_KINDS), oldest: z.number().int().nullable() })),
});

export const attentionItemSchema = z.discriminatedUnion('type', [capacityAttentionItemSchema, estimateAttentionItemSchema, inputChecksAttentionItemSchema]);
export type AttentionItem = z.infer<typeof attentionItemSchema>;
export type CapacityAttentionItem = z.infer<typeof capacityAttentionItemSchema>;
export type EstimateAttentionItem = z.infer<typeof estimateAttentionItemSchema>;
export type InputChecksAttentionItem = z.infer<typeof inputChecksAttentionItemSchema>;

export const attentionListResponseSchema = z.object({
  /** every open item, also those past ATTENTION_LIST_MAX */
  count: z.number().int(),
  items: z.array(attentionItemSchema),
});
export type AttentionListResponse = z.infer<typeof attentionListResponseSchema>;

export const confirmActionResponseSchema = z.object({
  type: z.enum(ATTENTION_TYPES),
  action: z.enum(ATTENTION_ACTIONS),
  actionValue: z.string(),
  /** ISO 8601 */
  decidedAt: z.string(),
});
export type ConfirmActionResponse = z.infer<typeof confirmActionResponseSchema>;
