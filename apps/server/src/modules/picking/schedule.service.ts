/**
 * The producer and packhouse views of the picking schedule (docs/domain.md, Picking schedules): rows
 * per PUC, variety and packhouse with their weeks, actuals and totals; saving a row and its weeks
 * all or nothing; creating a row (the browser's duplicate with another packhouse).
 *
 * Visibility: the producer view reads and writes the organisation's own rows on the caller's farms
 * (data-rules/farm-scope); the packhouse view reads, and only reads, the rows addressed to the packhouses
 * the organisation owns (other organisations' rows whatever the caller's farms, its own only on
 * them). List filters only narrow those sets, so an id of another organisation or farm matches
 * nothing; a row or PUC named by id outside them answers 404.
 *
 * Interpretations (beyond the shared rules' own):
 * - Weeks, actuals, total and difference cover the visible window (what the browser recomputes
 *   with rowTotals after a save).
 * - A save may repeat weeks it did not change; only weeks whose bin count differs from the stored
 *   one are checked against the editable window (computed from today, never the pager date).
 * - commodity is the packhouse's, or the variety's when the packhouse has none.
 */
import { type ErrorDetailInput } from '@orchard/shared/core';
import { compareNatural } from '@orchard/shared/harvest';
import {
  PICKING_MAX_ROWS,
  PICKING_MESSAGES,
  PLEASE_SELECT_A_PACKHOUSE,
  canChangePackhouse,
  isRowValid,
  isWeekReadonly,
  mondayOfIsoWeek,
  producerWindow,
  readonlyWeekMessage,
  rowTotals,
  weekColumns,
  type PickingEstimateRowResponse,
  type PickingRowCreateBody,
  type PickingRowSaveBody,
  type PickingSchedulePage,
  type PickingScheduleQuery,
  type PickingScheduleWindow,
  type PlainDate,
} from '@orchard/shared/picking';
import { recordAudit } from '../audit-trail/index';
import { auditedRow } from './picking-audit';
import type { AppDb } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-errors';
import { conflict, notFound, preconditionFailed, validationFailed } from '../../lib/errors';
import { boundsOf, findOrgPuc, requireUsablePackhouse, windowFor, windowResponse, type PickingActor, type ScheduleView } from './picking-shared';
import {
  claimRowVersion,
  deleteRowWeek,
  findAllRowWeeks,
  findRowActuals,
  findRowWeeks,
  findScheduleRowKeys,
  findScheduleRows,
  findSiblingRows,
  sumRowWeeks,
  insertRow,
  ownRowExists,
  updateRowFields,
  upsertRowWeek,
  varietyExists,
  type ScheduleRowData,
  type ScheduleScope,
} from './schedule.repository';

export interface ScheduleFilters {
  pagerDate?: PlainDate | undefined;
  packhouses?: number[] | undefined;
  producers?: number[] | undefined;
  farms?: number[] | undefined;
  varieties?: number[] | undefined;
}

/** The table's order: packhouse, PUC and variety by name (naturally: C2 before C10), then id. */
function sortRows<T extends Pick<ScheduleRowData, 'id' | 'packhouseName' | 'pucName' | 'varietyName'>>(rows: T[]): T[] {
  return rows.sort(
    (a, b) =>
      compareNatural(a.packhouseName, b.packhouseName) ||
      compareNatural(a.pucName, b.pucName) ||
      compareNatural(a.varietyName, b.varietyName) ||
      a.id - b.id,
  );
}

function projectedTotalBins(row: Pick<ScheduleRowData, 'expectedProjectedTonnes' | 'avgBinWeight'>): number | null {
  if (row.expectedProjectedTonnes === null || row.avgBinWeight === null || row.avgBinWeight <= 0) return null;
  return Math.round((row.expectedProjectedTonnes * 1000) / row.avgBinWeight);
}

