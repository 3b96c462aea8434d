/** What saving a PUC schedule cell would do, decided before any request: the shared rules only. */
import { binCountSchema, validatePucCellEdit, type PucScheduleCellBody } from '@orchard/shared';

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
  | { kind: 'refused'; message: string }
  | { kind: 'save'; body: PucScheduleCellBody };

/**
 * A cell's text on blur or Enter: nothing when unchanged (or emptied: a saved cell cannot be
 * cleared to nothing), refused with the spec's message when the row lacks a packhouse or a
 * picking progress, else the body to send (with the cell's version, null for a new cell).
 */
export function planPucCellSave(
  text: string,
  saved: PucCellSaved,
  choice: PucCellChoice,
  cell: { puc: number; variety: number; date: string },
): PucCellPlan {
  if (text === '' || text === (saved.bins === null ? '' : String(saved.bins))) return { kind: 'nothing' };
  const message = validatePucCellEdit(choice);
  if (message) return { kind: 'refused', message };
  const bins = binCountSchema.safeParse(text);
  if (!bins.success) return { kind: 'refused', message: bins.error.issues[0]?.message ?? '' };
  return {
    kind: 'save',
    body: {
      puc: cell.puc,
      variety: cell.variety,
      date: cell.date,
      bins: bins.data,
      packhouse: choice.packhouse,
      pickingProgress: choice.pickingProgress,
      version: saved.version,
    },
  };
}
