/**
 * What every CSV import answers (production blocks, bin intake, the field captures): the file goes
 * up as multipart (field `file`) with ?mode=preview (the default: writes nothing, 200) or
 * ?mode=commit (writes every line or none: 201, or 400 naming each problem of each refused line in
 * a detail whose field is "line N: column"). A file that cannot be read (not CSV text, no lines, a
 * column missing, too many lines) is refused whole (400, a detail naming the file or the column).
 *
 * The answer holds every line of the file in the same shape: its number (1 = the header), its cells
 * by column as read, what the import does (or did) with it and, for a refused line, the problems,
 * each with its column ('line' for the whole line), message and stable reason key (reasons.ts).
 */
import { z } from 'zod';

export const CSV_IMPORT_MODES = ['preview', 'commit'] as const;
export const csvImportQuerySchema = z.object({ mode: z.enum(CSV_IMPORT_MODES).default('preview') });
export type CsvImportQuery = z.infer<typeof csvImportQuerySchema>;
export type CsvImportMode = CsvImportQuery['mode'];

export const csvImportProblemSchema = z.object({
  /** the column, or 'line' for a problem of the whole line */
  field: z.string(),
  message: z.string(),
  reason: z.string(),
});
export type CsvImportProblem = z.infer<typeof csvImportProblemSchema>;

/**
 * created: a new record; changed: an existing record gets new values; unchanged: it has them
 * already; existing: stored by an earlier import of the same line; refused: see the problems.
 * An import answers the statuses that apply to it.
 */
export const CSV_IMPORT_STATUSES = ['created', 'changed', 'unchanged', 'existing', 'refused'] as const;
export type CsvImportStatus = (typeof CSV_IMPORT_STATUSES)[number];

export const csvImportLineSchema = z.object({
  /** line of the file, 1 = header */
  line: z.number().int(),
  /** the import's columns as the line has them (trimmed; empty for a column the file leaves out) */
  cells: z.record(z.string(), z.string()),
  status: z.enum(CSV_IMPORT_STATUSES),
  /** the record the line changes or finds (and, once committed, creates); null otherwise */
  id: z.number().int().nullable(),
  problems: z.array(csvImportProblemSchema),
});
export type CsvImportLine = z.infer<typeof csvImportLineSchema>;

export const csvImportAnswerSchema = z.object({
  /** true when the file was written (commit without a refused line) */
  committed: z.boolean(),
  /** the lines of each status */
  created: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  existing: z.number().int(),
  refused: z.number().int(),
  lines: z.array(csvImportLineSchema),
});
export type CsvImportAnswer = z.infer<typeof csvImportAnswerSchema>;

/** The answer of these lines (in file order), counting each status. */
export function csvImportAnswer(lines: readonly CsvImportLine[], committed: boolean): CsvImportAnswer {
  const sorted = [...lines].sort((a, b) => a.line - b.line);
  const count = (status: CsvImportStatus) => sorted.filter((l) => l.status === status).length;
  return {
    committed,
    created: count('created'),
    changed: count('changed'),
    unchanged: count('unchanged'),
    existing: count('existing'),
    refused: count('refused'),
    lines: sorted,
  };
}

/** The details of a refused commit: each problem of each refused line, its field "line N: column". */
export function refusedLineDetails(lines: readonly CsvImportLine[]): CsvImportProblem[] {
  return lines.flatMap((l) => (l.status === 'refused' ? l.problems.map((p) => ({ ...p, field: `line ${l.line}: ${p.field}` })) : []));
}
