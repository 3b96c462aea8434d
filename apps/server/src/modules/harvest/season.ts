/**
 * Seasons and calendar days of the harvest area. A season is the calendar year fruit is received
 * in; days are South African (the demo world and the spec's users are there; no daylight saving).
 */
import type { AppDb } from '../../db/client';
import { findLatestSeason } from './harvest.repository';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Johannesburg',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** yyyy-MM-dd of `now` in South Africa. */
export function localDay(now: Date): string {
  return dayFormat.format(now);
}

export function seasonOfDay(day: string): number {
  return Number(day.slice(0, 4));
}

/**
 * The season a report shows when none is asked for: the latest season with harvest activity the
 * organisation can see (so last season's figures stay on screen until the first bin or estimate of
 * the new one), else the current calendar year.
 */
export async function resolveSeason(db: AppDb, organizationId: number, requested: number | undefined, now: Date): Promise<number> {
  if (requested !== undefined) return requested;
  return (await findLatestSeason(db, organizationId)) ?? seasonOfDay(localDay(now));
}

/** When a bin received on `day` arrived: now for today, else midday of that day. */
export function receivedAtFor(day: string, now: Date): string {
  return day === localDay(now) ? now.toISOString() : new Date(`${day}T12:00:00+02:00`).toISOString();
}
