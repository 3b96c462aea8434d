/**
 * Display precision of the harvest reports (docs/domain.md, Harvest) and the one rounding rule shared by
 * the formatted cells and the totals, so a total always equals the sum of the cells shown above it.
 */

/** Tonnes, hectares and tonnes per hectare show 2 decimals. */
export const FIGURE_DECIMALS = 2;
/** % Complete and Variance show 0 decimals. */
export const PERCENT_DECIMALS = 0;

// Rounding goes through Intl, as the formatted cells do: Math.round(x * 100) / 100 would turn
// 1.005 into 1.00 while the cell shows 1.01, and the totals would drift from the cells.
const figureRounder = new Intl.NumberFormat('en-US', {
  useGrouping: false,
  minimumFractionDigits: 0,
  maximumFractionDigits: FIGURE_DECIMALS,
});

/** `value` rounded to the 2 decimals a cell shows; -0 becomes 0. Non-finite values pass through. */
export function roundFigure(value: number): number {
  if (!Number.isFinite(value)) return value;
  return Number(figureRounder.format(value)) + 0;
}
