import { describe, expect, it } from 'vitest';
import { PICKING_MESSAGES, PLEASE_SELECT_A_PACKHOUSE, type PickingEstimateRowResponse } from '@orchard/shared/picking';
import {
  initialScheduleTableState,
  isEditing,
  isWeekEdited,
  saveBlocker,
  saveRequest,
  scheduleTableReducer,
  rowModeOf,
  weekBins,
  type ScheduleTableAction,
  type ScheduleTableState,
} from './schedule-table-state';

function row(id: number, over: Partial<PickingEstimateRowResponse> = {}): PickingEstimateRowResponse {
  return {
    id,
    puc: 10,
    pucName: 'C1172',
    variety: 20,
    varietyName: 'Navel',
    farm: 1,
    farmName: 'Kransvlei',
    packhouse: 100,
    packhouseName: 'Addo Packhouse',
    legalEntity: 5,
    legalEntityName: 'LE',
    region: null,
    affiliation: null,
    commodity: null,
    estimatedFirstWeek: 40,
    expectedProjectedTonnes: 40,
    firstProjectedTonnes: 38,
    avgBinWeight: 400,
    projectedTotalBins: 100,
    weeks: [
      { id: 1, year: 2026, week: 47, binCount: 10, audit: 'A, 2026-11-01T00:00:00Z' },
      { id: 2, year: 2026, week: 48, binCount: 0, audit: 'A, 2026-11-01T00:00:00Z' },
    ],
    actuals: [],
    total: 10,
    difference: 90,
    version: 3,
    ...over,
  };
}

const run = (actions: ScheduleTableAction[], from: ScheduleTableState = initialScheduleTableState) => actions.reduce(scheduleTableReducer, from);

