/**
 * Reads a production-block CSV file (columns: BLOCK_IMPORT_COLUMNS in packages/shared) the way
 * every import reads its file (lib/csv-import: a file that is not CSV text, has no rows, lacks a
 * column or has too many rows is refused whole) and checks each cell's own format, refusing formula
 * cells. Lookups happen in the service.
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
  type BlockImportColumn,
} from '@orchard/shared/farm-setup';
import { startsLikeFormula } from '@orchard/shared/picking';
import { readImportRows, type CellProblem } from '../../lib/csv-import';

export interface BlockCsvRecord {
  line: number;
  values: Record<BlockImportColumn, string>;
  ha: number | null;
  plantingYear: number | null;
  /** format problems of this row's cells */
  problems: CellProblem[];
}

const NUMBER = /^\d+(\.\d+)?$/;
const YEAR = /^\d{4}$/;

/** The file's rows with their cells' format problems (400 for a file refused whole). */
export function parseBlockCsv(bytes: Buffer): BlockCsvRecord[] {
  const rows = readImportRows(bytes, {
    columns: BLOCK_IMPORT_COLUMNS,
    required: BLOCK_IMPORT_REQUIRED_COLUMNS,
    maxRows: BLOCK_IMPORT_MAX_ROWS,
    messages: {
      notCsv: FARM_SETUP_MESSAGES.importNotCsv,
      empty: FARM_SETUP_MESSAGES.importEmpty,
      tooManyRows: FARM_SETUP_MESSAGES.importTooManyRows,
      missingColumn: FARM_SETUP_MESSAGES.importMissingColumn,
    },
  });
  return rows.map(({ line, cells: values }): BlockCsvRecord => {
    const problems: CellProblem[] = [];
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
    return { line, values, ha, plantingYear, problems };
  });
}
