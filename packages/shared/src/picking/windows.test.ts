import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  WEEK_COLUMN_COLORS,
  isWeekReadonly,
  packhouseWindow,
  producerWindow,
  pucScheduleDays,
  pucScheduleEndBound,
  weekColumns,
  type PickingScheduleWeek,
} from './windows.js';
import { addIsoWeeks, addPlainDays, isoWeekOf, toLocalDate, weekKey } from './weeks.js';

const plainDateArb = fc.integer({ min: 0, max: 200 * 366 }).map((offset) => addPlainDays('1950-01-01', offset));

/** 'YYYY-Www' -> [colour, readonly] of each column, for compact table assertions. */
function summary(columns: PickingScheduleWeek[]): Record<string, [string, boolean]> {
  return Object.fromEntries(columns.map((c) => [weekKey(c.year, c.week), [c.color, c.readonly]]));
}

const GREY = WEEK_COLUMN_COLORS.readonly;
const ORANGE = WEEK_COLUMN_COLORS.editable;
const BLUE = WEEK_COLUMN_COLORS.current;

describe('pucScheduleDays', () => {
  it('starts on the Monday of the current week from a Wednesday', () => {
    const days = pucScheduleDays('2026-01-07');
    expect(days).toHaveLength(14);
    expect(days[0]).toEqual({ date: '2026-01-05', header: '05-Jan', isToday: false, isPast: true });
    expect(days[1]).toEqual({ date: '2026-01-06', header: '06-Jan', isToday: false, isPast: true });
    expect(days[2]).toEqual({ date: '2026-01-07', header: '07-Jan', isToday: true, isPast: false });
    expect(days[3]).toEqual({ date: '2026-01-08', header: '08-Jan', isToday: false, isPast: false });
    expect(days[13]).toEqual({ date: '2026-01-18', header: '18-Jan', isToday: false, isPast: false });
  });

  it('from a Sunday shows the six days before it as past and crosses the year end', () => {
    const days = pucScheduleDays('2021-01-03');
    expect(days.map((d) => d.header)).toEqual([
      '28-Dec', '29-Dec', '30-Dec', '31-Dec', '01-Jan', '02-Jan', '03-Jan',
      '04-Jan', '05-Jan', '06-Jan', '07-Jan', '08-Jan', '09-Jan', '10-Jan',
    ]);
    expect(days.filter((d) => d.isPast)).toHaveLength(6);
    expect(days.findIndex((d) => d.isToday)).toBe(6);
  });

  it('from a Monday has no past day', () => {
    const days = pucScheduleDays('2026-01-05');
    expect(days[0]).toMatchObject({ date: '2026-01-05', isToday: true, isPast: false });
    expect(days.some((d) => d.isPast)).toBe(false);
  });

  it('end bound is the last column date plus 7 days (start date plus 20)', () => {
    expect(pucScheduleEndBound(pucScheduleDays('2026-01-07'))).toBe('2026-01-25');
    expect(pucScheduleEndBound(pucScheduleDays('2025-12-31'))).toBe('2026-01-18');
    expect(() => pucScheduleEndBound([])).toThrow(RangeError);
  });

  it('is 14 consecutive days from a Monday, today once, past exactly before today', () => {
    fc.assert(
      fc.property(plainDateArb, (today) => {
        const days = pucScheduleDays(today);
        expect(days).toHaveLength(14);
        expect(toLocalDate(days[0]!.date).getDay()).toBe(1);
        days.forEach((day, i) => {
          expect(day.date).toBe(addPlainDays(days[0]!.date, i));
          expect(day.isToday).toBe(day.date === today);
          expect(day.isPast).toBe(day.date < today);
          expect(day.header).toMatch(/^\d{2}-[A-Z][a-z]{2}$/);
        });
        expect(days.filter((d) => d.isToday)).toHaveLength(1);
        expect(pucScheduleEndBound(days)).toBe(addPlainDays(days[0]!.date, 20));
      }),
    );
  });
});

describe('visible weeks', () => {
  it('are 3 weeks before to 5 weeks after the pager week, across a year end', () => {
    const window = producerWindow('2026-01-07', '2026-01-07');
    expect(window.pagerWeek).toEqual({ year: 2026, week: 2 });
    expect(window.weeks.map((w) => weekKey(w.year, w.week))).toEqual([
      '2025-W51', '2025-W52', '2026-W01', '2026-W02', '2026-W03', '2026-W04', '2026-W05', '2026-W06', '2026-W07',
    ]);
    expect(window.from).toBe('2025-12-15');
    expect(window.to).toBe('2026-02-15');
  });

  it('include week 53 of a long year', () => {
    const window = packhouseWindow('2021-01-03', '2021-01-03');
    expect(window.weeks.map((w) => weekKey(w.year, w.week))).toEqual([
      '2020-W50', '2020-W51', '2020-W52', '2020-W53', '2021-W01', '2021-W02', '2021-W03', '2021-W04', '2021-W05',
    ]);
  });

  it('always hold 9 consecutive weeks with the pager week fourth', () => {
    fc.assert(
      fc.property(plainDateArb, (pager) => {
        const window = producerWindow(pager, pager);
        expect(window.weeks).toHaveLength(9);
        expect(window.weeks[3]).toEqual(isoWeekOf(pager));
        window.weeks.slice(1).forEach((week, i) => expect(week).toEqual(addIsoWeeks(window.weeks[i]!, 1)));
        expect(window.to).toBe(addPlainDays(window.from, 62));
      }),
      { numRuns: 50 },
    );
  });
});

