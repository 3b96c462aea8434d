/**
 * Time Logger (docs/domain.md, Employees, Time Logger and farm operations): the signed-in user's attendance records in the
 * current organisation (type 1 start, 2 stop, 3 pause), the state of their clock (last attendance),
 * their hours over the recent calendar months (attendance log) and the CSV export of their records.
 *
 * The calls are all "for user id": every route answers for the signed-in user only, inside
 * the current organisation; nobody reads or writes another person's time.
 *
 * Rules (the server enforces them; the same pure functions compute the figures):
 * - A start while recording is refused (409), as is a stop or pause while not recording; a start
 *   after a pause resumes the session, a stop ends it (also when paused).
 * - Hours: every start opens an interval, the next stop or pause closes it. A start without a stop
 *   yet (recording now) counts up to now. Intervals are split at month boundaries.
 * - Months and days are South African: the business calendar (../calendar).
 * - Last attendance: hour/min/sec of the current session (all intervals since the last stop, the
 *   open one up to now); 0:0:0 when stopped. isRecording: the latest record is a start.
 */
import { z } from 'zod';
import { monthBounds, monthOf } from '../core/calendar.js';
import { exportFileTimestamp } from '../picking/csv.js';

export const ATTENDANCE_PATHS = {
  /** the clock's state: sec, min, hour, isRecording */
  last: '/api/attendance/last',
  /** POST: save a record (type, lat, lng) for the signed-in user */
  records: '/api/attendance/records',
  /** the hours per recent month */
  logs: '/api/attendance/logs',
  /** the records of the recent months as a CSV download */
  export: '/api/attendance/export',
} as const;

export const ATTENDANCE_TYPES = { start: 1, stop: 2, pause: 3 } as const;
export type AttendanceType = (typeof ATTENDANCE_TYPES)[keyof typeof ATTENDANCE_TYPES];

/** The report's months: the current calendar month and the two before it. */
export const ATTENDANCE_MONTHS = 3;

const MONTH_LABELS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

export interface AttendanceMonth {
  /** yyyy-MM */
  key: string;
  /** e.g. "Jun 2025" */
  label: string;
  /** first instant of the month in South Africa */
  start: Date;
  /** first instant of the next month */
  end: Date;
}

/** The last `count` South African calendar months up to and including the one of `now`, oldest first. */
export function attendanceMonths(now: Date, count: number = ATTENDANCE_MONTHS): AttendanceMonth[] {
  const { year, monthIndex: month } = monthOf(now);
  const months: AttendanceMonth[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const first = new Date(Date.UTC(year, month - i, 1));
    const y = first.getUTCFullYear();
    const m = first.getUTCMonth();
    const { from, to } = monthBounds(y, m);
    months.push({ key: `${y}-${String(m + 1).padStart(2, '0')}`, label: `${MONTH_LABELS[m]} ${y}`, start: from, end: to });
  }
  return months;
}

export interface AttendanceEvent {
  date: Date;
  type: number;
}

export interface AttendanceInterval {
  start: Date;
  end: Date;
  /** still recording: the interval ends now */
  open: boolean;
}

/**
 * Worked intervals from records in time order: a start opens one, the next stop or pause closes
 * it; a start while open and a stop or pause while closed change nothing (the server refuses them,
 * so they only appear in data written some other way). An interval still open ends at `now`.
 */
export function attendanceIntervals(events: readonly AttendanceEvent[], now: Date): AttendanceInterval[] {
  const intervals: AttendanceInterval[] = [];
  let openedAt: Date | null = null;
  for (const e of events) {
    if (e.type === ATTENDANCE_TYPES.start) {
      openedAt ??= e.date;
    } else if (openedAt) {
      intervals.push({ start: openedAt, end: e.date, open: false });
      openedAt = null;
    }
  }
  if (openedAt) intervals.push({ start: openedAt, end: new Date(Math.max(now.getTime(), openedAt.getTime())), open: true });
  return intervals;
}

/** Hours rounded to 2 decimals. */
export const roundHours = (ms: number) => Math.round(ms / 36_000) / 100;

