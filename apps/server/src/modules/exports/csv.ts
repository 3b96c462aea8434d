/**
 * The CSV writer every export in the product uses: RFC 4180 quoting from csv-stringify, CRLF line
 * ends, and cells that cannot start a spreadsheet formula.
 */
import { neutraliseFormula } from '@orchard/shared';
import { stringify } from 'csv-stringify/sync';

export type CsvCell = string | number | boolean | Date | null | undefined;

export interface CsvColumn<K extends string = string> {
  key: K;
  header: string;
}

/**
 * One cell made safe for a spreadsheet. Text starting with = + - @ tab or carriage return gets a
 * leading apostrophe (the rule lives in packages/shared, so browser-built exports agree). Numbers
 * stay numbers: String(number) cannot start a formula and a negative figure must remain a figure.
 * null and undefined become empty cells; dates become ISO 8601.
 */
export function neutraliseCell(value: CsvCell): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return value.toISOString();
  return neutraliseFormula(value);
}

/** A header row plus one line per row, every cell (headers too) passed through neutraliseCell. */
export function toCsv<K extends string>(rows: readonly Record<K, CsvCell>[], columns: readonly CsvColumn<K>[]): string {
  const records = [
    columns.map((c) => neutraliseCell(c.header)),
    ...rows.map((row) => columns.map((c) => neutraliseCell(row[c.key]))),
  ];
  return stringify(records, { record_delimiter: 'windows' });
}
