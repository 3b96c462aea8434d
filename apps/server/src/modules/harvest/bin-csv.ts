/**
 * Reads a bin-intake CSV file (columns: see BIN_IMPORT_COLUMNS in packages/shared): refuses bytes
 * that are not UTF-8 text, parses with csv-parse (RFC 4180 quoting), maps the header and checks
 * each cell's own format. Lookups against the database happen in bins.service.ts.
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
  type BinImportColumn,
  type BinImportError,
} from '@orchard/shared';
import { columnPositions, decodeCsvText, readCsvRows } from '../../lib/csv-file';

export interface BinCsvRecord {
  line: number;
  values: Record<BinImportColumn, string>;
  bins: number | null;
  tipped: boolean | null;
  tippedKgs: number | null;
  /** format problems of this row's cells */
  problems: Omit<BinImportError, 'line'>[];
}

export interface ParsedBinCsv {
  /** the whole file is refused */
  fileError: string | null;
  records: BinCsvRecord[];
  /** errors that are not about one row's cells (header, row count) */
  errors: BinImportError[];
}

const refused = (fileError: string): ParsedBinCsv => ({ fileError, records: [], errors: [] });

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);
const NUMBER = /^\d+(\.\d+)?$/;

export function parseBinCsv(bytes: Buffer): ParsedBinCsv {
  const text = decodeCsvText(bytes);
  if (text === null) return refused(BIN_IMPORT_MESSAGES.notCsv);

  const read = readCsvRows(text);
  if ('error' in read) {
    const { error } = read;
    return refused(`${BIN_IMPORT_MESSAGES.notCsv} (line ${String((error as typeof error & { lines?: number }).lines ?? '?')}: ${error.message})`);
  }
  const [header, ...data] = read.rows;
  if (!header || data.length === 0) return refused(BIN_IMPORT_MESSAGES.empty);

  const index = columnPositions(header.record, BIN_IMPORT_COLUMNS);
  const missing = BIN_IMPORT_REQUIRED_COLUMNS.filter((c) => !index.has(c));
  if (missing.length > 0) {
    return {
      fileError: null,
      records: [],
      errors: missing.map((c) => ({ line: header.info.lines, field: c, message: BIN_IMPORT_MESSAGES.missingColumn(c) })),
    };
  }
  if (data.length > BIN_IMPORT_MAX_ROWS) {
    return { fileError: null, records: [], errors: [{ line: header.info.lines, field: 'file', message: BIN_IMPORT_MESSAGES.tooManyRows }] };
  }

  const records = data.map(({ record, info }): BinCsvRecord => {
    const problems: Omit<BinImportError, 'line'>[] = [];
    const values = Object.fromEntries(
      BIN_IMPORT_COLUMNS.map((column) => {
        const at = index.get(column);
        const value = at === undefined ? '' : (record[at] ?? '').trim();
        if (value.length > BIN_IMPORT_MAX_CELL) {
          problems.push({ field: column, message: BIN_IMPORT_MESSAGES.cellTooLong });
          return [column, value.slice(0, BIN_IMPORT_MAX_CELL)];
        }
        return [column, value];
      }),
    ) as Record<BinImportColumn, string>;
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
      const t = values.tipped.toLowerCase();
      if (YES.has(t)) tipped = true;
      else if (NO.has(t)) tipped = false;
      else problems.push({ field: 'tipped', message: BIN_MESSAGES.tipped });
    }
    let tippedKgs: number | null = null;
    if (!has('tipped_kgs') && values.tipped_kgs !== '') {
      const kgs = NUMBER.test(values.tipped_kgs) ? Number(values.tipped_kgs) : Number.NaN;
      if (Number.isFinite(kgs) && kgs > 0 && kgs <= BIN_INTAKE_MAX_COUNT * BIN_KGS_MAX) tippedKgs = kgs;
      else problems.push({ field: 'tipped_kgs', message: BIN_MESSAGES.tippedKgsRange });
    }
    return { line: info.lines, values, bins, tipped, tippedKgs, problems };
  });
  return { fileError: null, records, errors: [] };
}
