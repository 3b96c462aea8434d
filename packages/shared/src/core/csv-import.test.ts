import { describe, expect, it } from 'vitest';
import { csvImportAnswer, csvImportAnswerSchema, csvImportLineSchema, csvImportQuerySchema, refusedLineDetails, type CsvImportLine } from './csv-import.js';
import { binImportResponseSchema } from '../harvest/harvest.js';

const line = (at: number, status: CsvImportLine['status'], problems: CsvImportLine['problems'] = []): CsvImportLine => ({
  line: at,
  cells: { puc: 'C1', code: `B${at}` },
  status,
  id: status === 'created' ? null : at * 10,
  problems,
});
const unknownPuc = { field: 'puc', message: 'No PUC with this name on your farms', reason: 'block-import-unknown-puc' };

describe('the answer of a CSV import', () => {
  it('previews unless told to commit', () => {
    expect(csvImportQuerySchema.parse({})).toEqual({ mode: 'preview' });
    expect(csvImportQuerySchema.parse({ mode: 'commit' })).toEqual({ mode: 'commit' });
    expect(csvImportQuerySchema.safeParse({ mode: 'write' }).success).toBe(false);
  });

  it('reads a line of every import: its number, cells, status, id and problems', () => {
    for (const status of ['created', 'changed', 'unchanged', 'existing', 'refused'] as const) expect(csvImportLineSchema.parse(line(2, status))).toEqual(line(2, status));
    expect(csvImportLineSchema.safeParse({ ...line(2, 'created'), status: 'skipped' }).success).toBe(false);
    expect(csvImportLineSchema.safeParse({ ...line(2, 'created'), cells: { puc: 1 } }).success).toBe(false);
    expect(csvImportLineSchema.safeParse({ ...line(2, 'refused'), problems: [{ field: 'puc', message: 'x' }] }).success).toBe(false);
    const { cells: _cells, ...withoutCells } = line(2, 'created');
    expect(csvImportLineSchema.safeParse(withoutCells).success).toBe(false);
  });

  it('counts each status and keeps the lines in file order', () => {
    const answer = csvImportAnswer([line(4, 'refused', [unknownPuc]), line(2, 'created'), line(3, 'changed'), line(5, 'existing')], false);
    expect(answer).toMatchObject({ committed: false, created: 1, changed: 1, unchanged: 0, existing: 1, refused: 1 });
    expect(answer.lines.map((l) => l.line)).toEqual([2, 3, 4, 5]);
    expect(csvImportAnswerSchema.parse(answer)).toEqual(answer);
    // the bin import adds its bins to the same answer
    expect(binImportResponseSchema.parse({ ...answer, bins: 7 })).toEqual({ ...answer, bins: 7 });
    expect(binImportResponseSchema.safeParse(answer).success).toBe(false);
  });

  it("names a refused commit's problems by line and column", () => {
    const lines = [line(2, 'created'), line(3, 'refused', [unknownPuc, { field: 'line', message: 'Repeated', reason: 'value-invalid' }])];
    expect(refusedLineDetails(lines)).toEqual([
      { field: 'line 3: puc', message: unknownPuc.message, reason: unknownPuc.reason },
      { field: 'line 3: line', message: 'Repeated', reason: 'value-invalid' },
    ]);
    expect(refusedLineDetails([line(2, 'created')])).toEqual([]);
  });
});
