import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { canImport, problemsOf } from './components/bin-import-panel';
import { importProblem } from './intake-dates';

const preview = (errors: { line: number; field: string; message: string }[], rows = 2) => ({
  mode: 'preview' as const,
  committed: false,
  rows: Array.from({ length: rows }, (_, i) => ({
    line: i + 2,
    puc: 'C1',
    block: 'B01',
    packhouse: 'Addo Packhouse',
    received_date: '2026-05-01',
    bins: 1,
    tipped: false,
    tipped_kgs: null,
    production_Block: 1,
    packhouse_Id: 1,
  })),
  errors,
  bins: rows,
});

describe('bin intake helpers', () => {
  it('lists preview problems as "line N: field: message"', () => {
    expect(importProblem(3, 'bins', 'Bins must be a whole number from 1 to 5000')).toBe('line 3: bins: Bins must be a whole number from 1 to 5000');
    expect(problemsOf(preview([{ line: 4, field: 'block', message: 'Unknown block for this PUC' }]), null)).toEqual([
      'line 4: block: Unknown block for this PUC',
    ]);
  });

  it('lists a refused commit or a refused file from the server', () => {
    const refusedCommit = new ApiError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'The file has errors; nothing was imported',
      details: [{ field: 'line 2: puc', message: 'Unknown PUC', reason: 'bin-import-unknown-puc' }],
    });
    expect(problemsOf(null, refusedCommit)).toEqual(['line 2: puc: Unknown PUC']);
    const refusedFile = new ApiError({ status: 400, code: 'VALIDATION_FAILED', message: 'The file has no rows', details: [{ field: 'file', message: 'The file has no rows', reason: 'bin-import-empty' }] });
    expect(problemsOf(null, refusedFile)).toEqual(['The file has no rows']);
  });

  it('Import is enabled only for a preview with rows and no errors, and not while uploading', () => {
    expect(canImport(preview([]), null, false)).toBe(true);
    expect(canImport(preview([]), null, true)).toBe(false);
    expect(canImport(preview([{ line: 2, field: 'bins', message: 'x' }]), null, false)).toBe(false);
    expect(canImport(preview([], 0), null, false)).toBe(false);
    expect(canImport(null, null, false)).toBe(false);
    expect(canImport(preview([]), new Error('x'), false)).toBe(false);
  });
});
