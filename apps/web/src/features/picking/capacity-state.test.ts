import { describe, expect, it } from 'vitest';
import type { CapacityRowResponse } from '@orchard/shared/picking';
import { capacitySavePlan, draftOf, formatCapacityCell } from './capacity-state';

const row: CapacityRowResponse = {
  packhouse: 3,
  packhouseName: 'Kirkwood Packhouse',
  weeks: {
    '2026-W46': { year: 2026, week: 46, totalBins: 120, capacity: 2000, version: 1, tooltip: 'Week 46 of 2026', readonly: true },
    '2026-W47': { year: 2026, week: 47, totalBins: 90, capacity: 2100, version: 4, tooltip: 'Week 47 of 2026', readonly: false },
    '2026-W48': { year: 2026, week: 48, totalBins: 0, capacity: null, version: null, tooltip: 'Week 48 of 2026', readonly: false },
  },
};

describe('capacity cells', () => {
  it('read "totalBins / capacity", "-" without a capacity', () => {
    expect(formatCapacityCell(120, 2000)).toBe('120 / 2000');
    expect(formatCapacityCell(0, null)).toBe('0 / -');
    expect(formatCapacityCell(1500, 2500, (n) => n.toLocaleString('en-US'))).toBe('1,500 / 2,500');
  });

  it('edit only the editable weeks', () => {
    expect(draftOf(row)).toEqual({ '2026-W47': '2100', '2026-W48': '' });
  });

  it('save the changed weeks with their versions; unchanged means nothing to send', () => {
    expect(capacitySavePlan(row, draftOf(row), null)).toEqual({ kind: 'unchanged' });
    expect(capacitySavePlan(row, { '2026-W47': '2100', '2026-W48': '950' }, '2026-11-21')).toEqual({
      kind: 'save',
      body: { weeks: [{ year: 2026, week: 48, capacity: 950, version: null }], pagerDate: '2026-11-21' },
    });
    expect(capacitySavePlan(row, { '2026-W47': '2200', '2026-W48': '' }, null)).toEqual({
      kind: 'save',
      body: { weeks: [{ year: 2026, week: 47, capacity: 2200, version: 4 }] },
    });
  });

  it('a changed week must hold 1 to 5 digits; a read-only week is never sent', () => {
    expect(capacitySavePlan(row, { '2026-W47': '' }, null)).toEqual({ kind: 'invalid', weekKey: '2026-W47' });
    expect(capacitySavePlan(row, { '2026-W47': '123456' }, null)).toEqual({ kind: 'invalid', weekKey: '2026-W47' });
    expect(capacitySavePlan(row, { '2026-W46': '1' }, null)).toEqual({ kind: 'unchanged' });
  });
});
