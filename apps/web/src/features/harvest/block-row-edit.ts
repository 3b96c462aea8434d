/**
 * Row editing of the Fruitbins Block Report (docs/domain.md, Yield estimates): starting an edit keeps a copy of
 * the row, cancel restores it, a successful save recomputes the row and the totals locally from the
 * shared formulas (no re-fetch). A refused save (validation, 412 conflict) keeps the typed value.
 */
import { decimalDraftText, parseDecimalText } from '@orchard/shared/core';
import {
  adjustedTonnesPerHaSchema,
  applyEstimateSave,
  blockReportTotals,
  type BlockEstimateSaveBody,
  type BlockReportPage,
  type BlockReportRowResponse,
} from '@orchard/shared/harvest';

export type ReportRow = BlockReportRowResponse;

export interface RowEditState {
  productionBlock: number;
  /** the row as it was when the edit started */
  copy: ReportRow;
  /** the Adj T/Ha exactly as typed */
  draft: string;
  /** the message under the input: validation or the server's refusal */
  error: string | null;
}

/** Editing is offered only on rows linked to a block, and only to users who may edit estimates. */
export function canEditRow(row: ReportRow, mayEdit: boolean): boolean {
  return mayEdit && row.isLinked;
}

export function startEdit(row: ReportRow, culture?: string): RowEditState {
  return {
    productionBlock: row.production_Block,
    copy: { ...row },
    draft: decimalDraftText(row.tonnes_Per_Ha_Adjusted, culture),
    error: null,
  };
}

export function changeDraft(state: RowEditState, draft: string): RowEditState {
  return { ...state, draft, error: null };
}

/** The row to show again after cancel: the copy kept when the edit started. */
export function cancelEdit(state: RowEditState): ReportRow {
  return state.copy;
}

/** The typed text (in the organisation's culture) checked against the shared 0..400 rule: the value to save, or the rule's message. */
export function parseDraft(draft: string, culture: string): { ok: true; value: number } | { ok: false; message: string } {
  const result = adjustedTonnesPerHaSchema.safeParse(parseDecimalText(draft, culture));
  return result.success ? { ok: true, value: result.data } : { ok: false, message: result.error.issues[0]?.message ?? 'invalid' };
}

/** The estimate save payload for a valid draft: the row's hectares as shown, null when it showed none (the server keeps the stored ones). */
export function saveBody(state: RowEditState, adjusted: number): BlockEstimateSaveBody {
  return {
    production_Block: state.copy.production_Block,
    ha: state.copy.ha,
    tonnes_Per_Ha: adjusted,
    version: state.copy.version,
  };
}

/**
 * The row after a successful save: recomputed with applyEstimateSave on the hectares the save
 * stored (the server's answer), display-only fields kept.
 */
export function savedRow(row: ReportRow, adjusted: number, saved: { version: number; ha: number | null }): ReportRow {
  const withHa = { ...row, ha: saved.ha };
  return { ...withHa, ...applyEstimateSave(withHa, adjusted, saved.version) };
}

/** The page with one row replaced and its totals recomputed over the rows shown. */
export function replaceRow(page: BlockReportPage, row: ReportRow): BlockReportPage {
  const rows = page.rows.map((r) => (r.production_Block === row.production_Block ? row : r));
  return { ...page, rows, totals: blockReportTotals(rows) };
}

export function failedSave(state: RowEditState, message: string): RowEditState {
  return { ...state, error: message };
}
