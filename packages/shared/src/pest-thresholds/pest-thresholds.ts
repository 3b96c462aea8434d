/**
 * The pest dashboard's thresholds, kept per organisation by its administrator (dashboard.thresholds):
 * - an action threshold per scouting pest: the share of observation points infested (percent) from
 *   which the pest calls for action;
 * - a threshold per trap type and pest (the pest its lure draws): the count per inspection from
 *   which a trap calls for action;
 * - the scouting frequency: a block is due for scouting every so many days.
 *
 * An organisation that never saved its thresholds works with the citrus defaults below (answered
 * with `isDefault` true and version 0); its first save stores its own set, and from then on only
 * that set counts (a pest left out has no threshold). The defaults are therefore not copied into
 * every organisation, and a new organisation needs no setup step. Saves replace the whole set and
 * name the version they were based on (0 for the defaults): 412 when someone saved in between.
 */
import { z } from 'zod';
import { INT_MAX } from '../core/common.js';
import { SCOUTING_MESSAGES, SCOUTING_PEST_KEYS, scoutingPestOf, type ScoutingPestKey } from '../field-capture/scouting.js';
import { TRAP_LURES, TRAP_MESSAGES, TRAP_TYPE_KEYS, TRAP_TYPES, type TrapTypeKey } from '../field-capture/traps.js';
import { hasAtMostDecimals } from '../field-capture/field-capture.js';

export const PEST_THRESHOLDS_PATH = '/api/pest-dashboard/thresholds';

export const SCOUTING_FREQUENCY_MIN_DAYS = 1;
export const SCOUTING_FREQUENCY_MAX_DAYS = 90;
/** The largest trap threshold: the most a trap inspection can count. */
export const TRAP_THRESHOLD_MAX = 100_000;
/** Thresholds keep one decimal (2.5 %, 7.5 moths per inspection). */
export const THRESHOLD_DECIMALS = 1;

/** The pests a trap can catch: those a lure draws. */
export const TRAP_PEST_KEYS = [...new Set(TRAP_LURES.map((l) => l.pest))] as ScoutingPestKey[];

export interface PestActionThreshold {
  pest: ScoutingPestKey;
  /** percent of observation points infested, more than 0 and at most 100 */
  thresholdPercent: number;
}
export interface TrapCountThreshold {
  trapType: TrapTypeKey;
  pest: ScoutingPestKey;
  /** count per inspection */
  thresholdCount: number;
}

/** Citrus defaults: fortnightly scouting. */
export const DEFAULT_SCOUTING_FREQUENCY_DAYS = 14;

/** Citrus action thresholds, percent of observation points infested. Diseases have none by default. */
export const DEFAULT_PEST_THRESHOLDS: readonly PestActionThreshold[] = [
  { pest: 'red-scale', thresholdPercent: 10 },
  { pest: 'soft-scale', thresholdPercent: 10 },
  { pest: 'mealybug', thresholdPercent: 10 },
  { pest: 'false-codling-moth', thresholdPercent: 5 },
  { pest: 'fruit-fly', thresholdPercent: 5 },
  { pest: 'citrus-thrips', thresholdPercent: 5 },
  { pest: 'bollworm', thresholdPercent: 10 },
  { pest: 'citrus-red-mite', thresholdPercent: 20 },
  { pest: 'citrus-rust-mite', thresholdPercent: 10 },
  { pest: 'aphids', thresholdPercent: 25 },
  { pest: 'citrus-psylla', thresholdPercent: 10 },
  { pest: 'citrus-leafminer', thresholdPercent: 25 },
];

/** Citrus trap thresholds, count per inspection. */
export const DEFAULT_TRAP_THRESHOLDS: readonly TrapCountThreshold[] = [
  { trapType: 'delta', pest: 'false-codling-moth', thresholdCount: 10 },
  { trapType: 'delta', pest: 'red-scale', thresholdCount: 100 },
  { trapType: 'bucket', pest: 'fruit-fly', thresholdCount: 6 },
  { trapType: 'mcphail', pest: 'fruit-fly', thresholdCount: 6 },
  { trapType: 'bucket', pest: 'bollworm', thresholdCount: 5 },
  { trapType: 'sticky-card', pest: 'citrus-thrips', thresholdCount: 30 },
];

export const PEST_THRESHOLDS_MESSAGES = {
  percentRange: 'The action threshold must be more than 0 and at most 100 percent, with at most 1 decimal',
  countRange: `The trap threshold must be more than 0 and at most ${TRAP_THRESHOLD_MAX} per inspection, with at most 1 decimal`,
  frequencyRange: `The scouting frequency must be a whole number of days from ${SCOUTING_FREQUENCY_MIN_DAYS} to ${SCOUTING_FREQUENCY_MAX_DAYS}`,
  trapPestNotLured: 'Choose a pest that a trap lure draws',
  pestDuplicate: 'Each pest has one action threshold',
  trapDuplicate: 'Each trap type and pest has one threshold',
  stale: 'The thresholds were changed by someone else; reload them and try again',
} as const;

/** The stable reason key of each of PEST_THRESHOLDS_MESSAGES (see reasons.ts). */
export const PEST_THRESHOLDS_REASONS = {
  percentRange: 'pest-threshold-percent-range',
  countRange: 'trap-threshold-count-range',
  frequencyRange: 'scouting-frequency-range',
  trapPestNotLured: 'trap-threshold-pest-not-lured',
  pestDuplicate: 'pest-threshold-duplicate',
  trapDuplicate: 'trap-threshold-duplicate',
  stale: 'pest-thresholds-stale',
} as const satisfies Record<keyof typeof PEST_THRESHOLDS_MESSAGES, string>;

