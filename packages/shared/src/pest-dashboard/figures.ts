/**
 * The pest dashboard's figures (docs/domain.md, Dashboard and pest dashboard: the chosen day and
 * the 10 before it), written once for the server and the browser. The server only fetches
 * rows; everything below decides what they mean. Trap figures are in trap-figures.ts.
 *
 * The window: the chosen day and the PEST_DASHBOARD_WINDOW_DAYS days before it, both ends included
 * (the date picker highlights the chosen day and "the previous 10 days as well"), so a capture made
 * today shows when today is chosen. Days are South African calendar days (calendar.ts).
 *
 * Threshold status, for every figure compared with a threshold: `over` from the threshold itself
 * (reaching the action threshold calls for action), `near` from NEAR_THRESHOLD_RATIO of it,
 * `below` under that, and null when the organisation keeps no threshold for it. Figures are
 * compared as exact fractions (thresholds keep one decimal), so a share of exactly 10 % is over a
 * 10 % threshold, never a rounding error below it.
 *
 * Pest infection thresholds, per block and pest, over the sessions of the window on that block:
 * - points inspected: every (session, observation point) at which the scout recorded anything,
 *   whatever pest and whether found or not (a point visited and found clean is recorded with a 0
 *   count or as absent); points infested for a pest: those where the pest was counted above 0 or
 *   recorded present. The share is infested / inspected x 100.
 * - a row for each pest recorded on the block in the window (found or not); pests never recorded
 *   there are not listed.
 * - a block scouted in the window without any observation point (sessions recorded before points
 *   existed) has no share to show: it is listed once in `blocksWithoutPoints`, never as 0 %.
 * - order: over first, then near, below and no threshold; then the larger share; then farm, block
 *   (natural order) and pest name.
 *
 * Scouting frequency, per block of the chosen farms: the days from its newest session on or before
 * the chosen day (any time before the window too) to the chosen day. A block is overdue when more
 * days than the required frequency have passed (scouted exactly that many days ago: due today, not
 * yet overdue), and `never` when it has no session at all. Order: never, then the most days first,
 * then farm and block. Per farm, the compact input checks figures (Scouting Last and Oldest) come
 * from the input checks' own rule, as of the chosen day.
 *
 * Blocks reach these functions only from the farms the caller may see (data-rules/farm-scope): a block on a
 * farm not assigned to the caller never appears, and no figure counts its sessions.
 */
import { addDays, daysBetween } from '../core/calendar.js';
import { compareNatural } from '../harvest/sort.js';
import { inputCheckFigures, type InputCheckFigures } from '../input-checks/figures.js';
import { pestNameOf } from '../pest-thresholds/pest-thresholds.js';

export const PEST_DASHBOARD_WINDOW_DAYS = 10;
/** From this share of a threshold a figure is near it. */
export const NEAR_THRESHOLD_RATIO = 0.8;

export type ThresholdStatus = 'below' | 'near' | 'over';
export type ScoutingStatus = 'on-time' | 'overdue' | 'never';

/** The window of a chosen day: from 10 days before it to the day itself, both included. */
export function pestDashboardWindow(date: string): { from: string; to: string } {
  return { from: addDays(date, -PEST_DASHBOARD_WINDOW_DAYS), to: date };
}

/** Every day of the window, oldest first. */
export function windowDays(date: string): string[] {
  const { from } = pestDashboardWindow(date);
  return Array.from({ length: PEST_DASHBOARD_WINDOW_DAYS + 1 }, (_, i) => addDays(from, i));
}

/** Thresholds keep one decimal: as whole tenths, so comparisons stay exact. */
const tenths = (threshold: number) => Math.round(threshold * 10);

/**
 * The status of the figure numerator / denominator against `threshold` (null: no threshold, or no
 * figure because the denominator is 0).
 */
export function thresholdStatus(numerator: number, denominator: number, threshold: number | null): ThresholdStatus | null {
  if (threshold === null || !(denominator > 0)) return null;
  const scaled = numerator * 10;
  const limit = tenths(threshold) * denominator;
  if (scaled >= limit) return 'over';
  // NEAR_THRESHOLD_RATIO is 4/5
  if (scaled * 5 >= limit * 4) return 'near';
  return 'below';
}

const STATUS_RANK: Record<ThresholdStatus | 'none', number> = { over: 0, near: 1, below: 2, none: 3 };
export const statusRank = (status: ThresholdStatus | null) => STATUS_RANK[status ?? 'none'];

/** A farm block the caller may see. */
export interface DashboardBlock {
  farmId: number;
  farmName: string;
  blockId: number;
  blockName: string;
}

const byPlace = (a: DashboardBlock, b: DashboardBlock) =>
  compareNatural(a.farmName, b.farmName) || a.farmId - b.farmId || compareNatural(a.blockName, b.blockName) || a.blockId - b.blockId;

