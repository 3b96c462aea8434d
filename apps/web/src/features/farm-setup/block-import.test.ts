import { describe, expect, it } from 'vitest';
import { FARM_SETUP_MESSAGES, en, type BlockImportResponse } from '@orchard/shared';
import { i18n } from '../../lib/i18n';
import { ApiError } from '../../lib/api-error';
import { blockFormSchema } from './block-form';
import { blockTemplateCsv, canImportBlocks, lineProblems, refusalProblems } from './block-import';

const t = i18n.t.bind(i18n);
const r = en.farmSetup.reasons;

const answer = (refused: number): BlockImportResponse => ({
  committed: false,
  created: 1,
  changed: 0,
  unchanged: 0,
  refused,
  lines: [
    { line: 2, puc: 'P1', code: 'B1', status: 'created', id: null, problems: [] },
    ...(refused
      ? [
          {
            line: 3,
            puc: 'NOPE',
            code: 'B2',
            status: 'refused' as const,
            id: null,
            problems: [
              { field: 'puc', message: FARM_SETUP_MESSAGES.importUnknownPuc, reason: 'block-import-unknown-puc' },
              { field: 'ha', message: 'something new', reason: 'value-invalid' },
            ],
          },
        ]
      : []),
  ],
});

describe('production block import', () => {
  it('the template is the header row the import reads', () => {
    expect(blockTemplateCsv()).toBe('puc,code,name,ha,variety,planting_year\r\n');
  });

  it('Import is offered only for a previewed file with lines, none refused, while nothing runs', () => {
    expect(canImportBlocks(answer(0), null, false)).toBe(true);
    expect(canImportBlocks(answer(1), null, false)).toBe(false);
    expect(canImportBlocks(answer(0), null, true)).toBe(false);
    expect(canImportBlocks(answer(0), new Error('refused'), false)).toBe(false);
    expect(canImportBlocks(null, null, false)).toBe(false);
    expect(canImportBlocks({ ...answer(0), lines: [], created: 0 }, null, false)).toBe(false);
  });

  it("a refused line lists each problem by column, in the rule's words", () => {
    expect(lineProblems(answer(1).lines[1]!, t)).toEqual([`puc: ${r.importUnknownPuc}`, 'ha: something new']);
  });

  it('a refused commit names its lines; a refused file says why', () => {
    const commit = new ApiError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: FARM_SETUP_MESSAGES.importHasErrors,
      reason: 'block-import-has-errors',
      details: [{ field: 'line 3: variety', message: FARM_SETUP_MESSAGES.importUnknownVariety, reason: 'block-import-unknown-variety' }],
    });
    expect(refusalProblems(commit, t)).toEqual([`line 3: variety: ${r.importUnknownVariety}`]);
    const file = new ApiError({ status: 400, code: 'VALIDATION_FAILED', message: FARM_SETUP_MESSAGES.importNotCsv, reason: 'block-import-not-csv' });
    expect(refusalProblems(file, t)).toEqual([r.importNotCsv]);
    expect(refusalProblems(null, t)).toEqual([]);
  });
});

describe('production block form', () => {
  const schema = blockFormSchema(2026);
  const block = { pucId: 1, code: 'B1', name: 'North', ha: 2.5, varietyId: 3, plantingYear: 2015, farmBlockId: null };
  const plantingYearError = (plantingYear: number | null) =>
    schema.safeParse({ ...block, plantingYear }).error?.issues.find((i) => i.path[0] === 'plantingYear')?.message;

  it('takes a planting year from 1900 to this year, or none', () => {
    expect(plantingYearError(2015)).toBeUndefined();
    expect(plantingYearError(null)).toBeUndefined();
    expect(plantingYearError(1900)).toBeUndefined();
    expect(plantingYearError(2026)).toBeUndefined();
    expect(plantingYearError(1899)).toBe('Planting year must be between 1900 and 2026');
    expect(plantingYearError(2027)).toBe('Planting year must be between 1900 and 2026');
    expect(plantingYearError(2015.5)).toBe('Planting year must be between 1900 and 2026');
    expect(plantingYearError(Number.NaN)).toBe('Planting year must be between 1900 and 2026');
  });

  it('refuses hectares with more than 4 decimals, none, or not more than 0', () => {
    const haError = (ha: number | null) => schema.safeParse({ ...block, ha }).error?.issues.find((i) => i.path[0] === 'ha')?.message;
    expect(haError(1.2345)).toBeUndefined();
    for (const ha of [1.23456, 0, -1, null, Number.NaN]) expect(haError(ha), String(ha)).toBe(FARM_SETUP_MESSAGES.hectaresInvalid);
  });
});
