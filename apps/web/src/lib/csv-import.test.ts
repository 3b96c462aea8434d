import { describe, expect, it } from 'vitest';
import { FIELD_IMPORT_KINDS } from '@orchard/shared';
import { ApiError } from './api-error';
import { canImport, csvCell, plainProblemText, refusalTexts, templateCsv } from './csv-import';

const answer = (refused: number) => ({
  committed: false,
  refused,
  lines: [{ line: 2, status: refused ? 'refused' : 'created', problems: [] }],
});

describe('csv import helpers', () => {
  it('the template is the header row and the example lines, quoted where CSV needs it', () => {
    expect(templateCsv(['farm', 'block'], [['Kransvlei', 'A1, east']])).toBe('farm,block\r\nKransvlei,"A1, east"\r\n');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    const kind = FIELD_IMPORT_KINDS.tensiometerReadings;
    expect(templateCsv(kind.columns, [kind.example]).split('\r\n')[0]).toBe('farm,block,station,depth_cm,kpa,read_on');
    for (const info of Object.values(FIELD_IMPORT_KINDS)) expect(info.example).toHaveLength(info.columns.length);
  });

  it('Import is enabled only for a previewed file with lines and none refused, while nothing runs', () => {
    expect(canImport(answer(0), null, false)).toBe(true);
    expect(canImport(answer(1), null, false)).toBe(false);
    expect(canImport(answer(0), null, true)).toBe(false);
    expect(canImport(answer(0), new Error('x'), false)).toBe(false);
    expect(canImport(null, null, false)).toBe(false);
    expect(canImport({ committed: false, refused: 0, lines: [] }, null, false)).toBe(false);
  });

  it("a problem names its column; a whole line's problem is its text alone", () => {
    expect(plainProblemText({ field: 'kpa', message: 'Too high', reason: 'value-invalid' })).toBe('kpa: Too high');
    expect(plainProblemText({ field: 'line', message: 'Repeated', reason: 'value-invalid' })).toBe('Repeated');
  });

  it('a refused commit lists its lines; a refused file says why', () => {
    const commit = new ApiError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'The file has refused lines; nothing was imported',
      details: [
        { field: 'line 4: block', message: 'No block', reason: 'field-import-unknown-block' },
        { field: 'line 6: line', message: 'Repeated', reason: 'field-import-duplicate' },
      ],
    });
    expect(refusalTexts(commit)).toEqual(['line 4: block: No block', 'line 6: Repeated']);
    const file = new ApiError({ status: 400, code: 'VALIDATION_FAILED', message: 'The file has no kpa column', details: [{ field: 'kpa', message: 'The file has no kpa column', reason: 'field-import-missing-column' }] });
    expect(refusalTexts(file, plainProblemText, (e) => (e as Error).message)).toEqual(['The file has no kpa column']);
    expect(refusalTexts(null)).toEqual([]);
  });
});
