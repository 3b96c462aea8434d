import { en } from '@orchard/shared/i18n';
import { INPUT_CHECKS_NO_DATA, type FarmInputCheckRow } from '@orchard/shared/input-checks';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  AGE_INTENSITY_PROPERTY,
  ageCellStyle,
  compactInputCheckRow,
  inputCheckDescription,
  inputCheckDetailsText,
  kindFigures,
  sortByOldest,
} from './input-check-details';

/** the catalogue's text with its values filled in */
const t = ((key: string, values: Record<string, string> = {}) => {
  const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}) as unknown as TFunction;

interface Figures {
  last: number | null;
  oldest: number | null;
  oldestId: number | null;
  oldestIds: string[];
}
const empty: Figures = { last: null, oldest: null, oldestId: null, oldestIds: [] };
function row(farm: string, tensio: Partial<Figures> = {}, scouting: Partial<Figures> = {}): FarmInputCheckRow {
  const k = (kind: string, f: Partial<Figures>) => {
    const v = { ...empty, ...f };
    return { [`${kind}Last`]: v.last, [`${kind}Oldest`]: v.oldest, [`${kind}OldestId`]: v.oldestId, [`${kind}OldestIds`]: v.oldestIds };
  };
  return { farm, ...k('tensio', tensio), ...k('waterApplied', {}), ...k('pheno', {}), ...k('scouting', scouting) } as FarmInputCheckRow;
}

describe('input check dialog texts', () => {
  it('with an age: "The following {kind} are {age} out of date:"', () => {
    expect(inputCheckDescription('tensio', 20, t)).toBe('The following Tensio blocks are 20 days out of date:');
    expect(inputCheckDescription('waterApplied', 1, t)).toBe('The following Water Applied blocks are 1 day out of date:');
    expect(inputCheckDescription('scouting', 0, t)).toBe('The following Scouting blocks are 0 days out of date:');
  });

  it('without data: "{No Data} is available."', () => {
    expect(inputCheckDescription('pheno', null, t)).toBe(`${INPUT_CHECKS_NO_DATA} is available.`);
    expect(inputCheckDescription('pheno', null, t)).toBe('No Data is available.');
  });

  it('Copy details: the description, then one block a line', () => {
    expect(inputCheckDetailsText('The following Pheno blocks are 15 days out of date:', ['B1', 'B10'])).toBe(
      'The following Pheno blocks are 15 days out of date:\nB1\nB10',
    );
    expect(inputCheckDetailsText('No Data is available.', [])).toBe('No Data is available.');
  });
});

describe('input check figures of a row', () => {
  it('reads one kind; the compact row carries Scouting only, the rest reads as No Data', () => {
    const full = row('Kransvlei', { last: 2, oldest: 9, oldestId: 4, oldestIds: ['A'] });
    expect(kindFigures(full, 'tensio')).toEqual({ last: 2, oldest: 9, oldestId: 4, oldestIds: ['A'] });
    const compact = compactInputCheckRow({ farmName: 'Rooikrans', last: 1, oldest: 30, oldestId: 7, oldestIds: ['R2'] });
    expect(compact).toEqual({ farm: 'Rooikrans', scoutingLast: 1, scoutingOldest: 30, scoutingOldestId: 7, scoutingOldestIds: ['R2'] });
    expect(kindFigures(compact, 'scouting')).toEqual({ last: 1, oldest: 30, oldestId: 7, oldestIds: ['R2'] });
    expect(kindFigures(compact, 'pheno')).toEqual(empty);
  });
});

describe('ordering by an Oldest column', () => {
  const rows = [
    row('Delta', { oldest: 5, oldestIds: ['D1'] }),
    row('Alpha', { oldest: null, oldestIds: ['A1'] }),
    row('Charlie', { oldest: 20, oldestIds: ['C1'] }),
    row('Bravo', { oldest: 5, oldestIds: ['B1'] }),
    row('Echo', { oldest: null, oldestIds: [] }),
  ];
  const farms = (list: FarmInputCheckRow[]) => list.map((r) => r.farm);

  it('ascending: freshest first, No Data last; equal ages by their first block, then farm', () => {
    expect(farms(sortByOldest(rows, 'tensio', 1))).toEqual(['Bravo', 'Delta', 'Charlie', 'Echo', 'Alpha']);
  });

  it('descending is the reverse; no order keeps the rows as they came; the input is left alone', () => {
    expect(farms(sortByOldest(rows, 'tensio', -1))).toEqual(['Alpha', 'Echo', 'Charlie', 'Delta', 'Bravo']);
    expect(farms(sortByOldest(rows, 'tensio', 0))).toEqual(farms(rows));
    expect(farms(rows)).toEqual(['Delta', 'Alpha', 'Charlie', 'Bravo', 'Echo']);
  });

  it('sorts by the kind asked for', () => {
    const byScouting = [row('A', {}, { oldest: 3 }), row('B', {}, { oldest: 1 })];
    expect(farms(sortByOldest(byScouting, 'scouting', 1))).toEqual(['B', 'A']);
  });
});

describe('age colouring', () => {
  const strength = (days: number | null) => Number((ageCellStyle(days) as Record<string, string>)[AGE_INTENSITY_PROPERTY]);
  it('none up to 3 days, scaled to full at 14, No Data full', () => {
    expect([0, 3].map(strength)).toEqual([0, 0]);
    expect(strength(4)).toBeCloseTo(1 / 11);
    expect(strength(8)).toBeCloseTo(5 / 11);
    expect([14, 20, null].map(strength)).toEqual([1, 1, 1]);
  });
});
