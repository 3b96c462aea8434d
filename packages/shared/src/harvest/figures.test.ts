import { describe, expect, it } from 'vitest';
import {
  adjustedEstimate,
  applyEstimateSave,
  blockReportRow,
  blockReportTotals,
  combinedTonnes,
  estimatedUntippedKgs,
  estimateSaveHa,
  isCompletedBlock,
  isUntippedEstimateMissing,
  originalEstimate,
  percentageComplete,
  perHectare,
  pucAggregates,
  pucReportRow,
  pucReportTotals,
  remainingTonnes,
  sumShownFigures,
  tonnesPerHa,
  variance,
  type BlockReportRowFigures,
} from './figures.js';
import type { BlockReportRow, PucReportRow } from './schemas.js';

function row(overrides: Partial<BlockReportRow>): BlockReportRow {
  return {
    puc: 'C1234',
    citrii_Block: 'Block 1',
    citrii_Block_Id: 11,
    production_Block: 101,
    variety: 'Nadorcott',
    ha: 1,
    not_Tipped: 0,
    tipped: 0,
    tipped_Kgs: 0,
    tonnes_Per_Ha: null,
    tonnes_Per_Ha_Adjusted: null,
    version: 0,
    ...overrides,
  };
}

// A: 10 tipped bins weigh 4,000 kg, so 400 kg a bin; 5 untipped bins -> 2,000 kg estimated.
//    2 t untipped + 4 t tipped = 6 t. ha 2.5: T/Ha = 6 / 2.5 = 2.4.
//    Orig 50 t/ha * 2.5 ha = 125 t. Adj 60 t/ha * 2.5 ha = 150 t. Remaining 150 - 6 = 144 t,
//    144 / 2.5 = 57.6 t/ha. Complete 6 / 150 * 100 = 4 %, variance |100 - 4| = 96.
const A = row({ citrii_Block: 'Block 1', ha: 2.5, not_Tipped: 5, tipped: 10, tipped_Kgs: 4000, tonnes_Per_Ha: 50, tonnes_Per_Ha_Adjusted: 60, version: 3 });
// B: over-delivered. 20 bins 8,000 kg = 8 t, nothing waiting. ha 1, adj 5 t/ha -> 5 t.
//    Remaining 5 - 8 = -3 t (-3 t/ha). Complete 8 / 5 * 100 = 160 %, variance |100 - 160| = 60.
//    No original estimate captured.
const B = row({ citrii_Block: 'Block 2', citrii_Block_Id: 12, production_Block: 102, ha: 1, tipped: 20, tipped_Kgs: 8000, tonnes_Per_Ha_Adjusted: 5 });
// C: 7 bins waiting but none tipped: no average, untipped 0 t and flagged. ha 3, adj 40 -> 120 t.
//    Remaining 120 t, 40 t/ha. Complete 0 %, variance 100. T/Ha 0 / 3 = 0.
const C = row({ citrii_Block: 'Block 3', citrii_Block_Id: 13, production_Block: 103, ha: 3, not_Tipped: 7, tonnes_Per_Ha_Adjusted: 40 });
// D: unlinked, no ha. 4 bins 1,800 kg = 450 kg a bin; 2 waiting -> 900 kg. 0.9 + 1.8 = 2.7 t.
//    No T/Ha (unlinked), no estimates, nothing derived.
const D = row({ citrii_Block: null, citrii_Block_Id: null, production_Block: 104, ha: null, not_Tipped: 2, tipped: 4, tipped_Kgs: 1800 });

