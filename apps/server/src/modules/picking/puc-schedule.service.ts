/**
 * Filter options, picking progress types and the picking schedule by PUC (docs/domain.md, Picking
 * Schedule By PUC): 14 daily bin cells per PUC and variety, saved one cell at a time with the
 * packhouse and picking progress it requires, never for a day before today, and with an
 * optimistic version so a concurrent save is refused (412) instead of overwritten.
 */
import { dayBounds } from '@orchard/shared/core';
import { compareNatural } from '@orchard/shared/harvest';
import {
  PICKING_MESSAGES,
  comparePlainDates,
  pucScheduleDays,
  pucScheduleEndBound,
  validatePucCellEdit,
  type PickingFiltersQuery,
  type PickingFiltersResponse,
  type PickingProgressType,
  type PlainDate,
  type PucScheduleCell,
  type PucScheduleCellBody,
  type PucScheduleCellResponse,
  type PucSchedulePage,
  type PucScheduleQuery,
} from '@orchard/shared/picking';
import { recordAudit } from '../audit-trail/index';
import { findCellForAudit, findPucVarietyNames } from './picking-audit.repository';
import type { AppDb } from '../../db/client';
import { notFound, preconditionFailed, validationFailed } from '../../lib/errors';
import { findOrgPuc, findUsablePackhouses, requireUsablePackhouse, type PickingActor } from './picking-shared';
import {
  findBinEstimates,
  findEstimateTonnes,
  findLatestCellChoices,
  findOrgFarms,
  findOrgLegalEntities,
  findOrgVarieties,
  findPackhouseViewOptions,
  findProgressTypes,
  findPucVarieties,
  insertCell,
  progressTypeExists,
  pucGrowsVariety,
  updateCell,
} from './puc-schedule.repository';

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * Filter options. Producer view (and the PUC schedule): the organisation's linked or owned
 * packhouses, the caller's farms, their legal entities and the varieties grown on them. Packhouse
 * view: the packhouses it owns and the producers, farms and varieties of the rows addressed to them
 * (the organisation's own rows among them only on the caller's farms).
 */
export async function getFilters(db: AppDb, viewer: PickingActor, query: PickingFiltersQuery): Promise<PickingFiltersResponse> {
  const packhouses = await findUsablePackhouses(db, viewer.organizationId);
  if (query.view === 'producer') {
    const [producers, farms, varieties] = await Promise.all([
      findOrgLegalEntities(db, viewer),
      findOrgFarms(db, viewer),
      findOrgVarieties(db, viewer, query.farms),
    ]);
    return {
      packhouses,
      producers,
      farms: farms.map((f) => ({ id: f.id, farm_Name: f.farmName, legal_Entity: f.legalEntityId })),
      varieties: varieties.map((v) => ({ id: v.id, variety_Name: v.varietyName, commodity: v.commodity })),
    };
  }
  const rows = await findPackhouseViewOptions(db, viewer);
  const unique = <T extends { id: number }>(items: T[], name: (item: T) => string) =>
    [...new Map(items.map((item) => [item.id, item])).values()].sort((a, b) => compareNatural(name(a), name(b)));
  const farmFilter = query.farms ? new Set(query.farms) : null;
  return {
    packhouses: packhouses.filter((p) => p.owned),
    producers: unique(rows.map((r) => ({ id: r.legalEntityId, name: r.legalEntityName })), (p) => p.name),
    farms: unique(rows.map((r) => ({ id: r.farmId, farm_Name: r.farmName, legal_Entity: r.legalEntityId })), (f) => f.farm_Name),
    varieties: unique(
      rows.filter((r) => !farmFilter || farmFilter.has(r.farmId)).map((r) => ({ id: r.varietyId, variety_Name: r.varietyName, commodity: r.commodity })),
      (v) => v.variety_Name,
    ),
  };
}

export async function listProgressTypes(db: AppDb): Promise<PickingProgressType[]> {
  const rows = await findProgressTypes(db);
  return rows.map((r) => ({ id: r.id, picking_Progress_Type: r.name }));
}

/** The end bound as an exclusive instant: estimates saved on the end-bound day still count. */
const endOfDay = (day: PlainDate): Date => dayBounds(day).to;

/**
 * The PUC schedule page: PUC x variety rows of the organisation on the caller's farms (filters by
 * farm and variety; ids of other organisations or farms simply match nothing), sorted by PUC then
 * variety, cut to the page.
 */
