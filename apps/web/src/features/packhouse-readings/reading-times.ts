/** The business clock in the browser: the time of day now in South Africa, as the time inputs take it (HH:mm). */
import { BUSINESS_TIME_ZONE } from '@orchard/shared/core';

const timeFormat = new Intl.DateTimeFormat('en-GB', { timeZone: BUSINESS_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** HH:mm of an instant (default now) on the South African wall clock. */
export function nowTime(at: Date = new Date()): string {
  return timeFormat.format(at);
}
