/**
 * What the picking services share: the caller (the user in the current organisation, whose farms
 * limit what they see, data-rules/farm-scope), the packhouses and PUCs it may address, and the week window
 * of the producer and packhouse views with its bounds.
 */
import type { AuditActor } from '../audit-trail/index';
import {
  packhouseWindow,
  producerWindow,
  type IsoWeek,
  type PickingScheduleWindow,
  type PlainDate,
} from '@orchard/shared/picking';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppDb } from '../../db/client';
import { farmVisibleTo, type FarmViewer } from '../../data-rules/farm-scope';
import { findUsablePackhouseRows } from '../../data-rules/packhouse-scope';
import { pucs } from '../../db/schema/index';
import { notFound } from '../../lib/errors';

/** The caller: the user in the current organisation (their farms limit what they see, data-rules/farm-scope). */
export type PickingActor = FarmViewer & AuditActor;

export type ScheduleView = 'producer' | 'packhouse';

/* ---------- week window ---------- */

export interface WeekBounds {
  /** year * 100 + week of the first week, e.g. 202601 */
  fromKey: number;
  toKey: number;
}

/**
 * The stored week (its year and week columns) lies inside the bounds. Compared as the pair (year,
 * week), which orders weeks as their keys do (a week is 1 to 53) and which an index on (..., year,
 * week) can search, where `year * 100 + week` made it read every week of a row and filter.
 */
export const weekWithin = (year: AnyPgColumn, week: AnyPgColumn, bounds: WeekBounds): SQL => {
  const pair = (key: number) => sql`(${Math.floor(key / 100)}::int, ${key % 100}::int)`;
  return sql`(${year}, ${week}) >= ${pair(bounds.fromKey)} and (${year}, ${week}) <= ${pair(bounds.toKey)}`;
};

export function windowFor(view: ScheduleView, pagerDate: PlainDate | undefined, today: PlainDate): PickingScheduleWindow {
  return view === 'producer' ? producerWindow(pagerDate ?? today, today) : packhouseWindow(pagerDate ?? today, today);
}

export function boundsOf(weeks: readonly IsoWeek[]): WeekBounds {
  const first = weeks[0]!;
  const last = weeks[weeks.length - 1]!;
  return { fromKey: first.year * 100 + first.week, toKey: last.year * 100 + last.week };
}

export function windowResponse(window: PickingScheduleWindow, today: PlainDate) {
  return {
    pagerDate: window.pagerDate,
    today,
    from: window.from,
    to: window.to,
    minimumDate: window.minimumDate,
    lastDate: window.lastDate,
  };
}

/* ---------- what the caller may address ---------- */

/** The packhouses the organisation runs or has linked (data-rules/packhouse-scope), with the owned flag. */
export async function findUsablePackhouses(db: AppDb, organizationId: number) {
  const rows = await findUsablePackhouseRows(db, organizationId, 1000);
  return rows.map((r) => ({ id: r.id, name: r.name, shortName: r.shortName, owned: r.ownerOrganizationId === organizationId }));
}

/** A packhouse the organisation may address rows and cells to (linked or owned); else 404. */
export async function requireUsablePackhouse(db: AppDb, organizationId: number, packhouseId: number) {
  const packhouse = (await findUsablePackhouses(db, organizationId)).find((p) => p.id === packhouseId);
  if (!packhouse) throw notFound('Packhouse');
  return packhouse;
}

/** A PUC of the organisation on a farm the caller may see. */
export async function findOrgPuc(db: AppDb, viewer: FarmViewer, pucId: number) {
  const [row] = await db
    .select({ id: pucs.id, farmId: pucs.farmId })
    .from(pucs)
    .where(and(eq(pucs.id, pucId), eq(pucs.organizationId, viewer.organizationId), farmVisibleTo(viewer, pucs.farmId)))
    .limit(1);
  return row ?? null;
}
