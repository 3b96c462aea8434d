/**
 * The harvest figures (docs/domain.md, Harvest), written once for the server and the browser: the
 * Harvest PUC report, the Harvest block report (Fruitbins Block Report), the Estimate appraisal and
 * the local recompute after an estimate is saved.
 *
 * Edge cases, decided here so every screen shows the same thing:
 * - No tipped bins: there is no average bin weight, so the untipped estimate is 0 and the row says
 *   so with `isUntippedEstimateMissing` (true only when untipped bins are waiting).
 * - An estimate exists when its tonnes per hectare is not null; 0 is a real estimate.
 * - Missing ha, missing estimate, a 0 adjusted estimate and ha 0 give null (an empty cell), never
 *   NaN or Infinity. Remaining tonnes may be negative on a row (more delivered than estimated).
 * - Totals sum the values as the cells show them (rounded to 2 decimals), so a total equals the sum
 *   of the shown rows. Ratio totals (T/Ha, % Complete, Variance) are computed from those totals
 *   over the rows that show the figure, not averaged row by row.
 * - An estimate save carries the hectares the row showed; without them (null or missing: the row
 *   had none to show) the save keeps the figure the report shows for the block, the season's latest
 *   estimate's, else the linked farm block's. 0 never stands in for an unknown figure; with neither
 *   there are no hectares to keep and the block is treated as not linked.
 */
import { roundFigure } from './rounding.js';
import type { BlockReportRow, PucReportRow } from './schemas.js';
import { compareNatural } from './sort.js';

export const KGS_PER_TONNE = 1000;

