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
import { TRAP_LURES } from '../field-capture/traps.js';
import { pestNameOf, trapTypeNameOf } from '../pest-thresholds/pest-thresholds.js';
import { daysBetween } from '../core/calendar.js';
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

/** The inspections of one trap type and lure on one day of the window: how many, their total and highest count. */
export interface TrapDayCount {
  trapType: string;
  lure: string;
  day: string;
  inspections: number;
  totalCount: number;
  maxCount: number;
}

/** How many traps of one trap type and lure were inspected in the window. */
export interface TrapPairCount {
  trapType: string;
  lure: string;
  traps: number;
}

/**
 * The count chart's sums over the traps on the caller's blocks. The server has the database sum
 * them (pest-dashboard.repository); countTraps is the same sum over the rows, and a server test
 * holds the two equal.
 */
export interface TrapCounts {
  days: TrapDayCount[];
  pairs: TrapPairCount[];
}

/** A trap on the caller's blocks with its newest inspection in the window. */
export interface LatestInspection extends DashboardTrap {
  inspectionId: number;
  inspectedOn: string;
  count: number;
}

const byInspection = (a: WindowInspection, b: WindowInspection) =>
  a.inspectedOn < b.inspectedOn ? -1 : a.inspectedOn > b.inspectedOn ? 1 : a.inspectionId - b.inspectionId;

const pestTrapKey = (trapType: string, lure: string) => `${trapType}\u0000${lure}`;

/** The count chart's sums of the window's inspections of `traps` (which lie on the caller's blocks). */
export function countTraps(traps: readonly DashboardTrap[], inspections: readonly WindowInspection[], date: string): TrapCounts {
  const days = new Set(windowDays(date));
  const trapById = new Map(traps.map((t) => [t.trapId, t]));
  const byDay = new Map<string, TrapDayCount>();
  const trapsByPair = new Map<string, { trapType: string; lure: string; traps: Set<number> }>();
  for (const i of inspections) {
    const trap = trapById.get(i.trapId);
    if (!trap || !days.has(i.inspectedOn)) continue;
    const dayKey = `${pestTrapKey(trap.trapType, trap.lure)}\u0000${i.inspectedOn}`;
    const day = byDay.get(dayKey) ?? { trapType: trap.trapType, lure: trap.lure, day: i.inspectedOn, inspections: 0, totalCount: 0, maxCount: i.count };
    day.inspections += 1;
    day.totalCount += i.count;
    day.maxCount = Math.max(day.maxCount, i.count);
    byDay.set(dayKey, day);
    const pairKey = pestTrapKey(trap.trapType, trap.lure);
    const pair = trapsByPair.get(pairKey) ?? { trapType: trap.trapType, lure: trap.lure, traps: new Set<number>() };
    pair.traps.add(trap.trapId);
    trapsByPair.set(pairKey, pair);
  }
  return { days: [...byDay.values()], pairs: [...trapsByPair.values()].map((p) => ({ trapType: p.trapType, lure: p.lure, traps: p.traps.size })) };
}

/** Each trap's newest inspection in the window (traps without one are left out). */
export function latestInspections(traps: readonly DashboardTrap[], inspections: readonly WindowInspection[], date: string): LatestInspection[] {
  const days = new Set(windowDays(date));
  const newest = new Map<number, WindowInspection>();
  for (const i of inspections) {
    if (!days.has(i.inspectedOn)) continue;
    const seen = newest.get(i.trapId);
    if (!seen || byInspection(seen, i) < 0) newest.set(i.trapId, i);
  }
  return traps.flatMap((t) => {
    const i = newest.get(t.trapId);
    return i ? [{ ...t, inspectionId: i.inspectionId, inspectedOn: i.inspectedOn, count: i.count }] : [];
  });
}

/** The threshold of a trap's type and the pest its lure draws (undefined: none, or a lure no longer in the catalogue). */
function thresholdOf(trap: Pick<DashboardTrap, 'trapType' | 'lure'>, thresholds: TrapThresholdMap): number | undefined {
  const pest = trapPestOf(trap.lure);
  return pest === null ? undefined : thresholds.get(trapThresholdKey(trap.trapType, pest));
}

/**
 * The traps over their threshold now: hanging on `date`, on the caller's blocks, their newest
 * inspection in the window reaching the threshold. Their earlier inspections decide since when.
 */
export function trapsOverNow(blocks: readonly DashboardBlock[], latest: readonly LatestInspection[], thresholds: TrapThresholdMap, date: string): LatestInspection[] {
  const blockIds = new Set(blocks.map((b) => b.blockId));
  return latest.filter((t) => {
    if (!blockIds.has(t.blockId) || t.activeFrom > date || (t.activeTo !== null && t.activeTo < date)) return false;
    const threshold = thresholdOf(t, thresholds);
    return threshold !== undefined && thresholdStatus(t.count, 1, threshold) === 'over';
  });
}

