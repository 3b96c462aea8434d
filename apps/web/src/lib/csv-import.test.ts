import { describe, expect, it } from 'vitest';
import { csvImportAnswer } from '@orchard/shared/core';
import { BLOCK_IMPORT_COLUMNS, BLOCK_IMPORT_EXAMPLE } from '@orchard/shared/farm-setup';
import { FIELD_IMPORT_KINDS } from '@orchard/shared/field-capture';
import { BIN_IMPORT_COLUMNS, BIN_IMPORT_EXAMPLE } from '@orchard/shared/harvest';
import { en } from '@orchard/shared/i18n';
import { ApiError } from './api-error';
import { canImport, csvCell, csvImportTexts, isCancelled, plainProblemText, refusalTexts, templateCsv, type CsvImportTexts } from './csv-import';
import { i18n } from './i18n';

const answer = (refused: number) => csvImportAnswer([{ line: 2, cells: { farm: 'Kransvlei' }, status: refused ? 'refused' : 'created', id: null, problems: [] }], false);

describe('csv import helpers', () => {
  it('the template is the header row and the example lines, quoted where CSV needs it', () => {
    expect(templateCsv(['farm', 'block'], [['Kransvlei', 'A1, east']])).toBe('farm,block\r\nKransvlei,"A1, east"\r\n');
    // an example by column: in the columns' order, a column it leaves out empty
    expect(templateCsv(['farm', 'block', 'note'], [{ block: 'A1', farm: 'Kransvlei' }])).toBe('farm,block,note\r\nKransvlei,A1,\r\n');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    const kind = FIELD_IMPORT_KINDS.tensiometerReadings;
    expect(templateCsv(kind.columns, [kind.example]).split('\r\n')[0]).toBe('farm,block,station,depth_cm,kpa,read_on');
    for (const info of Object.values(FIELD_IMPORT_KINDS)) expect(info.example).toHaveLength(info.columns.length);
    // the production block and bin templates hold an example line below the header
    expect(templateCsv(BLOCK_IMPORT_COLUMNS, [BLOCK_IMPORT_EXAMPLE])).toBe(
      'puc,code,name,ha,variety,planting_year\r\nC1023,B01,River North,4.5,Navel,2015\r\n',
    );
    const bins = templateCsv(BIN_IMPORT_COLUMNS, [BIN_IMPORT_EXAMPLE]).split('\r\n');
    expect(bins[0]).toBe('puc,block,packhouse,received_date,bins,tipped,tipped_kgs');
    expect(bins[1]!.split(',')).toHaveLength(BIN_IMPORT_COLUMNS.length);
    for (const cell of bins[1]!.split(',')) expect(cell).not.toBe('');
  });

  it('Import is enabled only for a previewed file with lines and none refused, while nothing runs', () => {
    expect(canImport(answer(0), null, false)).toBe(true);
    expect(canImport(answer(1), null, false)).toBe(false);
    expect(canImport(answer(0), null, true)).toBe(false);
    expect(canImport(answer(0), new Error('x'), false)).toBe(false);
    expect(canImport(null, null, false)).toBe(false);
    expect(canImport(csvImportAnswer([], false), null, false)).toBe(false);
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

  it('a cancelled upload is an abort, nothing else', () => {
    expect(isCancelled(new DOMException('stopped', 'AbortError'))).toBe(true);
    expect(isCancelled(new DOMException('gone', 'NetworkError'))).toBe(false);
    expect(isCancelled(new Error('AbortError'))).toBe(false);
  });

  it("every import's section of the catalogue words every caption of the panel", () => {
    const t = i18n.t.bind(i18n);
    const sections: [string, Partial<CsvImportTexts>, string[]][] = [
      ['farmSetup.import', { pageReport: en.farmSetup.pageReport }, ['created', 'changed', 'unchanged', 'refused']],
      ['harvest.import', {}, ['created', 'refused']],
      ['fieldCapture.import', { rowsPerPage: en.fieldCapture.rowsPerPage, pageReport: en.fieldCapture.pageReport }, ['created', 'existing', 'refused']],
    ];
    for (const [section, own, statuses] of sections) {
      const texts = csvImportTexts(t, section, { hint: 'the columns', ...own }, 'phenology');
      for (const [name, text] of Object.entries(texts)) {
        if (name === 'statusName') continue;
        const said = typeof text === 'function' ? (text as (value: string) => string)('x.csv') : text;
        expect(said, `${section} ${name}`).not.toMatch(/^(farmSetup|harvest|fieldCapture)\./);
        expect(said, `${section} ${name}`).not.toBe('');
      }
      for (const status of statuses) expect(texts.statusName(status), `${section} ${status}`).not.toContain(section);
    }
    expect(csvImportTexts(t, 'fieldCapture.import', { hint: '' }, 'phenology').templateFile).toBe('phenology-template.csv');
    expect(csvImportTexts(t, 'harvest.import', { hint: '' }).checking).toBe(en.harvest.import.checking);
  });
});
