/**
 * The Pest Thresholds form's values and the set they stand for: the loaded set as form values, the
 * form values as the body a save sends (checked by the shared schema, whose messages are the
 * screen's), and which pests and trap pairs can still be added. Numbers stay as typed: an input
 * that says no number holds NaN, an empty one null, and the schema refuses both with its message.
 */
import { SCOUTING_PEST_KEYS, SCOUTING_PESTS, TRAP_TYPE_KEYS, TRAP_TYPES } from '@orchard/shared/field-capture';
import {
  TRAP_PEST_KEYS,
  pestNameOf,
  savePestThresholdsBodySchema,
  trapTypeNameOf,
  type PestThresholdsResponse,
  type SavePestThresholdsBody,
} from '@orchard/shared/pest-thresholds';

export interface PestThresholdRow {
  pest: string;
  thresholdPercent: number | null;
}

export interface TrapThresholdRow {
  trapType: string;
  pest: string;
  thresholdCount: number | null;
}

export interface ThresholdFormValues {
  /** the version the set was read at: the save names it (0: the defaults) */
  version: number;
  scoutingFrequencyDays: number | null;
  pests: PestThresholdRow[];
  traps: TrapThresholdRow[];
}

export interface Choice {
  value: string;
  label: string;
}

/** The loaded set as the form's starting values, in the order the server answered (catalogue order). */
export function formValuesOf(set: PestThresholdsResponse): ThresholdFormValues {
  return {
    version: set.version,
    scoutingFrequencyDays: set.scoutingFrequencyDays,
    pests: set.pests.map((p) => ({ pest: p.pest, thresholdPercent: p.thresholdPercent })),
    traps: set.traps.map((t) => ({ trapType: t.trapType, pest: t.pest, thresholdCount: t.thresholdCount })),
  };
}

export type BodyResult = { ok: true; body: SavePestThresholdsBody } | { ok: false; issues: { path: string; message: string }[] };

/** The body a save sends, or the shared rules' messages by field path ("pests.2.thresholdPercent"). */
export function bodyOf(values: ThresholdFormValues): BodyResult {
  const parsed = savePestThresholdsBodySchema.safeParse({
    version: values.version,
    scoutingFrequencyDays: values.scoutingFrequencyDays,
    pests: values.pests.map((p) => ({ pest: p.pest, thresholdPercent: p.thresholdPercent })),
    traps: values.traps.map((t) => ({ trapType: t.trapType, pest: t.pest, thresholdCount: t.thresholdCount })),
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  return { ok: false, issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) };
}

const pestRank = (key: string) => {
  const at = SCOUTING_PEST_KEYS.indexOf(key as (typeof SCOUTING_PEST_KEYS)[number]);
  return at < 0 ? SCOUTING_PEST_KEYS.length : at;
};
const trapRank = (key: string) => {
  const at = TRAP_TYPE_KEYS.indexOf(key as (typeof TRAP_TYPE_KEYS)[number]);
  return at < 0 ? TRAP_TYPE_KEYS.length : at;
};

/** The catalogue's pests and diseases that have no row yet, in catalogue order. */
export function addablePests(rows: readonly { pest: string }[]): Choice[] {
  const listed = new Set(rows.map((r) => r.pest));
  return SCOUTING_PESTS.filter((p) => !listed.has(p.key)).map((p) => ({ value: p.key, label: p.name }));
}

/** Every trap type. */
export const trapTypeChoices = (): Choice[] => TRAP_TYPES.map((t) => ({ value: t.key, label: t.name }));

/** The pests a lure draws that the trap type has no row for yet, in catalogue order; none before a type is chosen. */
export function addableTrapPests(rows: readonly { trapType: string; pest: string }[], trapType: string | null): Choice[] {
  if (trapType === null) return [];
  const listed = new Set(rows.filter((r) => r.trapType === trapType).map((r) => r.pest));
  return [...TRAP_PEST_KEYS]
    .sort((a, b) => pestRank(a) - pestRank(b))
    .filter((key) => !listed.has(key))
    .map((key) => ({ value: key, label: pestNameOf(key) }));
}

/** Where a new pest row goes so the list stays in catalogue order. */
export function pestInsertIndex(rows: readonly { pest: string }[], pest: string): number {
  const at = rows.findIndex((r) => pestRank(r.pest) > pestRank(pest));
  return at < 0 ? rows.length : at;
}

/** Where a new trap row goes so the list stays by trap type, then pest, in catalogue order. */
export function trapInsertIndex(rows: readonly { trapType: string; pest: string }[], trapType: string, pest: string): number {
  const after = (r: { trapType: string; pest: string }) =>
    trapRank(r.trapType) > trapRank(trapType) || (r.trapType === trapType && pestRank(r.pest) > pestRank(pest));
  const at = rows.findIndex(after);
  return at < 0 ? rows.length : at;
}

/** A row's names, for its labels. */
export const pestRowName = (row: { pest: string }) => pestNameOf(row.pest);
export const trapRowNames = (row: { trapType: string; pest: string }) => ({ trapType: trapTypeNameOf(row.trapType), pest: pestNameOf(row.pest) });