describe('formulas', () => {
  it.each([
    // tipped kgs, tipped, not tipped -> kgs
    [4000, 10, 5, 2000],
    [1800, 4, 2, 900],
    [4000, 10, 0, 0],
    [0, 0, 7, 0], // no tipped bin: no average, estimate 0
    [500, 0, 7, 0], // kgs without a count cannot make an average either
    [0, 0, 0, 0],
  ])('estimatedUntippedKgs(%d, %d, %d) = %d', (kgs, tipped, notTipped, expected) => {
    expect(estimatedUntippedKgs(kgs, tipped, notTipped)).toBe(expected);
  });

  it('flags untipped bins without a tipped average only when bins are waiting', () => {
    expect(isUntippedEstimateMissing(0, 7)).toBe(true);
    expect(isUntippedEstimateMissing(0, 0)).toBe(false);
    expect(isUntippedEstimateMissing(3, 7)).toBe(false);
  });

  it('combines tipped and untipped kgs into tonnes', () => {
    // (4,000 + 2,000) / 1,000 = 6
    expect(combinedTonnes(4000, 2000)).toBe(6);
    expect(combinedTonnes(0, 0)).toBe(0);
  });

  it.each([
    [2.5, 50, 125],
    [2.5, 0, 0], // 0 t/ha is a real estimate
    [0, 60, 0],
    [null, 60, null],
    [2.5, null, null],
  ])('estimate(ha %s, t/ha %s) = %s', (ha, perHa, expected) => {
    expect(originalEstimate(ha, perHa)).toBe(expected);
    expect(adjustedEstimate(ha, perHa)).toBe(expected);
  });

  it('remaining tonnes may go negative and are null without an adjusted estimate', () => {
    expect(remainingTonnes(150, 6)).toBe(144);
    expect(remainingTonnes(5, 8)).toBe(-3);
    expect(remainingTonnes(0, 0)).toBe(0);
    expect(remainingTonnes(null, 6)).toBeNull();
  });

  it('percentage complete needs a positive adjusted estimate', () => {
    expect(percentageComplete(6, 150)).toBe(4);
    expect(percentageComplete(8, 5)).toBe(160);
    expect(percentageComplete(6, 0)).toBeNull();
    expect(percentageComplete(0, 0)).toBeNull();
    expect(percentageComplete(6, null)).toBeNull();
  });

  it('variance is |100 - %| and null when there is no percentage', () => {
    expect(variance(4)).toBe(96);
    expect(variance(160)).toBe(60);
    expect(variance(100)).toBe(0);
    expect(variance(null)).toBeNull();
    expect(variance(Number.POSITIVE_INFINITY)).toBeNull();
    expect(variance(Number.NaN)).toBeNull();
  });

  it('tonnes per hectare only for linked blocks with a positive ha', () => {
    expect(tonnesPerHa(6, 2.5, true)).toBe(2.4);
    expect(tonnesPerHa(6, 2.5, false)).toBeNull();
    expect(tonnesPerHa(6, 0, true)).toBeNull();
    expect(tonnesPerHa(6, null, true)).toBeNull();
    expect(perHectare(null, 2)).toBeNull();
  });

  it('a block is completed when linked and carrying an adjusted t/ha, 0 included', () => {
    expect(isCompletedBlock({ citrii_Block_Id: 1, tonnes_Per_Ha_Adjusted: 60 })).toBe(true);
    expect(isCompletedBlock({ citrii_Block_Id: 1, tonnes_Per_Ha_Adjusted: 0 })).toBe(true);
    expect(isCompletedBlock({ citrii_Block_Id: 1, tonnes_Per_Ha_Adjusted: null })).toBe(false);
    expect(isCompletedBlock({ citrii_Block_Id: null, tonnes_Per_Ha_Adjusted: 60 })).toBe(false);
  });
});

