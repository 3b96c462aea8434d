/**
 * The business calendar: the product's days and months are South African (the demo world and the
 * product's users are there), whatever time zone the server or the browser runs in. South Africa has
 * kept UTC+2 all year since 1944 (no daylight saving), so a day is always 24 hours and its bounds
 * are a fixed offset from UTC.
 *
 * A day is written yyyy-MM-dd; an instant is a Date. The clock (`Clock`) is how the server knows
 * "now": one is given to the application and tests give it a fixed one.
 */

/** The IANA name of the business time zone (also for SQL `at time zone`). */
export const BUSINESS_TIME_ZONE = 'Africa/Johannesburg';
/** The business time zone's offset from UTC, all year. */
export const BUSINESS_UTC_OFFSET = '+02:00';

const OFFSET_MS = 2 * 3_600_000;
const DAY_MS = 86_400_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Where "now" comes from. */
export interface Clock {
  now(): Date;
}

/** The real clock. */
export const systemClock: Clock = { now: () => new Date() };

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The business day (yyyy-MM-dd) an instant falls on. */
export function dayOf(at: Date | string): string {
  return dayFormat.format(typeof at === 'string' ? new Date(at) : at);
}

/** The instant of a wall-clock time (HH:mm or HH:mm:ss, default midnight) on a business day. */
export function instantOn(day: string, time = '00:00:00'): Date {
  return new Date(`${day}T${time.length === 5 ? `${time}:00` : time}${BUSINESS_UTC_OFFSET}`);
}

/** The first instant of a business day and the first instant of the day after it. */
export function dayBounds(day: string): { from: Date; to: Date } {
  const from = instantOn(day);
  return { from, to: new Date(from.getTime() + DAY_MS) };
}

/**
 * The first instant of a business month and of the month after it. `monthIndex` is 0-based and may
 * run past either end of the year (-1 is December of the year before, 12 January of the next).
 */
export function monthBounds(year: number, monthIndex: number): { from: Date; to: Date } {
  return {
    from: new Date(Date.UTC(year, monthIndex, 1) - OFFSET_MS),
    to: new Date(Date.UTC(year, monthIndex + 1, 1) - OFFSET_MS),
  };
}

/** The business year and 0-based month an instant falls in. */
export function monthOf(at: Date): { year: number; monthIndex: number } {
  const local = new Date(at.getTime() + OFFSET_MS);
  return { year: local.getUTCFullYear(), monthIndex: local.getUTCMonth() };
}

/** true for a real calendar day written yyyy-MM-dd */
export function isCalendarDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/**
 * The range of dates the product takes, both ends included: every day and every instant that
 * enters the server (query strings, bodies, CSV imports) lies on a business day from FIRST_DAY to
 * LAST_DAY, and anything else is refused with the field's invalid-date message. PostgreSQL's own
 * range is far wider, but it has no year 0000 (that day failed in the database), and in orchards,
 * packhouses and picking schedules a year before 1900 or after 2099 is a typing mistake, not a date.
 */
export const FIRST_DAY = '1900-01-01';
export const LAST_DAY = '2099-12-31';

/** true for a real calendar day written yyyy-MM-dd from FIRST_DAY to LAST_DAY */
export function isDayInRange(value: string): boolean {
  return isCalendarDay(value) && value >= FIRST_DAY && value <= LAST_DAY;
}

/** true for an instant (or a date and time Date.parse reads) on a business day from FIRST_DAY to LAST_DAY */
export function isInstantInRange(at: Date | string): boolean {
  const ms = typeof at === 'string' ? Date.parse(at) : at.getTime();
  return ms >= instantOn(FIRST_DAY).getTime() && ms < dayBounds(LAST_DAY).to.getTime();
}

/** yyyy-MM-dd plus `days` calendar days (negative: earlier) */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** whole calendar days from `start` to `end` (negative when end is earlier) */
export function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS);
}

/**
 * An instant as written in every CSV and file: RFC 3339 in the business time zone, to the second,
 * with its offset (2026-11-24T04:27:22+02:00). Machine-readable, and the wall-clock time people saw.
 */
export function businessTimestamp(at: Date): string {
  return `${new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 19)}${BUSINESS_UTC_OFFSET}`;
}
