import { describe, expect, it } from 'vitest';
import { dayKey, fromDay, initialDay, toDay } from './calendar-days';

describe('calendar days', () => {
  it('converts between calendar cells, dates and yyyy-MM-dd', () => {
    expect(dayKey(2025, 0, 5)).toBe('2025-01-05');
    expect(toDay(new Date(2025, 5, 27))).toBe('2025-06-27');
    expect(fromDay('2025-06-27')).toEqual(new Date(2025, 5, 27));
    expect(toDay(fromDay('2024-02-29'))).toBe('2024-02-29');
  });

  it.each([
    ['the latest scouted day', ['2025-06-09', '2025-06-27', '2025-06-13'], '2025-06-27'],
    ['never a future day', ['2025-06-20', '2025-07-02'], '2025-06-20'],
    ['today when nothing was scouted', [], '2025-06-30'],
  ])('opens on %s', (_name, scouted, expected) => {
    expect(initialDay(scouted, '2025-06-30')).toBe(expected);
  });
});
