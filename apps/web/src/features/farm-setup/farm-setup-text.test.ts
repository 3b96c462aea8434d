import { describe, expect, it } from 'vitest';
import { FARM_SETUP_MESSAGES, FARM_SETUP_REASONS, legalEntityBodySchema, plantingYearMessage } from '@orchard/shared/farm-setup';
import { en } from '@orchard/shared/i18n';
import { i18n } from '../../lib/i18n';
import { ApiError } from '../../lib/api-error';
import { refusalTexts } from '../../lib/csv-import';
import { farmSetupRule, fieldMessage, importProblemText, isStale, reasonText, requestErrorText } from './farm-setup-text';

const t = i18n.t.bind(i18n);

describe('farm setup texts by reason', () => {
  it('every rule has its translation, saying what the rule says', () => {
    for (const [rule, message] of Object.entries(FARM_SETUP_MESSAGES)) {
      const reason = FARM_SETUP_REASONS[rule as keyof typeof FARM_SETUP_REASONS];
      if (rule === 'plantingYearRange') expect(reasonText(reason, t, { year: 2026 })).toBe(plantingYearMessage(2026));
      else if (typeof message === 'function') expect(reasonText(reason, t, { column: 'ha' })).toBe(message('ha'));
      else expect(reasonText(reason, t), rule).toBe(message);
    }
    expect(Object.keys(en.farmSetup.reasons).sort()).toEqual(Object.keys(FARM_SETUP_MESSAGES).sort());
  });

  it('a reason of another area is no farm setup rule', () => {
    expect(farmSetupRule('packhouse-name-required')).toBeUndefined();
    expect(reasonText('packhouse-name-required', t)).toBeUndefined();
    expect(farmSetupRule('farm-in-use')).toBe('farmInUse');
  });

  it("a field shows its rule's text, from the shared schema or from the server; else the fallback, else the message", () => {
    const parsed = legalEntityBodySchema.safeParse({ name: '   ' });
    expect(parsed.success).toBe(false);
    const issue = parsed.error!.issues[0]!;
    expect(fieldMessage({ type: issue.code, message: issue.message }, t)).toBe(en.farmSetup.reasons.legalEntityNameRequired);
    expect(fieldMessage({ type: 'farm-name-taken', message: 'whatever the server said' }, t)).toBe(en.farmSetup.reasons.farmNameTaken);
    expect(fieldMessage({ type: 'invalid_type', message: 'Invalid input: expected number, received null' }, t, 'Choose a farm')).toBe('Choose a farm');
    expect(fieldMessage({ type: 'invalid_type', message: 'Invalid input' }, t)).toBe('Invalid input');
    expect(fieldMessage(undefined, t)).toBeUndefined();
  });

  it('a refused request says its rule, or the message with its details', () => {
    const inUse = new ApiError({ status: 409, code: 'CONFLICT', message: FARM_SETUP_MESSAGES.farmInUse, reason: 'farm-in-use' });
    expect(requestErrorText(inUse, t)).toBe(en.farmSetup.reasons.farmInUse);
    const missing = new ApiError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: FARM_SETUP_MESSAGES.importMissingColumn('variety'),
      reason: 'block-import-missing-column',
      details: [{ field: 'variety', message: FARM_SETUP_MESSAGES.importMissingColumn('variety'), reason: 'block-import-missing-column' }],
    });
    expect(requestErrorText(missing, t)).toBe('The production block file has no variety column');
    const other = new ApiError({ status: 404, code: 'NOT_FOUND', message: 'Farm not found', details: [{ field: 'id', message: 'gone', reason: 'value-invalid' }] });
    expect(requestErrorText(other, t)).toBe('Farm not found\ngone');
    expect(requestErrorText(new Error('offline'), t)).toBe('offline');
  });

  it("a block import's problems say their column and their rule's text; a refused commit names its lines", () => {
    const r = en.farmSetup.reasons;
    const problemText = importProblemText(t);
    expect(problemText({ field: 'puc', message: FARM_SETUP_MESSAGES.importUnknownPuc, reason: 'block-import-unknown-puc' })).toBe(`puc: ${r.importUnknownPuc}`);
    expect(problemText({ field: 'ha', message: 'something new', reason: 'value-invalid' })).toBe('ha: something new');
    const commit = new ApiError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: FARM_SETUP_MESSAGES.importHasErrors,
      reason: 'block-import-has-errors',
      details: [{ field: 'line 3: variety', message: FARM_SETUP_MESSAGES.importUnknownVariety, reason: 'block-import-unknown-variety' }],
    });
    expect(refusalTexts(commit, problemText, (e) => requestErrorText(e, t))).toEqual([`line 3: variety: ${r.importUnknownVariety}`]);
    const file = new ApiError({ status: 400, code: 'VALIDATION_FAILED', message: FARM_SETUP_MESSAGES.importNotCsv, reason: 'block-import-not-csv' });
    expect(refusalTexts(file, problemText, (e) => requestErrorText(e, t))).toEqual([r.importNotCsv]);
  });

  it('a save someone else beat is stale, by its status or its reason', () => {
    expect(isStale(new ApiError({ status: 412, code: 'PRECONDITION_FAILED', message: FARM_SETUP_MESSAGES.stale }))).toBe(true);
    expect(isStale(new ApiError({ status: 409, code: 'CONFLICT', message: FARM_SETUP_MESSAGES.farmNameTaken, reason: 'farm-name-taken' }))).toBe(false);
    expect(isStale(new Error('x'))).toBe(false);
  });
});
