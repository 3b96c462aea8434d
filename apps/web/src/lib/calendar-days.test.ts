import { describe, expect, it } from 'vitest';
import { dayKey, fromDay, toDay } from './calendar-days';

describe('calendar days', () => {
  it('converts between calendar cells, dates and yyyy-MM-dd', () => {
    expect(dayKey(2025, 0, 5)).toBe('2025-01-05');
    expect(toDay(new Date(2025, 5, 27))).toBe('2025-06-27');
    expect(fromDay('2025-06-27')).toEqual(new Date(2025, 5, 27));
    expect(toDay(fromDay('2024-02-29')!)).toBe('2024-02-29');
  });

  it('reads only real days', () => {
    expect(fromDay('2026-02-30')).toBeNull();
    expect(fromDay('2026-1-5')).toBeNull();
    expect(fromDay('')).toBeNull();
    expect(fromDay(undefined)).toBeNull();
  });
});