/** A session of the window on one of the blocks. */
export interface WindowSession {
  sessionId: number;
  blockId: number;
  /** the South African day it started */
  day: string;
  /** ISO instant, orders sessions of one day */
  startedAt: string;
}

/** One observation of a session of the window. */
export interface WindowObservation {
  sessionId: number;
  pointNumber: number;
  pest: string;
  count: number | null;
  present: boolean | null;
}

export const isInfested = (o: Pick<WindowObservation, 'count' | 'present'>) => (o.count !== null ? o.count > 0 : o.present === true);

export interface InfectionRow extends DashboardBlock {
  pest: string;
  pestName: string;
  pointsInspected: number;
  pointsInfested: number;
  /** infested / inspected x 100 */
  sharePercent: number;
  thresholdPercent: number | null;
  status: ThresholdStatus | null;
  /** sessions of the window on the block */
  sessions: number;
  /** the newest of them, and its day: where the figure can be checked */
  lastSessionId: number;
  lastScoutedOn: string;
}

export interface BlockWithoutPoints extends DashboardBlock {
  sessions: number;
  lastSessionId: number;
  lastScoutedOn: string;
}

export interface InfectionFigures {
  rows: InfectionRow[];
  blocksWithoutPoints: BlockWithoutPoints[];
}

/**
 * What the infection panel counts on one block over the window: its sessions, the newest of them,
 * and the observation points visited (every distinct session and point with an observation).
 */
export interface BlockWindowScouting {
  blockId: number;
  sessions: number;
  lastSessionId: number;
  lastScoutedOn: string;
  pointsInspected: number;
}

/** The points of a block's window sessions where a pest was recorded, and how many were infested. */
export interface BlockPestPoints {
  blockId: number;
  pest: string;
  pointsInfested: number;
}

/**
 * The infection panel's counts. The server has the database count them (one row per block and per
 * block and pest, pest-dashboard.repository); countInfection is the same rule over the rows
 * themselves, and a server test holds the two equal.
 */
export interface InfectionCounts {
  blocks: BlockWindowScouting[];
  pests: BlockPestPoints[];
}

const newer = (a: WindowSession, b: WindowSession) => (a.startedAt > b.startedAt || (a.startedAt === b.startedAt && a.sessionId > b.sessionId) ? a : b);

/** The infection counts of the window's sessions and observations (the rules in the header). */
export function countInfection(sessions: readonly WindowSession[], observations: readonly WindowObservation[]): InfectionCounts {
  const sessionById = new Map(sessions.map((s) => [s.sessionId, s]));
  const perBlock = new Map<number, { sessions: WindowSession[]; points: Set<string>; pests: Map<string, Set<string>> }>();
  for (const s of sessions) {
    const entry = perBlock.get(s.blockId) ?? { sessions: [], points: new Set<string>(), pests: new Map<string, Set<string>>() };
    entry.sessions.push(s);
    perBlock.set(s.blockId, entry);
  }
  for (const o of observations) {
    const session = sessionById.get(o.sessionId);
    if (!session) continue;
    const entry = perBlock.get(session.blockId)!;
    const point = `${o.sessionId}:${o.pointNumber}`;
    entry.points.add(point);
    const infested = entry.pests.get(o.pest) ?? new Set<string>();
    if (isInfested(o)) infested.add(point);
    entry.pests.set(o.pest, infested);
  }
  const counts: InfectionCounts = { blocks: [], pests: [] };
  for (const [blockId, entry] of perBlock) {
    const last = entry.sessions.reduce(newer);
    counts.blocks.push({ blockId, sessions: entry.sessions.length, lastSessionId: last.sessionId, lastScoutedOn: last.day, pointsInspected: entry.points.size });
    for (const [pest, infested] of entry.pests) counts.pests.push({ blockId, pest, pointsInfested: infested.size });
  }
  return counts;
}

