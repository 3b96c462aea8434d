/**
 * Harvest API: paths, query and body schemas and response shapes of the Harvest PUC report, the
 * Fruitbins Block Report, the Estimate appraisal, estimate saving and history, and bin intake
 * (single entries and CSV import). The figures on the rows come from `harvest/figures.ts`.
 */
import { z } from 'zod';
import { isDayInRange } from '../core/calendar.js';
import { blockReportRowSchema, pucReportRowSchema } from './schemas.js';
import { idSchema, jsonIdSchema, wholeNumberQuerySchema } from '../core/common.js';
import { csvImportAnswerSchema } from '../core/csv-import.js';
import { exportFileTimestamp } from '../picking/csv.js';

export const HARVEST_PATHS = {
  /** packhouses for the PUC report: linked to the organisation or owned by it */
  packhouses: '/api/harvest/packhouses',
  /** varieties with bins at a packhouse (or at any), `?packhouse=` */
  varieties: '/api/harvest/varieties',
  /** Harvest PUC report, `?packhouse=&variety=&season=` */
  pucReport: '/api/harvest/reports/pucs',
  /** the Harvest PUC report as CSV, `?packhouse=&variety=&season=` as the report */
  pucReportExport: '/api/harvest/reports/pucs/export',
  /** the organisation's farms (Estimate appraisal builds its PUC list per farm) */
  farms: '/api/harvest/farms',
  /** PUC options "farm name - PUC name", `?farm=` */
  pucs: '/api/harvest/pucs',
  /** Fruitbins Block Report / Estimate appraisal rows of one PUC, `?season=` */
  blockReport: '/api/harvest/pucs/:pucId/blocks',
  /** save a block yield estimate (adjusted T/Ha) */
  estimates: '/api/harvest/estimates',
  /** estimate history of one production block, newest first */
  blockEstimates: '/api/harvest/production-blocks/:productionBlockId/estimates',
  /** record bins received for a production block */
  bins: '/api/harvest/bins',
  /** mark bins waiting at a packhouse as tipped */
  binTippings: '/api/harvest/bin-tippings',
  /** CSV import of bin intake, `?mode=preview|commit` (multipart, field `file`) */
  binImports: '/api/harvest/bin-imports',
} as const;


export const SEASON_MIN = 2000;
export const SEASON_MAX = 2100;
/** A season is the calendar year the fruit is received in. */
export const seasonSchema = wholeNumberQuerySchema(z.number().min(SEASON_MIN).max(SEASON_MAX));

export const ESTIMATE_CONFLICT_MESSAGE = 'This estimate was changed by someone else. Refresh to see the latest figures.';
export const UNLINKED_BLOCK_MESSAGE = 'Only blocks linked to a farm block can have their estimate adjusted.';

/* ---------- options ---------- */

export const harvestPackhouseSchema = z.object({ id: z.number().int(), name: z.string(), shortName: z.string().nullable() });
export type HarvestPackhouse = z.infer<typeof harvestPackhouseSchema>;
export const harvestPackhousesResponseSchema = z.array(harvestPackhouseSchema);

export const harvestVarietiesQuerySchema = z.object({ packhouse: idSchema.optional(), season: seasonSchema.optional() });
export type HarvestVarietiesQuery = z.infer<typeof harvestVarietiesQuerySchema>;
export const harvestVarietySchema = z.object({ id: z.number().int(), variety_Name: z.string(), commodity: z.string() });
export type HarvestVariety = z.infer<typeof harvestVarietySchema>;
export const harvestVarietiesResponseSchema = z.array(harvestVarietySchema);

export const harvestFarmSchema = z.object({ id: z.number().int(), farm_Name: z.string(), legal_Entity: z.number().int() });
export type HarvestFarm = z.infer<typeof harvestFarmSchema>;
export const harvestFarmsResponseSchema = z.array(harvestFarmSchema);

