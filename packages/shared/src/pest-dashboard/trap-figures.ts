/**
 * The pest dashboard's trap figures, over the window of figures.ts (the chosen day and the 10 days
 * before it) and the traps on the caller's blocks. A trap's pest is the one its lure draws
 * (TRAP_LURES); its threshold is the organisation's for its trap type and that pest.
 *
 * Traps count threshold (a chart per trap type and pest): for each day of the window, the
 * inspections of such traps that day, their total and mean count per inspection, the highest
 * count, and the mean's status against the threshold; a day without inspections has no mean (a gap
 * in the line, not a 0). Series with a day over the threshold come first, then by trap type and pest
 * name. Only pairs with an inspection in the window are listed.
 *
 * Trap threshold dashboard ("over threshold now"): each trap hanging on the chosen day (placed on or
 * before it, not taken down before it) whose latest inspection in the window reached its threshold.
 * `overSince` is the first inspection of the unbroken run of over-threshold inspections that ends
 * with the latest (looked for within the window), and `daysOver` counts the days from it to the
 * chosen day, both included (over since today: 1 day). A trap without a threshold, or without an
 * inspection in the window, is not listed. Order: the most days over, then the count's multiple of
 * its threshold, then farm, block and trap.
 */
import { compareNatural } from '../harvest/sort.js';
import { TRAP_LURES } from '../api/traps.js';
import { pestNameOf, trapTypeNameOf } from '../api/pest-thresholds.js';
import { daysBetween } from '../calendar.js';
import { thresholdStatus, windowDays, type DashboardBlock, type ThresholdStatus } from './figures.js';

/** The pest a lure draws (null for a lure no longer in the catalogue). */
export function trapPestOf(lure: string): string | null {
  return TRAP_LURES.find((l) => l.key === lure)?.pest ?? null;
}

export interface DashboardTrap {
  trapId: number;
  blockId: number;
  trapType: string;
  lure: string;
  code: string | null;
  lat: number;
  lng: number;
  activeFrom: string;
  activeTo: string | null;
}

export interface WindowInspection {
  inspectionId: number;
  trapId: number;
  inspectedOn: string;
  count: number;
}

/** The organisation's trap thresholds by `${trapType}:${pest}`. */
export type TrapThresholdMap = ReadonlyMap<string, number>;
export const trapThresholdKey = (trapType: string, pest: string) => `${trapType}:${pest}`;

export interface TrapCountDay {
  day: string;
  inspections: number;
  totalCount: number;
  /** total / inspections; null on a day without inspections */
  meanCount: number | null;
  maxCount: number | null;
  status: ThresholdStatus | null;
}

export interface TrapCountSeries {
  trapType: string;
  trapTypeName: string;
  pest: string;
  pestName: string;
  /** the line drawn across the chart; null without a threshold */
  thresholdCount: number | null;
  /** traps of the pair inspected in the window */
  traps: number;
  /** days whose mean reached the threshold */
  overDays: number;
  days: TrapCountDay[];
}

export interface TrapOverThreshold extends DashboardBlock {
  trapId: number;
  code: string | null;
  trapType: string;
  trapTypeName: string;
  pest: string;
  pestName: string;
  lat: number;
  lng: number;
  lastInspectionId: number;
  lastInspectedOn: string;
  lastCount: number;
  thresholdCount: number;
  overSince: string;
  daysOver: number;
}

export interface TrapFigures {
  series: TrapCountSeries[];
  overThreshold: TrapOverThreshold[];
}

const byInspection = (a: WindowInspection, b: WindowInspection) =>
  a.inspectedOn < b.inspectedOn ? -1 : a.inspectedOn > b.inspectedOn ? 1 : a.inspectionId - b.inspectionId;

