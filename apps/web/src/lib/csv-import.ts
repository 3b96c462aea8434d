/**
 * The parts every CSV import screen shares (components/csv-import-panel): sending the file, the
 * template file, when Import may be pressed, the texts of a line's problems and of a refused file
 * or commit, the panel's captions from an import's section of the catalogue, and what a cancelled
 * upload looks like.
 */
import type { CsvImportAnswer, CsvImportMode, CsvImportProblem } from '@orchard/shared/core';
import type { TFunction } from 'i18next';
import { apiRequest, type ApiRequestOptions } from './api-client';
import { errorText, isApiError } from './api-error';

/**
 * Where an upload is: the file's bytes sent, then (an import that tells, with JSON lines) the rows
 * the server has checked and written.
 */
export interface CsvImportStep {
  phase: 'sending' | 'checking' | 'importing';
  processed: number;
  total: number;
}

export interface CsvUpload {
  file: File;
  mode: CsvImportMode;
  /** each step as it happens */
  onStep: (step: CsvImportStep) => void;
  /** stops the upload (a commit then writes nothing) */
  signal: AbortSignal;
}

/**
 * POST `path?mode=preview|commit` with the file (multipart, field `file`), for `organizationId`:
 * the bytes sent are reported as steps as they go, and `onProgressLine` follows an import that
 * answers JSON lines. The answer is read with `schema` (csvImportAnswerSchema, or an import's own).
 */
export function postCsvImport<A extends CsvImportAnswer>(
  path: string,
  organizationId: number,
  { file, mode, onStep, signal }: CsvUpload,
  { schema, onProgressLine }: Pick<ApiRequestOptions<A>, 'onProgressLine'> & { schema: { parse: (data: unknown) => A } },
): Promise<A> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest(`${path}?mode=${mode}`, {
    method: 'POST',
    tenant: organizationId,
    body: form,
    schema,
    signal,
    onUploadProgress: (p) => onStep({ phase: 'sending', processed: p.sent, total: p.total }),
    onProgressLine,
  });
}

/** An upload stopped by its signal (Cancel, or leaving the screen). */
export const isCancelled = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** A cell as CSV writes it: quoted when it holds a comma, quote or line break. */
export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** An example line of a template: its cells in the columns' order, or by column. */
export type TemplateLine = readonly string[] | Readonly<Record<string, string>>;

/** The template: the header row the import reads, then the example lines, CRLF-ended. */
export function templateCsv(columns: readonly string[], examples: readonly TemplateLine[] = []): string {
  const cells = (line: TemplateLine): readonly string[] => (Array.isArray(line) ? line : columns.map((c) => (line as Readonly<Record<string, string>>)[c] ?? ''));
  return [columns, ...examples.map(cells)].map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}

/** Import commits a previewed file with lines and none refused, while nothing runs and the file was not refused. */
export function canImport(preview: CsvImportAnswer | null, refusal: unknown, busy: boolean): boolean {
  return !busy && !refusal && !!preview && preview.lines.length > 0 && preview.refused === 0;
}

/** What a problem says: "column: text" (a problem of the whole line says only its text). */
export type ProblemText = (problem: CsvImportProblem) => string;
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

export interface CsvImportTexts {
  heading: string;
  hint: string;
  template: string;
  templateFile: string;
  choose: string;
  import: string;
  file: (name: string) => string;
  /** the progress bar's name */
  uploading: string;
  /** the file is sent; the server checks it */
  checking: string;
  cancel: string;
  cancelled: string;
  cancelledDetail: string;
  refusedHint: string;
  previewTable: string;
  line: string;
  status: string;
  problems: string;
  statusName: (status: string) => string;
  rowsPerPage: string;
  pageReport: string;
  notImported: string;
}

/**
 * The panel's captions from an import's section of the catalogue (`section`, e.g.
 * 'farmSetup.import'), each under its own name there (statuses under `statuses.<status>`; the
 * template file's name may use {{name}}), with `own` for those the screen words itself.
 */
export function csvImportTexts(t: TFunction, section: string, own: Pick<CsvImportTexts, 'hint'> & Partial<CsvImportTexts>, fileStem = ''): CsvImportTexts {
  const k = (key: string) => t(`${section}.${key}`);
  return {
    heading: k('heading'),
    template: k('template'),
    templateFile: t(`${section}.templateFile`, { name: fileStem }),
    choose: k('choose'),
    import: k('import'),
    file: (name) => t(`${section}.file`, { name }),
    uploading: k('uploading'),
    checking: k('checking'),
    cancel: k('cancel'),
    cancelled: k('cancelled'),
    cancelledDetail: k('cancelledDetail'),
    refusedHint: k('refusedHint'),
    previewTable: k('previewTable'),
    line: k('line'),
    status: k('status'),
    problems: k('problems'),
    statusName: (status) => t(`${section}.statuses.${status}`),
    rowsPerPage: k('rowsPerPage'),
    pageReport: k('pageReport'),
    notImported: k('notImported'),
    ...own,
  };
}
