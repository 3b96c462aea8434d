import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, dayBounds, dayOf, daysBetween, isCalendarDay } from '../core/calendar.js';
import {
  farmOperationsCsvRow,
  farmOperationsExportQuerySchema,
  farmOperationsFarmsSearch,
  farmOperationsFileName,
  farmOperationsMaxEnd,
  farmOperationsQuerySchema,
  farmOperationsRangeProblem,
  formatScoutingTime,
  minutesPerHa,
  sessionMinutes,
} from './farm-operations.js';

describe('minutesPerHa', () => {
  it.each([
    ['45 minutes on 2.5 ha', 45, 2.5, 18],
    ['90 minutes on 3 ha', 90, 3, 30],
    ['50 minutes on 4 ha', 50, 4, 12.5],
    ['no time spent', 0, 2, 0],
    ['a block of 0 ha', 30, 0, null],
    ['a negative area', 30, -1, null],
    ['no area', 30, null, null],
    ['an unknown area', 30, undefined, null],
    ['an area that is not a number', 30, Number.NaN, null],
    ['an infinite area', 30, Number.POSITIVE_INFINITY, null],
  ])('%s', (_name, minutes, ha, expected) => {
    expect(minutesPerHa(minutes, ha)).toBe(expected);
  });

  it('is never Infinity or NaN, whatever the area', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 24 * 60, noNaN: true }), fc.oneof(fc.double(), fc.constant(null), fc.constant(0)), (minutes, ha) => {
        const figure = minutesPerHa(minutes, ha);
        if (ha === null || !Number.isFinite(ha) || ha <= 0) expect(figure).toBeNull();
        if (figure !== null) {
          expect(Number.isFinite(figure)).toBe(true);
          expect(figure).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('on a real block, times the area gives the minutes back', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 24 * 60, noNaN: true }), fc.double({ min: 0.01, max: 10_000, noNaN: true }), (minutes, ha) => {
        const figure = minutesPerHa(minutes, ha);
        expect(figure).not.toBeNull();
        expect(figure! * ha).toBeCloseTo(minutes, 6);
      }),
    );
  });
});

describe('sessionMinutes', () => {
  it.each([
    ['45 minutes', '2025-06-20T06:00:00Z', '2025-06-20T06:45:00Z', 45],
    ['with seconds', '2025-06-20T06:00:00Z', '2025-06-20T06:01:30Z', 1.5],
    ['end before start', '2025-06-20T06:45:00Z', '2025-06-20T06:00:00Z', 0],
  ])('%s', (_name, start, end, expected) => {
    expect(sessionMinutes(start, end)).toBe(expected);
  });
});

describe('South African days and times', () => {
  it.each([
    ['morning', '2025-06-20T05:05:00Z', '7:05 am'],
    ['noon', '2025-06-20T10:30:00Z', '12:30 pm'],
    ['midnight', '2025-06-19T22:00:00Z', '12:00 am'],
    ['afternoon', '2025-06-20T13:59:00Z', '3:59 pm'],
  ])('%s is shown as hours:minutes with am/pm', (_name, iso, expected) => {
    expect(formatScoutingTime(iso)).toBe(expected);
  });

  it('a moment belongs to its South African day (UTC+2)', () => {
    expect(dayOf('2025-06-19T21:59:59Z')).toBe('2025-06-19');
    expect(dayOf('2025-06-19T22:00:00Z')).toBe('2025-06-20');
    expect(dayBounds('2025-06-20')).toEqual({ from: new Date('2025-06-19T22:00:00Z'), to: new Date('2025-06-20T22:00:00Z') });
  });

  it('counts and adds calendar days, and knows a real day', () => {
    expect(addDays('2025-02-27', 2)).toBe('2025-03-01');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(daysBetween('2025-06-01', '2025-07-02')).toBe(31);
    expect(daysBetween('2025-06-02', '2025-06-01')).toBe(-1);
    expect(isCalendarDay('2025-02-29')).toBe(false);
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2025-6-1')).toBe(false);
  });
});

