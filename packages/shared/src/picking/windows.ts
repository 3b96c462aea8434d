/**
 * Which days and weeks the picking screens show, and which of them can be edited.
 *
 * Every function takes `today` (and the pager date) as arguments; none reads the clock, so the
 * server and the browser agree when they pass the same date, and tests use a fixed one.
 *
 * How the windows are read (docs/decisions/0003-picking-window-reading.md; each number is a named
 * constant below):
 *
 * - "Picking by PUC shows 14 days starting from the start of the current week": the 14 days from
 *   the Monday of today's ISO week, so today is always in the first seven columns.
 * - "the week end bound is the start date plus 7 days beyond the last column date": one date,
 *   last column date + 7 days, which is also start date + 20 days. It bounds the yield-estimate
 *   summary the screen loads ("up to an end date").
 * - "Picking schedule window: visible from 3 days before to 5 days after the pager date": read as
 *   3 ISO weeks before to 5 ISO weeks after the pager date's week, i.e. 9 week columns. The pager
 *   pages by week and the table plans bins per week; a literal 3-to-5-day span would touch only
 *   one or two weeks, which leaves nothing to page through or total.
 * - "Editable window on the producer view from 8 days (minimum date) to 12 days (last date)": the
 *   minimum date is today - 8 days and the last date is today + 12 days. A week is read-only when
 *   its Monday is on or before the minimum date or on or after the last date, so the
 *   current and next week are always editable, last week stays editable on a Monday (to finish
 *   the previous week's figures), and the week after next opens from Thursday. Reading "8 days"
 *   as today + 8 would leave at most one, sometimes no, editable week between +8 and +12 days.
 * - "on the packhouse view from 6 days to 6 more days": minimum date today - 6 days, last date
 *   today + 6 days (the "6 more days" continue past today). The current week is editable except
 *   on Sunday, the next week from Wednesday; at least one week is always open.
 * - Both editable windows are measured from today, not from the pager date: paging forward must
 *   not unlock weeks, and paging back must not lock the current one.
 * - Colours: the current week is light blue whether or not it is editable (the column flag
 *   `readonly` still says which); other weeks are grey when read-only, orange when editable.
 */
import { format } from 'date-fns';
import {
  addIsoWeeks,
  addPlainDays,
  comparePlainDates,
  compareIsoWeeks,
  isoWeekOf,
  isoWeekRange,
  mondayOfIsoWeek,
  startOfIsoWeekDate,
  toLocalDate,
  type IsoWeek,
  type PlainDate,
} from './weeks.js';

export const PUC_SCHEDULE_DAY_COUNT = 14;
/** Days added to the last column date of the PUC schedule to get its week end bound. */
export const PUC_SCHEDULE_END_BOUND_EXTRA_DAYS = 7;
/** date-fns pattern of the PUC schedule day headers, e.g. '05-Jan'. */
export const PUC_SCHEDULE_HEADER_FORMAT = 'dd-MMM';

export const VISIBLE_WEEKS_BEFORE_PAGER = 3;
export const VISIBLE_WEEKS_AFTER_PAGER = 5;

export const PRODUCER_MINIMUM_DAYS_BEFORE_TODAY = 8;
export const PRODUCER_LAST_DAYS_AFTER_TODAY = 12;
export const PACKHOUSE_MINIMUM_DAYS_BEFORE_TODAY = 6;
export const PACKHOUSE_LAST_DAYS_AFTER_TODAY = 6;

/** Colour names of week columns; the web app maps them to CSS. */
export const WEEK_COLUMN_COLORS = {
  current: 'light-blue',
  readonly: 'grey',
  editable: 'orange',
} as const;
export type WeekColumnColor = (typeof WEEK_COLUMN_COLORS)[keyof typeof WEEK_COLUMN_COLORS];

/** One daily column of the picking schedule by PUC. */
export interface PucScheduleDay {
  date: PlainDate;
  /** 'dd-MMM', e.g. '05-Jan' */
  header: string;
  isToday: boolean;
  /** before today: the cell is disabled and grey */
  isPast: boolean;
}

/** The 14 daily columns starting on the Monday of today's ISO week. */
export function pucScheduleDays(today: PlainDate): PucScheduleDay[] {
  const start = startOfIsoWeekDate(today);
  return Array.from({ length: PUC_SCHEDULE_DAY_COUNT }, (_, i) => {
    const date = addPlainDays(start, i);
    return {
      date,
      header: format(toLocalDate(date), PUC_SCHEDULE_HEADER_FORMAT),
      isToday: date === today,
      isPast: comparePlainDates(date, today) < 0,
    };
  });
}