/** Hours worked in each month (intervals split at the month boundaries), 2 decimals. */
export function hoursPerMonth(intervals: readonly AttendanceInterval[], months: readonly AttendanceMonth[]): number[] {
  return months.map((m) => {
    let ms = 0;
    for (const i of intervals) {
      const from = Math.max(i.start.getTime(), m.start.getTime());
      const to = Math.min(i.end.getTime(), m.end.getTime());
      if (to > from) ms += to - from;
    }
    return roundHours(ms);
  });
}

/** Whether the latest record (in time order) is a start. */
export const isRecording = (events: readonly AttendanceEvent[]) => events.at(-1)?.type === ATTENDANCE_TYPES.start;

/** Splits whole seconds into hour, min, sec (hours are not wrapped at 24). */
export function clockParts(totalSeconds: number): { hour: number; min: number; sec: number } {
  const s = Math.max(0, Math.floor(totalSeconds));
  return { hour: Math.floor(s / 3600), min: Math.floor((s % 3600) / 60), sec: s % 60 };
}

/** Last attendance from the records since the latest stop (in time order). */
export function lastAttendanceOf(sessionEvents: readonly AttendanceEvent[], now: Date): LastAttendance {
  const ms = attendanceIntervals(sessionEvents, now).reduce((sum, i) => sum + (i.end.getTime() - i.start.getTime()), 0);
  return { ...clockParts(ms / 1000), isRecording: isRecording(sessionEvents) };
}

export const ATTENDANCE_FILE_PREFIX = 'Attendance';
export const ATTENDANCE_EXPORT_NAMES = { componentName: 'AttendanceComponent', reportName: 'Attendance' } as const;

/** Attendance-yyyy-MM-dd-HH-mm-ss.csv */
export function attendanceFileName(at: Date): string {
  return `${ATTENDANCE_FILE_PREFIX}-${exportFileTimestamp(at)}.csv`;
}

/** The CSV's columns: one line per record; Date is ISO 8601 (UTC). */
export const ATTENDANCE_CSV_COLUMNS = [
  { key: 'date', header: 'Date' },
  { key: 'user', header: 'User' },
  { key: 'type', header: 'Type' },
  { key: 'lat', header: 'Lat' },
  { key: 'lng', header: 'Lng' },
] as const;

/** The words the CSV writes for the types. */
export const ATTENDANCE_TYPE_NAMES: Record<AttendanceType, string> = { 1: 'Start', 2: 'Stop', 3: 'Pause' };

/** Save attendance: Type, Lat, Lng (the user is the signed-in one; the date is the server's clock). */
export const saveAttendanceBodySchema = z.object({
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  lat: z.number().min(-90).max(90).nullable().optional(),
  lng: z.number().min(-180).max(180).nullable().optional(),
});
export type SaveAttendanceBody = z.infer<typeof saveAttendanceBodySchema>;

/** Attendance record: id, date (ISO 8601), type, lat, lng. */
export const attendanceRecordSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  type: z.number().int(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});
export type AttendanceRecord = z.infer<typeof attendanceRecordSchema>;

/** Last attendance response: sec, min, hour, isRecording. */
export const lastAttendanceSchema = z.object({
  sec: z.number().int(),
  min: z.number().int(),
  hour: z.number().int(),
  isRecording: z.boolean(),
});
export type LastAttendance = z.infer<typeof lastAttendanceSchema>;

/** Attendance log response: fullName, hoursLastMonths, lastMonths (oldest month first). */
export const attendanceLogSchema = z.object({
  fullName: z.string(),
  hoursLastMonths: z.array(z.number()),
  lastMonths: z.array(z.string()),
});
export type AttendanceLog = z.infer<typeof attendanceLogSchema>;
/** One row: the signed-in user's. */
export const attendanceLogsResponseSchema = z.array(attendanceLogSchema);

/** The server's refusals (409), shown after the save error caption. */
export const ATTENDANCE_MESSAGES = {
  alreadyRecording: 'Time is already being recorded. Stop it before starting again.',
  notRecording: 'Time is not being recorded.',
  notStarted: 'There is no recording to stop.',
} as const;

/** The stable reason key of each of ATTENDANCE_MESSAGES, sent beside the text (see reasons.ts). */
export const ATTENDANCE_REASONS = {
  alreadyRecording: 'attendance-already-recording',
  notRecording: 'attendance-not-recording',
  notStarted: 'attendance-not-started',
} as const satisfies Record<keyof typeof ATTENDANCE_MESSAGES, string>;
