/**
 * The production block import's pure parts: the template file, when Import may be pressed, and the
 * texts of a line's problems and of a refused import.
 */
import { BLOCK_IMPORT_COLUMNS, type BlockImportLine, type BlockImportResponse } from '@orchard/shared';
import type { TFunction } from 'i18next';
import { isApiError } from '../../lib/api-error';
import { reasonText, requestErrorText } from './farm-setup-text';

/** The template: the header row only, as the import reads it. */
export function blockTemplateCsv(): string {
  return `${BLOCK_IMPORT_COLUMNS.join(',')}\r\n`;
}

/** Import commits a previewed file with lines and none refused, while nothing runs and the file was not refused. */
export function canImportBlocks(preview: BlockImportResponse | null, refusal: unknown, busy: boolean): boolean {
  return !busy && !refusal && !!preview && preview.lines.length > 0 && preview.refused === 0;
}

/** A line's problems, each "column: text" in the rule's words. */
export function lineProblems(line: BlockImportLine, t: TFunction): string[] {
  return line.problems.map((p) => `${p.field}: ${reasonText(p.reason, t) ?? p.message}`);
}

/**
 * What a refused file or commit says: one entry per problem. A refused commit names its lines in
 * the detail's field ("line 3: puc"); a refused file says why (no such column, not a CSV file).
 */
export function refusalProblems(refusal: unknown, t: TFunction): string[] {
  if (!refusal) return [];
  if (isApiError(refusal) && /^line \d+: /.test(refusal.details?.[0]?.field ?? '')) {
    return refusal.details!.map((d) => `${d.field}: ${reasonText(d.reason, t) ?? d.message}`);
  }
  return [requestErrorText(refusal, t)];
}
