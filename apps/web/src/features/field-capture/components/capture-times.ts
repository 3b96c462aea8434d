/**
 * Days and wall-clock times of field captures, in the business time zone (South Africa, UTC+2 all
 * year) whatever the phone's own zone: the day and time a person reads off the form are the ones
 * the server stores.
 */
import { businessTimestamp, dayOf, instantOn, isCalendarDay } from '@orchard/shared/core';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Today, yyyy-MM-dd. */
export const today = (now = new Date()) => dayOf(now);

/** The wall-clock time HH:mm of an instant. */
export const timeOf = (at: Date | string) => businessTimestamp(typeof at === 'string' ? new Date(at) : at).slice(11, 16);

/**
 * The instant (ISO 8601 with offset) of a day and HH:mm; '' when either is not a real day or time,
 * so the shared schema answers with its message.
 */
export function instantText(day: string, time: string): string {
  if (!isCalendarDay(day) || !TIME.test(time)) return '';
  return businessTimestamp(instantOn(day, time));
}
