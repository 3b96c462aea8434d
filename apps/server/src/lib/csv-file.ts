/**
 * Reading an uploaded CSV file, the same way for every import (bins, production blocks): the bytes
 * must be UTF-8 text (no NUL bytes: a spreadsheet, image or PDF is not), csv-parse reads RFC 4180
 * quoting, a byte-order mark, ragged rows, empty lines and padded cells; the header row maps the
 * import's columns by name (case and spaces ignored) to their positions.
 */
import { CsvError, parse } from 'csv-parse/sync';

/** A parsed row and the file line it ends on (for messages "line N: ..."). */
export interface CsvFileRow {
  record: string[];
  info: { lines: number };
}

/** The file as text, or null when it is not UTF-8 text. */
export function decodeCsvText(bytes: Buffer): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** The rows of the text, or the parser's error when it is not CSV. */
export function readCsvRows(text: string): { rows: CsvFileRow[] } | { error: CsvError } {
  try {
    const rows = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
    }) as unknown as CsvFileRow[];
    return { rows };
  } catch (err) {
    if (err instanceof CsvError) return { error: err };
    throw err;
  }
}

/** Where each known column stands in the header (columns the header lacks are absent). */
export function columnPositions<C extends string>(header: readonly string[], columns: readonly C[]): Map<C, number> {
  const names = header.map((h) => h.trim().toLowerCase());
  const index = new Map<C, number>();
  for (const column of columns) {
    const at = names.indexOf(column);
    if (at >= 0) index.set(column, at);
  }
  return index;
}
