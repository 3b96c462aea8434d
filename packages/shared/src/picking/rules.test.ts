import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PLEASE_SELECT_A_PACKHOUSE,
  PLEASE_SELECT_A_PICKING_PROGRESS,
  WHOLE_NUMBER_MESSAGE,
  parseBinCellText,
  binCountSchema,
  canChangePackhouse,
  capacitySchema,
  duplicateRow,
  footerWeeklyTotals,
  insertDuplicateBelow,
  isRowValid,
  markEditedWeeks,
  rowTotals,
  validatePucCellEdit,
  type PickingEstimateRow,
  type PickingWeekEntry,
} from './rules.js';

function week(year: number, weekNumber: number, binCount: number | null, id: number | null = null): PickingWeekEntry {
  return { id, year, week: weekNumber, binCount };
}

function makeRow(overrides: Partial<PickingEstimateRow> = {}): PickingEstimateRow {
  return {
    id: 0,
    puc: 10,
    pucName: 'PUC 10',
    variety: 3,
    varietyName: 'Nadorcott',
    farm: 1,
    farmName: 'Riverside',
    packhouse: 7,
    packhouseName: 'Central',
    legalEntity: 2,
    legalEntityName: 'Riverside Farms',
    region: 'West',
    affiliation: 'Int',
    commodity: 'Citrus',
    estimatedFirstWeek: 20,
    expectedProjectedTonnes: 120.5,
    firstProjectedTonnes: 30,
    avgBinWeight: 400,
    projectedTotalBins: 300,
    weeks: [],
    actuals: [],
    total: 0,
    difference: 300,
    ...overrides,
  };
}

describe('binCountSchema', () => {
  it.each([
    ['0', 0],
    ['12345', 12345],
    [0, 0],
    [99999, 99999],
    ['00042', 42],
  ])('accepts %j as %i', (input, expected) => {
    expect(binCountSchema.parse(input)).toBe(expected);
  });

  it.each([['-1'], [-1], ['123456'], [100000], ['1.5'], [1.5], [''], ['12a'], [' 12'], [null], [undefined], [Number.NaN]])(
    'rejects %j with the whole-number message',
    (input) => {
      const result = binCountSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([WHOLE_NUMBER_MESSAGE]);
    },
  );

  it('accepts exactly the whole numbers 0 to 99999', () => {
    fc.assert(
      fc.property(fc.integer({ min: -200_000, max: 200_000 }), (n) => {
        expect(binCountSchema.safeParse(n).success).toBe(n >= 0 && n <= 99_999);
        expect(binCountSchema.safeParse(String(n)).success).toBe(n >= 0 && n <= 99_999);
      }),
    );
  });
});

describe('capacitySchema', () => {
  it('takes a number of 1 to 5 digits', () => {
    expect(capacitySchema.parse(2500)).toBe(2500);
    expect(capacitySchema.parse('2500')).toBe(2500);
    expect(capacitySchema.safeParse(123456).success).toBe(false);
    expect(capacitySchema.safeParse(-5).success).toBe(false);
    expect(capacitySchema.safeParse(2.5).success).toBe(false);
  });
});

describe('isRowValid', () => {
  const a = makeRow({ id: 0 });
  it('is valid with a packhouse and a unique PUC + packhouse + variety', () => {
    const others = [a, makeRow({ id: 1, packhouse: 8 }), makeRow({ id: 2, variety: 4 }), makeRow({ id: 3, puc: 11 })];
    expect(isRowValid(a, others)).toEqual({ valid: true });
  });

  it('needs a packhouse', () => {
    const row = makeRow({ id: 5, packhouse: null });
    expect(isRowValid(row, [a, row])).toEqual({ valid: false, reason: 'packhouse-missing' });
  });

  it('refuses a second row with the same PUC, packhouse and variety', () => {
    const copy = makeRow({ id: 1 });
    expect(isRowValid(copy, [a, copy])).toEqual({ valid: false, reason: 'duplicate-combination' });
    expect(isRowValid(a, [a, copy])).toEqual({ valid: false, reason: 'duplicate-combination' });
  });

  it('does not compare a row with itself', () => {
    expect(isRowValid(a, [a])).toEqual({ valid: true });
  });
});

