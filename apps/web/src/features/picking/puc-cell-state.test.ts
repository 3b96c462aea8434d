import { describe, expect, it } from 'vitest';
import { PLEASE_SELECT_A_PACKHOUSE, PLEASE_SELECT_A_PICKING_PROGRESS, WHOLE_NUMBER_MESSAGE } from '@orchard/shared/picking';
import { planPucCellSave, pucRefusalText } from './puc-cell-state';

const cell = { puc: 1, variety: 2, date: '2026-11-23' };
const chosen = { packhouse: 5, pickingProgress: 7 };

describe('PUC schedule cell saves', () => {
  it('does nothing when the number is unchanged', () => {
    expect(planPucCellSave(12, { bins: 12, version: 3 }, chosen, cell)).toEqual({ kind: 'nothing' });
    expect(planPucCellSave(null, { bins: null, version: null }, chosen, cell)).toEqual({ kind: 'nothing' });
  });

  it("refuses emptying a saved cell with the whole-number message, before the row's choices", () => {
    const emptied = { kind: 'refused', reason: 'whole-number-invalid', message: WHOLE_NUMBER_MESSAGE };
    expect(planPucCellSave(null, { bins: 12, version: 3 }, chosen, cell)).toEqual(emptied);
    expect(planPucCellSave(null, { bins: 0, version: 1 }, { packhouse: null, pickingProgress: null }, cell)).toEqual(emptied);
  });

  it('refuses without a packhouse, then without a picking progress (0 means none)', () => {
    expect(planPucCellSave(5, { bins: null, version: null }, { packhouse: null, pickingProgress: 7 }, cell)).toEqual({
      kind: 'refused',
      reason: 'packhouse-not-selected',
      message: PLEASE_SELECT_A_PACKHOUSE,
    });
    expect(planPucCellSave(5, { bins: null, version: null }, { packhouse: 5, pickingProgress: 0 }, cell)).toEqual({
      kind: 'refused',
      reason: 'picking-progress-not-selected',
      message: PLEASE_SELECT_A_PICKING_PROGRESS,
    });
  });

  it('sends the bins with the choices and the version as read (null for a new cell)', () => {
    expect(planPucCellSave(0, { bins: null, version: null }, chosen, cell)).toEqual({
      kind: 'save',
      body: { ...cell, bins: 0, packhouse: 5, pickingProgress: 7, version: null },
    });
    expect(planPucCellSave(99999, { bins: 4, version: 2 }, chosen, cell)).toMatchObject({ kind: 'save', body: { bins: 99999, version: 2 } });
  });

  it('refuses more than 5 digits', () => {
    expect(planPucCellSave(123456, { bins: null, version: null }, chosen, cell).kind).toBe('refused');
  });

  it("translates a refusal by its reason, and shows the rule's own text for any other", () => {
    const t = (key: string) => `t:${key}`;
    expect(pucRefusalText({ reason: 'packhouse-not-selected', message: PLEASE_SELECT_A_PACKHOUSE }, t)).toBe('t:picking.pleaseSelectPackhouse');
    expect(pucRefusalText({ reason: 'picking-progress-not-selected', message: PLEASE_SELECT_A_PICKING_PROGRESS }, t)).toBe(
      't:picking.pleaseSelectPickingProgress',
    );
    const fraction = planPucCellSave(1.5, { bins: null, version: null }, chosen, cell);
    expect(fraction.kind).toBe('refused');
    if (fraction.kind === 'refused') expect(pucRefusalText(fraction, t)).toBe(fraction.message);
  });
});

