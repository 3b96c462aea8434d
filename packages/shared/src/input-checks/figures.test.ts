import { describe, expect, it } from 'vitest';
import { INPUT_CHECKS_STALE_DAYS, inputCheckAgeIntensity, inputCheckAgeText, inputCheckFigures, isInputCheckStale, recordAge } from './figures.js';

const TODAY = '2026-03-11';
const block = (blockId: number, blockName: string, lastDay: string | null) => ({ blockId, blockName, lastDay });

describe('input checks figures', () => {
  it('ages are whole days to today; a day after today counts as 0; no record is No Data', () => {
    expect(recordAge('2026-03-11', TODAY)).toBe(0);
    expect(recordAge('2026-03-08', TODAY)).toBe(3);
    expect(recordAge('2026-02-25', TODAY)).toBe(14);
    expect(recordAge('2026-03-12', TODAY)).toBe(0);
    expect(recordAge(null, TODAY)).toBeNull();
  });

  it('Last is the newest block, Oldest the stalest, with its id and the stale blocks', () => {
    const f = inputCheckFigures([block(1, 'A10', '2026-03-08'), block(2, 'A2', '2026-02-25'), block(3, 'A1', '2026-02-26'), block(4, 'B1', '2026-02-20')], TODAY);
    expect(f).toEqual({ last: 3, oldest: 19, oldestId: 4, oldestIds: ['B1', 'A2'] });
    expect(isInputCheckStale(f)).toBe(true);
  });

  it('a block without a record makes Oldest No Data and leads the list', () => {
    const f = inputCheckFigures([block(1, 'A1', '2026-03-10'), block(2, 'A2', null), block(3, 'A3', null)], TODAY);
    expect(f).toEqual({ last: 1, oldest: null, oldestId: 2, oldestIds: ['A2', 'A3'] });
    expect(isInputCheckStale(f)).toBe(true);
  });

  it('lists the oldest blocks even when young, and is not stale below the limit', () => {
    const f = inputCheckFigures([block(5, 'A2', '2026-02-26'), block(6, 'A10', '2026-02-26'), block(7, 'A1', '2026-03-11')], TODAY);
    expect(f).toEqual({ last: 0, oldest: 13, oldestId: 5, oldestIds: ['A2', 'A10'] });
    expect(isInputCheckStale(f)).toBe(false);
  });

  it('no record anywhere and no blocks at all are No Data; only the first is stale', () => {
    expect(inputCheckFigures([block(1, 'A1', null)], TODAY)).toEqual({ last: null, oldest: null, oldestId: 1, oldestIds: ['A1'] });
    const none = inputCheckFigures([], TODAY);
    expect(none).toEqual({ last: null, oldest: null, oldestId: null, oldestIds: [] });
    expect(isInputCheckStale(none)).toBe(false);
  });

  it('writes ages as the report shows them and colours them from 3 to 14 days', () => {
    expect([inputCheckAgeText(null), inputCheckAgeText(1), inputCheckAgeText(5), inputCheckAgeText(0)]).toEqual(['No Data', '1 day', '5 days', '0 days']);
    expect(inputCheckAgeIntensity(3)).toBe(0);
    expect(inputCheckAgeIntensity(0)).toBe(0);
    expect(inputCheckAgeIntensity(INPUT_CHECKS_STALE_DAYS)).toBe(1);
    expect(inputCheckAgeIntensity(40)).toBe(1);
    expect(inputCheckAgeIntensity(null)).toBe(1);
    expect(inputCheckAgeIntensity(8.5)).toBeCloseTo(0.5);
  });
});