describe('canChangePackhouse', () => {
  it.each([
    ['no weeks', [], true],
    ['stored weeks with 0 or no bins', [week(2026, 1, 0, 11), week(2026, 2, null, 12)], true],
    ['unsaved weeks with bins', [week(2026, 1, 40)], true],
    ['a stored week with bins', [week(2026, 1, 0, 11), week(2026, 2, 1, 12)], false],
  ])('%s -> %s', (_label, weeks, expected) => {
    expect(canChangePackhouse({ weeks })).toBe(expected);
  });
});

describe('duplicateRow', () => {
  const source = makeRow({ id: 4, weeks: [week(2026, 1, 50, 1)], actuals: [{ year: 2026, week: 1, binCount: 45 }], total: 50, difference: 250 });

  it('copies the row without packhouse, weeks or actuals, in edit mode', () => {
    const { row, mode } = duplicateRow(source, 9);
    expect(mode).toBe('edit');
    expect(row).toEqual({
      ...source,
      id: 9,
      packhouse: null,
      packhouseName: null,
      weeks: [],
      actuals: [],
      total: 0,
      difference: 300,
    });
    expect(source.weeks).toHaveLength(1);
  });

  it('inserts the copy just below its source', () => {
    const rows = [makeRow({ id: 1 }), source, makeRow({ id: 6 })];
    expect(insertDuplicateBelow(rows, 4, 9).map((r) => r.id)).toEqual([1, 4, 9, 6]);
    expect(() => insertDuplicateBelow(rows, 99, 9)).toThrow(RangeError);
  });

  it('leaves the copy invalid until a packhouse is chosen', () => {
    const { row } = duplicateRow(source, 9);
    expect(isRowValid(row, [source, row])).toEqual({ valid: false, reason: 'packhouse-missing' });
  });
});

describe('markEditedWeeks', () => {
  it('flags exactly the weeks whose bin count changed', () => {
    const original = makeRow({ weeks: [week(2026, 1, 10, 1), week(2026, 2, 20, 2), week(2026, 3, null), week(2026, 4, 5, 4)] });
    const edited = makeRow({
      weeks: [week(2026, 1, 10, 1), week(2026, 2, 25, 2), week(2026, 3, 0), week(2026, 4, null, 4), week(2026, 5, 7)],
    });
    const result = markEditedWeeks(original, edited);
    expect(result.weeks.map((w) => [w.week, w.edited])).toEqual([
      [1, false],
      [2, true],
      [3, true],
      [4, true],
      [5, true],
    ]);
  });

  it('flags nothing when nothing changed', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.nat(99_999), { nil: null }), { maxLength: 12 }), (counts) => {
        const row = makeRow({ weeks: counts.map((c, i) => week(2026, i + 1, c)) });
        expect(markEditedWeeks(row, { ...row, weeks: row.weeks.map((w) => ({ ...w })) }).weeks.every((w) => w.edited === false)).toBe(true);
      }),
    );
  });
});