describe('blockReportRow', () => {
  it.each<[string, BlockReportRow, Partial<BlockReportRowFigures>]>([
    ['A: normal linked block', A, {
      isLinked: true, isCompleted: true, isUntippedEstimateMissing: false,
      untippedTonnes: 2, tippedTonnes: 4, combinedTonnes: 6, tonnesPerHa: 2.4,
      originalEstimate: 125, originalTonnesPerHa: 50, adjustedEstimate: 150, adjustedTonnesPerHa: 60,
      remaining_Tonnes: 144, remaining_Tonnes_Per_Ha: 57.6, percentage_Complete: 4, variance: 96,
    }],
    ['B: over-delivered, no original', B, {
      isLinked: true, isCompleted: true, untippedTonnes: 0, tippedTonnes: 8, combinedTonnes: 8, tonnesPerHa: 8,
      originalEstimate: null, originalTonnesPerHa: null, adjustedEstimate: 5, adjustedTonnesPerHa: 5,
      remaining_Tonnes: -3, remaining_Tonnes_Per_Ha: -3, percentage_Complete: 160, variance: 60,
    }],
    ['C: no tipped bins', C, {
      isUntippedEstimateMissing: true, untippedTonnes: 0, tippedTonnes: 0, combinedTonnes: 0, tonnesPerHa: 0,
      adjustedEstimate: 120, remaining_Tonnes: 120, remaining_Tonnes_Per_Ha: 40, percentage_Complete: 0, variance: 100,
    }],
    ['D: unlinked', D, {
      isLinked: false, isCompleted: false, untippedTonnes: 0.9, tippedTonnes: 1.8, combinedTonnes: 2.7, tonnesPerHa: null,
      originalEstimate: null, adjustedEstimate: null, remaining_Tonnes: null, remaining_Tonnes_Per_Ha: null,
      percentage_Complete: null, variance: null,
    }],
    // ha 0 with adj 50 t/ha: estimate 0 t, so no percentage; 1 bin 500 kg -> remaining 0 - 0.5.
    ['E: ha 0', row({ ha: 0, tipped: 1, tipped_Kgs: 500, tonnes_Per_Ha_Adjusted: 50 }), {
      isCompleted: true, combinedTonnes: 0.5, tonnesPerHa: null, adjustedEstimate: 0,
      remaining_Tonnes: -0.5, remaining_Tonnes_Per_Ha: null, percentage_Complete: null, variance: null,
    }],
    // adjusted 0 t/ha on 4 ha, nothing picked: remaining 0, no percentage.
    ['F: adjusted 0', row({ ha: 4, tonnes_Per_Ha: 30, tonnes_Per_Ha_Adjusted: 0 }), {
      isCompleted: true, originalEstimate: 120, adjustedEstimate: 0, adjustedTonnesPerHa: 0,
      remaining_Tonnes: 0, remaining_Tonnes_Per_Ha: 0, percentage_Complete: null, variance: null,
    }],
    // linked but no estimate at all: not completed, nothing derived.
    ['G: no estimate', row({ ha: 2, tipped: 2, tipped_Kgs: 900 }), {
      isCompleted: false, combinedTonnes: 0.9, tonnesPerHa: 0.45, originalEstimate: null, adjustedEstimate: null,
      remaining_Tonnes: null, percentage_Complete: null, variance: null,
    }],
  ])('%s', (_name, input, expected) => {
    expect(blockReportRow(input)).toMatchObject(expected);
  });

  it('keeps only the wire fields of its input', () => {
    const figures = blockReportRow({ ...A, extra: 'x' } as BlockReportRow);
    expect(figures).not.toHaveProperty('extra');
    expect(figures).toMatchObject(A);
  });
});

