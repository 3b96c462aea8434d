/**
 * One row of the picking schedule table. Memoised on the row object (the reducer replaces it exactly
 * when the row changes), its mode flags and the table's context (texts, number format, week columns,
 * packhouse options): opening, committing or saving a row draws that row again, not the page.
 *
 * Cells are plain elements in PrimeReact's markup and classes. Mounting a PrimeReact component
 * rewrites PrimeReact's shared style elements, and each rewrite restyles and lays out the whole
 * document (a tenth of a second and more beside a page of 100 rows): so the row actions are plain
 * buttons, a locked packhouse (it cannot change) is a plain disabled field, and only a row whose
 * packhouse can change mounts the packhouse dropdown. A keystroke in a bin input stays in that
 * input (BinInput).
 */
import { Dropdown } from 'primereact/dropdown';
import { memo, type Dispatch, type RefObject } from 'react';
import type { TFunction } from 'i18next';
import { type PickingSchedulePage, type PickingViewKind } from '@orchard/shared/picking';
import type { FilterOption } from '../../../components/filter-fields';
import { isWeekEdited, weekBins, type RowMode, type ScheduleRow, type ScheduleTableAction } from '../schedule-table-state';
import { BinInput } from './bin-input';

/** The text fields of the lead columns that show a row's value as it is. */
export type LeadField = 'packhouseName' | 'legalEntityName' | 'pucName' | 'varietyName' | 'region' | 'affiliation' | 'commodity';

/** What every row reads besides its own figures: replaced only when one of these changes. */
export interface ScheduleRowContext {
  view: PickingViewKind;
  canEdit: boolean;
  /** the lead columns after the producer view's packhouse column */
  leadFields: readonly LeadField[];
  weeks: PickingSchedulePage['weeks'];
  usablePackhouses: FilterOption[];
  t: TFunction;
  /** a whole number (or decimals) in the organisation's culture; '' for null */
  num: (value: number | null, digits?: number) => string;
  dispatch: Dispatch<ScheduleTableAction>;
  /** the latest save, whenever the row was drawn */
  onSaveRef: RefObject<(id: number) => void>;
}

export const rowLabel = (row: ScheduleRow) => `${row.pucName} ${row.varietyName} ${row.packhouseName ?? ''}`.trim();

interface Props extends RowMode {
  row: ScheduleRow;
  context: ScheduleRowContext;
}

export const ScheduleTableRow = memo(function ScheduleTableRow({ row, editing, locked, saving, busy, context }: Props) {
  const { view, canEdit, leadFields, weeks, t, num, dispatch, onSaveRef } = context;
  const label = rowLabel(row);

  const onWeekCommit = (year: number, week: number) => (binCount: number | null) => {
    dispatch({ type: 'setWeek', id: row.id, year, week, binCount });
  };

  return (
    <tr className={editing ? 'schedule-row-editing' : undefined}>
      {view === 'producer' && <td>{editing ? <PackhouseCell row={row} locked={locked} context={context} /> : (row.packhouseName ?? '')}</td>}
      {leadFields.map((field) => (
        <td key={field}>{row[field] ?? ''}</td>
      ))}
      <td className="num">{num(row.estimatedFirstWeek)}</td>
      <td className="num">{num(row.expectedProjectedTonnes, 2)}</td>
      <td className="num">{num(row.firstProjectedTonnes, 2)}</td>
      <td className="num">{num(row.avgBinWeight)}</td>
      <td className="num">{num(row.projectedTotalBins)}</td>
      {weeks.map((w) => {
        const bins = weekBins(row, w.year, w.week);
        return (
          <td key={`${w.year}-${w.week}`} className={`week-col week-col-${w.color} num`}>
            {editing && !w.readonly ? (
              <BinInput
                value={bins}
                label={t('picking.binsOfWeek', { row: label, week: w.week, year: w.year })}
                className={isWeekEdited(row, w.year, w.week) ? 'bin-input-edited' : ''}
                markUnsaved
                onCommit={onWeekCommit(w.year, w.week)}
              />
            ) : (
              num(bins)
            )}
          </td>
        );
      })}
      <td className="num">{num(row.total)}</td>
      <td className="num">{num(row.difference)}</td>
      {canEdit && (
        <td>
          {editing ? (
            <div className="row-actions">
              <PlainRowAction icon="pi pi-check" label={t('picking.save', { row: label })} loading={saving} disabled={busy} onClick={() => onSaveRef.current(row.id)} />
              <PlainRowAction
                icon="pi pi-times"
                secondary
                label={t('picking.cancel', { row: label })}
                disabled={saving}
                onClick={() => dispatch({ type: 'cancel', id: row.id })}
              />
            </div>
          ) : (
            <div className="row-actions">
              <PlainRowAction icon="pi pi-pencil" label={t('picking.edit', { row: label })} onClick={() => dispatch({ type: 'edit', id: row.id })} />
              <PlainRowAction icon="pi pi-copy" label={t('picking.duplicate', { row: label })} onClick={() => dispatch({ type: 'duplicate', id: row.id })} />
            </div>
          )}
        </td>
      )}
    </tr>
  );
});