/** The pest infection panel from the window's counts on the caller's blocks. */
export function infectionFigures(blocks: readonly DashboardBlock[], counts: InfectionCounts, thresholds: ReadonlyMap<string, number>): InfectionFigures {
  const blockById = new Map(blocks.map((b) => [b.blockId, b]));
  const scoutedById = new Map(counts.blocks.filter((c) => blockById.has(c.blockId)).map((c) => [c.blockId, c]));
  const rows: InfectionRow[] = [];
  const blocksWithoutPoints: BlockWithoutPoints[] = [];
  // the rows' fields written out, not spread from the block and its scouting: the spreads made this
  // function ten times slower at ten million bins (BENCHMARKS.md, Section `industry`, measured by hand)
  for (const c of scoutedById.values()) {
    if (c.pointsInspected !== 0) continue;
    const block = blockById.get(c.blockId)!;
    blocksWithoutPoints.push({
      farmId: block.farmId,
      farmName: block.farmName,
      blockId: c.blockId,
      blockName: block.blockName,
      sessions: c.sessions,
      lastSessionId: c.lastSessionId,
      lastScoutedOn: c.lastScoutedOn,
    });
  }
  for (const p of counts.pests) {
    const scouted = scoutedById.get(p.blockId);
    if (!scouted || scouted.pointsInspected === 0) continue;
    const block = blockById.get(p.blockId)!;
    const thresholdPercent = thresholds.get(p.pest) ?? null;
    const inspected = scouted.pointsInspected;
    rows.push({
      farmId: block.farmId,
      farmName: block.farmName,
      blockId: p.blockId,
      blockName: block.blockName,
      pest: p.pest,
      pestName: pestNameOf(p.pest),
      pointsInspected: inspected,
      pointsInfested: p.pointsInfested,
      sharePercent: (p.pointsInfested / inspected) * 100,
      thresholdPercent,
      status: thresholdStatus(p.pointsInfested * 100, inspected, thresholdPercent),
      sessions: scouted.sessions,
      lastSessionId: scouted.lastSessionId,
      lastScoutedOn: scouted.lastScoutedOn,
    });
  }
  rows.sort(
    (a, b) =>
      statusRank(a.status) - statusRank(b.status) ||
      b.sharePercent - a.sharePercent ||
      byPlace(a, b) ||
      compareNatural(a.pestName, b.pestName),
  );
  blocksWithoutPoints.sort(byPlace);
  return { rows, blocksWithoutPoints };
}

/** A block with its newest session on or before the chosen day (null: never scouted). */
export interface BlockLastSession extends DashboardBlock {
  lastSessionId: number | null;
  lastScoutedOn: string | null;
}

export interface ScoutingFrequencyRow extends BlockLastSession {
  /** days from the last scouting to the chosen day, null when never */
  daysSince: number | null;
  requiredDays: number;
  status: ScoutingStatus;
}

export interface FarmScoutingFigures extends InputCheckFigures {
  farmId: number;
  farmName: string;
}

export interface ScoutingFrequencyFigures {
  requiredDays: number;
  blocks: ScoutingFrequencyRow[];
  /** per farm: Scouting Last and Oldest (the input checks' compact variant), as of the chosen day */
  farms: FarmScoutingFigures[];
}

/** A block's scouting status, `daysSince` days after its last session (null: never scouted). */
export function scoutingStatus(daysSince: number | null, requiredDays: number): ScoutingStatus {
  if (daysSince === null) return 'never';
  return daysSince > requiredDays ? 'overdue' : 'on-time';
}

const SCOUTING_RANK: Record<ScoutingStatus, number> = { never: 0, overdue: 1, 'on-time': 2 };

/**
 * The scouting frequency panel as of `date`. `farms`, when given, are the farms the Farm filter
 * chose: each is listed in the compact input checks, a farm without blocks with No Data, as the
 * Input checks report lists it (without them, the farms of the blocks).
 */
export function scoutingFrequencyFigures(
  blocks: readonly BlockLastSession[],
  requiredDays: number,
  date: string,
  farms?: readonly { id: number; farmName: string }[],
): ScoutingFrequencyFigures {
  const rows = blocks.map((b): ScoutingFrequencyRow => {
    const daysSince = b.lastScoutedOn === null ? null : Math.max(0, daysBetween(b.lastScoutedOn, date));
    return { ...b, daysSince, requiredDays, status: scoutingStatus(daysSince, requiredDays) };
  });
  rows.sort((a, b) => SCOUTING_RANK[a.status] - SCOUTING_RANK[b.status] || (b.daysSince ?? 0) - (a.daysSince ?? 0) || byPlace(a, b));
  const byFarm = new Map<number, { farmName: string; blocks: BlockLastSession[] }>();
  for (const f of farms ?? []) byFarm.set(f.id, { farmName: f.farmName, blocks: [] });
  for (const b of blocks) {
    const farm = byFarm.get(b.farmId) ?? { farmName: b.farmName, blocks: [] };
    farm.blocks.push(b);
    byFarm.set(b.farmId, farm);
  }
  const farmRows = [...byFarm.entries()]
    .map(([farmId, f]) => ({
      farmId,
      farmName: f.farmName,
      ...inputCheckFigures(
        f.blocks.map((b) => ({ blockId: b.blockId, blockName: b.blockName, lastDay: b.lastScoutedOn })),
        date,
      ),
    }))
    .sort((a, b) => compareNatural(a.farmName, b.farmName) || a.farmId - b.farmId);
  return { requiredDays, blocks: rows, farms: farmRows };
}

/** How many blocks are overdue or never scouted. */
export const overdueCount = (figures: ScoutingFrequencyFigures) => figures.blocks.filter((b) => b.status !== 'on-time').length;