function isPresent(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function finiteOrNull(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

/**
 * Estimated kgs of the bins not yet tipped: the average tipped bin weight times the untipped count.
 * 0 when no bin was tipped (no average exists) or nothing is waiting.
 */
export function estimatedUntippedKgs(tippedKgs: number, tippedCount: number, notTippedCount: number): number {
  if (!(tippedCount > 0) || !(notTippedCount > 0)) return 0;
  const kgs = (tippedKgs / tippedCount) * notTippedCount;
  return Number.isFinite(kgs) ? kgs : 0;
}

/** True when untipped bins wait but no tipped bin gives an average, so their 0 t is unknown. */
export function isUntippedEstimateMissing(tippedCount: number, notTippedCount: number): boolean {
  return notTippedCount > 0 && !(tippedCount > 0);
}

export function kgsToTonnes(kgs: number): number {
  return kgs / KGS_PER_TONNE;
}

/** (tipped kgs + estimated untipped kgs) / 1000. */
export function combinedTonnes(tippedKgs: number, untippedKgs: number): number {
  return (tippedKgs + untippedKgs) / KGS_PER_TONNE;
}

/** ha * tonnes_Per_Ha; null when either is missing. */
export function originalEstimate(ha: number | null, tonnesPerHa: number | null): number | null {
  return isPresent(ha) && isPresent(tonnesPerHa) ? finiteOrNull(ha * tonnesPerHa) : null;
}

/** ha * tonnes_Per_Ha_Adjusted; null when either is missing. */
export function adjustedEstimate(ha: number | null, tonnesPerHaAdjusted: number | null): number | null {
  return isPresent(ha) && isPresent(tonnesPerHaAdjusted) ? finiteOrNull(ha * tonnesPerHaAdjusted) : null;
}

/** Adjusted estimate - (untipped + tipped tonnes); negative when more came in than estimated. */
export function remainingTonnes(adjustedEstimateTonnes: number | null, deliveredTonnes: number): number | null {
  return isPresent(adjustedEstimateTonnes) ? finiteOrNull(adjustedEstimateTonnes - deliveredTonnes) : null;
}

/** (untipped + tipped tonnes) / adjusted estimate * 100; null without a positive adjusted estimate. */
export function percentageComplete(deliveredTonnes: number, adjustedEstimateTonnes: number | null): number | null {
  if (!isPresent(adjustedEstimateTonnes) || !(adjustedEstimateTonnes > 0)) return null;
  return finiteOrNull((deliveredTonnes / adjustedEstimateTonnes) * 100);
}

/** |100 - percentage complete|; null when the percentage is missing or not finite. */
export function variance(percentage: number | null): number | null {
  return isPresent(percentage) ? finiteOrNull(Math.abs(100 - percentage)) : null;
}

/** tonnes / ha; null when either is missing or ha is not positive. */
export function perHectare(tonnes: number | null, ha: number | null): number | null {
  if (!isPresent(tonnes) || !isPresent(ha) || !(ha > 0)) return null;
  return finiteOrNull(tonnes / ha);
}

/** Combined tonnes / ha, shown only for blocks linked to a farm block. */
export function tonnesPerHa(combined: number, ha: number | null, isLinked: boolean): number | null {
  return isLinked ? perHectare(combined, ha) : null;
}

export function isLinkedBlock(row: Pick<BlockReportRow, 'citrii_Block_Id'>): boolean {
  return row.citrii_Block_Id !== null;
}

/**
 * A PUC block is completed (counted as estimated) when it is linked to a farm block and has an
 * adjusted tonnes per hectare (0 included). The server's SQL for the per-PUC counts follows the
 * same rule: citrii_Block_Id is not null and tonnes_Per_Ha_Adjusted is not null.
 */
export function isCompletedBlock(row: Pick<BlockReportRow, 'citrii_Block_Id' | 'tonnes_Per_Ha_Adjusted'>): boolean {
  return isLinkedBlock(row) && isPresent(row.tonnes_Per_Ha_Adjusted);
}

/** Every figure a block report row shows, beside the wire fields it came from. */
export interface BlockReportRowFigures extends BlockReportRow {
  isLinked: boolean;
  isCompleted: boolean;
  isUntippedEstimateMissing: boolean;
  untippedTonnes: number;
  tippedTonnes: number;
  /** T */
  combinedTonnes: number;
  /** T/Ha */
  tonnesPerHa: number | null;
  /** Orig Est */
  originalEstimate: number | null;
  /** Orig T/Ha */
  originalTonnesPerHa: number | null;
  /** Adj Est */
  adjustedEstimate: number | null;
  /** Adj T/Ha */
  adjustedTonnesPerHa: number | null;
  remaining_Tonnes: number | null;
  remaining_Tonnes_Per_Ha: number | null;
  percentage_Complete: number | null;
  variance: number | null;
}

/** The figures of one block report row. Only the wire fields of `input` are read and kept. */
export function blockReportRow(input: BlockReportRow): BlockReportRowFigures {
  const wire: BlockReportRow = {
    puc: input.puc,
    citrii_Block: input.citrii_Block,
    citrii_Block_Id: input.citrii_Block_Id,
    production_Block: input.production_Block,
    variety: input.variety,
    ha: input.ha,
    not_Tipped: input.not_Tipped,
    tipped: input.tipped,
    tipped_Kgs: input.tipped_Kgs,
    tonnes_Per_Ha: input.tonnes_Per_Ha,
    tonnes_Per_Ha_Adjusted: input.tonnes_Per_Ha_Adjusted,
    version: input.version,
  };
  const isLinked = isLinkedBlock(wire);
  const untippedKgs = estimatedUntippedKgs(wire.tipped_Kgs, wire.tipped, wire.not_Tipped);
  const combined = combinedTonnes(wire.tipped_Kgs, untippedKgs);
  const adjusted = adjustedEstimate(wire.ha, wire.tonnes_Per_Ha_Adjusted);
  const remaining = remainingTonnes(adjusted, combined);
  const percentage = percentageComplete(combined, adjusted);
  return {
    ...wire,
    isLinked,
    isCompleted: isCompletedBlock(wire),
    isUntippedEstimateMissing: isUntippedEstimateMissing(wire.tipped, wire.not_Tipped),
    untippedTonnes: kgsToTonnes(untippedKgs),
    tippedTonnes: kgsToTonnes(wire.tipped_Kgs),
    combinedTonnes: combined,
    tonnesPerHa: tonnesPerHa(combined, wire.ha, isLinked),
    originalEstimate: originalEstimate(wire.ha, wire.tonnes_Per_Ha),
    originalTonnesPerHa: isPresent(wire.tonnes_Per_Ha) ? wire.tonnes_Per_Ha : null,
    adjustedEstimate: adjusted,
    adjustedTonnesPerHa: isPresent(wire.tonnes_Per_Ha_Adjusted) ? wire.tonnes_Per_Ha_Adjusted : null,
    remaining_Tonnes: remaining,
    remaining_Tonnes_Per_Ha: perHectare(remaining, wire.ha),
    percentage_Complete: percentage,
    variance: variance(percentage),
  };
}

/**
 * After a successful save the row is recomputed here instead of re-fetched (docs/domain.md,
 * Harvest, Yield estimates): the adjusted t/ha becomes `newAdjusted`, and so does the original
 * when one existed.
 * `newVersion` is the version the server answered with; without it the row keeps its version.
 * Callers validate `newAdjusted` with `adjustedTonnesPerHaSchema` first.
 */
export function applyEstimateSave(row: BlockReportRow, newAdjusted: number, newVersion?: number): BlockReportRowFigures {
  return blockReportRow({
    ...row,
    tonnes_Per_Ha: row.tonnes_Per_Ha === null ? null : newAdjusted,
    tonnes_Per_Ha_Adjusted: newAdjusted,
    version: newVersion ?? row.version,
  });
}

/**
 * The hectares an estimate save stores: those sent (0 is a real figure), else the season's latest
 * estimate's, else the linked farm block's; null when none is known.
 */
export function estimateSaveHa(
  sent: number | null | undefined,
  stored: { latestEstimateHa: number | null | undefined; linkedBlockHa: number | null | undefined },
): number | null {
  for (const ha of [sent, stored.latestEstimateHa, stored.linkedBlockHa]) if (isPresent(ha)) return ha;
  return null;
}

/** The columns a block report row and its totals row have in common. */
export type BlockReportFigureColumns = Pick<
  BlockReportRowFigures,
  | 'untippedTonnes'
  | 'tippedTonnes'
  | 'combinedTonnes'
  | 'tonnesPerHa'
  | 'originalEstimate'
  | 'originalTonnesPerHa'
  | 'adjustedEstimate'
  | 'adjustedTonnesPerHa'
  | 'remaining_Tonnes'
  | 'remaining_Tonnes_Per_Ha'
  | 'percentage_Complete'
  | 'variance'
> & { ha: number | null };

export interface BlockReportTotals extends BlockReportFigureColumns {
  completedBlocks: number;
  totalBlocks: number;
}

/** Sum of the values as shown (2 decimals); null when no row shows a value. */
export function sumShownFigures(values: readonly (number | null)[]): number | null {
  let sum = 0;
  let shown = 0;
  for (const value of values) {
    if (!isPresent(value)) continue;
    sum += roundFigure(value);
    shown += 1;
  }
  return shown === 0 ? null : roundFigure(sum);
}

/**
 * Totals row of the block report over the rows shown. Tonnes and hectares are sums of the shown
 * cells; Remaining Tonnes counts only positive remainders, so it is never negative. Ratios come
 * from totals over the rows that show the figure:
 * - T/Ha = combined tonnes / ha of rows showing a T/Ha (linked, ha above 0);
 * - Orig T/Ha = Orig Est total / ha of rows with an original estimate (likewise Adj T/Ha);
 * - Remaining T/Ha = Remaining total / ha of rows with a remaining figure;
 * - % Complete = combined tonnes of rows with an adjusted estimate / Adj Est total * 100;
 * - Variance = |100 - total % Complete|.
 */
export function blockReportTotals(rows: readonly BlockReportRowFigures[]): BlockReportTotals {
  const haOf = (subset: readonly BlockReportRowFigures[]) => sumShownFigures(subset.map((r) => r.ha));
  const withTonnesPerHa = rows.filter((r) => r.tonnesPerHa !== null);
  const withOriginal = rows.filter((r) => r.originalEstimate !== null);
  const withAdjusted = rows.filter((r) => r.adjustedEstimate !== null);
  const withRemaining = rows.filter((r) => r.remaining_Tonnes !== null);

  const original = sumShownFigures(withOriginal.map((r) => r.originalEstimate));
  const adjusted = sumShownFigures(withAdjusted.map((r) => r.adjustedEstimate));
  const remaining = sumShownFigures(withRemaining.map((r) => Math.max(0, r.remaining_Tonnes ?? 0)));
  const percentage = percentageComplete(sumShownFigures(withAdjusted.map((r) => r.combinedTonnes)) ?? 0, adjusted);
  return {
    ha: haOf(rows),
    untippedTonnes: sumShownFigures(rows.map((r) => r.untippedTonnes)) ?? 0,
    tippedTonnes: sumShownFigures(rows.map((r) => r.tippedTonnes)) ?? 0,
    combinedTonnes: sumShownFigures(rows.map((r) => r.combinedTonnes)) ?? 0,
    tonnesPerHa: perHectare(sumShownFigures(withTonnesPerHa.map((r) => r.combinedTonnes)), haOf(withTonnesPerHa)),
    originalEstimate: original,
    originalTonnesPerHa: perHectare(original, haOf(withOriginal)),
    adjustedEstimate: adjusted,
    adjustedTonnesPerHa: perHectare(adjusted, haOf(withAdjusted)),
    remaining_Tonnes: remaining,
    remaining_Tonnes_Per_Ha: perHectare(remaining, haOf(withRemaining)),
    percentage_Complete: percentage,
    variance: variance(percentage),
    completedBlocks: rows.filter((r) => r.isCompleted).length,
    totalBlocks: rows.length,
  };
}

/** "completed / total", the Blocks Estimated cell. */
export function blocksEstimatedLabel(completed: number, total: number): string {
  return `${completed} / ${total}`;
}

/** Every figure a Harvest PUC report row shows, beside the aggregate it came from. */
export interface PucReportRowFigures extends PucReportRow {
  isUntippedEstimateMissing: boolean;
  /** Est. Untipped Tonnes */
  untippedTonnes: number;
  tippedTonnes: number;
  combinedTonnes: number;
  remainingTonnes: number;
  totalBlocks: number;
  /** Blocks Estimated */
  blocksEstimated: string;
}

/**
 * The figures of one PUC. The untipped estimate uses the PUC's own average bin weight (the
 * aggregate carries no per-block figures), so it can differ from the sum of the PUC's block rows.
 * Remaining tonnes are shown as sent, floored at 0 like every remaining total.
 */
export function pucReportRow(aggregate: PucReportRow): PucReportRowFigures {
  const untippedKgs = estimatedUntippedKgs(aggregate.tipped_Kgs, aggregate.tipped, aggregate.not_Tipped);
  const totalBlocks = aggregate.completedBlocks + aggregate.incompleteBlocks;
  return {
    puc: aggregate.puc,
    not_Tipped: aggregate.not_Tipped,
    tipped: aggregate.tipped,
    tipped_Kgs: aggregate.tipped_Kgs,
    remaining_Tonnes: aggregate.remaining_Tonnes,
    completedBlocks: aggregate.completedBlocks,
    incompleteBlocks: aggregate.incompleteBlocks,
    isUntippedEstimateMissing: isUntippedEstimateMissing(aggregate.tipped, aggregate.not_Tipped),
    untippedTonnes: kgsToTonnes(untippedKgs),
    tippedTonnes: kgsToTonnes(aggregate.tipped_Kgs),
    combinedTonnes: combinedTonnes(aggregate.tipped_Kgs, untippedKgs),
    remainingTonnes: Math.max(0, isPresent(aggregate.remaining_Tonnes) ? aggregate.remaining_Tonnes : 0),
    totalBlocks,
    blocksEstimated: blocksEstimatedLabel(aggregate.completedBlocks, totalBlocks),
  };
}

export interface PucReportTotals {
  untippedTonnes: number;
  tippedTonnes: number;
  combinedTonnes: number;
  remainingTonnes: number;
  completedBlocks: number;
  totalBlocks: number;
  blocksEstimated: string;
}

/** Total row of the PUC report: sums of the shown cells and of the block counts. */
export function pucReportTotals(rows: readonly PucReportRowFigures[]): PucReportTotals {
  const completedBlocks = rows.reduce((sum, r) => sum + r.completedBlocks, 0);
  const totalBlocks = rows.reduce((sum, r) => sum + r.totalBlocks, 0);
  return {
    untippedTonnes: sumShownFigures(rows.map((r) => r.untippedTonnes)) ?? 0,
    tippedTonnes: sumShownFigures(rows.map((r) => r.tippedTonnes)) ?? 0,
    combinedTonnes: sumShownFigures(rows.map((r) => r.combinedTonnes)) ?? 0,
    remainingTonnes: sumShownFigures(rows.map((r) => r.remainingTonnes)) ?? 0,
    completedBlocks,
    totalBlocks,
    blocksEstimated: blocksEstimatedLabel(completedBlocks, totalBlocks),
  };
}

/**
 * Per-PUC aggregates from block rows, for the server: bins and kgs summed, remaining tonnes as the
 * block report's Remaining total (positive remainders only), blocks counted by `isCompletedBlock`.
 * Sorted by PUC like the report.
 */
export function pucAggregates(rows: readonly BlockReportRow[]): PucReportRow[] {
  const byPuc = new Map<string, BlockReportRowFigures[]>();
  for (const row of rows) {
    const group = byPuc.get(row.puc);
    if (group) group.push(blockReportRow(row));
    else byPuc.set(row.puc, [blockReportRow(row)]);
  }
  return [...byPuc.entries()]
    .sort(([a], [b]) => compareNatural(a, b))
    .map(([puc, group]) => {
      const totals = blockReportTotals(group);
      return {
        puc,
        not_Tipped: group.reduce((sum, r) => sum + r.not_Tipped, 0),
        tipped: group.reduce((sum, r) => sum + r.tipped, 0),
        tipped_Kgs: group.reduce((sum, r) => sum + r.tipped_Kgs, 0),
        remaining_Tonnes: totals.remaining_Tonnes ?? 0,
        completedBlocks: totals.completedBlocks,
        incompleteBlocks: totals.totalBlocks - totals.completedBlocks,
      };
    });
}
