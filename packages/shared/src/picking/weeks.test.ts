import { getISOWeek, getISOWeekYear } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addIsoWeeks,
  addPlainDays,
  compareIsoWeeks,
  isPlainDate,
  isoWeekOf,
  isoWeekRange,
  isoWeeksInYear,
  mondayOfIsoWeek,
  startOfIsoWeekDate,
  toLocalDate,
  weekKey,
  weekTooltip,
  type IsoWeek,
} from './weeks.js';

/** Any calendar date from 1950 to 2150 as 'yyyy-MM-dd'. */
const plainDateArb = fc
  .integer({ min: 0, max: 200 * 366 })
  .map((offset) => addPlainDays('1950-01-01', offset));

const isoWeekArb: fc.Arbitrary<IsoWeek> = plainDateArb.map(isoWeekOf);

describe('isoWeekOf across year ends', () => {
  it.each([
    ['2021-01-03', 2020, 53],
    ['2021-01-04', 2021, 1],
    ['2020-12-31', 2020, 53],
    ['2026-01-01', 2026, 1],
    ['2025-12-29', 2026, 1],
    ['2025-12-28', 2025, 52],
    ['2027-01-01', 2026, 53],
    ['2027-01-03', 2026, 53],
    ['2027-01-04', 2027, 1],
    ['2024-12-30', 2025, 1],
    ['2016-01-03', 2015, 53],
    ['2019-01-01', 2019, 1],
  ])('%s is week %i-%i', (date, year, week) => {
    expect(isoWeekOf(date)).toEqual({ year, week });
  });

  it('agrees with date-fns for every date', () => {
    fc.assert(
      fc.property(plainDateArb, (date) => {
        const local = toLocalDate(date);
        expect(isoWeekOf(date)).toEqual({ year: getISOWeekYear(local), week: getISOWeek(local) });
      }),
    );
  });
});

describe('isoWeeksInYear', () => {
  it.each([
    [2015, 53],
    [2019, 52],
    [2020, 53],
    [2021, 52],
    [2025, 52],
    [2026, 53],
    [2027, 52],
    [2032, 53],
  ])('%i has %i weeks', (year, weeks) => {
    expect(isoWeeksInYear(year)).toBe(weeks);
  });
});

describe('mondayOfIsoWeek', () => {
  it.each([
    [2020, 53, '2020-12-28'],
    [2021, 1, '2021-01-04'],
    [2026, 1, '2025-12-29'],
    [2026, 53, '2026-12-28'],
    [2027, 1, '2027-01-04'],
    [2025, 1, '2024-12-30'],
    [2026, 2, '2026-01-05'],
  ])('week %i-%i starts on %s', (year, week, monday) => {
    expect(mondayOfIsoWeek(year, week)).toBe(monday);
  });

  it.each([
    [2021, 53],
    [2026, 0],
    [2026, 54],
    [2026, 1.5],
  ])('rejects week %i-%s', (year, week) => {
    expect(() => mondayOfIsoWeek(year, week)).toThrow(RangeError);
  });

  it('is a Monday inside the same week for every date', () => {
    fc.assert(
      fc.property(plainDateArb, (date) => {
        const { year, week } = isoWeekOf(date);
        const monday = mondayOfIsoWeek(year, week);
        expect(toLocalDate(monday).getDay()).toBe(1);
        expect(monday).toBe(startOfIsoWeekDate(date));
        expect(isoWeekOf(monday)).toEqual({ year, week });
      }),
    );
  });
});

