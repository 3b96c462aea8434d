/**
 * Farm operations dashboard, Scouting Time - Per Block (docs/domain.md, Farm Operations): the Farm filter (every farm
 * preselected) and a single-date calendar whose days with scouting are bold and underlined; Apply
 * shows that day's sessions, Export opens the range export. The table shows scout, block, ha and,
 * under Duration, the start and end times (South African h:mm am/pm) and minutes per ha (2 decimals).
 */
import { Button } from 'primereact/button';
import { Calendar, type CalendarDateTemplateEvent } from 'primereact/calendar';
import { Column } from 'primereact/column';
import { ColumnGroup } from 'primereact/columngroup';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { Row } from 'primereact/row';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TABLE_PAGE_SIZE, TABLE_PAGE_SIZE_OPTIONS, dayOf } from '@orchard/shared/core';
import {
  FARM_OPERATIONS_SCROLL_HEIGHT,
  farmOperationsFarmsSearch,
  formatScoutingTime,
  type FarmOperationsRow,
} from '@orchard/shared/farm-operations';
import { MultiFilter, type FilterOption } from '../../components/filter-fields';
import { usePagedTable } from '../../components/paged-table';
import { errorText } from '../../lib/api-error';
import { useFormatters } from '../../lib/use-formatters';
import { useFarmOperationsFarms } from './api/get-farms';
import { useScoutedDates } from './api/get-scouted-dates';
import { useFarmOperations } from './api/get-sessions';
import { calendarPt, dayKey, fromDay, toDay } from '../../lib/calendar-days';
import { initialDay } from './initial-day';
import { ExportDialog } from './components/export-dialog';
import './farm-operations.css';

interface Applied {
  date: string;
  /** farms part of the query; null: no farm chosen */
  farms: string | null;
}

