/**
 * Picking schedule, producer view (editable rows) and packhouse view (read-only rows addressed to
 * the organisation's packhouses): filters, week pager, CSV export, the table with weekly totals in
 * the footer, and whatever the page puts below (the capacity table).
 */
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ColumnGroup } from 'primereact/columngroup';
import { DataTable, type DataTablePageEvent } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { Row } from 'primereact/row';
import { Tooltip } from 'primereact/tooltip';
import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  PERMISSIONS,
  PICKING_MESSAGES,
  PICKING_SCHEDULE_DEFAULT_PAGE_SIZE,
  PICKING_SCHEDULE_PAGE_SIZES,
  PLEASE_SELECT_A_PACKHOUSE,
  binCountSchema,
  canExportPickingSchedule,
  weekTooltip,
  type PickingViewKind,
} from '@orchard/shared';
import { RowActionButton } from '../../../components/row-actions';
import { namedPaginatorTemplate, scrollableTablePt } from '../../../components/table-accessibility';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-error';
import { formatNumber } from '../../../lib/format';
import { useSessionContext } from '../../../lib/session/use-session-context';
import { toast } from '../../../lib/toast';
import { useExportSchedule } from '../api/export-schedule';
import { usePickingFilters } from '../api/get-filters';
import { useSchedule, type ScheduleFilterParams } from '../api/get-schedule';
import { useSaveScheduleRow } from '../api/save-row';
import {
  initialScheduleTableState,
  saveBlocker,
  saveRequest,
  scheduleTableReducer,
  tableRows,
  weekBins,
  isWeekEdited,
  type ScheduleRow,
  type TableRow,
} from '../schedule-table-state';
import { useDelayedPager } from '../use-delayed-pager';
import { BinInput } from './bin-input';
import { FilterToggle, MultiFilter, SingleFilter, type FilterOption } from '../../../components/filter-fields';
import { WeekPager } from './week-pager';
import '../picking.css';

export interface ScheduleContext {
  /** the pager date the queries use (null = today) */
  pagerDate: string | null;
  packhouses: number[];
}

interface Props {
  view: PickingViewKind;
  /** rendered below the table with the applied pager date and packhouse filter */
  below?: (context: ScheduleContext) => ReactNode;
}

const rowLabel = (row: ScheduleRow) => `${row.pucName} ${row.varietyName} ${row.packhouseName ?? ''}`.trim();

