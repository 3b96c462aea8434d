/**
 * The producer view's table state: the page's rows, the duplicates inserted locally and the copies
 * kept while rows are edited. Pure: the rules (duplicate, validity, edited weeks, totals) come from
 * @orchard/shared; this only keeps track of which row is in which state.
 */
import {
  PICKING_MESSAGES,
  PICKING_REASONS,
  PLEASE_SELECT_A_PACKHOUSE,
  canChangePackhouse,
  insertDuplicateBelow,
  isRowValid,
  markEditedWeeks,
  rowTotals,
  type PickingEstimateRow,
  type PickingEstimateRowResponse,
  type PickingRowCreateBody,
  type PickingRowSaveBody,
} from '@orchard/shared/picking';

/** A row of the table: a stored row (version set) or a duplicate not yet saved (negative id, version null). */
export interface ScheduleRow extends PickingEstimateRow {
  version: number | null;
  /** for a duplicate not yet saved: the row it was copied from */
  sourceId?: number;
}

export interface ScheduleTableState {
  rows: ScheduleRow[];
  /** the copy kept per row in edit mode (by local id) */
  editing: Record<number, ScheduleRow>;
  nextLocalId: number;
}

export type ScheduleTableAction =
  | { type: 'load'; rows: PickingEstimateRowResponse[] }
  | { type: 'edit'; id: number }
  | { type: 'cancel'; id: number }
  | { type: 'setWeek'; id: number; year: number; week: number; binCount: number | null }
  | { type: 'setPackhouse'; id: number; packhouse: number | null; packhouseName: string | null }
  | { type: 'duplicate'; id: number }
  | { type: 'saved'; id: number; row: PickingEstimateRowResponse };

export const initialScheduleTableState: ScheduleTableState = { rows: [], editing: {}, nextLocalId: -1 };

const isNew = (row: ScheduleRow) => row.version === null;

function withTotals(row: ScheduleRow): ScheduleRow {
  return { ...row, ...rowTotals(row) };
}

function updateRow(state: ScheduleTableState, id: number, change: (row: ScheduleRow) => ScheduleRow): ScheduleTableState {
  if (!state.editing[id]) return state;
  return { ...state, rows: state.rows.map((row) => (row.id === id ? change(row) : row)) };
}

function withoutKey<T>(record: Record<number, T>, key: number): Record<number, T> {
  const next = { ...record };
  delete next[key];
  return next;
}

export function scheduleTableReducer(state: ScheduleTableState, action: ScheduleTableAction): ScheduleTableState {
  switch (action.type) {
    case 'load': {
      // rows in edit mode keep their draft; unsaved duplicates stay below their source (or at the end).
      // The answer's row objects are taken as they are (never changed, only replaced): a refetch
      // shares the unchanged ones with the previous answer, so their memoised rows are not redrawn.
      const drafts = new Map(state.rows.filter((row) => state.editing[row.id]).map((row) => [row.id, row]));
      const loaded: ScheduleRow[] = action.rows.map((row) => drafts.get(row.id) ?? row);
      const pending = state.rows.filter((row) => isNew(row) && state.editing[row.id]);
      const rows: ScheduleRow[] = [];
      for (const row of loaded) {
        rows.push(row);
        rows.push(...pending.filter((p) => p.sourceId === row.id));
      }
      rows.push(...pending.filter((p) => !loaded.some((row) => row.id === p.sourceId)));
      const ids = new Set(rows.map((row) => row.id));
      const editing = Object.fromEntries(Object.entries(state.editing).filter(([id]) => ids.has(Number(id))));
      return { ...state, rows, editing };
    }
    case 'edit': {
      const row = state.rows.find((r) => r.id === action.id);
      if (!row || state.editing[action.id]) return state;
      return { ...state, editing: { ...state.editing, [action.id]: structuredClone(row) } };
    }
    case 'cancel': {
      const original = state.editing[action.id];
      if (!original) return state;
      const editing = withoutKey(state.editing, action.id);
      if (isNew(original)) return { ...state, rows: state.rows.filter((row) => row.id !== action.id), editing };
      return { ...state, rows: state.rows.map((row) => (row.id === action.id ? original : row)), editing };
    }
    case 'setWeek':
      return updateRow(state, action.id, (row) => {
        const found = row.weeks.some((w) => w.year === action.year && w.week === action.week);
        const weeks = found
          ? row.weeks.map((w) => (w.year === action.year && w.week === action.week ? { ...w, binCount: action.binCount } : w))
          : [...row.weeks, { id: null, year: action.year, week: action.week, binCount: action.binCount, audit: null }];
        const original = state.editing[action.id] as ScheduleRow;
        return withTotals(markEditedWeeks(original, { ...row, weeks }));
      });
    case 'setPackhouse':
      return updateRow(state, action.id, (row) => ({ ...row, packhouse: action.packhouse, packhouseName: action.packhouseName }));
    case 'duplicate': {
      const source = state.rows.find((row) => row.id === action.id);
      if (!source || isNew(source)) return state;
      const rows = insertDuplicateBelow(state.rows, action.id, state.nextLocalId) as ScheduleRow[];
      const index = rows.findIndex((row) => row.id === state.nextLocalId);
      const copy: ScheduleRow = { ...(rows[index] as ScheduleRow), version: null, sourceId: action.id };
      rows[index] = copy;
      return {
        rows,
        editing: { ...state.editing, [copy.id]: structuredClone(copy) },
        nextLocalId: state.nextLocalId - 1,
      };
    }
    case 'saved': {
      const rows = state.rows.map((row) => (row.id === action.id ? { ...action.row } : row));
      return { ...state, rows, editing: withoutKey(state.editing, action.id) };
    }
  }
}