describe('producer table state', () => {
  it('edit keeps a copy, week edits are flagged and totalled, cancel restores the copy', () => {
    const loaded = run([{ type: 'load', rows: [row(1), row(2, { variety: 21, varietyName: 'Valencia' })] }]);
    const edited = run(
      [
        { type: 'edit', id: 1 },
        { type: 'setWeek', id: 1, year: 2026, week: 47, binCount: 25 },
        { type: 'setWeek', id: 1, year: 2026, week: 49, binCount: 5 },
      ],
      loaded,
    );
    expect(isEditing(edited, 1)).toBe(true);
    const r = edited.rows[0]!;
    expect(weekBins(r, 2026, 47)).toBe(25);
    expect(weekBins(r, 2026, 49)).toBe(5);
    expect(isWeekEdited(r, 2026, 47)).toBe(true);
    expect(isWeekEdited(r, 2026, 48)).toBe(false);
    expect(isWeekEdited(r, 2026, 49)).toBe(true);
    expect(r.total).toBe(30);
    expect(r.difference).toBe(70);

    const cancelled = run([{ type: 'cancel', id: 1 }], edited);
    expect(isEditing(cancelled, 1)).toBe(false);
    expect(cancelled.rows[0]).toEqual(loaded.rows[0]);
  });

  it('a week set back to its stored value is no longer flagged; empty and 0 differ', () => {
    const s = run([
      { type: 'load', rows: [row(1)] },
      { type: 'edit', id: 1 },
      { type: 'setWeek', id: 1, year: 2026, week: 47, binCount: 11 },
      { type: 'setWeek', id: 1, year: 2026, week: 47, binCount: 10 },
      { type: 'setWeek', id: 1, year: 2026, week: 48, binCount: null },
    ]);
    expect(isWeekEdited(s.rows[0]!, 2026, 47)).toBe(false);
    expect(isWeekEdited(s.rows[0]!, 2026, 48)).toBe(true);
  });

  it('saves a stored row with every week together and its version', () => {
    const s = run([
      { type: 'load', rows: [row(1)] },
      { type: 'edit', id: 1 },
      { type: 'setWeek', id: 1, year: 2026, week: 48, binCount: 7 },
    ]);
    expect(saveRequest(s, 1, '2026-11-21')).toEqual({
      kind: 'update',
      id: 1,
      body: {
        packhouse: 100,
        version: 3,
        pagerDate: '2026-11-21',
        weeks: [
          { year: 2026, week: 47, binCount: 10 },
          { year: 2026, week: 48, binCount: 7 },
        ],
      },
    });
  });

  it('duplicate inserts a copy just below, without packhouse and stored weeks, in edit mode', () => {
    const s = run([
      { type: 'load', rows: [row(1), row(2, { variety: 21 })] },
      { type: 'duplicate', id: 1 },
    ]);
    expect(s.rows.map((r) => r.id)).toEqual([1, -1, 2]);
    const copy = s.rows[1]!;
    expect(copy).toMatchObject({ packhouse: null, packhouseName: null, weeks: [], total: 0, difference: 100, version: null, sourceId: 1 });
    expect(isEditing(s, -1)).toBe(true);
    // cancel drops the copy
    expect(run([{ type: 'cancel', id: -1 }], s).rows.map((r) => r.id)).toEqual([1, 2]);
  });

  it('the validity rule blocks saving: no packhouse, then the same PUC, packhouse and variety as another row', () => {
    let s = run([
      { type: 'load', rows: [row(1), row(2, { packhouse: 200, packhouseName: 'Kirkwood Packhouse' })] },
      { type: 'duplicate', id: 1 },
    ]);
    expect(saveBlocker(s, -1)).toEqual({ reason: 'packhouse-not-selected', message: PLEASE_SELECT_A_PACKHOUSE });
    expect(saveRequest(s, -1, null)).toBeNull();
    s = run([{ type: 'setPackhouse', id: -1, packhouse: 200, packhouseName: 'Kirkwood Packhouse' }], s);
    expect(saveBlocker(s, -1)).toEqual({ reason: 'picking-duplicate-combination', message: PICKING_MESSAGES.duplicateCombination });
    s = run([{ type: 'setPackhouse', id: -1, packhouse: 300, packhouseName: 'Patensie Packhouse' }], s);
    expect(saveBlocker(s, -1)).toBeNull();
    s = run([{ type: 'setWeek', id: -1, year: 2026, week: 48, binCount: 12 }], s);
    expect(saveRequest(s, -1, null)).toEqual({
      kind: 'create',
      body: {
        puc: 10,
        variety: 20,
        packhouse: 300,
        estimatedFirstWeek: 40,
        expectedProjectedTonnes: 40,
        firstProjectedTonnes: 38,
        avgBinWeight: 400,
        weeks: [{ year: 2026, week: 48, binCount: 12 }],
      },
    });
    // saved: the server's row replaces the copy and leaves edit mode
    const saved = run([{ type: 'saved', id: -1, row: row(9, { packhouse: 300 }) }], s);
    expect(saved.rows.map((r) => r.id)).toEqual([1, 9, 2]);
    expect(isEditing(saved, 9)).toBe(false);
  });

  it('a reload keeps rows in edit mode and unsaved duplicates below their source', () => {
    const s = run([
      { type: 'load', rows: [row(1), row(2, { variety: 21 })] },
      { type: 'edit', id: 2 },
      { type: 'setWeek', id: 2, year: 2026, week: 47, binCount: 99 },
      { type: 'duplicate', id: 1 },
      { type: 'load', rows: [row(1), row(2, { variety: 21 })] },
    ]);
    expect(s.rows.map((r) => r.id)).toEqual([1, -1, 2]);
    expect(weekBins(s.rows[2]!, 2026, 47)).toBe(99);
    expect(isEditing(s, 2)).toBe(true);
  });

  it('row objects change exactly when the row changes, so memoised rows redraw only those', () => {
    const answer = [row(1), row(2, { variety: 21, varietyName: 'Valencia', weeks: [] })];
    const loaded = run([{ type: 'load', rows: answer }]);
    // the answer's objects are kept: a refetch that shares unchanged rows keeps them
    expect(loaded.rows[0]).toBe(answer[0]);
    const [one, two] = loaded.rows;

    // editing row 1 keeps every row object; only its mode changes
    const editing = run([{ type: 'edit', id: 1 }], loaded);
    expect(editing.rows[0]).toBe(one);
    expect(editing.rows[1]).toBe(two);

    // a committed week replaces row 1 only
    const typed = run([{ type: 'setWeek', id: 1, year: 2026, week: 47, binCount: 11 }], editing);
    expect(typed.rows[0]).not.toBe(one);
    expect(typed.rows[1]).toBe(two);

    // a refetch: rows in edit mode keep their draft, the others take the answer's objects
    const again = [row(1), row(2, { variety: 21, varietyName: 'Valencia', weeks: [] })];
    const reloaded = run([{ type: 'load', rows: again }], typed);
    expect(reloaded.rows[0]).toBe(typed.rows[0]);
    expect(reloaded.rows[1]).toBe(again[1]);
  });

  it('row modes: read mode, edit mode (locked while a stored week holds bins), saving and waiting', () => {
    const loaded = run([{ type: 'load', rows: [row(1), row(2, { variety: 21, weeks: [] })] }]);
    const read = { editing: false, locked: false, saving: false, busy: false };
    expect(rowModeOf(loaded, 1, null)).toEqual(read);

    const both = run([{ type: 'edit', id: 1 }, { type: 'edit', id: 2 }], loaded);
    expect(rowModeOf(both, 1, null)).toEqual({ editing: true, locked: true, saving: false, busy: false });
    expect(rowModeOf(both, 2, null)).toEqual({ editing: true, locked: false, saving: false, busy: false });
    // saving row 1: its button spins, the save button of the other row in edit mode waits
    expect(rowModeOf(both, 1, 1)).toEqual({ editing: true, locked: true, saving: true, busy: true });
    expect(rowModeOf(both, 2, 1)).toEqual({ editing: true, locked: false, saving: false, busy: true });
    // rows in read mode are untouched by a save
    expect(rowModeOf(run([{ type: 'edit', id: 1 }], loaded), 2, 1)).toEqual(read);

    // cancel: back to read mode
    expect(rowModeOf(run([{ type: 'cancel', id: 1 }], both), 1, null)).toEqual(read);
  });
});