describe('blockReportTotals', () => {
  const rows = [A, B, C, D].map(blockReportRow);
  const totals = blockReportTotals(rows);

  it('sums the shown cells', () => {
    expect(totals.ha).toBe(6.5); // 2.5 + 1 + 3 (D has none)
    expect(totals.untippedTonnes).toBe(2.9); // 2 + 0 + 0 + 0.9
    expect(totals.tippedTonnes).toBe(13.8); // 4 + 8 + 0 + 1.8
    expect(totals.combinedTonnes).toBe(16.7); // 6 + 8 + 0 + 2.7
    expect(totals.originalEstimate).toBe(125); // A only
    expect(totals.adjustedEstimate).toBe(275); // 150 + 5 + 120
    expect(totals.completedBlocks).toBe(3);
    expect(totals.totalBlocks).toBe(4);
  });

  it('counts only positive remainders', () => {
    expect(totals.remaining_Tonnes).toBe(264); // 144 + (B's -3 left out) + 120
  });

  it('computes ratios from the totals of the rows that show them', () => {
    expect(totals.tonnesPerHa).toBeCloseTo(14 / 6.5, 12); // A, B, C: 6 + 8 + 0 t over 6.5 ha
    expect(totals.originalTonnesPerHa).toBe(50); // 125 t / 2.5 ha
    expect(totals.adjustedTonnesPerHa).toBeCloseTo(275 / 6.5, 12);
    expect(totals.remaining_Tonnes_Per_Ha).toBeCloseTo(264 / 6.5, 12);
    expect(totals.percentage_Complete).toBeCloseTo((14 / 275) * 100, 12); // D has no estimate
    expect(totals.variance).toBeCloseTo(100 - (14 / 275) * 100, 12);
  });

  it('sums what the cells show, not the unrounded values', () => {
    // 0.333 t and 0.333 t show 0.33 each; the total shows 0.66, not 0.67.
    const third = row({ tipped: 1, tipped_Kgs: 333.333 });
    expect(blockReportTotals([third, third].map(blockReportRow)).combinedTonnes).toBe(0.66);
  });

  it('is empty where no row shows a value, and all-negative remainders total 0', () => {
    const empty = blockReportTotals([]);
    expect(empty).toMatchObject({
      ha: null, untippedTonnes: 0, tippedTonnes: 0, combinedTonnes: 0, tonnesPerHa: null,
      originalEstimate: null, adjustedEstimate: null, remaining_Tonnes: null,
      percentage_Complete: null, variance: null, completedBlocks: 0, totalBlocks: 0,
    });
    expect(blockReportTotals([blockReportRow(B)]).remaining_Tonnes).toBe(0);
    expect(blockReportTotals([blockReportRow(D)]).remaining_Tonnes).toBeNull();
  });

  it('has no percentage when every adjusted estimate is 0', () => {
    const zero = blockReportTotals([blockReportRow(row({ ha: 0, tonnes_Per_Ha_Adjusted: 50, tipped: 1, tipped_Kgs: 500 }))]);
    expect(zero.adjustedEstimate).toBe(0);
    expect(zero.percentage_Complete).toBeNull();
    expect(zero.variance).toBeNull();
    expect(zero.remaining_Tonnes).toBe(0);
  });

  it('sumShownFigures skips missing and non-finite values', () => {
    expect(sumShownFigures([1.005, null, Number.NaN, Number.POSITIVE_INFINITY, 2])).toBe(3.01);
    expect(sumShownFigures([null])).toBeNull();
  });
});

describe('applyEstimateSave', () => {
  it('sets the original to the adjusted one when an original existed', () => {
    // A saved at 70 t/ha: 2.5 ha * 70 = 175 t for both. Remaining 175 - 6 = 169 t.
    const saved = applyEstimateSave(A, 70, 4);
    expect(saved).toMatchObject({
      tonnes_Per_Ha: 70, tonnes_Per_Ha_Adjusted: 70, originalEstimate: 175, adjustedEstimate: 175,
      remaining_Tonnes: 169, remaining_Tonnes_Per_Ha: 67.6, version: 4,
    });
    expect(saved.percentage_Complete).toBeCloseTo((6 / 175) * 100, 12);
  });

  it('leaves a missing original missing', () => {
    // B saved at 10 t/ha: 10 t estimated, 8 t in -> 2 t remaining, 80 %, variance 20.
    const saved = applyEstimateSave(B, 10);
    expect(saved).toMatchObject({
      tonnes_Per_Ha: null, originalEstimate: null, tonnes_Per_Ha_Adjusted: 10, adjustedEstimate: 10,
      remaining_Tonnes: 2, percentage_Complete: 80, variance: 20, version: 0,
    });
  });

  it('makes a block completed once it has an adjusted estimate', () => {
    const unestimated = row({ ha: 2 });
    expect(blockReportRow(unestimated).isCompleted).toBe(false);
    expect(applyEstimateSave(unestimated, 0).isCompleted).toBe(true);
  });

  it('accepts a figures row and recomputes it', () => {
    const once = applyEstimateSave(A, 70, 4);
    expect(applyEstimateSave(once, 70, 4)).toEqual(once);
  });
});

