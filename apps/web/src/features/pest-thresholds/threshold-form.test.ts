import { describe, expect, it } from 'vitest';
import { SCOUTING_PESTS } from '@orchard/shared/field-capture';
import { en } from '@orchard/shared/i18n';
import {
  DEFAULT_PEST_DASHBOARD_THRESHOLDS,
  PEST_THRESHOLDS_MESSAGES,
  TRAP_PEST_KEYS,
  pestThresholdsResponse,
  type PestThresholdsResponse,
} from '@orchard/shared/pest-thresholds';
import {
  addablePests,
  addableTrapPests,
  bodyOf,
  formValuesOf,
  pestInsertIndex,
  trapInsertIndex,
  type ThresholdFormValues,
} from './threshold-form';
import { isFormField, thresholdFieldText } from './threshold-text';

const defaults: PestThresholdsResponse = pestThresholdsResponse(DEFAULT_PEST_DASHBOARD_THRESHOLDS);
const M = PEST_THRESHOLDS_MESSAGES;

const values = (patch: Partial<ThresholdFormValues> = {}): ThresholdFormValues => ({ ...formValuesOf(defaults), ...patch });
const issuesOf = (v: ThresholdFormValues) => {
  const result = bodyOf(v);
  if (result.ok) throw new Error('expected the values to be refused');
  return result.issues;
};

describe('pest threshold form values', () => {
  it('the loaded set round-trips: form values give back the same set as the body of a save on its version', () => {
    const form = formValuesOf(defaults);
    expect(form.version).toBe(0);
    expect(form.scoutingFrequencyDays).toBe(14);
    const result = bodyOf(form);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.body).toEqual({
      version: 0,
      scoutingFrequencyDays: DEFAULT_PEST_DASHBOARD_THRESHOLDS.scoutingFrequencyDays,
      pests: defaults.pests.map(({ pest, thresholdPercent }) => ({ pest, thresholdPercent })),
      traps: defaults.traps.map(({ trapType, pest, thresholdCount }) => ({ trapType, pest, thresholdCount })),
    });
    // names are not sent
    expect(Object.keys(result.body.pests[0]!)).toEqual(['pest', 'thresholdPercent']);
  });

  it('keeps a saved version, so the save names the set it was based on', () => {
    const saved = { ...defaults, version: 7, isDefault: false };
    const result = bodyOf(formValuesOf(saved));
    expect(result.ok && result.body.version).toBe(7);
  });

  it('refuses a threshold with more than one decimal instead of rounding it, with the shared message at its field', () => {
    const form = values();
    form.pests[0] = { ...form.pests[0]!, thresholdPercent: 2.55 };
    expect(issuesOf(form)).toEqual([{ path: 'pests.0.thresholdPercent', message: M.percentRange }]);
    form.pests[0] = { ...form.pests[0]!, thresholdPercent: 2.5 };
    expect(bodyOf(form).ok).toBe(true);
  });

  it('refuses empty, non-numeric, zero and too large values with the rule of their field', () => {
    const form = values({ scoutingFrequencyDays: null });
    form.pests[1] = { ...form.pests[1]!, thresholdPercent: Number.NaN };
    form.pests[2] = { ...form.pests[2]!, thresholdPercent: 0 };
    form.pests[3] = { ...form.pests[3]!, thresholdPercent: 100.1 };
    form.traps[0] = { ...form.traps[0]!, thresholdCount: null };
    form.traps[1] = { ...form.traps[1]!, thresholdCount: 100_001 };
    const issues = issuesOf(form);
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: 'scoutingFrequencyDays', message: M.frequencyRange },
        { path: 'pests.1.thresholdPercent', message: M.percentRange },
        { path: 'pests.2.thresholdPercent', message: M.percentRange },
        { path: 'pests.3.thresholdPercent', message: M.percentRange },
        { path: 'traps.0.thresholdCount', message: M.countRange },
        { path: 'traps.1.thresholdCount', message: M.countRange },
      ]),
    );
    expect(issues.every((i) => isFormField(i.path))).toBe(true);
  });

  it('the scouting frequency is a whole number of days from 1 to 90', () => {
    for (const days of [0, 91, 2.5]) expect(issuesOf(values({ scoutingFrequencyDays: days }))).toEqual([{ path: 'scoutingFrequencyDays', message: M.frequencyRange }]);
    for (const days of [1, 90]) expect(bodyOf(values({ scoutingFrequencyDays: days })).ok).toBe(true);
  });

  it('a pest listed twice and a trap pair listed twice are refused at the second row', () => {
    const form = values();
    form.pests.push({ pest: form.pests[0]!.pest, thresholdPercent: 3 });
    form.traps.push({ ...form.traps[0]!, thresholdCount: 4 });
    expect(issuesOf(form)).toEqual([
      { path: `pests.${form.pests.length - 1}.pest`, message: M.pestDuplicate },
      { path: `traps.${form.traps.length - 1}.pest`, message: M.trapDuplicate },
    ]);
  });

  it('an empty set is a valid save', () => {
    expect(bodyOf(values({ pests: [], traps: [] })).ok).toBe(true);
  });
});

