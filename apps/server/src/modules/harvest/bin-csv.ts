/**
 * Reads a bin-intake CSV file (columns: see BIN_IMPORT_COLUMNS in packages/shared) the way every
 * import reads its file (lib/csv-import: a file that is not CSV text, has no rows, lacks a column or
 * has too many rows is refused whole) and checks each cell's own format. Lookups against the
 * database happen in bins.service.ts.
 */
import {
  BIN_IMPORT_COLUMNS,
  BIN_IMPORT_MAX_CELL,
  BIN_IMPORT_MAX_ROWS,
  BIN_IMPORT_MESSAGES,
  BIN_IMPORT_REQUIRED_COLUMNS,
  BIN_INTAKE_MAX_COUNT,
  BIN_KGS_MAX,
  BIN_MESSAGES,
  isReceivedDate,
  tippedOfCell,
  type BinImportColumn,
} from '@orchard/shared/harvest';
import { readImportRows, type CellProblem } from '../../lib/csv-import';

export interface BinCsvRecord {
  line: number;
  values: Record<BinImportColumn, string>;
  bins: number | null;
  tipped: boolean | null;
  tippedKgs: number | null;
  /** format problems of this row's cells */
  problems: CellProblem[];
}

const NUMBER = /^\d+(\.\d+)?$/;

/** The file's rows with their cells' format problems (400 for a file refused whole). */
export function parseBinCsv(bytes: Buffer): BinCsvRecord[] {
  const rows = readImportRows(bytes, {
    columns: BIN_IMPORT_COLUMNS,
    required: BIN_IMPORT_REQUIRED_COLUMNS,
    maxRows: BIN_IMPORT_MAX_ROWS,
    messages: BIN_IMPORT_MESSAGES,
    sayParseError: true,
  });
  return rows.map(({ line, cells }): BinCsvRecord => {
    const problems: CellProblem[] = [];
    const values = { ...cells };
    for (const column of BIN_IMPORT_COLUMNS) {
      if (values[column].length > BIN_IMPORT_MAX_CELL) {
        problems.push({ field: column, message: BIN_IMPORT_MESSAGES.cellTooLong });
        values[column] = values[column].slice(0, BIN_IMPORT_MAX_CELL);
      }
    }
    const has = (field: string) => problems.some((p) => p.field === field);
    for (const column of BIN_IMPORT_REQUIRED_COLUMNS) {
      if (!has(column) && values[column] === '') problems.push({ field: column, message: BIN_IMPORT_MESSAGES.required });
    }
    if (!has('received_date') && !isReceivedDate(values.received_date)) problems.push({ field: 'received_date', message: BIN_MESSAGES.receivedDate });

    let bins: number | null = null;
    if (!has('bins')) {
      const n = /^\d{1,9}$/.test(values.bins) ? Number(values.bins) : Number.NaN;
      if (Number.isInteger(n) && n >= 1 && n <= BIN_INTAKE_MAX_COUNT) bins = n;
      else problems.push({ field: 'bins', message: BIN_MESSAGES.count });
    }
    let tipped: boolean | null = null;
    if (!has('tipped')) {
      tipped = tippedOfCell(values.tipped);
      if (tipped === null) problems.push({ field: 'tipped', message: BIN_MESSAGES.tipped });
    }
    let tippedKgs: number | null = null;
    if (!has('tipped_kgs') && values.tipped_kgs !== '') {
      const kgs = NUMBER.test(values.tipped_kgs) ? Number(values.tipped_kgs) : Number.NaN;
      if (Number.isFinite(kgs) && kgs > 0 && kgs <= BIN_INTAKE_MAX_COUNT * BIN_KGS_MAX) tippedKgs = kgs;
      else problems.push({ field: 'tipped_kgs', message: BIN_MESSAGES.tippedKgsRange });
    }
    return { line, values, bins, tipped, tippedKgs, problems };
  });
}