describe('producer view editable weeks', () => {
  it('bounds are today - 8 and today + 12 days', () => {
    const window = producerWindow('2026-01-07', '2026-01-07');
    expect(window.minimumDate).toBe('2025-12-30');
    expect(window.lastDate).toBe('2026-01-19');
  });

  it.each([
    // Wednesday: current and next week editable, the week after next opens on Thursday
    ['2026-01-07', { '2026-W01': [GREY, true], '2026-W02': [BLUE, false], '2026-W03': [ORANGE, false], '2026-W04': [GREY, true] }],
    // Thursday
    ['2026-01-08', { '2026-W01': [GREY, true], '2026-W02': [BLUE, false], '2026-W03': [ORANGE, false], '2026-W04': [ORANGE, false], '2026-W05': [GREY, true] }],
    // Monday: last week is still editable
    ['2026-01-05', { '2026-W01': [ORANGE, false], '2026-W02': [BLUE, false], '2026-W03': [ORANGE, false], '2026-W04': [GREY, true] }],
    // Sunday in week 53
    ['2021-01-03', { '2020-W52': [GREY, true], '2020-W53': [BLUE, false], '2021-W01': [ORANGE, false], '2021-W02': [ORANGE, false], '2021-W03': [GREY, true] }],
  ])('today %s', (today, expected) => {
    const columns = summary(weekColumns(producerWindow(today, today), today));
    expect(columns).toMatchObject(expected);
  });

  it('the current and next week are always editable when the pager shows today', () => {
    fc.assert(
      fc.property(plainDateArb, (today) => {
        const columns = weekColumns(producerWindow(today, today), today);
        expect(columns[3]).toMatchObject({ isCurrent: true, readonly: false, color: BLUE });
        expect(columns[4]).toMatchObject({ readonly: false, color: ORANGE });
        expect(columns.slice(0, 2).every((c) => c.readonly && c.color === GREY)).toBe(true);
        expect(columns.slice(6).every((c) => c.readonly && c.color === GREY)).toBe(true);
      }),
    );
  });

  it('paging away from today changes the columns but not the bounds', () => {
    const later = weekColumns(producerWindow('2026-03-04', '2026-01-07'), '2026-01-07');
    expect(later.every((c) => c.readonly && c.color === GREY && !c.isCurrent)).toBe(true);
    const earlier = producerWindow('2025-11-05', '2026-01-07');
    expect(earlier.minimumDate).toBe('2025-12-30');
    expect(weekColumns(earlier, '2026-01-07').every((c) => c.readonly)).toBe(true);
  });
});

describe('packhouse view editable weeks', () => {
  it('bounds are today - 6 and today + 6 days', () => {
    const window = packhouseWindow('2026-01-07', '2026-01-07');
    expect(window.minimumDate).toBe('2026-01-01');
    expect(window.lastDate).toBe('2026-01-13');
  });

  it.each([
    ['2026-01-05', { '2026-W01': [GREY, true], '2026-W02': [BLUE, false], '2026-W03': [GREY, true] }],
    ['2026-01-06', { '2026-W02': [BLUE, false], '2026-W03': [GREY, true] }],
    ['2026-01-07', { '2026-W02': [BLUE, false], '2026-W03': [ORANGE, false], '2026-W04': [GREY, true] }],
    // Sunday: the current week is closed (still light blue), next week open
    ['2026-01-11', { '2026-W02': [BLUE, true], '2026-W03': [ORANGE, false], '2026-W04': [GREY, true] }],
  ])('today %s', (today, expected) => {
    expect(summary(weekColumns(packhouseWindow(today, today), today))).toMatchObject(expected);
  });

  it('always leaves at least one editable week when the pager shows today', () => {
    fc.assert(
      fc.property(plainDateArb, (today) => {
        const columns = weekColumns(packhouseWindow(today, today), today);
        expect(columns.some((c) => !c.readonly)).toBe(true);
      }),
    );
  });
});

describe('week column colours', () => {
  const viewArb = fc.constantFrom(producerWindow, packhouseWindow);

  it('at most one current week; other columns grey exactly when read-only, orange exactly when editable', () => {
    fc.assert(
      fc.property(viewArb, plainDateArb, fc.integer({ min: -70, max: 70 }), (makeWindow, today, pagerOffset) => {
        const columns = weekColumns(makeWindow(addPlainDays(today, pagerOffset), today), today);
        expect(columns.filter((c) => c.color === BLUE).length).toBeLessThanOrEqual(1);
        for (const column of columns) {
          expect(column.color === BLUE).toBe(column.isCurrent);
          if (!column.isCurrent) {
            expect(column.color === GREY).toBe(column.readonly);
            expect(column.color === ORANGE).toBe(!column.readonly);
          }
          expect(column.readonly).toBe(isWeekReadonly(column.date, makeWindow(today, today)));
        }
      }),
    );
  });

  it('read-only on the bounds themselves', () => {
    const bounds = { minimumDate: '2026-01-05', lastDate: '2026-01-19' };
    expect(isWeekReadonly('2026-01-05', bounds)).toBe(true);
    expect(isWeekReadonly('2026-01-12', bounds)).toBe(false);
    expect(isWeekReadonly('2026-01-19', bounds)).toBe(true);
  });
});
