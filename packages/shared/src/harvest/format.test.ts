import { describe, expect, it } from 'vitest';
import { blockReportRow, blockReportTotals, pucReportRow } from './figures.js';
import { blockReportCells, formatFigure, formatPercent, pucReportCells } from './format.js';
import { roundFigure } from './rounding.js';

const NBSP = '\u00a0';

describe('formatFigure', () => {
  it.each([
    [1234567.005, 'en-US', '1,234,567.01'],
    [1234.5, 'en-ZA', `1${NBSP}234,50`],
    [1.005, 'en-US', '1.01'],
    [0, 'en-US', '0.00'],
    [-3, 'en-US', '-3.00'],
    [-0.001, 'en-US', '0.00'], // no "-0.00"
    [-0, 'en-US', '0.00'],
  ])('%d in %s is %s', (value, locale, expected) => {
    expect(formatFigure(value, locale)).toBe(expected);
  });

  it.each([null, undefined, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])('%s is an empty cell', (value) => {
    expect(formatFigure(value, 'en-US')).toBe('');
    expect(formatPercent(value, 'en-US')).toBe('');
  });

  it('falls back to en-ZA for a malformed locale', () => {
    expect(formatFigure(1234.5, 'not a locale!')).toBe(`1${NBSP}234,50`);
  });

  it('defaults to en-ZA', () => {
    expect(formatFigure(2.4)).toBe('2,40');
  });
});

describe('formatPercent', () => {
  it.each([
    [4, '4'],
    [160, '160'],
    [0, '0'],
    [62.4, '62'],
    [62.6, '63'],
    // ties go to the even neighbour, so 62.5 % beside a variance of 37.5 shows 62 and 38
    [62.5, '62'],
    [37.5, '38'],
    [13.499999999999998, '14'], // float noise for 13.5, beside a variance of exactly 86.5 -> 86
    [86.5, '86'],
    [1234.4, '1,234'],
  ])('%d is %s', (value, expected) => {
    expect(formatPercent(value, 'en-US')).toBe(expected);
  });
});

describe('roundFigure', () => {
  it('rounds as the cells do', () => {
    expect(roundFigure(1.005)).toBe(1.01);
    expect(roundFigure(2.675)).toBe(2.68);
    expect(Object.is(roundFigure(-0.001), 0)).toBe(true);
    expect(roundFigure(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('cells', () => {
  it('formats a block report row, leaving missing figures empty', () => {
    // unlinked, 4 bins 1,800 kg, 2 waiting: 0.9 t + 1.8 t
    const figures = blockReportRow({
      puc: 'C1234', citrii_Block: null, citrii_Block_Id: null, production_Block: 104, variety: 'Nadorcott',
      ha: null, not_Tipped: 2, tipped: 4, tipped_Kgs: 1800, tonnes_Per_Ha: null, tonnes_Per_Ha_Adjusted: null, version: 0,
    });
    expect(blockReportCells(figures, 'en-US')).toEqual({
      ha: '', untippedTonnes: '0.90', tippedTonnes: '1.80', combinedTonnes: '2.70', tonnesPerHa: '',
      originalEstimate: '', originalTonnesPerHa: '', adjustedEstimate: '', adjustedTonnesPerHa: '',
      remaining_Tonnes: '', remaining_Tonnes_Per_Ha: '', percentage_Complete: '', variance: '',
    });
    expect(blockReportCells(blockReportTotals([figures]), 'en-US').combinedTonnes).toBe('2.70');
  });

  it('shows a tied percentage and its variance adding up to 100', () => {
    // 25 bins of 1,000 kg = 25 t against 1 ha * 40 t/ha = 40 t: 62.5 % complete, variance 37.5
    const figures = blockReportRow({
      puc: 'C1234', citrii_Block: 'Block 1', citrii_Block_Id: 11, production_Block: 101, variety: 'Navel',
      ha: 1, not_Tipped: 0, tipped: 25, tipped_Kgs: 25000, tonnes_Per_Ha: null, tonnes_Per_Ha_Adjusted: 40, version: 1,
    });
    const cells = blockReportCells(figures, 'en-US');
    expect([cells.percentage_Complete, cells.variance]).toEqual(['62', '38']);
  });

  it('formats a PUC report row', () => {
    // 60 bins 24,000 kg, 30 waiting -> 12 t + 24 t
    const figures = pucReportRow({ puc: 'P0042', not_Tipped: 30, tipped: 60, tipped_Kgs: 24000, remaining_Tonnes: 1234.5, completedBlocks: 2, incompleteBlocks: 3 });
    expect(pucReportCells(figures, 'en-US')).toEqual({
      untippedTonnes: '12.00', tippedTonnes: '24.00', combinedTonnes: '36.00', remainingTonnes: '1,234.50', blocksEstimated: '2 / 5',
    });
  });
});