/** The rows a view shows under its filters (all of them, capped). */
function scopeOf(viewer: PickingActor, view: ScheduleView, filters: ScheduleFilters & { rowIds?: number[] }): ScheduleScope {
  return {
    userId: viewer.userId,
    organizationId: viewer.organizationId,
    view,
    packhouseIds: filters.packhouses,
    producerIds: filters.producers,
    farmIds: filters.farms,
    varietyIds: filters.varieties,
    rowIds: filters.rowIds,
    limit: PICKING_MAX_ROWS,
  };
}

/** Rows of a view with their weeks and actuals inside the window, sorted; all of them (capped). */
export async function loadScheduleRows(
  db: AppDb,
  viewer: PickingActor,
  view: ScheduleView,
  filters: ScheduleFilters & { rowIds?: number[] },
  window: PickingScheduleWindow,
): Promise<PickingEstimateRowResponse[]> {
  const metas = sortRows(await findScheduleRows(db, scopeOf(viewer, view, filters)));
  return withWeeks(
    db,
    metas.map((m) => m.id),
    metas,
    window,
  );
}

/**
 * The rows `ids` (in that order) with their weeks and actuals inside the window. `metas` are their
 * own figures, or the promise of them: the weeks and actuals need only the ids and are read at the
 * same time.
 */
async function withWeeks(
  db: AppDb,
  ids: readonly number[],
  metas: readonly ScheduleRowData[] | Promise<readonly ScheduleRowData[]>,
  window: PickingScheduleWindow,
): Promise<PickingEstimateRowResponse[]> {
  const [found, weeks, actuals] = await Promise.all([metas, findRowWeeks(db, ids, boundsOf(window.weeks)), findRowActuals(db, ids, window.from, window.to)]);
  const metaOf = new Map(found.map((m) => [m.id, m]));
  const weeksBy = groupBy(weeks, (w) => w.rowId);
  const actualsBy = groupBy(actuals, (a) => a.rowId);
  return ids.flatMap((id) => {
    const m = metaOf.get(id);
    // a row deleted between the two reads is left out
    if (!m) return [];
    const base = {
      id: m.id,
      puc: m.pucId,
      pucName: m.pucName,
      variety: m.varietyId,
      varietyName: m.varietyName,
      farm: m.farmId,
      farmName: m.farmName,
      packhouse: m.packhouseId,
      packhouseName: m.packhouseName,
      legalEntity: m.legalEntityId,
      legalEntityName: m.legalEntityName,
      region: m.regionName,
      affiliation: m.affiliation,
      commodity: m.packhouseCommodity ?? m.varietyCommodity,
      estimatedFirstWeek: m.estimatedFirstWeek,
      expectedProjectedTonnes: m.expectedProjectedTonnes,
      firstProjectedTonnes: m.firstProjectedTonnes,
      avgBinWeight: m.avgBinWeight,
      projectedTotalBins: projectedTotalBins(m),
      weeks: (weeksBy.get(m.id) ?? []).map((w) => ({
        id: w.id,
        year: w.year,
        week: w.week,
        binCount: w.binCount,
        audit: `${w.updatedByName ?? 'Unknown'}, ${w.updatedAt.toISOString()}`,
      })),
      actuals: (actualsBy.get(m.id) ?? [])
        .map((a) => ({ year: a.year, week: a.week, binCount: a.bins }))
        .sort((a, b) => a.year - b.year || a.week - b.week),
      version: m.version,
    };
    return [{ ...base, ...rowTotals(base) }];
  });
}

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const item of items) {
    const list = out.get(key(item));
    if (list) list.push(item);
    else out.set(key(item), [item]);
  }
  return out;
}

