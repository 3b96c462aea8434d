import { describe, expect, it } from 'vitest';
import { BIN_IMPORT_PROGRESS_TYPE, binImportErrorLineSchema, binImportLineSchema, binImportProgressLineSchema, binImportResultLineSchema } from './bin-import-lines.js';

const result = { committed: true, created: 0, changed: 0, unchanged: 0, existing: 0, refused: 0, lines: [], bins: 0 };
const envelope = { error: { code: 'VALIDATION_FAILED', message: 'The file has errors; nothing was imported', reason: 'bin-import-has-errors' }, requestId: 'r1' };

describe('bin import lines', () => {
  it('names the media type a client accepts', () => {
    expect(BIN_IMPORT_PROGRESS_TYPE).toBe('application/x-ndjson');
  });

  it('reads a progress step of either phase', () => {
    for (const phase of ['checking', 'importing'] as const) {
      const line = { progress: { phase, processed: 500, total: 2000 } };
      expect(binImportProgressLineSchema.parse(line)).toEqual(line);
      expect(binImportLineSchema.parse(line)).toEqual(line);
    }
  });

  it('refuses an unknown phase or a negative count', () => {
    expect(binImportLineSchema.safeParse({ progress: { phase: 'parsing', processed: 1, total: 2 } }).success).toBe(false);
    expect(binImportLineSchema.safeParse({ progress: { phase: 'checking', processed: -1, total: 2 } }).success).toBe(false);
    expect(binImportLineSchema.safeParse({ progress: { phase: 'checking', processed: 1.5, total: 2 } }).success).toBe(false);
  });

  it('reads the last line: the usual answer, or the usual error envelope with its status', () => {
    expect(binImportResultLineSchema.parse({ result })).toEqual({ result });
    expect(binImportLineSchema.parse({ result })).toEqual({ result });
    const error = { ...envelope, status: 400 };
    expect(binImportErrorLineSchema.parse(error)).toEqual(error);
    expect(binImportLineSchema.parse(error)).toEqual(error);
    expect(binImportErrorLineSchema.safeParse(envelope).success).toBe(false);
    expect(binImportErrorLineSchema.safeParse({ ...envelope, status: 200 }).success).toBe(false);
  });

  it('refuses a line that is none of them', () => {
    expect(binImportLineSchema.safeParse({}).success).toBe(false);
    expect(binImportLineSchema.safeParse({ result: { committed: true } }).success).toBe(false);
  });
});