/** The week end bound of the PUC schedule: the last column date plus 7 days. */
export function pucScheduleEndBound(days: readonly PucScheduleDay[]): PlainDate {
  const last = days[days.length - 1];
  if (!last) throw new RangeError('The PUC schedule has no days');
  return addPlainDays(last.date, PUC_SCHEDULE_END_BOUND_EXTRA_DAYS);
}

export type PickingScheduleView = 'producer' | 'packhouse';

/** What a picking-schedule screen shows for one pager position, and what it lets people edit. */
export interface PickingScheduleWindow {
  view: PickingScheduleView;
  pagerDate: PlainDate;
  pagerWeek: IsoWeek;
  /** the visible week columns, oldest first */
  weeks: IsoWeek[];
  /** Monday of the first visible week: the start of the range to load */
  from: PlainDate;
  /** Sunday of the last visible week: the end of the range to load */
  to: PlainDate;
  /** weeks whose Monday is on or before this date are read-only */
  minimumDate: PlainDate;
  /** weeks whose Monday is on or after this date are read-only */
  lastDate: PlainDate;
}

function buildWindow(
  view: PickingScheduleView,
  pagerDate: PlainDate,
  today: PlainDate,
  minimumDaysBefore: number,
  lastDaysAfter: number,
): PickingScheduleWindow {
  const pagerWeek = isoWeekOf(pagerDate);
  const first = addIsoWeeks(pagerWeek, -VISIBLE_WEEKS_BEFORE_PAGER);
  const last = addIsoWeeks(pagerWeek, VISIBLE_WEEKS_AFTER_PAGER);
  return {
    view,
    pagerDate,
    pagerWeek,
    weeks: isoWeekRange(first, last),
    from: mondayOfIsoWeek(first.year, first.week),
    to: addPlainDays(mondayOfIsoWeek(last.year, last.week), 6),
    minimumDate: addPlainDays(today, -minimumDaysBefore),
    lastDate: addPlainDays(today, lastDaysAfter),
  };
}

/** The producer view's window: 9 visible weeks around the pager date, editable from today - 8 to today + 12 days. */
export function producerWindow(pagerDate: PlainDate, today: PlainDate): PickingScheduleWindow {
  return buildWindow('producer', pagerDate, today, PRODUCER_MINIMUM_DAYS_BEFORE_TODAY, PRODUCER_LAST_DAYS_AFTER_TODAY);
}

/** The packhouse view's window: 9 visible weeks around the pager date, editable from today - 6 to today + 6 days. */
export function packhouseWindow(pagerDate: PlainDate, today: PlainDate): PickingScheduleWindow {
  return buildWindow('packhouse', pagerDate, today, PACKHOUSE_MINIMUM_DAYS_BEFORE_TODAY, PACKHOUSE_LAST_DAYS_AFTER_TODAY);
}

/** Read-only when the week's Monday is on/before the minimum date or on/after the last date (docs/decisions/0003-picking-window-reading.md). */
export function isWeekReadonly(
  monday: PlainDate,
  bounds: Pick<PickingScheduleWindow, 'minimumDate' | 'lastDate'>,
): boolean {
  return comparePlainDates(monday, bounds.minimumDate) <= 0 || comparePlainDates(monday, bounds.lastDate) >= 0;
}

/** A week column of the picking schedule and capacity tables (docs/domain.md, Week columns). */
export interface PickingScheduleWeek {
  week: number;
  year: number;
  /** the Monday of the week */
  date: PlainDate;
  readonly: boolean;
  color: WeekColumnColor;
  isCurrent: boolean;
}

/** The window's week columns with their read-only flag and colour as of `today`. */
export function weekColumns(window: PickingScheduleWindow, today: PlainDate): PickingScheduleWeek[] {
  const current = isoWeekOf(today);
  return window.weeks.map(({ year, week }) => {
    const date = mondayOfIsoWeek(year, week);
    const readonly = isWeekReadonly(date, window);
    const isCurrent = compareIsoWeeks({ year, week }, current) === 0;
    const color = isCurrent
      ? WEEK_COLUMN_COLORS.current
      : readonly
        ? WEEK_COLUMN_COLORS.readonly
        : WEEK_COLUMN_COLORS.editable;
    return { week, year, date, readonly, color, isCurrent };
  });
}
