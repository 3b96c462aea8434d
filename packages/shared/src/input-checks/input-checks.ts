/**
 * Input checks report (docs/domain.md, Input checks): one row per farm of the
 * chosen organisation that the caller may see (the farms assigned to them there), with the age of
 * each kind of record, figured as input-checks/figures.ts says. Ages are whole days, null for No
 * Data (inputCheckAgeText writes them as "5 days" / "No Data"); OldestIds are block names.
 *
 * `organizationId` (default: the current organisation) must be an active organisation the caller
 * is a member of and holds management.inputChecks in, else 404 (403 for a member without it); a
 * super user may name any active organisation, and sees its farms assigned to them. The
 * Organisation dropdown lists the caller's active organisations: SHELL_PATHS.organizations
 * (GET /api/me/organizations).
 */
import { z } from 'zod';
import { idSchema } from '../core/common.js';
import { exportFileTimestamp } from '../picking/csv.js';
import { SHELL_PATHS } from '../shell/shell.js';
import { INPUT_CHECK_KINDS, INPUT_CHECKS_NO_DATA, inputCheckFigures, type BlockLastRecord, type InputCheckKind } from './figures.js';

export const INPUT_CHECKS_PATHS = {
  /** the product's published path, served case-insensitively: GET ?organizationId= */
  farmInputChecks: '/api/Management/GetFarmInputChecks',
  /** GET the report as CSV, `?organizationId=` as the report */
  export: '/api/input-checks/export',
  /** the Organisation dropdown: the caller's active organisations */
  organizations: SHELL_PATHS.organizations,
} as const;

export const INPUT_CHECKS_SCROLL_HEIGHT = '360px';
export const INPUT_CHECKS_DASHBOARD_SCROLL_HEIGHT = '200px';

/** Column captions, by kind. */
export const INPUT_CHECK_KIND_CAPTIONS: Record<InputCheckKind, string> = {
  tensio: 'Tensio',
  waterApplied: 'Water Applied',
  pheno: 'Pheno',
  scouting: 'Scouting',
};

export const farmInputChecksQuerySchema = z.object({ organizationId: idSchema.optional() });
export type FarmInputChecksQuery = z.infer<typeof farmInputChecksQuerySchema>;

const age = z.number().int().nullable();
const ids = z.array(z.string());

/** Farm input check row (docs/domain.md, Input checks), exactly its fields. */
export const farmInputCheckRowSchema = z.object({
  /** the farm's name */
  farm: z.string(),
  tensioLast: age,
  tensioOldest: age,
  tensioOldestId: z.number().int().nullable(),
  tensioOldestIds: ids,
  waterAppliedLast: age,
  waterAppliedOldest: age,
  waterAppliedOldestId: z.number().int().nullable(),
  waterAppliedOldestIds: ids,
  phenoLast: age,
  phenoOldest: age,
  phenoOldestId: z.number().int().nullable(),
  phenoOldestIds: ids,
  scoutingLast: age,
  scoutingOldest: age,
  scoutingOldestId: z.number().int().nullable(),
  scoutingOldestIds: ids,
});
export type FarmInputCheckRow = z.infer<typeof farmInputCheckRowSchema>;
/** by farm name */
export const farmInputChecksResponseSchema = z.array(farmInputCheckRowSchema);

/** One farm's row from its blocks' newest record of each kind. */
export function farmInputCheckRow(farm: string, blocks: Record<InputCheckKind, readonly BlockLastRecord[]>, today: string): FarmInputCheckRow {
  const row: Record<string, unknown> = { farm };
  for (const kind of INPUT_CHECK_KINDS) {
    const f = inputCheckFigures(blocks[kind], today);
    row[`${kind}Last`] = f.last;
    row[`${kind}Oldest`] = f.oldest;
    row[`${kind}OldestId`] = f.oldestId;
    row[`${kind}OldestIds`] = f.oldestIds;
  }
  return row as FarmInputCheckRow;
}

export const INPUT_CHECKS_EXPORT_NAMES = { componentName: 'InputChecksComponent', reportName: 'Input Checks' } as const;
export const INPUT_CHECKS_FILE_PREFIX = 'InputChecks';

/** InputChecks-yyyy-MM-dd-HH-mm-ss.csv, in the business time zone, as every export is named. */
export function inputChecksFileName(at: Date): string {
  return `${INPUT_CHECKS_FILE_PREFIX}-${exportFileTimestamp(at)}.csv`;
}

type InputCheckCsvKey = 'farm' | `${InputCheckKind}${'Last' | 'Oldest'}`;

/** The CSV's columns, the table's: Farm, then Last and Oldest of each kind ("Tensio Last", "Tensio Oldest", ...). */
export const INPUT_CHECKS_CSV_COLUMNS: readonly { key: InputCheckCsvKey; header: string }[] = [
  { key: 'farm', header: 'Farm' },
  ...INPUT_CHECK_KINDS.flatMap((kind) => [
    { key: `${kind}Last` as const, header: `${INPUT_CHECK_KIND_CAPTIONS[kind]} Last` },
    { key: `${kind}Oldest` as const, header: `${INPUT_CHECK_KIND_CAPTIONS[kind]} Oldest` },
  ]),
];

/** A row as the CSV writes it: ages as whole days, No Data where the table says No Data. */
export function inputChecksCsvRow(row: FarmInputCheckRow): Record<InputCheckCsvKey, string | number> {
  const record = { farm: row.farm } as Record<InputCheckCsvKey, string | number>;
  for (const kind of INPUT_CHECK_KINDS) {
    for (const column of ['Last', 'Oldest'] as const) {
      const key = `${kind}${column}` as const;
      record[key] = row[key] ?? INPUT_CHECKS_NO_DATA;
    }
  }
  return record;
}