function countSeries(traps: ReadonlyMap<number, DashboardTrap & { pest: string }>, inspections: readonly WindowInspection[], thresholds: TrapThresholdMap, date: string) {
  const days = windowDays(date);
  const pairs = new Map<string, { trapType: string; pest: string; traps: Set<number>; byDay: Map<string, number[]> }>();
  for (const i of inspections) {
    const trap = traps.get(i.trapId);
    if (!trap || !days.includes(i.inspectedOn)) continue;
    const key = trapThresholdKey(trap.trapType, trap.pest);
    const pair = pairs.get(key) ?? { trapType: trap.trapType, pest: trap.pest, traps: new Set<number>(), byDay: new Map<string, number[]>() };
    pair.traps.add(trap.trapId);
    pair.byDay.set(i.inspectedOn, [...(pair.byDay.get(i.inspectedOn) ?? []), i.count]);
    pairs.set(key, pair);
  }
  const series = [...pairs.entries()].map(([key, pair]): TrapCountSeries => {
    const thresholdCount = thresholds.get(key) ?? null;
    const perDay = days.map((day): TrapCountDay => {
      const counts = pair.byDay.get(day) ?? [];
      const totalCount = counts.reduce((sum, c) => sum + c, 0);
      return {
        day,
        inspections: counts.length,
        totalCount,
        meanCount: counts.length > 0 ? totalCount / counts.length : null,
        maxCount: counts.length > 0 ? Math.max(...counts) : null,
        status: thresholdStatus(totalCount, counts.length, thresholdCount),
      };
    });
    return {
      trapType: pair.trapType,
      trapTypeName: trapTypeNameOf(pair.trapType),
      pest: pair.pest,
      pestName: pestNameOf(pair.pest),
      thresholdCount,
      traps: pair.traps.size,
      overDays: perDay.filter((d) => d.status === 'over').length,
      days: perDay,
    };
  });
  return series.sort(
    (a, b) =>
      Number(b.overDays > 0) - Number(a.overDays > 0) || compareNatural(a.trapTypeName, b.trapTypeName) || compareNatural(a.pestName, b.pestName),
  );
}

function overThresholdNow(
  blocks: ReadonlyMap<number, DashboardBlock>,
  traps: ReadonlyMap<number, DashboardTrap & { pest: string }>,
  inspections: readonly WindowInspection[],
  thresholds: TrapThresholdMap,
  date: string,
): TrapOverThreshold[] {
  const days = new Set(windowDays(date));
  const byTrap = new Map<number, WindowInspection[]>();
  for (const i of [...inspections].sort(byInspection)) {
    if (!days.has(i.inspectedOn)) continue;
    byTrap.set(i.trapId, [...(byTrap.get(i.trapId) ?? []), i]);
  }
  const rows: TrapOverThreshold[] = [];
  for (const [trapId, list] of byTrap) {
    const trap = traps.get(trapId);
    if (!trap || trap.activeFrom > date || (trap.activeTo !== null && trap.activeTo < date)) continue;
    const thresholdCount = thresholds.get(trapThresholdKey(trap.trapType, trap.pest));
    const last = list[list.length - 1]!;
    if (thresholdCount === undefined || thresholdStatus(last.count, 1, thresholdCount) !== 'over') continue;
    let first = last;
    for (let k = list.length - 1; k >= 0 && thresholdStatus(list[k]!.count, 1, thresholdCount) === 'over'; k--) first = list[k]!;
    const block = blocks.get(trap.blockId)!;
    rows.push({
      farmId: block.farmId,
      farmName: block.farmName,
      blockId: block.blockId,
      blockName: block.blockName,
      trapId,
      code: trap.code,
      trapType: trap.trapType,
      trapTypeName: trapTypeNameOf(trap.trapType),
      pest: trap.pest,
      pestName: pestNameOf(trap.pest),
      lat: trap.lat,
      lng: trap.lng,
      lastInspectionId: last.inspectionId,
      lastInspectedOn: last.inspectedOn,
      lastCount: last.count,
      thresholdCount,
      overSince: first.inspectedOn,
      daysOver: daysBetween(first.inspectedOn, date) + 1,
    });
  }
  return rows.sort(
    (a, b) =>
      b.daysOver - a.daysOver ||
      b.lastCount / b.thresholdCount - a.lastCount / a.thresholdCount ||
      compareNatural(a.farmName, b.farmName) ||
      compareNatural(a.blockName, b.blockName) ||
      a.trapId - b.trapId,
  );
}

/** Both trap panels from the traps on the caller's blocks and their inspections in the window. */
export function trapFigures(
  blocks: readonly DashboardBlock[],
  traps: readonly DashboardTrap[],
  inspections: readonly WindowInspection[],
  thresholds: TrapThresholdMap,
  date: string,
): TrapFigures {
  const blockById = new Map(blocks.map((b) => [b.blockId, b]));
  const known = new Map<number, DashboardTrap & { pest: string }>();
  for (const trap of traps) {
    const pest = trapPestOf(trap.lure);
    if (pest !== null && blockById.has(trap.blockId)) known.set(trap.trapId, { ...trap, pest });
  }
  return { series: countSeries(known, inspections, thresholds, date), overThreshold: overThresholdNow(blockById, known, inspections, thresholds, date) };
}
