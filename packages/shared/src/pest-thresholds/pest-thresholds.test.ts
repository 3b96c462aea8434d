import { describe, expect, it } from 'vitest';
import { reasonOf } from '../core/reasons.js';
import { SCOUTING_MESSAGES } from '../field-capture/scouting.js';
import {
  DEFAULT_PEST_DASHBOARD_THRESHOLDS,
  DEFAULT_PEST_THRESHOLDS,
  DEFAULT_TRAP_THRESHOLDS,
  PEST_THRESHOLDS_MESSAGES as M,
  TRAP_PEST_KEYS,
  pestThresholdsResponse,
  savePestThresholdsBodySchema,
} from './pest-thresholds.js';

const valid = { version: 0, scoutingFrequencyDays: 14, pests: [{ pest: 'red-scale', thresholdPercent: 10 }], traps: [{ trapType: 'delta', pest: 'false-codling-moth', thresholdCount: 10 }] };
const issues = (body: unknown) => savePestThresholdsBodySchema.safeParse(body).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('pest thresholds', () => {
  it('accepts the defaults as a save', () => {
    const body = { version: 0, scoutingFrequencyDays: DEFAULT_PEST_DASHBOARD_THRESHOLDS.scoutingFrequencyDays, pests: DEFAULT_PEST_THRESHOLDS, traps: DEFAULT_TRAP_THRESHOLDS };
    expect(issues(body)).toEqual([]);
    expect(DEFAULT_TRAP_THRESHOLDS.every((t) => TRAP_PEST_KEYS.includes(t.pest))).toBe(true);
  });

  it.each([
    [0, M.percentRange],
    [-1, M.percentRange],
    [100.1, M.percentRange],
    [2.55, M.percentRange],
  ])('refuses an action threshold of %s', (thresholdPercent, message) => {
    expect(issues({ ...valid, pests: [{ pest: 'red-scale', thresholdPercent }] })).toEqual([['pests.0.thresholdPercent', message]]);
  });

  it('keeps thresholds at the edges of their ranges', () => {
    expect(issues({ ...valid, pests: [{ pest: 'red-scale', thresholdPercent: 100 }, { pest: 'mealybug', thresholdPercent: 0.1 }] })).toEqual([]);
    expect(issues({ ...valid, traps: [{ trapType: 'delta', pest: 'false-codling-moth', thresholdCount: 100_000 }] })).toEqual([]);
    expect(issues({ ...valid, scoutingFrequencyDays: 1 })).toEqual([]);
    expect(issues({ ...valid, scoutingFrequencyDays: 90 })).toEqual([]);
  });

  it('refuses the rest with the rule broken, each with its reason key', () => {
    expect(issues({ ...valid, traps: [{ trapType: 'delta', pest: 'false-codling-moth', thresholdCount: 100_000.1 }] })).toEqual([['traps.0.thresholdCount', M.countRange]]);
    expect(issues({ ...valid, traps: [{ trapType: 'delta', pest: 'mealybug', thresholdCount: 3 }] })).toEqual([['traps.0.pest', M.trapPestNotLured]]);
    expect(issues({ ...valid, scoutingFrequencyDays: 0 })).toEqual([['scoutingFrequencyDays', M.frequencyRange]]);
    expect(issues({ ...valid, scoutingFrequencyDays: 7.5 })).toEqual([['scoutingFrequencyDays', M.frequencyRange]]);
    expect(issues({ ...valid, pests: [{ pest: 'dragons', thresholdPercent: 3 }] })).toEqual([['pests.0.pest', SCOUTING_MESSAGES.pestUnknown]]);
    expect(issues({ ...valid, pests: [...valid.pests, { pest: 'red-scale', thresholdPercent: 3 }] })).toEqual([['pests.1.pest', M.pestDuplicate]]);
    expect(issues({ ...valid, traps: [...valid.traps, { trapType: 'delta', pest: 'false-codling-moth', thresholdCount: 3 }] })).toEqual([['traps.1.pest', M.trapDuplicate]]);
    expect(reasonOf(M.percentRange)).toBe('pest-threshold-percent-range');
    expect(reasonOf(M.stale)).toBe('pest-thresholds-stale');
    expect(reasonOf(M.trapPestNotLured)).toBe('trap-threshold-pest-not-lured');
  });

  it('answers names beside keys, in catalogue order', () => {
    const answer = pestThresholdsResponse({ ...DEFAULT_PEST_DASHBOARD_THRESHOLDS, pests: [{ pest: 'mealybug', thresholdPercent: 5 }, { pest: 'red-scale', thresholdPercent: 10 }] });
    expect(answer.pests).toEqual([
      { pest: 'red-scale', pestName: 'Red scale', thresholdPercent: 10 },
      { pest: 'mealybug', pestName: 'Mealybug', thresholdPercent: 5 },
    ]);
    expect(answer.traps[0]).toEqual({ trapType: 'delta', trapTypeName: 'Delta trap', pest: 'red-scale', pestName: 'Red scale', thresholdCount: 100 });
    expect(answer).toMatchObject({ version: 0, isDefault: true, scoutingFrequencyDays: 14 });
  });
});
