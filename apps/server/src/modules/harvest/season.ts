/**
 * Seasons of the harvest area. A season is the calendar year fruit is received in; days are the
 * business calendar's (South African, packages/shared calendar).
 */
import { dayOf, instantOn } from '@orchard/shared/core';
import type { AppDb } from '../../db/client';
import { findLatestSeason } from './harvest-lookups.repository';

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
  return (await findLatestSeason(db, organizationId)) ?? seasonOfDay(dayOf(now));
}

/** When a bin received on `day` arrived: now for today, else midday of that day. */
export function receivedAtFor(day: string, now: Date): string {
  return day === dayOf(now) ? now.toISOString() : instantOn(day, '12:00').toISOString();
}