describe('PUC report', () => {
  // P0042: 60 bins 24,000 kg -> 400 kg a bin; 30 waiting -> 12,000 kg = 12 t. 24 t tipped, 36 t.
  const p42: PucReportRow = { puc: 'P0042', not_Tipped: 30, tipped: 60, tipped_Kgs: 24000, remaining_Tonnes: 10.5, completedBlocks: 2, incompleteBlocks: 3 };
  // C1234: 8 waiting, none tipped: 0 t and flagged.
  const c1234: PucReportRow = { puc: 'C1234', not_Tipped: 8, tipped: 0, tipped_Kgs: 0, remaining_Tonnes: 0, completedBlocks: 0, incompleteBlocks: 1 };

  it('computes the row figures', () => {
    expect(pucReportRow(p42)).toMatchObject({
      untippedTonnes: 12, tippedTonnes: 24, combinedTonnes: 36, remainingTonnes: 10.5,
      totalBlocks: 5, blocksEstimated: '2 / 5', isUntippedEstimateMissing: false,
    });
    expect(pucReportRow(c1234)).toMatchObject({
      untippedTonnes: 0, combinedTonnes: 0, remainingTonnes: 0, blocksEstimated: '0 / 1', isUntippedEstimateMissing: true,
    });
  });

  it('totals the rows', () => {
    expect(pucReportTotals([p42, c1234].map(pucReportRow))).toEqual({
      untippedTonnes: 12, tippedTonnes: 24, combinedTonnes: 36, remainingTonnes: 10.5,
      completedBlocks: 2, totalBlocks: 6, blocksEstimated: '2 / 6',
    });
    expect(pucReportTotals([])).toMatchObject({ combinedTonnes: 0, blocksEstimated: '0 / 0' });
  });

  it('aggregates block rows per PUC like the block report totals', () => {
    const other = row({ puc: 'C0042', tipped: 2, tipped_Kgs: 800, ha: 1, tonnes_Per_Ha_Adjusted: 1 });
    expect(pucAggregates([A, B, other, C, D])).toEqual([
      // 1 t estimated, 0.8 t in -> 0.2 t remaining
      { puc: 'C0042', not_Tipped: 0, tipped: 2, tipped_Kgs: 800, remaining_Tonnes: 0.2, completedBlocks: 1, incompleteBlocks: 0 },
      // 5 + 0 + 7 + 2 waiting; 10 + 20 + 0 + 4 tipped; 4,000 + 8,000 + 0 + 1,800 kg; 144 + 120 remaining
      { puc: 'C1234', not_Tipped: 14, tipped: 34, tipped_Kgs: 13800, remaining_Tonnes: 264, completedBlocks: 3, incompleteBlocks: 1 },
    ]);
  });
});

describe('estimateSaveHa: the hectares an estimate save stores', () => {
  it.each([
    ['the figure sent', 2.5, 3, 4, 2.5],
    ['0 sent, a real figure', 0, 3, 4, 0],
    ["nothing sent: the latest estimate's", null, 3, 4, 3],
    ["missing: the latest estimate's", undefined, 3, 4, 3],
    ["a latest estimate of 0 ha: its 0", null, 0, 4, 0],
    ["no estimate yet: the linked farm block's", null, null, 4, 4],
    ['nothing known: none, never 0', null, null, null, null],
    ['not a figure sent: as unknown', Number.NaN, undefined, 4, 4],
  ])('%s', (_name, sent, latestEstimateHa, linkedBlockHa, expected) => {
    expect(estimateSaveHa(sent, { latestEstimateHa, linkedBlockHa })).toBe(expected);
  });
});