export function FarmOperationsPage() {
  const { t } = useTranslation();
  const dateId = useId();
  const format = useFormatters();

  const farmsQuery = useFarmOperationsFarms();
  const [farms, setFarms] = useState<number[] | null>(null);
  const [date, setDate] = useState<string | null>(null);
  const [applied, setApplied] = useState<Applied | null>(null);
  const [exportOpen, setExportOpen] = useState(false);

  // every farm starts selected
  useEffect(() => {
    if (farms === null && farmsQuery.data) setFarms(farmsQuery.data.map((f) => f.id));
  }, [farms, farmsQuery.data]);

  const farmOptions = useMemo<FilterOption[]>(() => (farmsQuery.data ?? []).map((f) => ({ id: f.id, label: f.farmName })), [farmsQuery.data]);
  const farmsSearch = farms === null ? null : farmOperationsFarmsSearch(farms, farmOptions.map((o) => o.id));
  const scoutedQuery = useScoutedDates(farmsSearch, farms !== null);
  const scouted = useMemo(() => new Set(scoutedQuery.data ?? []), [scoutedQuery.data]);

  // the first view: the latest day with scouting on every farm, applied at once
  useEffect(() => {
    if (applied !== null || farms === null || !scoutedQuery.data || scoutedQuery.isPlaceholderData) return;
    const day = initialDay(scoutedQuery.data, dayOf(new Date()));
    setDate(day);
    setApplied({ date: day, farms: farmsSearch });
  }, [applied, farms, farmsSearch, scoutedQuery.data, scoutedQuery.isPlaceholderData]);

  const search = applied && applied.farms !== null ? `date=${applied.date}${applied.farms ? `&${applied.farms}` : ''}` : null;
  const sessions = useFarmOperations(search);
  const rows = applied ? (sessions.data ?? []) : [];

  const { tableProps, resetPage } = usePagedTable(TABLE_PAGE_SIZE_OPTIONS, TABLE_PAGE_SIZE, FARM_OPERATIONS_SCROLL_HEIGHT, {
    rowsPerPage: t('farmOperations.rowsPerPage'),
    pageReport: t('farmOperations.pageReport'),
    caption: t('farmOperations.tableCaption'),
  });

  const onApply = () => {
    if (date === null) return;
    setApplied({ date, farms: farmsSearch });
    resetPage();
  };

  const dayTemplate = (cell: CalendarDateTemplateEvent) =>
    scouted.has(dayKey(cell.year, cell.month, cell.day)) ? (
      <span className="scouted-day" title={t('farmOperations.scoutedDay', { day: format.day(dayKey(cell.year, cell.month, cell.day)) })}>
        {cell.day}
      </span>
    ) : (
      cell.day
    );

  const haBody = (row: FarmOperationsRow) => format.number(row.ha, { maximumFractionDigits: 2 });
  const startBody = (row: FarmOperationsRow) => formatScoutingTime(row.startTime);
  const endBody = (row: FarmOperationsRow) => formatScoutingTime(row.endTime);
  const perHaBody = (row: FarmOperationsRow) =>
    row.minutesPerHa === null ? '' : format.number(row.minutesPerHa, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

  const header = (
    <ColumnGroup>
      <Row>
        <Column header={t('farmOperations.scoutName')} field="scoutName" sortable rowSpan={2} />
        <Column header={t('farmOperations.blockName')} rowSpan={2} />
        <Column header={t('farmOperations.ha')} rowSpan={2} />
        <Column header={t('farmOperations.duration')} colSpan={3} />
      </Row>
      <Row>
        <Column header={t('farmOperations.startTime')} field="startTime" sortable />
        <Column header={t('farmOperations.endTime')} />
        <Column header={t('farmOperations.minutesPerHa')} field="minutesPerHa" sortable />
      </Row>
    </ColumnGroup>
  );

  const loadError = farmsQuery.error ?? scoutedQuery.error ?? sessions.error;

  return (
    <div className="farm-operations-page">
      <h1>{t('farmOperations.title')}</h1>

      <section className="farm-operations-filters" aria-label={t('farmOperations.filters')}>
        <MultiFilter label={t('farmOperations.farm')} options={farmOptions} value={farms ?? []} onChange={setFarms} />
        <div className="filter-field">
          <label htmlFor={dateId}>{t('farmOperations.date')}</label>
          <Calendar
            inputId={dateId}
            value={fromDay(date)}
            onChange={(e) => setDate(e.value instanceof Date ? toDay(e.value) : null)}
            dateTemplate={dayTemplate}
            dateFormat={format.calendarDateFormat}
            readOnlyInput
            showIcon
            className="w-full"
            pt={calendarPt}
            panelClassName="farm-operations-calendar"
            // the days of the months around are drawn disabled and faint (below 4.5:1): not shown
            showOtherMonths={false}
          />
        </div>
        <div className="farm-operations-actions">
          <Button type="button" icon="pi pi-download" label={t('farmOperations.export')} outlined disabled={farmsSearch === null} onClick={() => setExportOpen(true)} />
          <Button type="button" icon="pi pi-check" label={t('farmOperations.apply')} disabled={date === null} onClick={onApply} />
        </div>
      </section>

      {loadError && <Message severity="error" text={errorText(loadError) || t('farmOperations.loadFailed')} className="farm-operations-error" />}

      <DataTable
        value={rows}
        dataKey="id"
        headerColumnGroup={header}
        loading={applied === null || sessions.isFetching}
        emptyMessage={t('farmOperations.noRecords')}
        sortMode="single"
        removableSort
        {...tableProps}
        size="small"
        className="farm-operations-table"
      >
        <Column field="scoutName" />
        <Column field="blockName" />
        <Column field="ha" body={haBody} className="num" />
        <Column field="startTime" body={startBody} />
        <Column field="endTime" body={endBody} />
        <Column field="minutesPerHa" body={perHaBody} className="num" />
      </DataTable>

      <ExportDialog visible={exportOpen} farms={farmsSearch} onClose={() => setExportOpen(false)} />
    </div>
  );
}

export default FarmOperationsPage;