describe('what can be added', () => {
  it('pests: the catalogue entries without a row, in catalogue order', () => {
    const rows = [{ pest: 'red-scale' }, { pest: 'aphids' }];
    const addable = addablePests(rows);
    expect(addable.map((c) => c.value)).toEqual(SCOUTING_PESTS.map((p) => p.key).filter((k) => k !== 'red-scale' && k !== 'aphids'));
    expect(addable[0]).toEqual({ value: 'soft-scale', label: 'Soft scale' });
    expect(addablePests(SCOUTING_PESTS.map((p) => ({ pest: p.key })))).toEqual([]);
  });

  it('traps: only pests a lure draws, not yet listed for the chosen trap type; none before a type is chosen', () => {
    const rows = [
      { trapType: 'delta', pest: 'false-codling-moth' },
      { trapType: 'bucket', pest: 'fruit-fly' },
    ];
    expect(addableTrapPests(rows, null)).toEqual([]);
    const delta = addableTrapPests(rows, 'delta').map((c) => c.value);
    expect(delta).not.toContain('false-codling-moth');
    expect(delta).toContain('fruit-fly');
    expect(new Set([...delta, 'false-codling-moth'])).toEqual(new Set(TRAP_PEST_KEYS));
    expect(addableTrapPests(rows, 'mcphail').map((c) => c.value).sort()).toEqual([...TRAP_PEST_KEYS].sort());
    // catalogue order, with the catalogue's names
    expect(addableTrapPests([], 'delta')[0]).toEqual({ value: 'red-scale', label: 'Red scale' });
  });

  it('a new row takes its place in catalogue order', () => {
    const pests = [{ pest: 'red-scale' }, { pest: 'fruit-fly' }, { pest: 'aphids' }];
    expect(pestInsertIndex(pests, 'soft-scale')).toBe(1);
    expect(pestInsertIndex(pests, 'citrus-greening')).toBe(3);
    expect(pestInsertIndex([], 'aphids')).toBe(0);
    const traps = [
      { trapType: 'delta', pest: 'false-codling-moth' },
      { trapType: 'bucket', pest: 'fruit-fly' },
      { trapType: 'sticky-card', pest: 'citrus-thrips' },
    ];
    expect(trapInsertIndex(traps, 'delta', 'red-scale')).toBe(0);
    expect(trapInsertIndex(traps, 'delta', 'bollworm')).toBe(1);
    expect(trapInsertIndex(traps, 'mcphail', 'fruit-fly')).toBe(2);
    expect(trapInsertIndex(traps, 'sticky-card', 'bollworm')).toBe(3);
  });
});

describe('field messages', () => {
  const t = ((key: string) => {
    const [, group, rule] = key.split('.');
    return group === 'reasons' ? en.pestThresholds.reasons[rule as keyof typeof M] : key;
  }) as never;

  it("a shared rule's message shows in the screen's words, which are the shared messages", () => {
    for (const message of Object.values(M)) expect(thresholdFieldText({ message }, t)).toBe(message);
    expect(en.pestThresholds.reasons).toEqual(M);
  });

  it('any other message shows as it came; none shows nothing', () => {
    expect(thresholdFieldText({ message: 'Choose a trap type from the list' }, t)).toBe('Choose a trap type from the list');
    expect(thresholdFieldText(undefined, t)).toBe('');
  });
});
