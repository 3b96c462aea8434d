import { describe, expect, it } from 'vitest';
import {
  ADJUSTED_TONNES_PER_HA_MESSAGE,
  blockEstimateSaveBodySchema,
  blockReportRow,
  blockReportTotals,
  type BlockReportPage,
  type BlockReportRow,
} from '@orchard/shared/harvest';
import {
  canEditRow,
  cancelEdit,
  changeDraft,
  parseDraft,
  failedSave,
  replaceRow,
  saveBody,
  savedRow,
  startEdit,
  type ReportRow,
} from './block-row-edit';

function reportRow(wire: Partial<BlockReportRow> & { production_Block: number }): ReportRow {
  const figures = blockReportRow({
    puc: 'C1001',
    citrii_Block: `B${wire.production_Block}`,
    citrii_Block_Id: wire.production_Block,
    variety: 'Navel',
    ha: 2,
    not_Tipped: 10,
    tipped: 30,
    tipped_Kgs: 12_000,
    tonnes_Per_Ha: 40,
    tonnes_Per_Ha_Adjusted: 45,
    version: 7,
    ...wire,
  });
  return { ...figures, production_Block_Code: `P${wire.production_Block}`, daff: 'D-1' };
}

function page(rows: ReportRow[]): BlockReportPage {
  return {
    season: 2026,
    puc: { id: 1, puc_Name: 'C1001', farm: 1, farm_Name: 'Kransvlei', label: 'Kransvlei - C1001' },
    rows,
    totals: blockReportTotals(rows),
  };
}

describe('block report row edit', () => {
  it('start edit keeps a copy of the row that later changes do not reach; cancel gives it back', () => {
    const row = reportRow({ production_Block: 5 });
    const state = startEdit(row, 'en-US');
    expect(state.draft).toBe('45');
    const typed = changeDraft(state, '61.5');
    expect(typed.draft).toBe('61.5');
    row.tonnes_Per_Ha_Adjusted = 99;
    expect(cancelEdit(typed).tonnes_Per_Ha_Adjusted).toBe(45);
    expect(cancelEdit(typed)).toEqual({ ...reportRow({ production_Block: 5 }) });
  });

  it('Adj T/Ha follows the shared 0..400 rule on the text as typed, both ends allowed; empty is refused', () => {
    expect(parseDraft('0', 'en-ZA')).toEqual({ ok: true, value: 0 });
    expect(parseDraft('400', 'en-ZA')).toEqual({ ok: true, value: 400 });
    expect(parseDraft('37.25', 'en-ZA')).toEqual({ ok: true, value: 37.25 });
    expect(parseDraft('37,25', 'en-ZA')).toEqual({ ok: true, value: 37.25 });
    for (const refused of ['400.01', '-1', '', '1-', '4OO', '1.2.3']) {
      expect(parseDraft(refused, 'en-ZA'), refused).toEqual({ ok: false, message: ADJUSTED_TONNES_PER_HA_MESSAGE });
    }
  });

  it("reads the text in the organisation's culture: in en-US a comma groups digits, so \"1,25\" is refused, never 1.25", () => {
    expect(parseDraft('1,25', 'en-US')).toEqual({ ok: false, message: ADJUSTED_TONNES_PER_HA_MESSAGE });
    expect(parseDraft('1.25', 'en-US')).toEqual({ ok: true, value: 1.25 });
  });

  it('starts from the stored value in the culture, so saving it unchanged saves the same number', () => {
    const state = startEdit(reportRow({ production_Block: 5, tonnes_Per_Ha_Adjusted: 61.5 }), 'en-ZA');
    expect(parseDraft(state.draft, 'en-ZA')).toEqual({ ok: true, value: 61.5 });
  });

  it('sends production_Block, ha, tonnes_Per_Ha and the version the edit started from', () => {
    const state = startEdit(reportRow({ production_Block: 5, ha: 3.5, version: 12 }));
    expect(saveBody(changeDraft(state, '50'), 50)).toEqual({ production_Block: 5, ha: 3.5, tonnes_Per_Ha: 50, version: 12 });
  });

  it('sends a row without hectares with ha null, never 0, so the server keeps the stored figure', () => {
    const body = saveBody(startEdit(reportRow({ production_Block: 6, ha: null, version: 4 })), 10);
    expect(body).toEqual({ production_Block: 6, ha: null, tonnes_Per_Ha: 10, version: 4 });
    expect(blockEstimateSaveBodySchema.parse(body)).toEqual(body);
    expect(saveBody(startEdit(reportRow({ production_Block: 7, ha: 0 })), 10).ha).toBe(0);
  });

  it('a row saved without hectares is recomputed on the hectares the save stored', () => {
    const saved = savedRow(reportRow({ production_Block: 6, ha: null }), 50, { version: 9, ha: 2 });
    expect(saved.ha).toBe(2);
    expect(saved.adjustedEstimate).toBe(100);
    expect(saved.version).toBe(9);
  });

  it('a saved row is recomputed locally: Adj Est, Remaining, % Complete, Variance, and the original follows when one existed', () => {
    const row = reportRow({ production_Block: 5 });
    const saved = savedRow(row, 50, { version: 8, ha: 2 });
    // delivered: 12 t tipped + 10 bins at 400 kg = 16 t; adjusted estimate 2 ha * 50 = 100 t
    expect(saved.adjustedEstimate).toBe(100);
    expect(saved.remaining_Tonnes).toBeCloseTo(84, 10);
    expect(saved.percentage_Complete).toBeCloseTo(16, 10);
    expect(saved.variance).toBeCloseTo(84, 10);
    expect(saved.tonnes_Per_Ha).toBe(50);
    expect(saved.version).toBe(8);
    expect(saved.daff).toBe('D-1');
    expect(savedRow(reportRow({ production_Block: 6, tonnes_Per_Ha: null }), 50, { version: 1, ha: 2 }).tonnes_Per_Ha).toBeNull();
  });

  it('replacing a row recomputes the totals over the rows shown', () => {
    const rows = [reportRow({ production_Block: 5 }), reportRow({ production_Block: 6, tonnes_Per_Ha_Adjusted: 30 })];
    const before = page(rows);
    const after = replaceRow(before, savedRow(rows[0]!, 50, { version: 8, ha: 2 }));
    expect(after.rows[0]!.adjustedEstimate).toBe(100);
    expect(after.rows[1]).toBe(rows[1]);
    expect(after.totals.adjustedEstimate).toBe(160);
    expect(after.totals).toEqual(blockReportTotals(after.rows));
    expect(before.totals.adjustedEstimate).toBe(150);
  });

  it('a refused save keeps the typed value and shows the message', () => {
    const state = changeDraft(startEdit(reportRow({ production_Block: 5 })), '42.75');
    const refused = failedSave(state, 'This estimate was changed by someone else. Refresh to see the latest figures.');
    expect(refused.draft).toBe('42.75');
    expect(refused.error).toMatch(/changed by someone else/);
    expect(changeDraft(refused, '43').error).toBeNull();
  });

  it('editing is offered only on linked rows, and only with the edit permission', () => {
    expect(canEditRow(reportRow({ production_Block: 5 }), true)).toBe(true);
    expect(canEditRow(reportRow({ production_Block: 5 }), false)).toBe(false);
    expect(canEditRow(reportRow({ production_Block: 5, citrii_Block_Id: null, citrii_Block: null }), true)).toBe(false);
  });
});
