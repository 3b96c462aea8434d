/**
 * ISO-8601 week arithmetic for picking schedules and packhouse capacity.
 *
 * Weeks start on Monday and week 1 of a year is the week that contains 4 January, so a week can
 * belong to a different year than some of its days (2021-01-03 is in week 53 of 2020).
 *
 * Dates are plain calendar dates: 'yyyy-MM-dd' strings, never Date objects and never instants.
 * Internally a string becomes a Date at local midnight only for the length of one date-fns call
 * and is formatted back straight away, so the process time zone cannot shift a day.
 */
import { addDays as addCalendarDays } from '../core/calendar.js';
import { addDays, getISOWeek, getISOWeekYear, getISOWeeksInYear, startOfISOWeek } from 'date-fns';

/** A calendar date as 'yyyy-MM-dd'. */
export type PlainDate = string;

/** An ISO week: `year` is the ISO week-numbering year, which differs from the calendar year near 1 January. */
export interface IsoWeek {
  year: number;
  week: number;
}

const PLAIN_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written 'yyyy-MM-dd' (rejects 2021-02-30). */
export function isPlainDate(value: string): boolean {
  const match = PLAIN_DATE_PATTERN.exec(value);
  if (!match) return false;
  const [, y, m, d] = match;
  const date = localMidnight(Number(y), Number(m), Number(d));
  return formatPlainDate(date) === value;
}

function localMidnight(year: number, month: number, day: number): Date {
  // setFullYear, because the Date constructor maps years 0-99 to 1900-1999.
  const date = new Date(2000, 0, 1);
  date.setFullYear(year, month - 1, day);
  date.setHours(0, 0, 0, 0);
  return date;
}

/** A plain date as a Date at local midnight, for date-fns. Throws RangeError on a malformed date. */
export function toLocalDate(value: PlainDate): Date {
  const match = PLAIN_DATE_PATTERN.exec(value);
  if (!match || !isPlainDate(value)) throw new RangeError(`Not a 'yyyy-MM-dd' date: ${value}`);
  const [, y, m, d] = match;
  return localMidnight(Number(y), Number(m), Number(d));
}

/** The local calendar date of a Date as 'yyyy-MM-dd' (the time of day is ignored). */
export function formatPlainDate(date: Date): PlainDate {
  const y = String(date.getFullYear()).padStart(4, '0');
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** `date` moved by `days` calendar days (negative goes back): the business calendar's addDays. */
export function addPlainDays(date: PlainDate, days: number): PlainDate {
  return addCalendarDays(date, days);
}

/** Negative, zero or positive like a comparator. 'yyyy-MM-dd' sorts as text for years 0000-9999. */
export function comparePlainDates(a: PlainDate, b: PlainDate): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The ISO week (and its week-numbering year) that contains `date`. */
export function isoWeekOf(date: PlainDate): IsoWeek {
  const local = toLocalDate(date);
  return { year: getISOWeekYear(local), week: getISOWeek(local) };
}

/** 52 or 53: the number of ISO weeks of an ISO week-numbering year. */
export function isoWeeksInYear(year: number): number {
  // 28 December is always in the last ISO week of its year.
  return getISOWeeksInYear(localMidnight(year, 12, 28));
}

/** True when `week` exists in `year` (1 to 52 or 53). */
export function isValidIsoWeek({ year, week }: IsoWeek): boolean {
  return Number.isInteger(year) && Number.isInteger(week) && week >= 1 && week <= isoWeeksInYear(year);
}

function assertIsoWeek(value: IsoWeek): void {
  if (!isValidIsoWeek(value)) throw new RangeError(`No ISO week ${value.week} in ${value.year}`);
}

/** 'YYYY-Www', e.g. '2026-W01': a stable key that sorts chronologically as text. */
export function weekKey(year: number, week: number): string {
  assertIsoWeek({ year, week });
  return `${String(year).padStart(4, '0')}-W${String(week).padStart(2, '0')}`;
}

/** The Monday that starts ISO week `week` of `year`. Throws RangeError for a week the year lacks. */
export function mondayOfIsoWeek(year: number, week: number): PlainDate {
  assertIsoWeek({ year, week });
  const firstMonday = startOfISOWeek(localMidnight(year, 1, 4));
  return formatPlainDate(addDays(firstMonday, (week - 1) * 7));
}

/** The Monday of the ISO week that contains `date`. */
export function startOfIsoWeekDate(date: PlainDate): PlainDate {
  return formatPlainDate(startOfISOWeek(toLocalDate(date)));
}

/** Negative, zero or positive like a comparator. */
export function compareIsoWeeks(a: IsoWeek, b: IsoWeek): number {
  return a.year !== b.year ? a.year - b.year : a.week - b.week;
}

/** The ISO week `n` weeks after `from` (before it when `n` is negative). */
export function addIsoWeeks(from: IsoWeek, n: number): IsoWeek {
  if (!Number.isInteger(n)) throw new RangeError(`Whole weeks only: ${n}`);
  return isoWeekOf(addPlainDays(mondayOfIsoWeek(from.year, from.week), n * 7));
}

/** Every ISO week from `from` to `to`, both included; empty when `to` is before `from`. */
export function isoWeekRange(from: IsoWeek, to: IsoWeek): IsoWeek[] {
  assertIsoWeek(from);
  assertIsoWeek(to);
  const weeks: IsoWeek[] = [];
  for (let current = from; compareIsoWeeks(current, to) <= 0; current = addIsoWeeks(current, 1)) {
    weeks.push(current);
  }
  return weeks;
}

/** The week-column tooltip of the capacity table: exactly "Week {n} of {year}". */
export function weekTooltip(week: number, year: number): string {
  return `Week ${week} of ${year}`;
}