interface PlainRowActionProps {
  icon: string;
  /** the accessible name, naming the row */
  label: string;
  onClick: () => void;
  disabled?: boolean;
  /** a spinner instead of the icon, disabled meanwhile */
  loading?: boolean;
  secondary?: boolean;
}

/**
 * A row action: the markup and classes of RowActionButton's round text button (PrimeReact's Button,
 * loading and disabled states included) without mounting the component.
 */
function PlainRowAction({ icon, label, onClick, disabled, loading, secondary }: PlainRowActionProps) {
  const off = disabled || loading;
  const classes = ['p-button p-component p-button-icon-only p-button-text p-button-rounded'];
  if (secondary) classes.push('p-button-secondary');
  if (off) classes.push('p-disabled');
  if (loading) classes.push('p-button-loading');
  return (
    <button type="button" aria-label={label} className={classes.join(' ')} disabled={off} onClick={onClick}>
      <span className={`p-button-icon p-c ${loading ? 'p-button-loading-icon pi pi-spinner pi-spin' : icon}`} />
      <span className="p-button-label p-c">&nbsp;</span>
    </button>
  );
}

/**
 * The packhouse of a row in edit mode: a dropdown; once a stored week holds bins it cannot change,
 * and a disabled field in the dropdown's markup says so (with the reason on hover and to screen
 * readers) without mounting a dropdown that could never open.
 */
function PackhouseCell({ row, locked, context }: { row: ScheduleRow; locked: boolean; context: ScheduleRowContext }) {
  const { t, usablePackhouses, dispatch } = context;
  const inputId = `row-packhouse-${row.id}`;
  const label = (
    <label htmlFor={inputId} className="visually-hidden">
      {t('picking.packhouseOf', { row: `${row.pucName} ${row.varietyName}` })}
    </label>
  );
  if (locked) {
    const name = row.packhouseName ?? '';
    return (
      <>
        {label}
        {/* a wrapper carries the tooltip (as PrimeReact's showOnDisabled would, without re-parenting anything) */}
        <span className="packhouse-locked" data-pr-tooltip={t('picking.packhouseLocked')} data-pr-position="top">
          <div className={`row-packhouse p-dropdown p-component p-inputwrapper p-disabled${name ? ' p-inputwrapper-filled' : ''}`}>
            <div className="p-hidden-accessible">
              <input id={inputId} type="text" readOnly disabled value={name} aria-describedby={`${inputId}-locked`} />
            </div>
            <span className="p-dropdown-label p-inputtext" aria-hidden="true">
              {name || t('picking.selectPackhouse')}
            </span>
            <div className="p-dropdown-trigger" aria-hidden="true">
              <span className="p-dropdown-trigger-icon pi pi-chevron-down" />
            </div>
          </div>
          <span id={`${inputId}-locked`} className="visually-hidden">
            {t('picking.packhouseLocked')}
          </span>
        </span>
      </>
    );
  }
  return (
    <>
      {label}
      <Dropdown
        inputId={inputId}
        value={row.packhouse}
        options={usablePackhouses}
        optionLabel="label"
        optionValue="id"
        placeholder={t('picking.selectPackhouse')}
        onChange={(e) => {
          const id = e.value as number | null;
          dispatch({ type: 'setPackhouse', id: row.id, packhouse: id, packhouseName: usablePackhouses.find((p) => p.id === id)?.label ?? null });
        }}
        className="row-packhouse"
        appendTo={document.body}
        pt={{
          root: { 'aria-activedescendant': undefined } as never,
          select: { 'aria-hidden': true } as never,
          trigger: { 'aria-hidden': true, role: undefined } as never,
        }}
      />
    </>
  );
}