export async function getSchedulePage(
  db: AppDb,
  viewer: PickingActor,
  view: ScheduleView,
  query: PickingScheduleQuery,
  today: PlainDate,
): Promise<PickingSchedulePage> {
  const window = windowFor(view, query.pagerDate, today);
  const scope = scopeOf(viewer, view, query);
  // every row's place in the table (its sort keys only); then the page's rows with their weeks and
  // actuals beside the footer's totals over every row, summed in the database the way
  // footerWeeklyTotals sums the rows' weeks (a test holds the two equal)
  const ids = sortRows(await findScheduleRowKeys(db, scope)).map((k) => k.id);
  const start = (query.page - 1) * query.pageSize;
  const pageIds = ids.slice(start, start + query.pageSize);
  const [rows, totals] = await Promise.all([
    pageIds.length === 0 ? [] : withWeeks(db, pageIds, findScheduleRows(db, { ...scope, rowIds: pageIds }), window),
    sumRowWeeks(db, ids, boundsOf(window.weeks)),
  ]);
  const totalOf = new Map(totals.map((t) => [`${t.year}-${t.week}`, t.bins]));
  return {
    window: windowResponse(window, today),
    weeks: weekColumns(window, today),
    rows,
    footer: window.weeks.map(({ year, week }) => ({ year, week, total: totalOf.get(`${year}-${week}`) ?? 0 })),
    total: ids.length,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/* ---------- saving ---------- */

interface WeekChange {
  year: number;
  week: number;
  binCount: number | null;
}

/**
 * The weeks of a save that change something, after refusing (400, nothing saved) repeated weeks
 * and changed weeks outside the producer view's editable window.
 */
function plannedWeekChanges(
  requested: readonly WeekChange[],
  stored: readonly { year: number; week: number; binCount: number }[],
  today: PlainDate,
): WeekChange[] {
  const editable = producerWindow(today, today);
  const storedBy = new Map(stored.map((w) => [`${w.year}-${w.week}`, w.binCount]));
  const seen = new Set<string>();
  const errors: ErrorDetailInput[] = [];
  const changes: WeekChange[] = [];
  requested.forEach((w, index) => {
    const key = `${w.year}-${w.week}`;
    if (seen.has(key)) {
      errors.push({ field: `weeks.${index}`, message: `Week ${w.week} of ${w.year} appears twice.`, reason: 'week-duplicated' });
      return;
    }
    seen.add(key);
    if ((storedBy.get(key) ?? null) === w.binCount) return;
    if (isWeekReadonly(mondayOfIsoWeek(w.year, w.week), editable)) {
      errors.push({ field: `weeks.${index}`, message: readonlyWeekMessage(w.year, w.week) });
      return;
    }
    changes.push(w);
  });
  if (errors.length > 0) throw validationFailed(errors[0]!.message, errors);
  return changes;
}

async function applyWeekChanges(db: AppDb, rowId: number, changes: readonly WeekChange[], userId: number) {
  for (const change of changes) {
    if (change.binCount === null) await deleteRowWeek(db, rowId, change);
    else await upsertRowWeek(db, rowId, { year: change.year, week: change.week, binCount: change.binCount }, userId);
  }
}

function requirePackhouseChosen(packhouse: number | null): number {
  if (packhouse === null) throw validationFailed(PLEASE_SELECT_A_PACKHOUSE, [{ field: 'packhouse', message: PLEASE_SELECT_A_PACKHOUSE }]);
  return packhouse;
}

async function assertUniqueCombination(db: AppDb, organizationId: number, row: { id: number; puc: number; variety: number; packhouse: number }) {
  const siblings = await findSiblingRows(db, organizationId, row.puc, row.variety);
  const validity = isRowValid(row, [...siblings.filter((s) => s.id !== row.id), row]);
  if (!validity.valid) throw conflict(PICKING_MESSAGES.duplicateCombination);
}

function figuresOf(body: Pick<PickingRowSaveBody, 'estimatedFirstWeek' | 'expectedProjectedTonnes' | 'firstProjectedTonnes' | 'avgBinWeight'>) {
  const figures: {
    estimatedFirstWeek?: number | null;
    expectedProjectedTonnes?: number | null;
    firstProjectedTonnes?: number | null;
    avgBinWeight?: number | null;
  } = {};
  if (body.estimatedFirstWeek !== undefined) figures.estimatedFirstWeek = body.estimatedFirstWeek;
  if (body.expectedProjectedTonnes !== undefined) figures.expectedProjectedTonnes = body.expectedProjectedTonnes;
  if (body.firstProjectedTonnes !== undefined) figures.firstProjectedTonnes = body.firstProjectedTonnes;
  if (body.avgBinWeight !== undefined) figures.avgBinWeight = body.avgBinWeight;
  return figures;
}

async function answerRow(db: AppDb, viewer: PickingActor, id: number, pagerDate: PlainDate | undefined, today: PlainDate) {
  const [row] = await loadScheduleRows(db, viewer, 'producer', { rowIds: [id] }, windowFor('producer', pagerDate, today));
  if (!row) throw notFound('Picking schedule row');
  return row;
}

/**
 * Saves one of the organisation's rows: packhouse, figures and weeks in one transaction. The row's
 * version is claimed first (412 when someone saved since it was read), so the rules below judge
 * the state this save replaces; any refusal rolls everything back.
 */
export async function saveProducerRow(
  db: AppDb,
  actor: PickingActor,
  id: number,
  body: PickingRowSaveBody,
  today: PlainDate,
): Promise<PickingEstimateRowResponse> {
  await db.transaction(async (tx) => {
    const before = await auditedRow(tx, actor.organizationId, id);
    const row = await claimRowVersion(tx, actor, id, body.version);
    if (!row) {
      if (await ownRowExists(tx, actor, id)) throw preconditionFailed(PICKING_MESSAGES.rowConflict);
      throw notFound('Picking schedule row');
    }
    const packhouseId = requirePackhouseChosen(body.packhouse);
    const stored = await findAllRowWeeks(tx, id);
    if (packhouseId !== row.packhouseId) {
      await requireUsablePackhouse(tx, actor.organizationId, packhouseId);
      if (!canChangePackhouse({ weeks: stored })) throw conflict(PICKING_MESSAGES.packhouseLocked);
      await assertUniqueCombination(tx, actor.organizationId, { id, puc: row.pucId, variety: row.varietyId, packhouse: packhouseId });
    }
    const changes = plannedWeekChanges(body.weeks, stored, today);
    try {
      await updateRowFields(tx, id, { packhouseId, ...figuresOf(body) });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(PICKING_MESSAGES.duplicateCombination);
      throw err;
    }
    await applyWeekChanges(tx, id, changes, actor.userId);
    const after = await auditedRow(tx, actor.organizationId, id);
    await recordAudit(tx, actor, {
      organizationId: actor.organizationId,
      area: 'picking',
      action: 'update',
      entityType: 'picking-row',
      entityId: id,
      label: after!.label,
      before: before?.fields,
      after: after!.fields,
    });
  });
  return answerRow(db, actor, id, body.pagerDate, today);
}

/** Creates a row of the organisation (the duplicate of another with a different packhouse), with its weeks. */
export async function createProducerRow(
  db: AppDb,
  actor: PickingActor,
  body: PickingRowCreateBody,
  today: PlainDate,
): Promise<PickingEstimateRowResponse> {
  const packhouseId = requirePackhouseChosen(body.packhouse);
  if (!(await findOrgPuc(db, actor, body.puc))) throw notFound('PUC');
  if (!(await varietyExists(db, body.variety))) throw notFound('Variety');
  await requireUsablePackhouse(db, actor.organizationId, packhouseId);
  let id = 0;
  try {
    id = await db.transaction(async (tx) => {
      await assertUniqueCombination(tx, actor.organizationId, { id: 0, puc: body.puc, variety: body.variety, packhouse: packhouseId });
      const changes = plannedWeekChanges(body.weeks, [], today);
      const newId = await insertRow(tx, {
        organizationId: actor.organizationId,
        pucId: body.puc,
        varietyId: body.variety,
        packhouseId,
        ...figuresOf(body),
      });
      await applyWeekChanges(tx, newId, changes, actor.userId);
      const after = (await auditedRow(tx, actor.organizationId, newId))!;
      await recordAudit(tx, actor, {
        organizationId: actor.organizationId,
        area: 'picking',
        action: 'create',
        entityType: 'picking-row',
        entityId: newId,
        label: after.label,
        after: after.fields,
      });
      return newId;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(PICKING_MESSAGES.duplicateCombination);
    throw err;
  }
  return answerRow(db, actor, id, body.pagerDate, today);
}
