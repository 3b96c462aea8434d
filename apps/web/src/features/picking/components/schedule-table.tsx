/**
 * The picking schedule table: the lead and figure columns, a column a week (editable bin inputs on
 * rows in edit mode), the totals, the row actions, the weekly totals in the footer and the paginator.
 *
 * A plain table in PrimeReact DataTable's markup and classes (every theme styles it as one) instead
 * of the DataTable component: the DataTable mounts a component per cell, so a page of 100 rows cost
 * half a second to draw and an edit click redrew every cell. Here a page is one memoised component
 * per row with plain cells; header, footer and paginator are memoised on their own inputs. All the
 * page's rows are in the document (find in page, screen readers' table navigation and the row
 * counts of the journeys see them), the header and footer stay in view inside the 620 px scroll area.
 */
import { Paginator, type PaginatorPageChangeEvent } from 'primereact/paginator';
import { Tooltip } from 'primereact/tooltip';
import { memo, useEffect, useMemo, useRef, type Dispatch, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { TABLE_PAGE_SIZE_OPTIONS } from '@orchard/shared/core';
import { weekTooltip, type PickingSchedulePage, type PickingViewKind } from '@orchard/shared/picking';
import type { FilterOption } from '../../../components/filter-fields';
import { namedPaginatorTemplate } from '../../../components/table-accessibility';
import { TableEmpty } from '../../../components/table-empty';
import { formatNumber } from '../../../lib/format';
import { rowModeOf, type ScheduleTableAction, type ScheduleTableState } from '../schedule-table-state';
import { ScheduleTableRow, type LeadField, type ScheduleRowContext } from './schedule-table-row';

export interface SchedulePaging {
  first: number;
  rows: number;
}

interface Props {
  view: PickingViewKind;
  canEdit: boolean;
  culture: string | undefined;
  /** the rows and the copies kept for the rows in edit mode */
  state: ScheduleTableState;
  /** the row being saved */
  savingId: number | null;
  weeks: PickingSchedulePage['weeks'];
  footerTotals: PickingSchedulePage['footer'];
  usablePackhouses: FilterOption[];
  dispatch: Dispatch<ScheduleTableAction>;
  /** the latest save, whenever the action cells were drawn */
  onSaveRef: RefObject<(id: number) => void>;
  paging: SchedulePaging;
  onPage: (paging: SchedulePaging) => void;
  totalRecords: number;
  loading: boolean;
  /** the schedule has answered once: until then an empty table shows as loading, not as empty */
  answered: boolean;
}

const PRODUCER_LEAD: readonly LeadField[] = ['pucName', 'varietyName'];
const PACKHOUSE_LEAD: readonly LeadField[] = ['packhouseName', 'legalEntityName', 'pucName', 'varietyName', 'region', 'affiliation', 'commodity'];
const LEAD_CAPTIONS: Record<LeadField, string> = {
  packhouseName: 'packhouse',
  legalEntityName: 'producer',
  pucName: 'puc',
  varietyName: 'variety',
  region: 'region',
  affiliation: 'affiliation',
  commodity: 'commodity',
};
const FIGURE_CAPTIONS = ['firstWeek', 'projectedTonnes', 'januaryProjectedTonnes', 'avgKgBin', 'expectedTotalBins'] as const;

export function ScheduleTable({
  view,
  canEdit,
  culture,
  state,
  savingId,
  weeks,
  footerTotals,
  usablePackhouses,
  dispatch,
  onSaveRef,
  paging,
  onPage,
  totalRecords,
  loading,
  answered,
}: Props) {
  const { t } = useTranslation();

  // what every row reads besides its own figures: a change here redraws every row
  const context = useMemo<ScheduleRowContext>(() => {
    const num = (value: number | null, digits = 0) =>
      value === null ? '' : formatNumber(value, culture, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    return { view, canEdit, leadFields: view === 'producer' ? PRODUCER_LEAD : PACKHOUSE_LEAD, weeks, usablePackhouses, t, num, dispatch, onSaveRef };
  }, [view, canEdit, weeks, usablePackhouses, t, culture, dispatch, onSaveRef]);

  // the tooltips bind to the targets present when they look: they look again when the week columns
  // or the rows in edit mode change (mounted once: a PrimeReact mount restyles the whole document)
  const editingKey = Object.keys(state.editing).join('-');
  const weekTooltip = useRef<Tooltip>(null);
  const lockedTooltip = useRef<Tooltip>(null);
  const weeksKey = weeks.map((w) => `${w.year}-${w.week}`).join(' ');
  useEffect(() => weekTooltip.current?.updateTargetEvents(), [weeksKey]);
  useEffect(() => lockedTooltip.current?.updateTargetEvents(), [editingKey]);

  const columnCount = (view === 'producer' ? 1 : 0) + context.leadFields.length + FIGURE_CAPTIONS.length + weeks.length + 2 + (canEdit ? 1 : 0);

  return (
    <div className="picking-table p-datatable p-component p-datatable-scrollable p-datatable-responsive-scroll p-datatable-gridlines p-datatable-grouped-footer p-datatable-sm">
      <Tooltip ref={weekTooltip} target=".picking-table .week-header" />
      <Tooltip ref={lockedTooltip} target=".picking-table .packhouse-locked" />
      {loading && (
        <div className="p-datatable-loading-overlay p-component-overlay">
          <i className="p-datatable-loading-icon pi pi-spinner pi-spin" aria-hidden="true" />
        </div>
      )}
      <div className="p-datatable-wrapper" tabIndex={0}>
        <table className="p-datatable-table p-datatable-scrollable-table" aria-label={view === 'producer' ? t('picking.producerTable') : t('picking.packhouseTable')}>
          <ScheduleTableHead context={context} />
          <tbody className="p-datatable-tbody">
            {state.rows.length === 0 ? (
              <tr className="p-datatable-emptymessage">
                <td colSpan={columnCount}>
                  <TableEmpty answered={answered} text={t('picking.noData')} />
                </td>
              </tr>
            ) : (
              state.rows.map((row) => <ScheduleTableRow key={row.id} row={row} {...rowModeOf(state, row.id, savingId)} context={context} />)
            )}
          </tbody>
          {state.rows.length > 0 && <ScheduleTableFoot context={context} footerTotals={footerTotals} />}
        </table>
      </div>
      <SchedulePaginator paging={paging} onPage={onPage} totalRecords={totalRecords} />
    </div>
  );
}

const headerCell = (caption: string) => (
  <div className="p-column-header-content">
    <span className="p-column-title">{caption}</span>
  </div>
);

const ScheduleTableHead = memo(function ScheduleTableHead({ context }: { context: ScheduleRowContext }) {
  const { view, canEdit, leadFields, weeks, t } = context;
  return (
    <thead className="p-datatable-thead">
      <tr>
        {view === 'producer' && <th scope="col">{headerCell(t('picking.columns.packhouse'))}</th>}
        {leadFields.map((field) => (
          <th key={field} scope="col">
            {headerCell(t(`picking.columns.${LEAD_CAPTIONS[field]}`))}
          </th>
        ))}
        {FIGURE_CAPTIONS.map((caption) => (
          <th key={caption} scope="col">
            {headerCell(t(`picking.columns.${caption}`))}
          </th>
        ))}
        {weeks.map((w) => (
          <th key={`${w.year}-${w.week}`} scope="col" className={`week-col week-col-${w.color}`}>
            <div className="p-column-header-content">
              <span className="p-column-title">
                <span className="week-header" data-pr-tooltip={weekTooltip(w.week, w.year)} data-pr-position="top">
                  {w.week}
                </span>
              </span>
            </div>
          </th>
        ))}
        <th scope="col">{headerCell(t('picking.columns.grandTotal'))}</th>
        <th scope="col">
          {headerCell(t('picking.columns.difference'))}
        </th>
        {canEdit && <th scope="col">{headerCell(t('picking.columns.action'))}</th>}
      </tr>
    </thead>
  );
});

/** The weekly totals over every row of the filters (the server's), not only the page's. */
const ScheduleTableFoot = memo(function ScheduleTableFoot({ context, footerTotals }: { context: ScheduleRowContext; footerTotals: PickingSchedulePage['footer'] }) {
  const { view, canEdit, leadFields, weeks, t, num } = context;
  const byWeek = new Map(footerTotals.map((f) => [`${f.year}-${f.week}`, f.total]));
  return (
    <tfoot className="p-datatable-tfoot">
      <tr>
        <td colSpan={(view === 'producer' ? 1 : 0) + leadFields.length + FIGURE_CAPTIONS.length} className="schedule-footer-label">
          {t('picking.columns.total')}
        </td>
        {weeks.map((w) => (
          <td key={`${w.year}-${w.week}`} className={`week-col week-col-${w.color}`}>
            {num(byWeek.get(`${w.year}-${w.week}`) ?? 0)}
          </td>
        ))}
        <td>{num(footerTotals.reduce((sum, f) => sum + f.total, 0))}</td>
        <td colSpan={canEdit ? 2 : 1} />
      </tr>
    </tfoot>
  );
});

const SchedulePaginator = memo(function SchedulePaginator({
  paging,
  onPage,
  totalRecords,
}: {
  paging: SchedulePaging;
  onPage: (paging: SchedulePaging) => void;
  totalRecords: number;
}) {
  const { t } = useTranslation();
  const template = useMemo(() => namedPaginatorTemplate(t('picking.rowsPerPage')), [t]);
  return (
    <Paginator
      className="p-paginator-bottom"
      first={paging.first}
      rows={paging.rows}
      totalRecords={totalRecords}
      rowsPerPageOptions={[...TABLE_PAGE_SIZE_OPTIONS]}
      template={template}
      currentPageReportTemplate={t('picking.pageReport')}
      onPageChange={(e: PaginatorPageChangeEvent) => onPage({ first: e.first, rows: e.rows })}
    />
  );
});
