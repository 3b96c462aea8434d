/**
 * The picking area's clock. The schedules' windows, past days and read-only weeks all depend on
 * "today"; routes read it here and hand it to the services, so tests fix the date with
 * `vi.spyOn(clock, 'now')` instead of depending on the real calendar.
 */
import type { PlainDate } from '@orchard/shared';

/** Days are South African, like the harvest area's (the demo world and the spec's users are there). */
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Johannesburg',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export const clock = {
  now: (): Date => new Date(),
};

/** yyyy-MM-dd of the clock's now in South Africa. */
export function today(): PlainDate {
  return dayFormat.format(clock.now());
}