function countSeries(counts: TrapCounts, thresholds: TrapThresholdMap, date: string) {
  const pairs = new Map<string, { trapType: string; pest: string; traps: number; byDay: Map<string, { inspections: number; total: number; max: number }> }>();
  const pairOf = (trapType: string, lure: string) => {
    const pest = trapPestOf(lure);
    if (pest === null) return undefined;
    const key = trapThresholdKey(trapType, pest);
    const pair = pairs.get(key) ?? { trapType, pest, traps: 0, byDay: new Map() };
    pairs.set(key, pair);
    return pair;
  };
  for (const p of counts.pairs) {
    const pair = pairOf(p.trapType, p.lure);
    if (pair) pair.traps += p.traps;
  }
  const days = windowDays(date);
  for (const d of counts.days) {
    const pair = pairOf(d.trapType, d.lure);
    if (!pair || !days.includes(d.day)) continue;
    const day = pair.byDay.get(d.day) ?? { inspections: 0, total: 0, max: d.maxCount };
    day.inspections += d.inspections;
    day.total += d.totalCount;
    day.max = Math.max(day.max, d.maxCount);
    pair.byDay.set(d.day, day);
  }
  const series = [...pairs.entries()]
    .filter(([, pair]) => pair.byDay.size > 0)
    .map(([key, pair]): TrapCountSeries => {
      const thresholdCount = thresholds.get(key) ?? null;
      const perDay = days.map((day): TrapCountDay => {
        const counted = pair.byDay.get(day);
        const inspections = counted?.inspections ?? 0;
        const totalCount = counted?.total ?? 0;
        return {
          day,
          inspections,
          totalCount,
          meanCount: inspections > 0 ? totalCount / inspections : null,
          maxCount: counted ? counted.max : null,
          status: thresholdStatus(totalCount, inspections, thresholdCount),
        };
      });
      return {
        trapType: pair.trapType,
        trapTypeName: trapTypeNameOf(pair.trapType),
        pest: pair.pest,
        pestName: pestNameOf(pair.pest),
        thresholdCount,
        traps: pair.traps,
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
  blocks: readonly DashboardBlock[],
  latest: readonly LatestInspection[],
  inspections: readonly WindowInspection[],
  thresholds: TrapThresholdMap,
  date: string,
): TrapOverThreshold[] {
  const blockById = new Map(blocks.map((b) => [b.blockId, b]));
  const over = trapsOverNow(blocks, latest, thresholds, date);
  const overIds = new Set(over.map((t) => t.trapId));
  const days = new Set(windowDays(date));
  const byTrap = new Map<number, WindowInspection[]>();
  for (const i of [...inspections].sort(byInspection)) {
    if (!overIds.has(i.trapId) || !days.has(i.inspectedOn)) continue;
    byTrap.set(i.trapId, [...(byTrap.get(i.trapId) ?? []), i]);
  }
  const rows = over.map((trap): TrapOverThreshold => {
    const thresholdCount = thresholdOf(trap, thresholds)!;
    const pest = trapPestOf(trap.lure)!;
    const list = byTrap.get(trap.trapId) ?? [];
    let first: Pick<WindowInspection, 'inspectedOn'> = trap;
    for (let k = list.length - 1; k >= 0; k--) {
      const earlier = list[k]!;
      if (byInspection(earlier, trap) > 0) continue;
      if (thresholdStatus(earlier.count, 1, thresholdCount) !== 'over') break;
      first = earlier;
    }
    const block = blockById.get(trap.blockId)!;
    return {
      farmId: block.farmId,
      farmName: block.farmName,
      blockId: block.blockId,
      blockName: block.blockName,
      trapId: trap.trapId,
      code: trap.code,
      trapType: trap.trapType,
      trapTypeName: trapTypeNameOf(trap.trapType),
      pest,
      pestName: pestNameOf(pest),
      lat: trap.lat,
      lng: trap.lng,
      lastInspectionId: trap.inspectionId,
      lastInspectedOn: trap.inspectedOn,
      lastCount: trap.count,
      thresholdCount,
      overSince: first.inspectedOn,
      daysOver: daysBetween(first.inspectedOn, date) + 1,
    };
  });
  return rows.sort(
    (a, b) =>
      b.daysOver - a.daysOver ||
      b.lastCount / b.thresholdCount - a.lastCount / a.thresholdCount ||
      compareNatural(a.farmName, b.farmName) ||
      compareNatural(a.blockName, b.blockName) ||
      a.trapId - b.trapId,
  );
}

/**
 * Both trap panels: the chart from the counts of the traps on the caller's blocks, and the traps
 * over threshold now from each trap's newest inspection (`latest`) and the window's inspections of
 * (at least) the traps trapsOverNow names.
 */
export function trapFigures(
  blocks: readonly DashboardBlock[],
  counts: TrapCounts,
  latest: readonly LatestInspection[],
  inspections: readonly WindowInspection[],
  thresholds: TrapThresholdMap,
  date: string,
): TrapFigures {
  return {
    series: countSeries(counts, thresholds, date),
    overThreshold: overThresholdNow(blocks, latest, inspections, thresholds, date),
  };
}

/** Both trap panels from the traps and their window's inspections themselves (the same rules, counted here). */
export function trapFiguresOfRows(
  blocks: readonly DashboardBlock[],
  traps: readonly DashboardTrap[],
  inspections: readonly WindowInspection[],
  thresholds: TrapThresholdMap,
  date: string,
): TrapFigures {
  const blockIds = new Set(blocks.map((b) => b.blockId));
  const visible = traps.filter((t) => blockIds.has(t.blockId));
  return trapFigures(blocks, countTraps(visible, inspections, date), latestInspections(visible, inspections, date), inspections, thresholds, date);
}
