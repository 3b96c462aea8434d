/**
 * The pest dashboard (dashboard.pest): the Farm filter's options and the four panels for the window
 * of a chosen day (shared pest-dashboard/figures.ts and trap-figures.ts compute them; this module
 * fetches the rows and the organisation's thresholds). Everything lies inside the current
 * organisation and on the farms assigned to the caller there (data-rules/farm-scope). A farm filter naming
 * a farm the caller may not see answers 404, like one that does not exist; a chosen day after today
 * answers 400.
 */
import { dayBounds, dayOf } from '@orchard/shared/core';
import { FIELD_CAPTURE_MESSAGES } from '@orchard/shared/field-capture';
import {
  infectionFigures,
  pestDashboardWindow,
  scoutingFrequencyFigures,
  thresholdStatus,
  trapFigures,
  trapThresholdKey,
  trapsOverNow,
  type PestDashboardFarms,
  type PestDashboardQuery,
  type PestDashboardResponse,
  type ScoutingFrequencyFigures,
} from '@orchard/shared/pest-dashboard';
import { type PestThresholds } from '@orchard/shared/pest-thresholds';
import type { AppDb } from '../../db/client';
import { checkFarmFilter, findVisibleFarms, type FarmViewer } from '../../data-rules/farm-scope';
import { validationFailed } from '../../lib/errors';
import {
  findBlocksWithLastSession,
  findInfectionCounts,
  findInspectionsOfTraps,
  findLatestInspections,
  findTrapCounts,
  type DashboardScope,
} from './pest-dashboard.repository';
import { loadThresholds } from '../pest-thresholds/index';

export async function listFarms(db: AppDb, viewer: FarmViewer): Promise<PestDashboardFarms> {
  return findVisibleFarms(db, viewer);
}

/** The caller's chosen farms (data-rules/farm-scope checks the filter). */
async function scopeOf(db: AppDb, viewer: FarmViewer, ids: number[] | undefined): Promise<DashboardScope> {
  return { userId: viewer.userId, organizationId: viewer.organizationId, farmIds: await checkFarmFilter(db, viewer, ids) };
}

/** The farms the scope chose, by id and name: every farm the caller sees when the filter is absent. */
async function farmsOf(db: AppDb, scope: DashboardScope) {
  const visible = await findVisibleFarms(db, scope);
  if (scope.farmIds === null) return visible;
  const chosen = new Set(scope.farmIds);
  return visible.filter((f) => chosen.has(f.id));
}

/** The scouting frequency figures of every farm the caller may see, as of `date`. */
export async function scoutingFrequencyForViewer(db: AppDb, viewer: FarmViewer, date: string): Promise<ScoutingFrequencyFigures> {
  return (await scoutingOfBlocks(db, { ...viewer, farmIds: null }, await loadThresholds(db, viewer.organizationId), date)).figures;
}

export async function getDashboard(db: AppDb, viewer: FarmViewer, query: PestDashboardQuery, now: Date): Promise<PestDashboardResponse> {
  const today = dayOf(now);
  const date = query.date ?? today;
  if (date > today) {
    throw validationFailed(FIELD_CAPTURE_MESSAGES.dayInFuture, [{ field: 'date', message: FIELD_CAPTURE_MESSAGES.dayInFuture }]);
  }
  const scope = await scopeOf(db, viewer, query.farms);
  const window = pestDashboardWindow(date);
  const from = dayBounds(window.from).from;
  const to = dayBounds(window.to).to;
  const thresholds = await loadThresholds(db, viewer.organizationId);
  const pestThresholds = new Map(thresholds.pests.map((p) => [p.pest as string, p.thresholdPercent]));
  const trapThresholds = new Map(thresholds.traps.map((t) => [trapThresholdKey(t.trapType, t.pest), t.thresholdCount]));
  const minCount = lowestCountOver(trapThresholds.values());
  const [frequency, infection, trapCounts, latest] = await Promise.all([
    // the compact input checks list every chosen farm, as the Farm filter says, blocks or not
    farmsOf(db, scope).then((farms) => scoutingOfBlocks(db, scope, thresholds, date, farms)),
    findInfectionCounts(db, scope, from, to),
    findTrapCounts(db, scope, window.from, window.to),
    // only the traps whose newest count could reach a threshold: trapsOverNow decides which do
    minCount === null ? Promise.resolve([]) : findLatestInspections(db, scope, window.from, window.to, minCount),
  ]);
  const { blocks, figures: scouting } = frequency;
  const over = trapsOverNow(blocks, latest, trapThresholds, date);
  const runs = await findInspectionsOfTraps(db, viewer.organizationId, over.map((t) => t.trapId), window.from, window.to);
  const traps = trapFigures(blocks, trapCounts, latest, runs, trapThresholds, date);
  return {
    date,
    from: window.from,
    to: window.to,
    defaultThresholds: thresholds.isDefault,
    infection: infectionFigures(blocks, infection, pestThresholds),
    trapCounts: { series: traps.series },
    trapsOverThreshold: { rows: traps.overThreshold },
    scoutingFrequency: scouting,
  };
}

/**
 * The lowest whole count any of the thresholds calls over (shared thresholdStatus: a count reaches
 * its threshold from the threshold itself, compared in tenths); null without thresholds.
 */
export function lowestCountOver(thresholds: Iterable<number>): number | null {
  let lowest: number | null = null;
  for (const threshold of thresholds) {
    let count = Math.max(0, Math.floor(threshold) - 1);
    while (thresholdStatus(count, 1, threshold) !== 'over') count += 1;
    lowest = lowest === null ? count : Math.min(lowest, count);
  }
  return lowest;
}

/** The scope's blocks (with their last session) and their scouting figures, from one read. */
async function scoutingOfBlocks(db: AppDb, scope: DashboardScope, thresholds: PestThresholds, date: string, farms?: readonly { id: number; farmName: string }[]) {
  const blocks = await findBlocksWithLastSession(db, scope, dayBounds(date).to);
  return { blocks, figures: scoutingFrequencyFigures(blocks, thresholds.scoutingFrequencyDays, date, farms) };
}
