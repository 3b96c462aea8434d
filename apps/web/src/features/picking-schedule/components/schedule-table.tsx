/**
 * The picking schedule table: the lead and figure columns, a column a week (editable bin inputs on
 * rows in edit mode), the totals, the row actions, and the weekly totals in the footer.
 */
import { Column } from 'primereact/column';
import { ColumnGroup } from 'primereact/columngroup';
import { DataTable, type DataTablePageEvent } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { Row } from 'primereact/row';
import { Tooltip } from 'primereact/tooltip';
import type { Dispatch, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { PICKING_SCHEDULE_PAGE_SIZES, binCountSchema, weekTooltip, type PickingSchedulePage, type PickingViewKind } from '@orchard/shared';
import type { FilterOption } from '../../../components/filter-fields';
import { RowActionButton } from '../../../components/row-actions';
import { namedPaginatorTemplate, scrollableTablePt } from '../../../components/table-accessibility';
import { formatNumber } from '../../../lib/format';
import { weekBins, isWeekEdited, type ScheduleRow, type ScheduleTableAction, type TableRow } from '../schedule-table-state';
import { BinInput } from './bin-input';

export interface SchedulePaging {
  first: number;
  rows: number;
}

interface Props {
  view: PickingViewKind;
  canEdit: boolean;
  culture: string | undefined;
  rows: TableRow[];
  weeks: PickingSchedulePage['weeks'];
  footerTotals: PickingSchedulePage['footer'];
  usablePackhouses: FilterOption[];
  /** the ids of the rows in edit mode */
  editingIds: string[];
  dispatch: Dispatch<ScheduleTableAction>;
  /** the latest save, whenever the action cells were drawn */
  onSaveRef: RefObject<(id: number) => void>;
  paging: SchedulePaging;
  onPage: (paging: SchedulePaging) => void;
  totalRecords: number;
  loading: boolean;
}

const rowLabel = (row: ScheduleRow) => `${row.pucName} ${row.varietyName} ${row.packhouseName ?? ''}`.trim();

export function ScheduleTable({
  view,
  canEdit,
  culture,
  rows,
  weeks,
  footerTotals,
  usablePackhouses,
  editingIds,
  dispatch,
  onSaveRef,
  paging,
  onPage,
  totalRecords,
  loading,
}: Props) {
  const { t } = useTranslation();

  const num = (value: number | null, digits = 0) =>
    value === null ? '' : formatNumber(value, culture, { minimumFractionDigits: digits, maximumFractionDigits: digits });

  const packhouseBody = (row: TableRow) => {
    if (!row.uiEditing) return row.packhouseName ?? '';
    const locked = row.uiLocked;
    const inputId = `row-packhouse-${row.id}`;
    const dropdown = (
      <Dropdown
        inputId={inputId}
        value={row.packhouse}
        options={usablePackhouses}
        optionLabel="label"
        optionValue="id"
        placeholder={t('picking.selectPackhouse')}
        disabled={locked}
        onChange={(e) => {
          const id = e.value as number | null;
          dispatch({ type: 'setPackhouse', id: row.id, packhouse: id, packhouseName: usablePackhouses.find((p) => p.id === id)?.label ?? null });
        }}
        className="row-packhouse"
        appendTo={document.body}
        pt={{
          root: { 'aria-activedescendant': undefined } as never,
          select: { 'aria-hidden': true } as never,
          input: (locked ? { 'aria-describedby': `${inputId}-locked` } : {}) as never,
          trigger: { 'aria-hidden': true, role: undefined } as never,
        }}
      />
    );
    return (
      <>
        <label htmlFor={inputId} className="visually-hidden">
          {t('picking.packhouseOf', { row: `${row.pucName} ${row.varietyName}` })}
        </label>
        {locked ? (
          // a wrapper carries the tooltip: PrimeReact's showOnDisabled re-parents the dropdown outside React
          <span className="packhouse-locked" data-pr-tooltip={t('picking.packhouseLocked')} data-pr-position="top">
            {dropdown}
            <span id={`${inputId}-locked`} className="visually-hidden">
              {t('picking.packhouseLocked')}
            </span>
          </span>
        ) : (
          dropdown
        )}
      </>
    );
  };

  const weekBody = (year: number, week: number, readonly: boolean) =>
    function WeekCell(row: TableRow) {
      const bins = weekBins(row, year, week);
      if (!row.uiEditing || readonly) return num(bins);
      return (
        <BinInput
          value={bins}
          label={t('picking.binsOfWeek', { row: rowLabel(row), week, year })}
          className={isWeekEdited(row, year, week) ? 'bin-input-edited' : ''}
          markUnsaved
          onCommit={(text) => {
            const parsed = text === '' ? null : binCountSchema.safeParse(text);
            if (parsed && !parsed.success) return;
            dispatch({ type: 'setWeek', id: row.id, year, week, binCount: parsed ? parsed.data : null });
          }}
        />
      );
    };

  const actionBody = (row: TableRow) => {
    const label = rowLabel(row);
    if (row.uiEditing) {
      return (
        <div className="row-actions">
          <RowActionButton
            action="save"
            label={t('picking.save', { row: label })}
            loading={row.uiSaving}
            disabled={row.uiBusy}
            onClick={() => onSaveRef.current(row.id)}
          />
          <RowActionButton
            action="cancel"
            label={t('picking.cancel', { row: label })}
            disabled={row.uiSaving}
            onClick={() => dispatch({ type: 'cancel', id: row.id })}
          />
        </div>
      );
    }
    return (
      <div className="row-actions">
        <RowActionButton action="edit" label={t('picking.edit', { row: label })} onClick={() => dispatch({ type: 'edit', id: row.id })} />
        <RowActionButton action="duplicate" label={t('picking.duplicate', { row: label })} onClick={() => dispatch({ type: 'duplicate', id: row.id })} />
      </div>
    );
  };

  const weekHeader = (week: number, year: number) => (
    <span className="week-header" data-pr-tooltip={weekTooltip(week, year)} data-pr-position="top">
      {week}
    </span>
  );

  const leadColumns =
    view === 'producer'
      ? [
          { field: 'packhouse', header: t('picking.columns.packhouse'), body: packhouseBody },
          { field: 'pucName', header: t('picking.columns.puc') },
          { field: 'varietyName', header: t('picking.columns.variety') },
        ]
      : [
          { field: 'packhouseName', header: t('picking.columns.packhouse') },
          { field: 'legalEntityName', header: t('picking.columns.producer') },
          { field: 'pucName', header: t('picking.columns.puc') },
          { field: 'varietyName', header: t('picking.columns.variety') },
          { field: 'region', header: t('picking.columns.region') },
          { field: 'affiliation', header: t('picking.columns.affiliation') },
          { field: 'commodity', header: t('picking.columns.commodity') },
        ];
  const figureColumns = [
    { field: 'estimatedFirstWeek', header: t('picking.columns.firstWeek'), body: (r: ScheduleRow) => num(r.estimatedFirstWeek) },
    { field: 'expectedProjectedTonnes', header: t('picking.columns.projectedTonnes'), body: (r: ScheduleRow) => num(r.expectedProjectedTonnes, 2) },
    { field: 'firstProjectedTonnes', header: t('picking.columns.januaryProjectedTonnes'), body: (r: ScheduleRow) => num(r.firstProjectedTonnes, 2) },
    { field: 'avgBinWeight', header: t('picking.columns.avgKgBin'), body: (r: ScheduleRow) => num(r.avgBinWeight) },
    { field: 'projectedTotalBins', header: t('picking.columns.expectedTotalBins'), body: (r: ScheduleRow) => num(r.projectedTotalBins) },
  ];
  const leadCount = leadColumns.length + figureColumns.length;

  const footerGroup = (
    <ColumnGroup>
      <Row>
        <Column footer={t('picking.columns.total')} colSpan={leadCount} footerClassName="schedule-footer-label" />
        {weeks.map((w) => (
          <Column
            key={`${w.year}-${w.week}`}
            footer={num(footerTotals.find((f) => f.year === w.year && f.week === w.week)?.total ?? 0)}
            footerClassName={`week-col week-col-${w.color}`}
          />
        ))}
        <Column footer={num(footerTotals.reduce((sum, f) => sum + f.total, 0))} />
        <Column footer="" colSpan={view === 'producer' && canEdit ? 2 : 1} />
      </Row>
    </ColumnGroup>
  );

  return (
    <>
      {/* keyed by the columns: a Tooltip binds to the targets present when it mounts */}
      <Tooltip key={weeks.map((w) => w.week).join('-')} target=".picking-table .week-header" />
      <Tooltip key={`locked-${editingIds.join('-')}`} target=".picking-table .packhouse-locked" />
      {/* cells read only their row (uiKey marks what changed): the cell memo redraws the rows that changed */}
      <DataTable
        value={rows}
        dataKey="id"
        lazy
        paginator
        first={paging.first}
        rows={paging.rows}
        totalRecords={totalRecords}
        rowsPerPageOptions={[...PICKING_SCHEDULE_PAGE_SIZES]}
        onPage={(e: DataTablePageEvent) => onPage({ first: e.first, rows: e.rows })}
        paginatorTemplate={namedPaginatorTemplate(t('picking.rowsPerPage'))}
        currentPageReportTemplate={t('picking.pageReport')}
        loading={loading}
        emptyMessage={t('picking.noData')}
        scrollable
        scrollHeight="620px"
        size="small"
        showGridlines
        footerColumnGroup={rows.length ? footerGroup : undefined}
        rowClassName={(row: TableRow) => (row.uiEditing ? 'schedule-row-editing' : '')}
        pt={scrollableTablePt(view === 'producer' ? t('picking.producerTable') : t('picking.packhouseTable'))}
        className="picking-table"
      >
        {leadColumns.map((c) => (
          <Column key={c.field} field={c.field} header={c.header} body={'body' in c ? c.body : undefined} />
        ))}
        {figureColumns.map((c) => (
          <Column key={c.field} field={c.field} header={c.header} body={c.body} className="num" />
        ))}
        {weeks.map((w) => (
          <Column
            key={`${w.year}-${w.week}`}
            header={weekHeader(w.week, w.year)}
            headerClassName={`week-col week-col-${w.color}`}
            bodyClassName={`week-col week-col-${w.color} num`}
            body={weekBody(w.year, w.week, w.readonly)}
          />
        ))}
        <Column header={t('picking.columns.grandTotal')} body={(r: ScheduleRow) => num(r.total)} className="num" />
        <Column header={t('picking.columns.difference')} body={(r: ScheduleRow) => num(r.difference)} className="num" />
        {canEdit && <Column header={t('picking.columns.action')} body={actionBody} />}
      </DataTable>
    </>
  );
}
