/**
 * Reads a production-block CSV file (columns: BLOCK_IMPORT_COLUMNS in packages/shared): refuses
 * bytes that are not UTF-8 text, parses with csv-parse (RFC 4180 quoting), maps the header and
 * checks each cell's own format, refusing formula cells. Lookups happen in the service.
 */
import {
  BLOCK_IMPORT_COLUMNS,
  BLOCK_IMPORT_MAX_CELL,
  BLOCK_IMPORT_MAX_ROWS,
  BLOCK_IMPORT_REQUIRED_COLUMNS,
  FARM_SETUP_CODE_MAX,
  FARM_SETUP_MESSAGES,
  FARM_SETUP_NAME_MAX,
  hectaresSchema,
  startsLikeFormula,
  type BlockImportColumn,
} from '@orchard/shared';
import { columnPositions, decodeCsvText, readCsvRows } from '../../lib/csv-file';

export interface BlockCsvProblem {
  field: string;
  message: string;
}

export interface BlockCsvRecord {
  line: number;
  values: Record<BlockImportColumn, string>;
  ha: number | null;
  plantingYear: number | null;
  /** format problems of this row's cells */
  problems: BlockCsvProblem[];
}

export type ParsedBlockCsv = { fileError: BlockCsvProblem } | { fileError: null; records: BlockCsvRecord[] };

const refused = (message: string, field = 'file'): ParsedBlockCsv => ({ fileError: { field, message } });

const NUMBER = /^\d+(\.\d+)?$/;
const YEAR = /^\d{4}$/;

export function parseBlockCsv(bytes: Buffer): ParsedBlockCsv {
  const text = decodeCsvText(bytes);
  if (text === null) return refused(FARM_SETUP_MESSAGES.importNotCsv);
  const read = readCsvRows(text);
  if ('error' in read) return refused(FARM_SETUP_MESSAGES.importNotCsv);
  const [header, ...data] = read.rows;
  if (!header || data.length === 0) return refused(FARM_SETUP_MESSAGES.importEmpty);
  if (data.length > BLOCK_IMPORT_MAX_ROWS) return refused(FARM_SETUP_MESSAGES.importTooManyRows);
  const index = columnPositions(header.record, BLOCK_IMPORT_COLUMNS);
  const missing = BLOCK_IMPORT_REQUIRED_COLUMNS.find((c) => !index.has(c));
  if (missing) return refused(FARM_SETUP_MESSAGES.importMissingColumn(missing), missing);

  const records = data.map(({ record, info }): BlockCsvRecord => {
    const values = Object.fromEntries(
      BLOCK_IMPORT_COLUMNS.map((c) => [c, index.has(c) ? (record[index.get(c)!] ?? '').trim() : '']),
    ) as Record<BlockImportColumn, string>;
    const problems: BlockCsvProblem[] = [];
    const problem = (field: string, message: string) => problems.push({ field, message });
    for (const column of BLOCK_IMPORT_COLUMNS) {
      const value = values[column];
      if (startsLikeFormula(value)) problem(column, FARM_SETUP_MESSAGES.importFormula);
      else if (value.length > BLOCK_IMPORT_MAX_CELL) problem(column, FARM_SETUP_MESSAGES.importCellTooLong);
    }
    const bad = new Set(problems.map((p) => p.field));
    if (!bad.has('puc') && values.puc === '') problem('puc', FARM_SETUP_MESSAGES.pucNameRequired);
    if (!bad.has('code')) {
      if (values.code === '') problem('code', FARM_SETUP_MESSAGES.blockCodeRequired);
      else if (values.code.length > FARM_SETUP_CODE_MAX) problem('code', FARM_SETUP_MESSAGES.blockCodeLength);
    }
    if (!bad.has('name')) {
      if (values.name === '') problem('name', FARM_SETUP_MESSAGES.blockNameRequired);
      else if (values.name.length > FARM_SETUP_NAME_MAX) problem('name', FARM_SETUP_MESSAGES.blockNameLength);
    }
    if (!bad.has('variety') && values.variety === '') problem('variety', FARM_SETUP_MESSAGES.varietyNameRequired);
    let ha: number | null = null;
    if (!bad.has('ha')) {
      const parsedHa = NUMBER.test(values.ha) ? Number(values.ha) : NaN;
      if (hectaresSchema.safeParse(parsedHa).success) ha = parsedHa;
      else problem('ha', FARM_SETUP_MESSAGES.hectaresInvalid);
    }
    let plantingYear: number | null = null;
    if (!bad.has('planting_year') && values.planting_year !== '') {
      if (YEAR.test(values.planting_year)) plantingYear = Number(values.planting_year);
      else problem('planting_year', FARM_SETUP_MESSAGES.importPlantingYearInvalid);
    }
    return { line: info.lines, values, ha, plantingYear, problems };
  });
  return { fileError: null, records };
}