export const harvestPucsQuerySchema = z.object({ farm: idSchema.optional() });
export type HarvestPucsQuery = z.infer<typeof harvestPucsQuerySchema>;
export const harvestPucOptionSchema = z.object({
  id: z.number().int(),
  puc_Name: z.string(),
  farm: z.number().int(),
  farm_Name: z.string(),
  /** "farm name - PUC name", the dropdown text; the list is sorted by it */
  label: z.string(),
});
export type HarvestPucOption = z.infer<typeof harvestPucOptionSchema>;
export const harvestPucsResponseSchema = z.array(harvestPucOptionSchema);

/* ---------- Harvest PUC report ---------- */

export const pucReportQuerySchema = z.object({
  /** omitted: All */
  packhouse: idSchema.optional(),
  /** omitted: All */
  variety: idSchema.optional(),
  /** omitted: the current season */
  season: seasonSchema.optional(),
});
export type PucReportQuery = z.infer<typeof pucReportQuerySchema>;

export const pucReportRowResponseSchema = pucReportRowSchema.extend({
  /** the PUC's id: its row opens the Fruitbins Block Report of that PUC (?puc=) */
  pucId: z.number().int(),
  isUntippedEstimateMissing: z.boolean(),
  untippedTonnes: z.number(),
  tippedTonnes: z.number(),
  combinedTonnes: z.number(),
  remainingTonnes: z.number(),
  totalBlocks: z.number().int(),
  blocksEstimated: z.string(),
});
export const pucReportTotalsSchema = z.object({
  untippedTonnes: z.number(),
  tippedTonnes: z.number(),
  combinedTonnes: z.number(),
  remainingTonnes: z.number(),
  completedBlocks: z.number().int(),
  totalBlocks: z.number().int(),
  blocksEstimated: z.string(),
});
export const pucReportPageSchema = z.object({
  season: z.number().int(),
  packhouse: z.number().int().nullable(),
  variety: z.number().int().nullable(),
  rows: z.array(pucReportRowResponseSchema),
  totals: pucReportTotalsSchema,
});
export type PucReportPage = z.infer<typeof pucReportPageSchema>;

export const PUC_REPORT_EXPORT_NAMES = { componentName: 'HarvestPucReportComponent', reportName: 'Harvest PUC Report' } as const;
export const PUC_REPORT_FILE_PREFIX = 'HarvestPucReport';

/** HarvestPucReport-yyyy-MM-dd-HH-mm-ss.csv, in the business time zone, as every export is named. */
export function pucReportFileName(at: Date): string {
  return `${PUC_REPORT_FILE_PREFIX}-${exportFileTimestamp(at)}.csv`;
}

/**
 * The CSV's columns, the report's as the screen shows them: the figures rounded to the 2 decimals of
 * their cells (a `.` decimal point, no grouping), Blocks Estimated as "completed / total"; the last
 * line is the Total row (PUC `PUC_REPORT_TOTAL_LABEL`).
 */
export const PUC_REPORT_CSV_COLUMNS = [
  { key: 'puc', header: 'PUC' },
  { key: 'untippedTonnes', header: 'Est. Untipped Tonnes' },
  { key: 'tippedTonnes', header: 'Tipped Tonnes' },
  { key: 'combinedTonnes', header: 'Combined Tonnes' },
  { key: 'remainingTonnes', header: 'Remaining Tonnes' },
  { key: 'blocksEstimated', header: 'Blocks Estimated' },
] as const;
export const PUC_REPORT_TOTAL_LABEL = 'Total';

/* ---------- Fruitbins Block Report and Estimate appraisal ---------- */

export const blockReportQuerySchema = z.object({ season: seasonSchema.optional() });
export type BlockReportQuery = z.infer<typeof blockReportQuerySchema>;
export const pucIdParamsSchema = z.object({ pucId: idSchema });
export const productionBlockIdParamsSchema = z.object({ productionBlockId: idSchema });

const figure = z.number().nullable();
/** The figures of a block report row and of its totals; the Estimate appraisal does not show variance. */
const blockFigures = {
  untippedTonnes: z.number(),
  tippedTonnes: z.number(),
  combinedTonnes: z.number(),
  tonnesPerHa: figure,
  originalEstimate: figure,
  originalTonnesPerHa: figure,
  adjustedEstimate: figure,
  adjustedTonnesPerHa: figure,
  remaining_Tonnes: figure,
  remaining_Tonnes_Per_Ha: figure,
  percentage_Complete: figure,
  variance: figure,
};