export function ScheduleView({ view, below }: Props) {
  const { t } = useTranslation();
  const { hasPermission, organization } = useSessionContext();
  const culture = organization?.default_Culture_Name;
  const packhouseUser = view === 'producer' && hasPermission(PERMISSIONS.pickingPackhouseUser);
  const canEdit = view === 'producer' && hasPermission(PERMISSIONS.pickingEdit);

  const [showFilters, setShowFilters] = useState(true);
  const [packhouses, setPackhouses] = useState<number[] | null>(null);
  const [producers, setProducers] = useState<number[]>([]);
  const [farms, setFarms] = useState<number[]>([]);
  const [varieties, setVarieties] = useState<number[]>([]);
  const [paging, setPaging] = useState({ first: 0, rows: PICKING_SCHEDULE_DEFAULT_PAGE_SIZE as number });

  const filters = usePickingFilters(view);
  const varietyOptionsQuery = usePickingFilters(view, farms);
  const [today, setToday] = useState<string | null>(null);
  const pager = useDelayedPager(today);

  // the packhouse filter starts with the first packhouse (packhouse users) or all of them
  const packhouseOptions = filters.data?.packhouses;
  useEffect(() => {
    if (packhouses !== null || !packhouseOptions) return;
    setPackhouses(packhouseUser ? packhouseOptions.slice(0, 1).map((p) => p.id) : packhouseOptions.map((p) => p.id));
  }, [packhouseOptions, packhouses, packhouseUser]);

  const filterParams: ScheduleFilterParams = useMemo(
    () => ({ pagerDate: pager.applied, packhouses: packhouses ?? [], producers, farms, varieties }),
    [pager.applied, packhouses, producers, farms, varieties],
  );
  const schedule = useSchedule(
    view,
    { ...filterParams, page: Math.floor(paging.first / paging.rows) + 1, pageSize: paging.rows },
    packhouses !== null,
  );
  const data = schedule.data;
  const serverToday = data?.window.today ?? null;
  useEffect(() => {
    if (serverToday) setToday(serverToday);
  }, [serverToday]);

  const [state, dispatch] = useReducer(scheduleTableReducer, initialScheduleTableState);
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  });
  useEffect(() => {
    if (data) dispatch({ type: 'load', rows: data.rows });
  }, [data]);

  const save = useSaveScheduleRow();
  const exporter = useExportSchedule(view);
  const [savingId, setSavingId] = useState<number | null>(null);

  const resetPage = () => setPaging((p) => ({ ...p, first: 0 }));
  const setFilter =
    <T,>(set: (v: T) => void) =>
    (value: T) => {
      set(value);
      resetPage();
    };

  const messageText = useCallback(
    (message: string) => {
      if (message === PLEASE_SELECT_A_PACKHOUSE) return t('picking.pleaseSelectPackhouse');
      if (message === PICKING_MESSAGES.duplicateCombination) return t('picking.duplicateCombination');
      return message;
    },
    [t],
  );

  const onSave = useCallback(
    (id: number) => {
      const current = stateRef.current;
      const blocker = saveBlocker(current, id);
      if (blocker) {
        toast.error(t('picking.error'), messageText(blocker));
        return;
      }
      const request = saveRequest(current, id, pager.applied);
      if (!request) return;
      setSavingId(id);
      save.mutate(request, {
        onSuccess: (row) => {
          dispatch({ type: 'saved', id, row });
          toast.success(t('picking.success'), request.kind === 'create' ? t('picking.rowCreated') : t('picking.rowSaved'));
        },
        // the row stays in edit mode with the user's figures
        onError: (e) => toast.error(t('picking.error'), errorText(e)),
        onSettled: () => setSavingId(null),
      });
    },
    [messageText, pager.applied, save, t],
  );

  // the action cells call the latest onSave, whenever they were drawn
  const onSaveRef = useRef(onSave);
  useLayoutEffect(() => {
    onSaveRef.current = onSave;
  });

  const onExport = () =>
    exporter.mutate(filterParams, { onError: (e) => toast.error(t('picking.downloadingError'), errorText(e) || t('picking.exportFailed')) });

  const weeks = useMemo(() => data?.weeks ?? [], [data]);
  const usablePackhouses = useMemo(() => (packhouseOptions ?? []).map((p) => ({ id: p.id, label: p.name })), [packhouseOptions]);
  // what every cell reads besides its row: a change redraws every row
  const cellContext = useMemo(() => ({ t, culture, usablePackhouses, weeks, canEdit }), [t, culture, usablePackhouses, weeks, canEdit]);
  const rows = useMemo(() => tableRows(state, savingId, cellContext), [state, savingId, cellContext]);

  const toOptions = <T,>(items: T[] | undefined, id: (i: T) => number, label: (i: T) => string): FilterOption[] =>
    (items ?? []).map((i) => ({ id: id(i), label: label(i) }));
  const producerOptions = toOptions(filters.data?.producers, (p) => p.id, (p) => p.name);
  const farmOptions = toOptions(filters.data?.farms, (f) => f.id, (f) => f.farm_Name);
  const varietyOptions = toOptions((farms.length ? varietyOptionsQuery.data : filters.data)?.varieties, (v) => v.id, (v) => v.variety_Name);

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

  const footerTotals = data?.footer ?? [];
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

  const newRows = rows.filter((r) => r.version === null).length;
  const total = (data?.total ?? 0) + newRows;
  const hasRows = (data?.total ?? 0) > 0;
  const title = view === 'producer' ? t('picking.producerTitle') : t('picking.packhouseTitle');

  // The packhouse view shows the bins planned for the packhouses the organisation runs: in an
  // organisation that runs none (a grower) it could never show a row, so it says why instead.
  if (view === 'packhouse' && packhouseOptions && !packhouseOptions.some((p) => p.owned)) {
    return (
      <div className="picking-page">
        <div className="picking-header">
          <h1>{title}</h1>
        </div>
        <div className="picking-no-packhouse" role="status">
          <p>{t('picking.noPackhouseRun', { organization: organization?.name ?? '' })}</p>
          {hasPermission(PERMISSIONS.pickingView) && <Link to={paths.pickingSchedule}>{t('picking.openProducerView')}</Link>}
        </div>
      </div>
    );
  }

  return (
    <div className="picking-page">
      <div className="picking-header">
        <h1>{title}</h1>
        <div className="picking-toolbar">
          <WeekPager date={pager.shown} onMove={pager.move} disabled={!data} />
          {canExportPickingSchedule(data?.rows ?? []) && hasRows && (
            <Button
              type="button"
              icon="pi pi-download"
              label={exporter.isPending ? t('picking.exporting') : t('picking.exportCsv')}
              loading={exporter.isPending}
              disabled={exporter.isPending}
              onClick={onExport}
            />
          )}
          <FilterToggle shown={showFilters} onToggle={() => setShowFilters((s) => !s)} />
        </div>
      </div>

      {showFilters && (
        <section className="picking-filters" aria-label={t('picking.filters')}>
          {packhouseUser ? (
            <SingleFilter
              label={t('picking.packhouse')}
              options={usablePackhouses}
              value={packhouses?.[0] ?? null}
              onChange={setFilter((id: number | null) => setPackhouses(id === null ? [] : [id]))}
            />
          ) : (
            <MultiFilter label={t('picking.packhouse')} options={usablePackhouses} value={packhouses ?? []} onChange={setFilter(setPackhouses)} />
          )}
          {packhouseUser ? (
            <SingleFilter
              label={t('picking.producer')}
              options={producerOptions}
              value={producers[0] ?? null}
              clearable
              onChange={setFilter((id: number | null) => setProducers(id === null ? [] : [id]))}
            />
          ) : (
            <MultiFilter label={t('picking.producer')} options={producerOptions} value={producers} onChange={setFilter(setProducers)} />
          )}
          {packhouseUser ? (
            <SingleFilter
              label={t('picking.farm')}
              options={farmOptions}
              value={farms[0] ?? null}
              clearable
              onChange={setFilter((id: number | null) => setFarms(id === null ? [] : [id]))}
            />
          ) : (
            <MultiFilter label={t('picking.farm')} options={farmOptions} value={farms} onChange={setFilter(setFarms)} />
          )}
          <MultiFilter label={t('picking.variety')} options={varietyOptions} value={varieties} onChange={setFilter(setVarieties)} />
        </section>
      )}

      {data && !hasRows && !schedule.isFetching && (
        <Message severity="info" text={t('picking.noRows')} className="picking-no-data" />
      )}

      {/* keyed by the columns: a Tooltip binds to the targets present when it mounts */}
      <Tooltip key={weeks.map((w) => w.week).join('-')} target=".picking-table .week-header" />
      <Tooltip key={`locked-${Object.keys(state.editing).join('-')}`} target=".picking-table .packhouse-locked" />
      {/* cells read only their row (uiKey marks what changed): the cell memo redraws the rows that changed */}
      <DataTable
        value={rows}
        dataKey="id"
        lazy
        paginator
        first={paging.first}
        rows={paging.rows}
        totalRecords={total}
        rowsPerPageOptions={[...PICKING_SCHEDULE_PAGE_SIZES]}
        onPage={(e: DataTablePageEvent) => setPaging({ first: e.first, rows: e.rows })}
        paginatorTemplate={namedPaginatorTemplate(t('picking.rowsPerPage'))}
        currentPageReportTemplate={t('picking.pageReport')}
        loading={schedule.isFetching || packhouses === null}
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

      {below?.({ pagerDate: pager.applied, packhouses: packhouses ?? [] })}
    </div>
  );
}
