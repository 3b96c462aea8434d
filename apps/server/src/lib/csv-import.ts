/**
 * What every CSV import does the same way (shared core/csv-import.ts): read the file's lines by the
 * import's columns (lib/csv-file) or refuse the whole file, name a line's problem with its rule's
 * reason, and refuse a commit while a line is refused. Each import checks the cells itself.
 */
import { reasonOf, refusedLineDetails, type CsvImportLine, type CsvImportProblem } from '@orchard/shared/core';
import { columnPositions, decodeCsvText, readCsvRows } from './csv-file';
import { validationFailed } from './errors';

/** The whole file is refused (400): not CSV text, no lines, too many, a column missing (`field` names it). */
export const fileRefused = (message: string, field = 'file') => validationFailed(message, [{ field, message }]);

/** A problem of a cell's own format, found while reading a line (its reason is added by lineProblem). */
export interface CellProblem {
  /** the column */
  field: string;
  message: string;
}

/** A problem of a line's cell (`field`: the column, 'line' for the whole line), with its rule's reason. */
export const lineProblem = (field: string, message: string): CsvImportProblem => ({ field, message, reason: reasonOf(message) ?? 'value-invalid' });

/** A commit writes nothing while a line is refused: 400 with `message`, naming each problem "line N: column". */
export function refuseRefusedLines(lines: readonly CsvImportLine[], message: string): void {
  // each detail's reason is its message's, as the line's problem has it
  const details = refusedLineDetails(lines).map(({ field, message: text }) => ({ field, message: text }));
  if (details.length > 0) throw validationFailed(message, details);
}

export interface CsvImportFile<C extends string> {
  columns: readonly C[];
  /** the columns the header must name */
  required: readonly C[];
  /** lines below the header */
  maxRows: number;
  /** the import's words for a refused file */
  messages: { notCsv: string; empty: string; tooManyRows: string; missingColumn: (column: C) => string };
  /** a file the CSV parser refuses says where and why after notCsv: "(line 3: ...)" */
  sayParseError?: boolean;
}

/** A line below the header: its number in the file and its cells by column (trimmed; '' for a column the file leaves out). */
export interface CsvImportRow<C extends string> {
  line: number;
  cells: Record<C, string>;
}

/**
 * The lines of an import's file, or 400 for the whole file: not UTF-8 text or not CSV, nothing below
 * the header, a required column missing (the first, by `columns` order), more than maxRows lines.
 */
export function readImportRows<C extends string>(bytes: Buffer, file: CsvImportFile<C>): CsvImportRow<C>[] {
  const { messages } = file;
  const text = decodeCsvText(bytes);
  if (text === null) throw fileRefused(messages.notCsv);
  const read = readCsvRows(text);
  if ('error' in read) {
    const at = (read.error as typeof read.error & { lines?: number }).lines ?? '?';
    throw fileRefused(file.sayParseError ? `${messages.notCsv} (line ${String(at)}: ${read.error.message})` : messages.notCsv);
  }
  const [header, ...data] = read.rows;
  if (!header || data.length === 0) throw fileRefused(messages.empty);
  const index = columnPositions(header.record, file.columns);
  const missing = file.required.find((c) => !index.has(c));
  if (missing) throw fileRefused(messages.missingColumn(missing), missing);
  if (data.length > file.maxRows) throw fileRefused(messages.tooManyRows);
  return data.map(({ record, info }) => ({
    line: info.lines,
    cells: Object.fromEntries(file.columns.map((c) => [c, index.has(c) ? (record[index.get(c)!] ?? '').trim() : ''])) as Record<C, string>,
  }));
}
