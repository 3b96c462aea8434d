/**
 * The season at a glance above the pest dashboard's panels. Each part is only worked out for a
 * caller who may see the screen it summarises, and by that screen's own rules:
 * - harvest (harvest.reports): the Harvest PUC report's totals for the season it shows by default
 *   (harvest.service): Combined Tonnes harvested beside Remaining Tonnes; the season's estimate is
 *   their sum, and the share complete is the shared percentage-complete rule;
 * - this ISO week (picking.view): the packhouse capacity table's figures (picking/capacity.service)
 *   for the week of today: bins scheduled to each packhouse the organisation runs and its capacity;
 * - scouting (dashboard.pest): the scouting frequency panel as of today, over every farm the caller
 *   may see: how many blocks are overdue (or never scouted).
 */
import { PERMISSIONS, dayOf } from '@orchard/shared/core';
import { percentageComplete } from '@orchard/shared/harvest';
import { overdueCount, type SeasonAtAGlanceResponse } from '@orchard/shared/pest-dashboard';
import { isoWeekOf, packhouseWindow, weekKey } from '@orchard/shared/picking';
import type { AppDb } from '../../db/client';
import type { FarmViewer } from '../../data-rules/farm-scope';
import { getPucReport } from '../harvest/index';
import { loadCapacityRows } from '../picking/index';
import { scoutingFrequencyForViewer } from './pest-dashboard.service';

export interface SeasonActor extends FarmViewer {
  permissions: ReadonlySet<string>;
}

async function harvestPart(db: AppDb, actor: SeasonActor, now: Date): Promise<SeasonAtAGlanceResponse['harvest']> {
  const report = await getPucReport(db, actor, {}, now);
  const harvested = report.totals.combinedTonnes;
  const estimate = harvested + report.totals.remainingTonnes;
  return {
    season: report.season,
    harvestedTonnes: harvested,
    remainingTonnes: report.totals.remainingTonnes,
    estimateTonnes: estimate,
    percentComplete: percentageComplete(harvested, estimate),
    blocksEstimated: report.totals.blocksEstimated,
  };
}

async function packhouseWeekPart(db: AppDb, actor: SeasonActor, today: string): Promise<SeasonAtAGlanceResponse['packhouseWeek']> {
  const { year, week } = isoWeekOf(today);
  const rows = await loadCapacityRows(db, actor.organizationId, undefined, packhouseWindow(today, today), today);
  const packhouses = rows.map((r) => {
    const cell = r.weeks[weekKey(year, week)];
    return { packhouseId: r.packhouse, packhouseName: r.packhouseName, bins: cell?.totalBins ?? 0, capacity: cell?.capacity ?? null };
  });
  const capacities = packhouses.map((p) => p.capacity).filter((c): c is number => c !== null);
  return {
    year,
    week,
    packhouses,
    totalBins: packhouses.reduce((sum, p) => sum + p.bins, 0),
    totalCapacity: capacities.length > 0 ? capacities.reduce((sum, c) => sum + c, 0) : null,
  };
}

async function scoutingPart(db: AppDb, actor: SeasonActor, today: string): Promise<SeasonAtAGlanceResponse['scouting']> {
  const figures = await scoutingFrequencyForViewer(db, actor, today);
  return {
    requiredDays: figures.requiredDays,
    overdueBlocks: overdueCount(figures),
    neverScouted: figures.blocks.filter((b) => b.status === 'never').length,
    blocks: figures.blocks.length,
  };
}

export async function getSeasonAtAGlance(db: AppDb, actor: SeasonActor, now: Date): Promise<SeasonAtAGlanceResponse> {
  const today = dayOf(now);
  const may = (permission: string) => actor.permissions.has(permission);
  const [harvest, packhouseWeek, scouting] = await Promise.all([
    may(PERMISSIONS.harvestReports) ? harvestPart(db, actor, now) : null,
    may(PERMISSIONS.pickingView) ? packhouseWeekPart(db, actor, today) : null,
    may(PERMISSIONS.dashboardPest) ? scoutingPart(db, actor, today) : null,
  ]);
  return { today, harvest, packhouseWeek, scouting };
}