export async function getPucSchedule(db: AppDb, viewer: PickingActor, query: PucScheduleQuery, today: PlainDate): Promise<PucSchedulePage> {
  const { organizationId } = viewer;
  const days = pucScheduleDays(today);
  const endBound = pucScheduleEndBound(days);
  const pairs = (await findPucVarieties(db, viewer, { farmIds: query.farms, varietyIds: query.varieties })).sort(
    (a, b) => compareNatural(a.pucName, b.pucName) || compareNatural(a.varietyName, b.varietyName) || a.pucId - b.pucId,
  );
  const start = (query.page - 1) * query.pageSize;
  const page = pairs.slice(start, start + query.pageSize);
  const pucIds = [...new Set(page.map((p) => p.pucId))];
  const [tonnes, cells, choices] = await Promise.all([
    findEstimateTonnes(db, organizationId, pucIds, endOfDay(endBound)),
    findBinEstimates(db, organizationId, pucIds, days[0]!.date, days[days.length - 1]!.date),
    findLatestCellChoices(db, organizationId, pucIds),
  ]);
  const key = (puc: number, variety: number) => `${puc}/${variety}`;
  const tonnesBy = new Map(tonnes.map((t) => [key(t.pucId, t.varietyId), t.tonnes]));
  const choiceBy = new Map(choices.map((c) => [key(c.pucId, c.varietyId), c]));
  const cellBy = new Map(cells.map((c) => [`${key(c.pucId, c.varietyId)}/${c.date}`, c]));
  const rows = page.map((p) => {
    const choice = choiceBy.get(key(p.pucId, p.varietyId));
    return {
      puc: p.pucId,
      pucName: p.pucName,
      farm: p.farmId,
      farmName: p.farmName,
      variety: p.varietyId,
      varietyName: p.varietyName,
      estimateTotalTonnes: round2(tonnesBy.get(key(p.pucId, p.varietyId)) ?? 0),
      packhouse: choice?.packhouseId ?? null,
      pickingProgress: choice?.pickingProgressId ?? null,
      cells: days.map((day): PucScheduleCell => {
        const cell = cellBy.get(`${key(p.pucId, p.varietyId)}/${day.date}`);
        return cell
          ? { id: cell.id, date: day.date, bins: cell.bins, packhouse: cell.packhouseId, pickingProgress: cell.pickingProgressId, version: cell.version }
          : { id: null, date: day.date, bins: null, packhouse: null, pickingProgress: null, version: null };
      }),
    };
  });
  return { today, days, endBound, rows, total: pairs.length, page: query.page, pageSize: query.pageSize };
}

/**
 * Saves one daily cell. Order of checks: the two "Please Select" messages (400), the day (today or later,
 * inside the 14 shown days: 400), then the objects (PUC of the organisation on the caller's farms growing the variety,
 * a usable packhouse, a known progress: 404), then the version (412).
 */
export async function savePucCell(db: AppDb, actor: PickingActor, body: PucScheduleCellBody, today: PlainDate): Promise<PucScheduleCellResponse> {
  const missing = validatePucCellEdit({ packhouse: body.packhouse, pickingProgress: body.pickingProgress });
  if (missing) {
    throw validationFailed(missing, [{ field: body.packhouse ? 'pickingProgress' : 'packhouse', message: missing }]);
  }
  const days = pucScheduleDays(today);
  if (comparePlainDates(body.date, today) < 0) {
    throw validationFailed(PICKING_MESSAGES.pastDay, [{ field: 'date', message: PICKING_MESSAGES.pastDay }]);
  }
  if (comparePlainDates(body.date, days[days.length - 1]!.date) > 0) {
    throw validationFailed(PICKING_MESSAGES.outsideSchedule, [{ field: 'date', message: PICKING_MESSAGES.outsideSchedule }]);
  }
  const packhouseId = body.packhouse!;
  const pickingProgressId = body.pickingProgress!;
  if (!(await findOrgPuc(db, actor, body.puc))) throw notFound('PUC');
  if (!(await pucGrowsVariety(db, actor.organizationId, body.puc, body.variety))) throw notFound('Variety');
  await requireUsablePackhouse(db, actor.organizationId, packhouseId);
  if (!(await progressTypeExists(db, pickingProgressId))) throw notFound('Picking progress');

  const key = { organizationId: actor.organizationId, pucId: body.puc, varietyId: body.variety, date: body.date };
  const values = { bins: body.bins, packhouseId, pickingProgressId, userId: actor.userId };
  const saved = await db.transaction(async (tx) => {
    const before = await findCellForAudit(tx, key);
    const cell =
      body.version === undefined || body.version === null
        ? await insertCell(tx, key, values)
        : await updateCell(tx, key, body.version, values);
    if (!cell) throw preconditionFailed(PICKING_MESSAGES.cellConflict);
    await recordAudit(tx, actor, {
      organizationId: actor.organizationId,
      area: 'picking',
      action: before ? 'update' : 'create',
      entityType: 'picking-day',
      entityId: cell.id,
      label: `${await findPucVarietyNames(tx, body.puc, body.variety)} ${body.date}`,
      before,
      after: await findCellForAudit(tx, key),
    });
    return cell;
  });
  return {
    id: saved.id,
    puc: saved.pucId,
    variety: saved.varietyId,
    date: saved.date,
    bins: saved.bins,
    packhouse: saved.packhouseId,
    pickingProgress: saved.pickingProgressId,
    version: saved.version,
  };
}
