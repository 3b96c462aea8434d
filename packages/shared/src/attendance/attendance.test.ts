import { describe, expect, it } from 'vitest';
import { attendanceIntervals, attendanceMonths, clockParts, hoursPerMonth, lastAttendanceOf, saveAttendanceBodySchema } from './attendance.js';

const at = (iso: string) => new Date(iso);
const ev = (iso: string, type: number) => ({ date: at(iso), type });

describe('attendanceMonths', () => {
  it('are the South African calendar months up to now, oldest first, also across a year end', () => {
    // 2026-01-01 01:00 in South Africa is still 2025-12-31 in UTC
    const months = attendanceMonths(at('2025-12-31T23:00:00Z'));
    expect(months.map((m) => m.label)).toEqual(['Nov 2025', 'Dec 2025', 'Jan 2026']);
    expect(months[2]!.start.toISOString()).toBe('2025-12-31T22:00:00.000Z');
    expect(months[2]!.end.toISOString()).toBe('2026-01-31T22:00:00.000Z');
    expect(months[0]!.key).toBe('2025-11');
  });
});

describe('hours', () => {
  const months = attendanceMonths(at('2025-06-30T06:00:00Z'));

  it('splits a night shift over the month boundary (hand-worked: 2 h in April, 3.5 h in May)', () => {
    // 30 April 22:00 to 1 May 03:30, South African time
    const intervals = attendanceIntervals([ev('2025-04-30T20:00:00Z', 1), ev('2025-05-01T01:30:00Z', 2)], at('2025-06-30T06:00:00Z'));
    expect(hoursPerMonth(intervals, months)).toEqual([2, 3.5, 0]);
  });

  it('a pause closes an interval and a start resumes; an open start counts up to now', () => {
    const now = at('2025-06-30T06:20:00Z');
    const events = [
      ev('2025-06-02T06:00:00Z', 1),
      ev('2025-06-02T08:00:00Z', 3), // 2 h
      ev('2025-06-02T09:00:00Z', 1),
      ev('2025-06-02T09:20:00Z', 2), // 20 min
      ev('2025-06-30T06:00:00Z', 1), // 20 min so far
    ];
    expect(hoursPerMonth(attendanceIntervals(events, now), months)).toEqual([0, 0, 2.67]);
    expect(lastAttendanceOf(events.slice(4), now)).toEqual({ hour: 0, min: 20, sec: 0, isRecording: true });
  });

  it('ignores a second start and a stop without a start', () => {
    const now = at('2025-06-30T06:00:00Z');
    const events = [ev('2025-06-01T06:00:00Z', 2), ev('2025-06-03T06:00:00Z', 1), ev('2025-06-03T07:00:00Z', 1), ev('2025-06-03T08:00:00Z', 2)];
    expect(attendanceIntervals(events, now)).toEqual([{ start: at('2025-06-03T06:00:00Z'), end: at('2025-06-03T08:00:00Z'), open: false }]);
  });

  it('a paused session keeps its time on the clock without recording', () => {
    const now = at('2025-06-30T12:00:00Z');
    const session = [ev('2025-06-30T06:00:00Z', 1), ev('2025-06-30T07:01:05Z', 3)];
    expect(lastAttendanceOf(session, now)).toEqual({ hour: 1, min: 1, sec: 5, isRecording: false });
    expect(lastAttendanceOf([], now)).toEqual({ hour: 0, min: 0, sec: 0, isRecording: false });
  });
});

describe('clockParts and the save body', () => {
  it('splits seconds without wrapping hours', () => {
    expect(clockParts(3599)).toEqual({ hour: 0, min: 59, sec: 59 });
    expect(clockParts(90_061)).toEqual({ hour: 25, min: 1, sec: 1 });
  });
  it('takes type 1 to 3 and coordinates in range', () => {
    expect(saveAttendanceBodySchema.safeParse({ type: 1, lat: -33.9, lng: 18.4 }).success).toBe(true);
    expect(saveAttendanceBodySchema.safeParse({ type: 2 }).success).toBe(true);
    expect(saveAttendanceBodySchema.safeParse({ type: 4 }).success).toBe(false);
    expect(saveAttendanceBodySchema.safeParse({ type: 1, lat: 91, lng: 0 }).success).toBe(false);
  });
});
