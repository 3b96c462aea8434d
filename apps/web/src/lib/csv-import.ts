/**
 * The pure parts every CSV import screen shares (components/csv-import-panel): the template file,
 * when Import may be pressed, and the texts of a line's problems and of a refused file or commit.
 */
import { errorText, isApiError } from './api-error';

export interface ImportProblem {
  field: string;
  message: string;
  reason: string;
}
export interface ImportLineLike {
  line: number;
  status: string;
  problems: readonly ImportProblem[];
}
export interface ImportAnswerLike<L extends ImportLineLike = ImportLineLike> {
  committed: boolean;
  refused: number;
  lines: L[];
}

/** A cell as CSV writes it: quoted when it holds a comma, quote or line break. */
export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The template: the header row the import reads, then the example lines, CRLF-ended. */
export function templateCsv(columns: readonly string[], examples: readonly (readonly string[])[] = []): string {
  return [columns, ...examples].map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}

/** Import commits a previewed file with lines and none refused, while nothing runs and the file was not refused. */
export function canImport(preview: ImportAnswerLike | null, refusal: unknown, busy: boolean): boolean {
  return !busy && !refusal && !!preview && preview.lines.length > 0 && preview.refused === 0;
}

/** What a problem says: "column: text" (a problem of the whole line says only its text). */
export type ProblemText = (problem: ImportProblem) => string;
export const plainProblemText: ProblemText = (p) => (p.field === 'line' ? p.message : `${p.field}: ${p.message}`);

/**
 * What a refused file or commit says: a refused commit names its lines in the details' fields
 * ("line 3: block: No block ..."); a refused file says why (no such column, not a CSV file).
 */
export function refusalTexts(refusal: unknown, problemText: ProblemText = plainProblemText, requestText: (e: unknown) => string = errorText): string[] {
  if (!refusal) return [];
  if (isApiError(refusal) && /^line \d+: /.test(refusal.details?.[0]?.field ?? '')) {
    return refusal.details!.map((d) => {
      const [, line, field] = /^(line \d+): (.*)$/.exec(d.field)!;
      return `${line}: ${problemText({ field: field!, message: d.message, reason: d.reason ?? 'value-invalid' })}`;
    });
  }
  return [requestText(refusal)];
}

export const isCancelled = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
