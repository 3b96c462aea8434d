/**
 * The input checks figures (docs/domain.md, Input checks: the farm input check row and the age
 * colouring), written once for the report, the attention list and the browser.
 *
 * For each farm and each kind of record (Tensio: tensiometer readings; Water Applied; Pheno:
 * phenology observations; Scouting: scouting sessions) the figures are worked out from the farm's
 * farm blocks and, for each block, the business day (South African) of its newest record of that
 * kind. Ages are whole days from that day to today (0: recorded today); a block with no record of
 * the kind has no age (No Data).
 * - Last: the age of the newest record on any block of the farm (the smallest block age); No Data
 *   when no block has a record.
 * - Oldest: the age of the stalest block (the largest block age); No Data as soon as one block has
 *   never had a record, and for a farm without blocks.
 * - OldestId: the id of that block (the first by the order below); null for a farm without blocks.
 * - OldestIds: the names of the blocks the Oldest dialog lists: every block with No Data or at
 *   least INPUT_CHECKS_STALE_DAYS old, and the blocks sharing the Oldest age even when younger;
 *   No Data first, then oldest first, then by name.
 * A tensiometer station belongs to its block: a block's tensio age is that of the newest reading
 * at any of its stations and depths.
 *
 * A farm's input checks are stale (an attention item) when, for any kind, a block has No Data or is
 * at least INPUT_CHECKS_STALE_DAYS old. Cells are coloured by age: no colour up to
 * INPUT_CHECKS_AGE_FLOOR_DAYS, full colour from INPUT_CHECKS_STALE_DAYS and for No Data, scaled
 * in between.
 */
import { daysBetween } from '../core/calendar.js';
import { compareNatural } from '../harvest/sort.js';

/** From this age a farm's records are stale (the attention list, full colour). */
export const INPUT_CHECKS_STALE_DAYS = 14;
/** Up to this age a cell has no colour. */
export const INPUT_CHECKS_AGE_FLOOR_DAYS = 3;
export const INPUT_CHECKS_NO_DATA = 'No Data';

export const INPUT_CHECK_KINDS = ['tensio', 'waterApplied', 'pheno', 'scouting'] as const;
export type InputCheckKind = (typeof INPUT_CHECK_KINDS)[number];

/** A block and the business day (yyyy-MM-dd) of its newest record of one kind, null when it has none. */
export interface BlockLastRecord {
  blockId: number;
  blockName: string;
  lastDay: string | null;
}

export interface InputCheckFigures {
  /** whole days, null: No Data */
  last: number | null;
  oldest: number | null;
  oldestId: number | null;
  oldestIds: string[];
}

/** Whole days from `lastDay` to `today`, null when there is no record (a day after today counts as 0). */
export function recordAge(lastDay: string | null, today: string): number | null {
  return lastDay === null ? null : Math.max(0, daysBetween(lastDay, today));
}

/** No Data first, then the oldest, then by block name and id. */
function stalestFirst(a: { age: number | null; block: BlockLastRecord }, b: { age: number | null; block: BlockLastRecord }): number {
  if (a.age !== b.age) {
    if (a.age === null) return -1;
    if (b.age === null) return 1;
    return b.age - a.age;
  }
  return compareNatural(a.block.blockName, b.block.blockName) || a.block.blockId - b.block.blockId;
}

const isStaleAge = (age: number | null) => age === null || age >= INPUT_CHECKS_STALE_DAYS;

/** The figures of one kind on one farm, from its blocks' newest records. */
export function inputCheckFigures(blocks: readonly BlockLastRecord[], today: string): InputCheckFigures {
  const aged = blocks.map((block) => ({ block, age: recordAge(block.lastDay, today) })).sort(stalestFirst);
  const known = aged.filter((a) => a.age !== null).map((a) => a.age as number);
  const stalest = aged[0];
  if (!stalest) return { last: null, oldest: null, oldestId: null, oldestIds: [] };
  return {
    last: known.length > 0 ? Math.min(...known) : null,
    oldest: stalest.age,
    oldestId: stalest.block.blockId,
    oldestIds: aged.filter((a) => a.age === stalest.age || isStaleAge(a.age)).map((a) => a.block.blockName),
  };
}

/** Whether these figures make the farm's input checks stale. */
export function isInputCheckStale(figures: InputCheckFigures): boolean {
  return figures.oldestId !== null && isStaleAge(figures.oldest);
}

/** '5 days', '1 day', 'No Data' */
export function inputCheckAgeText(days: number | null): string {
  if (days === null) return INPUT_CHECKS_NO_DATA;
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/** How strongly a cell is coloured, 0 (none) to 1 (full): scaled from 3 to 14 days, No Data full. */
export function inputCheckAgeIntensity(days: number | null): number {
  if (days === null) return 1;
  const span = INPUT_CHECKS_STALE_DAYS - INPUT_CHECKS_AGE_FLOOR_DAYS;
  return Math.min(1, Math.max(0, (days - INPUT_CHECKS_AGE_FLOOR_DAYS) / span));
}
