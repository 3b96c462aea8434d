/**
 * Cell text of the harvest reports in the user's locale: figures with 2 decimals, % Complete and
 * Variance with 0 (docs/domain.md, Harvest). A missing figure is an empty cell; NaN and Infinity never
 * reach the screen or a CSV.
 */
import { DEFAULT_CULTURE } from '../core/display-format.js';
import type { BlockReportFigureColumns, PucReportRowFigures, PucReportTotals } from './figures.js';
import { FIGURE_DECIMALS, PERCENT_DECIMALS, roundFigure } from './rounding.js';

/** The harvest figures' culture when the organisation names none: the product's default. */
export const HARVEST_DEFAULT_LOCALE = DEFAULT_CULTURE;

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(kind: 'figure' | 'percent', locale: string): Intl.NumberFormat {
  const key = `${kind}|${locale}`;
  const cached = formatters.get(key);
  if (cached) return cached;
  const decimals = kind === 'figure' ? FIGURE_DECIMALS : PERCENT_DECIMALS;
  const options: Intl.NumberFormatOptions = {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    // -0.001 is shown as 0.00, not -0.00
    signDisplay: 'negative',
    // Percent and variance round half to even: then % Complete and Variance of one row always add
    // up to 100 on screen (62.5 % shows 62 beside a variance of 38, not 63 beside 38).
    ...(kind === 'percent' ? { roundingMode: 'halfEven' as const } : {}),
  };
  let created: Intl.NumberFormat;
  try {
    created = new Intl.NumberFormat(locale, options);
  } catch {
    // A malformed culture name from a profile must not blank the whole report.
    created = new Intl.NumberFormat(HARVEST_DEFAULT_LOCALE, options);
  }
  formatters.set(key, created);
  return created;
}

/** Tonnes, hectares, tonnes per hectare: 2 decimals; null, NaN and Infinity give ''. */
export function formatFigure(value: number | null | undefined, locale: string = HARVEST_DEFAULT_LOCALE): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  return formatter('figure', locale).format(roundFigure(value));
}

/** % Complete and Variance: 0 decimals, no % sign (the column header carries it); null gives ''. */
export function formatPercent(value: number | null | undefined, locale: string = HARVEST_DEFAULT_LOCALE): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  // Percentages carry float noise (13.499999999999998 for 13.5, beside a variance of exactly 86.5);
  // snapping to 6 decimals first lets the half-to-even rule see the real tie on both cells.
  const snapped = Math.abs(value) < 1e15 ? Number(value.toFixed(6)) : value;
  return formatter('percent', locale).format(snapped);
}

export type BlockReportCells = Record<keyof BlockReportFigureColumns, string>;

/** The figure cells of a block report row or of its totals row. */
export function blockReportCells(figures: BlockReportFigureColumns, locale: string = HARVEST_DEFAULT_LOCALE): BlockReportCells {
  const figure = (value: number | null) => formatFigure(value, locale);
  return {
    ha: figure(figures.ha),
    untippedTonnes: figure(figures.untippedTonnes),
    tippedTonnes: figure(figures.tippedTonnes),
    combinedTonnes: figure(figures.combinedTonnes),
    tonnesPerHa: figure(figures.tonnesPerHa),
    originalEstimate: figure(figures.originalEstimate),
    originalTonnesPerHa: figure(figures.originalTonnesPerHa),
    adjustedEstimate: figure(figures.adjustedEstimate),
    adjustedTonnesPerHa: figure(figures.adjustedTonnesPerHa),
    remaining_Tonnes: figure(figures.remaining_Tonnes),
    remaining_Tonnes_Per_Ha: figure(figures.remaining_Tonnes_Per_Ha),
    percentage_Complete: formatPercent(figures.percentage_Complete, locale),
    variance: formatPercent(figures.variance, locale),
  };
}

export interface PucReportCells {
  untippedTonnes: string;
  tippedTonnes: string;
  combinedTonnes: string;
  remainingTonnes: string;
  blocksEstimated: string;
}

/** The cells of a Harvest PUC report row or of its Total row. */
export function pucReportCells(figures: PucReportRowFigures | PucReportTotals, locale: string = HARVEST_DEFAULT_LOCALE): PucReportCells {
  return {
    untippedTonnes: formatFigure(figures.untippedTonnes, locale),
    tippedTonnes: formatFigure(figures.tippedTonnes, locale),
    combinedTonnes: formatFigure(figures.combinedTonnes, locale),
    remainingTonnes: formatFigure(figures.remainingTonnes, locale),
    blocksEstimated: figures.blocksEstimated,
  };
}