describe('the export range', () => {
  const today = '2025-06-30';
  it.each([
    ['one day', '2025-06-10', '2025-06-10', null],
    ['31 days', '2025-05-30', '2025-06-30', null],
    ['32 days', '2025-05-29', '2025-06-30', 'tooLong'],
    ['ends tomorrow', '2025-06-25', '2025-07-01', 'future'],
    ['reversed', '2025-06-12', '2025-06-10', 'order'],
    ['no end', '2025-06-12', null, 'incomplete'],
    ['no start', null, '2025-06-12', 'incomplete'],
  ])('%s', (_name, start, end, expected) => {
    expect(farmOperationsRangeProblem(start, end, today)).toBe(expected);
  });

  it('the latest end while picking is the earlier of start + 31 days and today', () => {
    expect(farmOperationsMaxEnd('2025-05-01', today)).toBe('2025-06-01');
    expect(farmOperationsMaxEnd('2025-06-10', today)).toBe(today);
  });

  it('every end up to the latest allowed end makes a usable range', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 40 }), (back, length) => {
        const start = addDays(today, -back);
        const end = addDays(start, length);
        const usable = farmOperationsRangeProblem(start, end, today) === null;
        expect(usable).toBe(daysBetween(end, farmOperationsMaxEnd(start, today)) >= 0);
      }),
    );
  });

  it('names the file Farm_Operations_{start} - {end}.csv', () => {
    expect(farmOperationsFileName('2025-06-01', '2025-06-30')).toBe('Farm_Operations_2025-06-01 - 2025-06-30.csv');
  });
});

describe('queries', () => {
  it('reads a day, farms and ranges, refusing what is not a calendar day', () => {
    expect(farmOperationsQuerySchema.parse({ date: '2025-06-20', farms: '1,2' })).toEqual({ date: '2025-06-20', farms: [1, 2] });
    expect(farmOperationsQuerySchema.parse({ date: '2025-06-20' })).toEqual({ date: '2025-06-20', farms: undefined });
    expect(farmOperationsQuerySchema.safeParse({ date: '2025-13-01' }).success).toBe(false);
    expect(farmOperationsQuerySchema.safeParse({}).success).toBe(false);
    expect(farmOperationsQuerySchema.safeParse({ date: '2025-06-20', farms: '0' }).success).toBe(false);
    expect(farmOperationsExportQuerySchema.parse({ start: '2025-06-01', end: '2025-06-02', farms: ['3'] })).toEqual({ start: '2025-06-01', end: '2025-06-02', farms: [3] });
  });

  it.each([
    ['every farm: no restriction', [2, 1, 3], ''],
    ['some farms', [1, 3], 'farms=1&farms=3'],
    ['none: nothing to ask', [], null],
  ])('%s', (_name, selected, expected) => {
    expect(farmOperationsFarmsSearch(selected, [1, 2, 3])).toBe(expected);
  });

  it('an organisation without farms asks without a restriction', () => {
    expect(farmOperationsFarmsSearch([], [])).toBe('');
  });
});

describe('farmOperationsCsvRow', () => {
  it('writes times as h:mm am/pm, minutes per ha with 2 decimals, and no figure for a block without area', () => {
    const row = {
      id: 1,
      scoutName: 'Sipho',
      farmName: 'Kransvlei',
      blockName: 'K1',
      ha: 3,
      scoutDate: '2025-06-20',
      startTime: '2025-06-20T05:30:00.000Z',
      endTime: '2025-06-20T06:20:00.000Z',
      totalMinutes: 50,
      minutesPerHa: 50 / 3,
    };
    expect(farmOperationsCsvRow(row)).toEqual({
      scoutName: 'Sipho',
      farmName: 'Kransvlei',
      blockName: 'K1',
      ha: 3,
      scoutDate: '2025-06-20',
      startTime: '7:30 am',
      endTime: '8:20 am',
      totalMinutes: 50,
      minutesPerHa: '16.67',
    });
    expect(farmOperationsCsvRow({ ...row, ha: 0, minutesPerHa: null }).minutesPerHa).toBeNull();
  });
});
