/**
 * The CSV import of bin intake with progress: a client that sends `Accept: application/x-ndjson`
 * is answered 200 with one JSON line per step, `{"progress":{...}}` every BIN_IMPORT_PROGRESS_ROWS
 * rows of each phase, then one last line: `{"result":...}` (the plain request's answer) or the
 * plain request's error envelope with its HTTP status. A refusal before the file is read (no
 * access, too large) is answered as for the plain request.
 */
import { z } from 'zod';
import { errorEnvelopeSchema } from '../core/errors.js';
import { binImportResponseSchema } from './harvest.js';

/** The media type a client accepts to follow an import: one JSON line per step. */
export const BIN_IMPORT_PROGRESS_TYPE = 'application/x-ndjson';
/** rows checked, or written, between two progress lines */
export const BIN_IMPORT_PROGRESS_ROWS = 500;

export const binImportProgressSchema = z.object({
  /** checking: rows resolved and checked (both modes); importing: rows written (commit only) */
  phase: z.enum(['checking', 'importing']),
  processed: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type BinImportProgress = z.infer<typeof binImportProgressSchema>;

export const binImportProgressLineSchema = z.object({ progress: binImportProgressSchema });
/** The last line of a success. */
export const binImportResultLineSchema = z.object({ result: binImportResponseSchema });
/** The last line of a failure: the error envelope, and the status the plain request answers with. */
export const binImportErrorLineSchema = errorEnvelopeSchema.extend({ status: z.number().int().min(400).max(599) });
export type BinImportErrorLine = z.infer<typeof binImportErrorLineSchema>;
export const binImportLineSchema = z.union([binImportProgressLineSchema, binImportResultLineSchema, binImportErrorLineSchema]);
export type BinImportLine = z.infer<typeof binImportLineSchema>;
