/**
 * The business calendar's edges, decided here:
 * - A day runs from 00:00:00.000 South African time (22:00:00.000Z the evening before) up to, not
 *   including, the next midnight: 21:59:59.999Z is still the day before, 22:00:00.000Z is the new day.
 * - A month likewise starts at its first midnight in South Africa: 31 March 22:00Z is already April.
 * - Month ends follow the calendar: February has 28 days, 29 in leap years; adding days crosses month
 *   and year ends; a month index past December (or before January) is the next (previous) year's.
 * - There is no daylight saving: every day is 24 hours and the offset is +02:00 all year, whatever
 *   time zone the process runs in.
 */
import { describe, expect, it } from 'vitest';
import {
  addDays,
  BUSINESS_TIME_ZONE,
  businessTimestamp,
  dayBounds,
  dayOf,
  daysBetween,
  FIRST_DAY,
  instantOn,
  isCalendarDay,
  isDayInRange,
  isInstantInRange,
  LAST_DAY,
  monthBounds,
  monthOf,
  systemClock,
} from './calendar.js';

const at = (iso: string) => new Date(iso);

describe('dayOf', () => {
  it.each([
    ['2025-06-30T21:59:59.999Z', '2025-06-30'],
    ['2025-06-30T22:00:00.000Z', '2025-07-01'],
    ['2025-12-31T21:59:59.999Z', '2025-12-31'],
    ['2025-12-31T22:00:00.000Z', '2026-01-01'],
    ['2024-02-28T22:00:00.000Z', '2024-02-29'],
    ['2025-02-28T22:00:00.000Z', '2025-03-01'],
  ])('%s falls on %s in South Africa', (iso, day) => {
    expect(dayOf(at(iso))).toBe(day);
    expect(dayOf(iso)).toBe(day);
  });

  it('names the zone the SQL and the formats use', () => {
    expect(BUSINESS_TIME_ZONE).toBe('Africa/Johannesburg');
  });
});

describe('dayBounds and instantOn', () => {
  it('a day is the 24 hours from its South African midnight', () => {
    expect(dayBounds('2025-07-01')).toEqual({ from: at('2025-06-30T22:00:00.000Z'), to: at('2025-07-01T22:00:00.000Z') });
    expect(dayBounds('2025-12-31').to).toEqual(dayBounds('2026-01-01').from);
    const { from, to } = dayBounds('2025-07-01');
    expect(dayOf(from)).toBe('2025-07-01');
    expect(dayOf(new Date(to.getTime() - 1))).toBe('2025-07-01');
    expect(dayOf(to)).toBe('2025-07-02');
  });

  it('places a wall-clock time on a day', () => {
    expect(instantOn('2025-06-30', '08:00')).toEqual(at('2025-06-30T06:00:00.000Z'));
    expect(instantOn('2025-06-30', '12:00:00')).toEqual(at('2025-06-30T10:00:00.000Z'));
    expect(instantOn('2026-01-01', '00:30')).toEqual(at('2025-12-31T22:30:00.000Z'));
    expect(instantOn('2025-06-30')).toEqual(dayBounds('2025-06-30').from);
  });
});

describe('monthBounds and monthOf', () => {
  it("a month runs from its first South African midnight to the next month's", () => {
    expect(monthBounds(2025, 2)).toEqual({ from: at('2025-02-28T22:00:00.000Z'), to: at('2025-03-31T22:00:00.000Z') });
    expect(monthBounds(2024, 1).to.getTime() - monthBounds(2024, 1).from.getTime()).toBe(29 * 86_400_000);
    expect(monthBounds(2025, 1).to.getTime() - monthBounds(2025, 1).from.getTime()).toBe(28 * 86_400_000);
  });

  it('month indexes past either end of the year roll into the next or previous year', () => {
    expect(monthBounds(2025, 12)).toEqual(monthBounds(2026, 0));
    expect(monthBounds(2026, -1)).toEqual(monthBounds(2025, 11));
  });

  it('an instant belongs to the South African month', () => {
    expect(monthOf(at('2025-03-31T21:59:59.999Z'))).toEqual({ year: 2025, monthIndex: 2 });
    expect(monthOf(at('2025-03-31T22:00:00.000Z'))).toEqual({ year: 2025, monthIndex: 3 });
    expect(monthOf(at('2025-12-31T22:00:00.000Z'))).toEqual({ year: 2026, monthIndex: 0 });
  });
});

