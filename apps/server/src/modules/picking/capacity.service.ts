/**
 * Packhouse capacity (docs/domain.md, Capacity): per packhouse the organisation owns and
 * per ISO week of the packhouse view's window, the bins scheduled to it ("totalBins", over every
 * row addressed to it, whoever grows them) beside its capacity. Only the owner reads and edits a
 * packhouse's capacity; a capacity save is all or nothing with a version per week.
 */
import { type ErrorDetailInput } from '@orchard/shared/core';
import {
  PICKING_MESSAGES,
  isWeekReadonly,
  mondayOfIsoWeek,
  packhouseWindow,
  readonlyWeekMessage,
  weekColumns,
  weekKey,
  weekTooltip,
  type CapacityPage,
  type CapacityQuery,
  type CapacityRowResponse,
  type CapacitySaveBody,
  type PickingScheduleWindow,
  type PlainDate,
} from '@orchard/shared/picking';
import { recordAudit } from '../audit-trail/index';
import type { AppDb } from '../../db/client';
import { notFound, preconditionFailed, validationFailed } from '../../lib/errors';
import { findCapacities, findOwnedPackhouses, findPackhouseWeekTotals, insertCapacity, updateCapacity } from './capacity.repository';
import { boundsOf, windowFor, windowResponse, type PickingActor } from './picking-shared';

/** Capacity rows of the owned packhouses (narrowed by `packhouseFilter`; foreign ids match nothing). */
export async function loadCapacityRows(
  db: AppDb,
  organizationId: number,
  packhouseFilter: readonly number[] | undefined,
  window: PickingScheduleWindow,
  today: PlainDate,
): Promise<CapacityRowResponse[]> {
  const owned = await findOwnedPackhouses(db, organizationId, packhouseFilter);
  const ids = owned.map((p) => p.id);
  const bounds = boundsOf(window.weeks);
  const [capacities, totals] = await Promise.all([findCapacities(db, ids, bounds), findPackhouseWeekTotals(db, ids, bounds)]);
  const at = (packhouseId: number, year: number, week: number) => `${packhouseId}/${year}/${week}`;
  const capacityBy = new Map(capacities.map((c) => [at(c.packhouseId, c.year, c.week), c]));
  const totalBy = new Map(totals.map((t) => [at(t.packhouseId, t.year, t.week), t.totalBins]));
  const columns = weekColumns(window, today);
  return owned.map((p) => ({
    packhouse: p.id,
    packhouseName: p.name,
    weeks: Object.fromEntries(
      columns.map((c) => {
        const stored = capacityBy.get(at(p.id, c.year, c.week));
        return [
          weekKey(c.year, c.week),
          {
            year: c.year,
            week: c.week,
            totalBins: totalBy.get(at(p.id, c.year, c.week)) ?? 0,
            capacity: stored?.capacity ?? null,
            version: stored?.version ?? null,
            tooltip: weekTooltip(c.week, c.year),
            readonly: c.readonly,
          },
        ];
      }),
    ),
  }));
}

export async function getCapacities(db: AppDb, organizationId: number, query: CapacityQuery, today: PlainDate): Promise<CapacityPage> {
  const window = windowFor('packhouse', query.pagerDate, today);
  return {
    window: windowResponse(window, today),
    weeks: weekColumns(window, today),
    rows: await loadCapacityRows(db, organizationId, query.packhouses, window, today),
  };
}

/**
 * Saves capacity weeks of one owned packhouse (another organisation's packhouse, or one merely
 * linked, answers 404). A week repeated unchanged at its current version is skipped; a changed
 * week must be editable on the packhouse view (400) and name the version it replaces (412).
 */
export async function saveCapacity(
  db: AppDb,
  actor: PickingActor,
  packhouseId: number,
  body: CapacitySaveBody,
  today: PlainDate,
): Promise<CapacityRowResponse> {
  const [packhouse] = await findOwnedPackhouses(db, actor.organizationId, [packhouseId]);
  if (!packhouse) throw notFound('Packhouse');
  const editable = packhouseWindow(today, today);
  const keys = body.weeks.map((w) => w.year * 100 + w.week);
  await db.transaction(async (tx) => {
    const stored = await findCapacities(tx, [packhouseId], { fromKey: Math.min(...keys), toKey: Math.max(...keys) });
    const storedBy = new Map(stored.map((s) => [s.year * 100 + s.week, s]));
    const seen = new Set<number>();
    const errors: ErrorDetailInput[] = [];
    const changes = body.weeks.filter((w, index) => {
      const key = w.year * 100 + w.week;
      if (seen.has(key)) {
        errors.push({ field: `weeks.${index}`, message: `Week ${w.week} of ${w.year} appears twice.`, reason: 'week-duplicated' });
        return false;
      }
      seen.add(key);
      const current = storedBy.get(key);
      if (current && current.capacity === w.capacity && current.version === w.version) return false;
      if (isWeekReadonly(mondayOfIsoWeek(w.year, w.week), editable)) {
        errors.push({ field: `weeks.${index}`, message: readonlyWeekMessage(w.year, w.week) });
        return false;
      }
      return true;
    });
    if (errors.length > 0) throw validationFailed(errors[0]!.message, errors);
    for (const w of changes) {
      const key = { packhouseId, year: w.year, week: w.week };
      const saved =
        w.version === null
          ? await insertCapacity(tx, { ...key, capacity: w.capacity, updatedBy: actor.userId })
          : await updateCapacity(tx, key, w.version, { capacity: w.capacity, updatedBy: actor.userId });
      if (!saved) throw preconditionFailed(PICKING_MESSAGES.capacityConflict);
    }
    const weekKey = (w: { year: number; week: number }) => `capacity ${w.year}-W${String(w.week).padStart(2, '0')}`;
    await recordAudit(tx, actor, {
      organizationId: actor.organizationId,
      area: 'picking',
      action: 'update',
      entityType: 'packhouse-capacity',
      entityId: packhouseId,
      label: packhouse.name,
      before: Object.fromEntries(changes.map((w) => [weekKey(w), storedBy.get(w.year * 100 + w.week)?.capacity ?? null])),
      after: Object.fromEntries(changes.map((w) => [weekKey(w), w.capacity])),
    });
  });
  const window = windowFor('packhouse', body.pagerDate, today);
  const [row] = await loadCapacityRows(db, actor.organizationId, [packhouseId], window, today);
  return row!;
}
