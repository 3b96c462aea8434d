/** What saving a PUC schedule cell would do, decided before any request: the shared rules only. */
import { reasonOf, type ErrorReason } from '@orchard/shared/core';
import { binCountSchema, validatePucCellEdit, type PucScheduleCellBody } from '@orchard/shared/picking';

export interface PucCellChoice {
  packhouse: number | null;
  pickingProgress: number | null;
}

export interface PucCellSaved {
  bins: number | null;
  version: number | null;
}

export type PucCellPlan =
  | { kind: 'nothing' }
  | { kind: 'refused'; reason: ErrorReason; message: string }
  | { kind: 'save'; body: PucScheduleCellBody };

/**
 * A cell's number on blur or Enter (the bin input has read its text by the shared rule): nothing
 * when unchanged; refused with the whole-number message when it is not a bin count (emptied
 * included: a saved cell cannot be cleared, the server refuses it alike), then with the product's
 * message when the row lacks a packhouse or a picking progress; else the body to send (with the
 * cell's version, null for a new cell).
 */
export function planPucCellSave(
  bins: number | null,
  saved: PucCellSaved,
  choice: PucCellChoice,
  cell: { puc: number; variety: number; date: string },
): PucCellPlan {
  if (bins === saved.bins) return { kind: 'nothing' };
  const checked = binCountSchema.safeParse(bins);
  if (!checked.success) return refused(checked.error.issues[0]?.message ?? '');
  const message = validatePucCellEdit(choice);
  if (message) return refused(message);
  return {
    kind: 'save',
    body: {
      puc: cell.puc,
      variety: cell.variety,
      date: cell.date,
      bins: checked.data,
      packhouse: choice.packhouse,
      pickingProgress: choice.pickingProgress,
      version: saved.version,
    },
  };
}

/** a refusal by a shared rule, with the rule's key */
const refused = (message: string): PucCellPlan => ({ kind: 'refused', reason: reasonOf(message) ?? 'value-invalid', message });

const REFUSAL_TEXT_KEYS: Partial<Record<ErrorReason, string>> = {
  'packhouse-not-selected': 'picking.pleaseSelectPackhouse',
  'picking-progress-not-selected': 'picking.pleaseSelectPickingProgress',
};

/** The toast text of a refused cell: the translation of its reason where there is one, else the rule's message. */
export function pucRefusalText(plan: { reason: ErrorReason; message: string }, t: (key: string) => string): string {
  const key = REFUSAL_TEXT_KEYS[plan.reason];
  return key ? t(key) : plan.message;
}