const M = PEST_THRESHOLDS_MESSAGES;

const threshold = (max: number, message: string) =>
  z.number({ error: message }).refine((v) => v > 0 && v <= max && hasAtMostDecimals(v, THRESHOLD_DECIMALS), { message });

const pestThresholdSchema = z.object({
  pest: z.enum(SCOUTING_PEST_KEYS, { error: SCOUTING_MESSAGES.pestUnknown }),
  thresholdPercent: threshold(100, M.percentRange),
});

const trapThresholdSchema = z.object({
  trapType: z.enum(TRAP_TYPE_KEYS, { error: TRAP_MESSAGES.typeUnknown }),
  pest: z.enum(SCOUTING_PEST_KEYS, { error: SCOUTING_MESSAGES.pestUnknown }).refine((p) => TRAP_PEST_KEYS.includes(p), { message: M.trapPestNotLured }),
  thresholdCount: threshold(TRAP_THRESHOLD_MAX, M.countRange),
});

/** The whole set an administrator saves; `version` is the one it was based on (0: the defaults). */
export const savePestThresholdsBodySchema = z
  .object({
    version: z.number().int().min(0).max(INT_MAX),
    scoutingFrequencyDays: z
      .number({ error: M.frequencyRange })
      .int({ message: M.frequencyRange })
      .min(SCOUTING_FREQUENCY_MIN_DAYS, { message: M.frequencyRange })
      .max(SCOUTING_FREQUENCY_MAX_DAYS, { message: M.frequencyRange }),
    pests: z.array(pestThresholdSchema).max(SCOUTING_PEST_KEYS.length * 2),
    traps: z.array(trapThresholdSchema).max(TRAP_TYPE_KEYS.length * TRAP_PEST_KEYS.length * 2),
  })
  .superRefine((body, ctx) => {
    const pests = new Set<string>();
    body.pests.forEach((p, i) => {
      if (pests.has(p.pest)) ctx.addIssue({ code: 'custom', path: ['pests', i, 'pest'], message: M.pestDuplicate });
      pests.add(p.pest);
    });
    const traps = new Set<string>();
    body.traps.forEach((t, i) => {
      const key = `${t.trapType}:${t.pest}`;
      if (traps.has(key)) ctx.addIssue({ code: 'custom', path: ['traps', i, 'pest'], message: M.trapDuplicate });
      traps.add(key);
    });
  });
export type SavePestThresholdsBody = z.infer<typeof savePestThresholdsBodySchema>;

export const pestThresholdsResponseSchema = z.object({
  /** 0 while the organisation works with the defaults */
  version: z.number().int(),
  /** true: the organisation never saved its own thresholds; these are the defaults */
  isDefault: z.boolean(),
  scoutingFrequencyDays: z.number().int(),
  /** by pest catalogue order */
  pests: z.array(z.object({ pest: z.string(), pestName: z.string(), thresholdPercent: z.number() })),
  /** by trap type, then pest, in catalogue order */
  traps: z.array(z.object({ trapType: z.string(), trapTypeName: z.string(), pest: z.string(), pestName: z.string(), thresholdCount: z.number() })),
});
export type PestThresholdsResponse = z.infer<typeof pestThresholdsResponseSchema>;

/** An organisation's thresholds as the dashboard uses them. */
export interface PestThresholds {
  version: number;
  isDefault: boolean;
  scoutingFrequencyDays: number;
  pests: readonly PestActionThreshold[];
  traps: readonly TrapCountThreshold[];
}

export const DEFAULT_PEST_DASHBOARD_THRESHOLDS: PestThresholds = {
  version: 0,
  isDefault: true,
  scoutingFrequencyDays: DEFAULT_SCOUTING_FREQUENCY_DAYS,
  pests: DEFAULT_PEST_THRESHOLDS,
  traps: DEFAULT_TRAP_THRESHOLDS,
};

const pestRank = (key: string) => SCOUTING_PEST_KEYS.indexOf(key as ScoutingPestKey);
const trapRank = (key: string) => TRAP_TYPE_KEYS.indexOf(key as TrapTypeKey);

/** The display name of a pest key (the key itself for one no longer in the catalogue). */
export const pestNameOf = (key: string): string => scoutingPestOf(key)?.name ?? key;
export const trapTypeNameOf = (key: string): string => TRAP_TYPES.find((t) => t.key === key)?.name ?? key;

/** The thresholds as answered: names beside keys, in catalogue order. */
export function pestThresholdsResponse(t: PestThresholds): PestThresholdsResponse {
  return {
    version: t.version,
    isDefault: t.isDefault,
    scoutingFrequencyDays: t.scoutingFrequencyDays,
    pests: [...t.pests]
      .sort((a, b) => pestRank(a.pest) - pestRank(b.pest))
      .map((p) => ({ pest: p.pest, pestName: pestNameOf(p.pest), thresholdPercent: p.thresholdPercent })),
    traps: [...t.traps]
      .sort((a, b) => trapRank(a.trapType) - trapRank(b.trapType) || pestRank(a.pest) - pestRank(b.pest))
      .map((x) => ({ trapType: x.trapType, trapTypeName: trapTypeNameOf(x.trapType), pest: x.pest, pestName: pestNameOf(x.pest), thresholdCount: x.thresholdCount })),
  };
}