describe('totals', () => {
  it('grand total sums the weeks, difference is expected total bins minus it', () => {
    const row = makeRow({ projectedTotalBins: 300, weeks: [week(2026, 1, 100), week(2026, 2, null), week(2026, 3, 50)] });
    expect(rowTotals(row)).toEqual({ total: 150, difference: 150 });
    expect(rowTotals(makeRow({ projectedTotalBins: 100, weeks: [week(2026, 1, 130)] }))).toEqual({ total: 130, difference: -30 });
    expect(rowTotals(makeRow({ projectedTotalBins: null, weeks: [week(2026, 1, 5)] }))).toEqual({ total: 5, difference: null });
  });

  it('footer sums each week column over rows, across a year end', () => {
    const rows = [
      makeRow({ weeks: [week(2020, 53, 10), week(2021, 1, 5)] }),
      makeRow({ id: 1, weeks: [week(2020, 53, 1), week(2021, 2, null)] }),
      makeRow({ id: 2, weeks: [] }),
    ];
    const columns = [
      { year: 2020, week: 53 },
      { year: 2021, week: 1 },
      { year: 2021, week: 2 },
    ];
    expect(footerWeeklyTotals(rows, columns)).toEqual([
      { year: 2020, week: 53, total: 11 },
      { year: 2021, week: 1, total: 5 },
      { year: 2021, week: 2, total: 0 },
    ]);
  });

  it('the footer over all weeks adds up to the sum of grand totals', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.option(fc.nat(999), { nil: null }), { maxLength: 10 }), { maxLength: 6 }), (matrix) => {
        const rows = matrix.map((counts, id) => makeRow({ id, weeks: counts.map((c, i) => week(2026, i + 1, c)) }));
        const columns = Array.from({ length: 10 }, (_, i) => ({ year: 2026, week: i + 1 }));
        const footer = footerWeeklyTotals(rows, columns).reduce((sum, w) => sum + w.total, 0);
        expect(footer).toBe(rows.reduce((sum, row) => sum + rowTotals(row).total, 0));
      }),
    );
  });
});

describe('validatePucCellEdit', () => {
  it.each([
    [{ packhouse: null, pickingProgress: null }, PLEASE_SELECT_A_PACKHOUSE],
    [{ packhouse: 0, pickingProgress: 2 }, PLEASE_SELECT_A_PACKHOUSE],
    [{ packhouse: undefined, pickingProgress: 2 }, PLEASE_SELECT_A_PACKHOUSE],
    [{ packhouse: 3, pickingProgress: null }, PLEASE_SELECT_A_PICKING_PROGRESS],
    [{ packhouse: 'Central', pickingProgress: '' }, PLEASE_SELECT_A_PICKING_PROGRESS],
    [{ packhouse: 3, pickingProgress: 2 }, null],
  ])('%o -> %s', (cell, expected) => {
    expect(validatePucCellEdit(cell)).toBe(expected);
  });

  it("uses the product's texts", () => {
    expect(PLEASE_SELECT_A_PACKHOUSE).toBe('Please Select a Packhouse');
    expect(PLEASE_SELECT_A_PICKING_PROGRESS).toBe('Please Select a Picking Progress');
  });
});

describe('parseBinCellText: what was typed is saved or refused, never reshaped', () => {
  it.each([
    ['', null],
    ['  ', null],
    ['0', 0],
    ['7', 7],
    [' 42 ', 42],
    ['99999', 99_999],
    ['00012', 12],
  ])('%j is %j', (text, value) => {
    expect(parseBinCellText(text)).toEqual({ ok: true, value });
  });

  it.each(['-1', '1.5', '1,5', '12x3', '100000', '1e3', '+1', '0x1', '١٢'])('%j is refused with the message', (text) => {
    expect(parseBinCellText(text)).toEqual({ ok: false, message: WHOLE_NUMBER_MESSAGE });
    expect(WHOLE_NUMBER_MESSAGE).toBe('Enter a whole number from 0 to 99999');
  });

  it('refuses an empty text with the message when the cell must hold a number, and reads the rest alike', () => {
    for (const text of ['', '   ']) expect(parseBinCellText(text, { required: true })).toEqual({ ok: false, message: WHOLE_NUMBER_MESSAGE });
    expect(parseBinCellText(' 42 ', { required: true })).toEqual({ ok: true, value: 42 });
    expect(parseBinCellText('0', { required: true })).toEqual({ ok: true, value: 0 });
    expect(parseBinCellText('-1', { required: true })).toEqual({ ok: false, message: WHOLE_NUMBER_MESSAGE });
  });
});