describe('days', () => {
  it('adds days across month and year ends and counts them back', () => {
    expect(addDays('2025-01-31', 1)).toBe('2025-02-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysBetween('2025-12-31', '2026-01-31')).toBe(31);
    expect(daysBetween('2026-01-31', '2025-12-31')).toBe(-31);
  });

  it('knows real calendar days', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2025-02-29')).toBe(false);
    expect(isCalendarDay('2025-13-01')).toBe(false);
    expect(isCalendarDay('2025-6-1')).toBe(false);
  });
});

describe('the range of dates the product takes', () => {
  it('runs from 1900-01-01 to 2099-12-31, both included', () => {
    expect([FIRST_DAY, LAST_DAY]).toEqual(['1900-01-01', '2099-12-31']);
  });

  it.each([
    ['0000-01-01', false],
    ['0001-01-01', false],
    ['1899-12-31', false],
    ['1900-01-01', true],
    ['2025-06-30', true],
    ['2099-12-31', true],
    ['2100-01-01', false],
    ['9999-12-31', false],
    ['2025-02-29', false],
    ['2025-6-30', false],
    ['', false],
  ])('day %s: %s', (day, taken) => {
    expect(isDayInRange(day)).toBe(taken);
  });

  it.each([
    ['0000-01-01T00:00:00Z', false],
    ['0001-01-01T00:00:00+02:00', false],
    ['1899-12-31T23:59:59+02:00', false],
    // midnight of 1900-01-01 in South Africa is 22:00Z the evening before
    ['1899-12-31T21:59:59.999Z', false],
    ['1899-12-31T22:00:00Z', true],
    ['1900-01-01T00:00:00+02:00', true],
    ['2025-06-30T08:00:00+02:00', true],
    ['2099-12-31T23:59:59+02:00', true],
    ['2099-12-31T21:59:59.999Z', true],
    ['2099-12-31T22:00:00Z', false],
    ['2100-01-01T00:00:00+02:00', false],
    ['9999-12-31T23:59:59Z', false],
    ['not a date', false],
  ])('instant %s: %s', (instant, taken) => {
    expect(isInstantInRange(instant)).toBe(taken);
    if (!Number.isNaN(Date.parse(instant))) expect(isInstantInRange(new Date(instant))).toBe(taken);
  });

  it('takes an instant exactly when it falls on a day it takes', () => {
    for (const day of ['1899-12-31', FIRST_DAY, LAST_DAY, '2100-01-01']) {
      const { from, to } = dayBounds(day);
      expect(isInstantInRange(from)).toBe(isDayInRange(day));
      expect(isInstantInRange(new Date(to.getTime() - 1))).toBe(isDayInRange(day));
    }
  });
});

describe('systemClock', () => {
  it('reads the real time', () => {
    const before = Date.now();
    const now = systemClock.now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });
});

describe('businessTimestamp', () => {
  it('writes the business wall-clock time with its offset, to the second', () => {
    expect(businessTimestamp(new Date('2026-11-24T02:27:22.893Z'))).toBe('2026-11-24T04:27:22+02:00');
  });

  it('crosses midnight into the next business day', () => {
    expect(businessTimestamp(new Date('2026-12-31T22:00:00Z'))).toBe('2027-01-01T00:00:00+02:00');
  });

  it('names the same instant', () => {
    const at = new Date('2026-06-30T21:59:59Z');
    expect(new Date(businessTimestamp(at)).getTime()).toBe(at.getTime());
  });
});