export const blockReportRowResponseSchema = blockReportRowSchema.extend({
  /** the production block's own code, shown for rows without a linked block */
  production_Block_Code: z.string(),
  daff: z.string().nullable(),
  isLinked: z.boolean(),
  isCompleted: z.boolean(),
  isUntippedEstimateMissing: z.boolean(),
  ...blockFigures,
});
export type BlockReportRowResponse = z.infer<typeof blockReportRowResponseSchema>;
export const blockReportTotalsSchema = z.object({
  ha: figure,
  ...blockFigures,
  completedBlocks: z.number().int(),
  totalBlocks: z.number().int(),
});
export const blockReportPageSchema = z.object({
  season: z.number().int(),
  puc: harvestPucOptionSchema,
  rows: z.array(blockReportRowResponseSchema),
  totals: blockReportTotalsSchema,
});
export type BlockReportPage = z.infer<typeof blockReportPageSchema>;

/* ---------- estimate history ---------- */

export const estimateHistoryEntrySchema = z.object({
  /** the estimate's version */
  id: z.number().int(),
  season: z.number().int(),
  ha: z.number(),
  tonnes_Per_Ha: z.number().nullable(),
  tonnes_Per_Ha_Adjusted: z.number().nullable(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type EstimateHistoryEntry = z.infer<typeof estimateHistoryEntrySchema>;
export const estimateHistoryResponseSchema = z.object({
  production_Block: z.number().int(),
  entries: z.array(estimateHistoryEntrySchema),
});
export type EstimateHistoryResponse = z.infer<typeof estimateHistoryResponseSchema>;

/* ---------- bin intake ---------- */

export const BIN_INTAKE_MAX_COUNT = 5000;
export const BIN_KGS_MIN = 50;
export const BIN_KGS_MAX = 1500;
export const BIN_MESSAGES = {
  count: `Bins must be a whole number from 1 to ${BIN_INTAKE_MAX_COUNT}`,
  receivedDate: 'Received date must be a date written yyyy-MM-dd',
  receivedDateFuture: 'Received date cannot be in the future',
  tippedKgsRequired: 'Tipped kgs are required for tipped bins',
  tippedKgsNotTipped: 'Bins that are not tipped have no tipped kgs yet',
  tippedKgsRange: `Tipped kgs must average between ${BIN_KGS_MIN} and ${BIN_KGS_MAX} kg per bin`,
  tipped: 'Tipped must be yes or no',
  packhouse: 'Choose one of your packhouses',
  notEnoughUntipped: (waiting: number) => `Only ${waiting} bins of this block are waiting to be tipped at this packhouse`,
} as const;

/** The stable reason key of each of BIN_MESSAGES, sent beside the text (see reasons.ts). */
export const BIN_REASONS = {
  count: 'bin-count-invalid',
  receivedDate: 'bin-received-date-invalid',
  receivedDateFuture: 'bin-received-date-future',
  tippedKgsRequired: 'bin-tipped-kgs-required',
  tippedKgsNotTipped: 'bin-tipped-kgs-not-tipped',
  tippedKgsRange: 'bin-tipped-kgs-range',
  tipped: 'bin-tipped-invalid',
  packhouse: 'bin-packhouse-invalid',
  notEnoughUntipped: 'bin-not-enough-untipped',
} as const satisfies Record<keyof typeof BIN_MESSAGES, string>;

/** A received date: a real yyyy-MM-dd day in the range of days (calendar.ts) and in a season the reports can show. */
export function isReceivedDate(value: string): boolean {
  if (!isDayInRange(value)) return false;
  const year = Number(value.slice(0, 4));
  return year >= SEASON_MIN && year <= SEASON_MAX;
}

/** Bins are received today or before (the business day): the rule's message for a later day, null when fine. */
export function receivedDateProblem(day: string, today: string): string | null {
  return day > today ? BIN_MESSAGES.receivedDateFuture : null;
}

/** The rule for tipped kgs: present and plausible for tipped bins, absent otherwise; null when fine. */
export function tippedKgsProblem(count: number, tipped: boolean, tippedKgs: number | null | undefined): string | null {
  const hasKgs = tippedKgs !== null && tippedKgs !== undefined;
  if (!tipped) return hasKgs ? BIN_MESSAGES.tippedKgsNotTipped : null;
  if (!hasKgs) return BIN_MESSAGES.tippedKgsRequired;
  const perBin = tippedKgs / count;
  return Number.isFinite(perBin) && perBin >= BIN_KGS_MIN && perBin <= BIN_KGS_MAX ? null : BIN_MESSAGES.tippedKgsRange;
}

const binCountSchema = z.number({ error: BIN_MESSAGES.count }).int({ error: BIN_MESSAGES.count }).min(1, { error: BIN_MESSAGES.count }).max(BIN_INTAKE_MAX_COUNT, { error: BIN_MESSAGES.count });
const receivedDateSchema = z.string({ error: BIN_MESSAGES.receivedDate }).max(10, { error: BIN_MESSAGES.receivedDate }).refine(isReceivedDate, { error: BIN_MESSAGES.receivedDate });
const kgsSchema = z.number({ error: BIN_MESSAGES.tippedKgsRange }).positive({ error: BIN_MESSAGES.tippedKgsRange }).max(BIN_INTAKE_MAX_COUNT * BIN_KGS_MAX, { error: BIN_MESSAGES.tippedKgsRange });

/** Bins received for a production block; `count` rows are created. `tipped_Kgs` is their total. */
export const binIntakeBodySchema = z
  .object({
    production_Block: jsonIdSchema,
    packhouse: jsonIdSchema,
    count: binCountSchema,
    received_Date: receivedDateSchema,
    tipped: z.boolean({ error: BIN_MESSAGES.tipped }),
    tipped_Kgs: kgsSchema.nullable().optional(),
  })
  .superRefine((body, ctx) => {
    const problem = tippedKgsProblem(body.count, body.tipped, body.tipped_Kgs);
    if (problem) ctx.addIssue({ code: 'custom', path: ['tipped_Kgs'], message: problem });
  });
export type BinIntakeBody = z.infer<typeof binIntakeBodySchema>;
export const binIntakeResponseSchema = z.object({
  production_Block: z.number().int(),
  packhouse: z.number().int(),
  count: z.number().int(),
  received_Date: z.string(),
  season: z.number().int(),
  tipped: z.boolean(),
  tipped_Kgs: z.number().nullable(),
});
export type BinIntakeResponse = z.infer<typeof binIntakeResponseSchema>;

/** Marks the oldest `count` untipped bins of a block at a packhouse as tipped, `tipped_Kgs` in total. */
export const binTippingBodySchema = z
  .object({
    production_Block: jsonIdSchema,
    packhouse: jsonIdSchema,
    count: binCountSchema,
    tipped_Kgs: kgsSchema,
  })
  .superRefine((body, ctx) => {
    const problem = tippedKgsProblem(body.count, true, body.tipped_Kgs);
    if (problem) ctx.addIssue({ code: 'custom', path: ['tipped_Kgs'], message: problem });
  });
export type BinTippingBody = z.infer<typeof binTippingBodySchema>;
export const binTippingResponseSchema = z.object({
  production_Block: z.number().int(),
  packhouse: z.number().int(),
  tipped: z.number().int(),
  tipped_Kgs: z.number(),
  /** bins of the block still waiting at that packhouse */
  not_Tipped: z.number().int(),
});
export type BinTippingResponse = z.infer<typeof binTippingResponseSchema>;

/* ---------- CSV import of bin intake ---------- */

export const BIN_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const BIN_IMPORT_MAX_ROWS = 10_000;
export const BIN_IMPORT_MAX_CELL = 200;
/** bins in one file, all rows together */
export const BIN_IMPORT_MAX_BINS = 200_000;

/**
 * Columns of a bin-intake CSV file (header row required, any order, names case-insensitive):
 * - puc: the PUC name, e.g. C1023
 * - block: the production block code within that PUC
 * - packhouse: the packhouse name or short name (one linked to or owned by the organisation)
 * - received_date: yyyy-MM-dd, not in the future
 * - bins: number of bins, 1 to 5000
 * - tipped: yes or no
 * - tipped_kgs: total kgs of those bins when tipped (50 to 1500 kg per bin on average); empty when not
 */
export const BIN_IMPORT_COLUMNS = ['puc', 'block', 'packhouse', 'received_date', 'bins', 'tipped', 'tipped_kgs'] as const;
export type BinImportColumn = (typeof BIN_IMPORT_COLUMNS)[number];
/** tipped_kgs may be left out of the header when no row is tipped */
export const BIN_IMPORT_REQUIRED_COLUMNS: readonly BinImportColumn[] = ['puc', 'block', 'packhouse', 'received_date', 'bins', 'tipped'];

/** a line of the template, showing each column's format */
export const BIN_IMPORT_EXAMPLE: Readonly<Record<BinImportColumn, string>> = {
  puc: 'C1023',
  block: 'B01',
  packhouse: 'Addo Packhouse',
  received_date: '2025-06-02',
  bins: '12',
  tipped: 'yes',
  tipped_kgs: '4800',
};

/** the variety of the example line's block, for the hint naming it as the block picker does */
export const BIN_IMPORT_EXAMPLE_VARIETY = 'Navel';

const TIPPED_YES = new Set(['yes', 'y', 'true', '1']);
const TIPPED_NO = new Set(['no', 'n', 'false', '0']);
/** A tipped cell: yes (yes, y, true, 1) or no (no, n, false, 0) in any case; null for anything else. */
export function tippedOfCell(cell: string): boolean | null {
  const value = cell.trim().toLowerCase();
  return TIPPED_YES.has(value) ? true : TIPPED_NO.has(value) ? false : null;
}

/**
 * The import answers in the shape of every CSV import (core/csv-import.ts): each line created or
 * refused, its cells by BIN_IMPORT_COLUMNS, no id (a line is a batch of bins); and the bins of the
 * lines not refused.
 */
export const binImportResponseSchema = csvImportAnswerSchema.extend({ bins: z.number().int() });
export type BinImportResponse = z.infer<typeof binImportResponseSchema>;

export const BIN_IMPORT_MESSAGES = {
  noFile: 'Choose a CSV file to import',
  notCsv: 'The file is not a CSV text file',
  empty: 'The file has no rows',
  tooManyRows: `The file has more than ${BIN_IMPORT_MAX_ROWS} rows`,
  tooManyBins: `The file has more than ${BIN_IMPORT_MAX_BINS} bins`,
  missingColumn: (column: string) => `The header has no ${column} column`,
  cellTooLong: `The value is longer than ${BIN_IMPORT_MAX_CELL} characters`,
  required: 'A value is required',
  unknownPuc: 'Unknown PUC',
  unknownBlock: 'Unknown block for this PUC',
  hasErrors: 'The file has errors; nothing was imported',
} as const;

/** The stable reason key of each of BIN_IMPORT_MESSAGES, sent beside the text (see reasons.ts). */
export const BIN_IMPORT_REASONS = {
  noFile: 'bin-import-no-file',
  notCsv: 'bin-import-not-csv',
  empty: 'bin-import-empty',
  tooManyRows: 'bin-import-too-many-rows',
  tooManyBins: 'bin-import-too-many-bins',
  missingColumn: 'bin-import-missing-column',
  cellTooLong: 'bin-import-cell-too-long',
  required: 'bin-import-value-required',
  unknownPuc: 'bin-import-unknown-puc',
  unknownBlock: 'bin-import-unknown-block',
  hasErrors: 'bin-import-has-errors',
} as const satisfies Record<keyof typeof BIN_IMPORT_MESSAGES, string>;