describe('weekKey and weekTooltip', () => {
  it('pads the week to two digits', () => {
    expect(weekKey(2026, 1)).toBe('2026-W01');
    expect(weekKey(2020, 53)).toBe('2020-W53');
  });

  it('rejects a week the year does not have', () => {
    expect(() => weekKey(2021, 53)).toThrow(RangeError);
  });

  it('sorts chronologically as text', () => {
    fc.assert(
      fc.property(isoWeekArb, isoWeekArb, (a, b) => {
        const byKey = Math.sign(weekKey(a.year, a.week).localeCompare(weekKey(b.year, b.week)));
        expect(byKey).toBe(Math.sign(compareIsoWeeks(a, b)));
      }),
    );
  });

  it('reads exactly "Week {n} of {year}"', () => {
    expect(weekTooltip(53, 2020)).toBe('Week 53 of 2020');
    expect(weekTooltip(1, 2026)).toBe('Week 1 of 2026');
  });
});

describe('plain dates', () => {
  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2021-02-30', false],
    ['2021-1-01', false],
    ['2021-13-01', false],
    ['not a date', false],
  ])('%s is a plain date: %s', (value, expected) => {
    expect(isPlainDate(value)).toBe(expected);
  });

  it('refuses malformed dates', () => {
    expect(() => isoWeekOf('2021-02-30')).toThrow(RangeError);
  });
});

describe('addIsoWeeks', () => {
  it.each([
    [{ year: 2020, week: 52 }, 1, { year: 2020, week: 53 }],
    [{ year: 2020, week: 53 }, 1, { year: 2021, week: 1 }],
    [{ year: 2021, week: 52 }, 1, { year: 2022, week: 1 }],
    [{ year: 2026, week: 1 }, -1, { year: 2025, week: 52 }],
    [{ year: 2027, week: 1 }, -1, { year: 2026, week: 53 }],
    [{ year: 2026, week: 50 }, 5, { year: 2027, week: 2 }],
    [{ year: 2026, week: 10 }, 0, { year: 2026, week: 10 }],
  ])('%o plus %i is %o', (from, n, expected) => {
    expect(addIsoWeeks(from, n)).toEqual(expected);
  });

  it('round-trips', () => {
    fc.assert(
      fc.property(isoWeekArb, fc.integer({ min: -600, max: 600 }), (week, n) => {
        expect(addIsoWeeks(addIsoWeeks(week, n), -n)).toEqual(week);
      }),
    );
  });

  it('is monotonic and adds 7 days per week', () => {
    fc.assert(
      fc.property(isoWeekArb, fc.integer({ min: -300, max: 300 }), fc.integer({ min: -300, max: 300 }), (week, m, n) => {
        const a = addIsoWeeks(week, m);
        const b = addIsoWeeks(week, n);
        expect(Math.sign(compareIsoWeeks(a, b))).toBe(Math.sign(m - n));
        expect(mondayOfIsoWeek(b.year, b.week)).toBe(addPlainDays(mondayOfIsoWeek(a.year, a.week), (n - m) * 7));
      }),
    );
  });
});

describe('isoWeekRange', () => {
  it('crosses a 53-week year end', () => {
    expect(isoWeekRange({ year: 2020, week: 52 }, { year: 2021, week: 2 })).toEqual([
      { year: 2020, week: 52 },
      { year: 2020, week: 53 },
      { year: 2021, week: 1 },
      { year: 2021, week: 2 },
    ]);
  });

  it('is empty when the end is before the start, one week when equal', () => {
    expect(isoWeekRange({ year: 2026, week: 3 }, { year: 2026, week: 2 })).toEqual([]);
    expect(isoWeekRange({ year: 2026, week: 3 }, { year: 2026, week: 3 })).toEqual([{ year: 2026, week: 3 }]);
  });

  it('holds consecutive weeks from start to end', () => {
    fc.assert(
      fc.property(isoWeekArb, fc.integer({ min: 0, max: 120 }), (from, length) => {
        const to = addIsoWeeks(from, length);
        const range = isoWeekRange(from, to);
        expect(range).toHaveLength(length + 1);
        expect(range[0]).toEqual(from);
        expect(range[range.length - 1]).toEqual(to);
        range.slice(1).forEach((week, i) => {
          expect(week).toEqual(addIsoWeeks(range[i]!, 1));
        });
      }),
      { numRuns: 50 },
    );
  });
});