export const isEditing = (state: ScheduleTableState, id: number) => state.editing[id] !== undefined;

export type SaveBlocker =
  | { reason: 'packhouse-not-selected'; message: typeof PLEASE_SELECT_A_PACKHOUSE }
  | { reason: typeof PICKING_REASONS.duplicateCombination; message: typeof PICKING_MESSAGES.duplicateCombination };

/** What blocks saving a row, or null: the validity rule over every row of the table. */
export function saveBlocker(state: ScheduleTableState, id: number): SaveBlocker | null {
  const row = state.rows.find((r) => r.id === id);
  if (!row) return null;
  const validity = isRowValid(row, state.rows);
  if (validity.valid) return null;
  return validity.reason === 'packhouse-missing'
    ? { reason: 'packhouse-not-selected', message: PLEASE_SELECT_A_PACKHOUSE }
    : { reason: PICKING_REASONS.duplicateCombination, message: PICKING_MESSAGES.duplicateCombination };
}

const BLOCKER_TEXT_KEYS = {
  'packhouse-not-selected': 'picking.pleaseSelectPackhouse',
  'picking-duplicate-combination': 'picking.duplicateCombination',
} as const satisfies Record<SaveBlocker['reason'], string>;

/** The toast text of a blocked save, by its reason. */
export function saveBlockerText(blocker: SaveBlocker, t: (key: string) => string): string {
  return t(BLOCKER_TEXT_KEYS[blocker.reason]);
}

export type RowSaveRequest =
  | { kind: 'update'; id: number; body: PickingRowSaveBody }
  | { kind: 'create'; body: PickingRowCreateBody };

/**
 * What to send for a row: its changed weeks flagged, every week of the row together (a stored row
 * names its version; a duplicate is created with its weeks that hold a value).
 */
export function saveRequest(state: ScheduleTableState, id: number, pagerDate: string | null): RowSaveRequest | null {
  const row = state.rows.find((r) => r.id === id);
  const original = state.editing[id];
  if (!row || !original || row.packhouse === null) return null;
  const marked = markEditedWeeks(original, row);
  const weeks = marked.weeks.map(({ year, week, binCount }) => ({ year, week, binCount }));
  const pager = pagerDate ? { pagerDate } : {};
  if (row.version === null) {
    return {
      kind: 'create',
      body: {
        puc: row.puc,
        variety: row.variety,
        packhouse: row.packhouse,
        estimatedFirstWeek: row.estimatedFirstWeek,
        expectedProjectedTonnes: row.expectedProjectedTonnes,
        firstProjectedTonnes: row.firstProjectedTonnes,
        avgBinWeight: row.avgBinWeight,
        weeks: weeks.filter((w) => w.binCount !== null),
        ...pager,
      },
    };
  }
  return { kind: 'update', id, body: { packhouse: row.packhouse, weeks, version: row.version, ...pager } };
}

/**
 * What a row's cells show besides its figures. Plain flags, so a memoised row compares them
 * cheaply: together with the row object (which the reducer replaces exactly when the row changes)
 * they decide whether the row is drawn again; an edit, a committed cell or a save redraws one row.
 */
export interface RowMode {
  /** in edit mode */
  editing: boolean;
  /** in edit mode with a stored week holding bins: the packhouse cannot change */
  locked: boolean;
  /** this row is being saved */
  saving: boolean;
  /** in edit mode while a row is being saved (its save button waits) */
  busy: boolean;
}

const READ_MODE: RowMode = { editing: false, locked: false, saving: false, busy: false };

export function rowModeOf(state: ScheduleTableState, id: number, savingId: number | null): RowMode {
  const original = state.editing[id];
  if (original === undefined) return READ_MODE;
  return { editing: true, locked: !canChangePackhouse(original), saving: savingId === id, busy: savingId !== null };
}

/** The row's bins in one week (null when it has no entry for the week). */
export function weekBins(row: Pick<PickingEstimateRow, 'weeks'>, year: number, week: number): number | null {
  return row.weeks.find((w) => w.year === year && w.week === week)?.binCount ?? null;
}

/** True when the week's value differs from the copy kept at edit start. */
export function isWeekEdited(row: Pick<PickingEstimateRow, 'weeks'>, year: number, week: number): boolean {
  return row.weeks.find((w) => w.year === year && w.week === week)?.edited === true;
}

