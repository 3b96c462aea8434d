/**
 * Picking schedule by PUC: farm and variety filters, one row per PUC and variety with its packhouse
 * and picking progress, and 14 daily bin cells saved one at a time on blur or Enter. A cell keeps
 * its draft to itself (a keystroke never re-renders the table) and stays tinted until saved.
 */
import { Column } from 'primereact/column';
import { DataTable, type DataTablePageEvent } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orchard/shared/core';
import {
  PUC_SCHEDULE_DEFAULT_PAGE_SIZE,
  PUC_SCHEDULE_PAGE_SIZES,
  type PucScheduleCell,
  type PucScheduleRow,
} from '@orchard/shared/picking';
import { namedPaginatorTemplate, scrollableTablePt } from '../../../components/table-accessibility';
import { errorText } from '../../../lib/api-error';
import { useSessionContext } from '../../../lib/session/use-session-context';
import { useFormatters } from '../../../lib/use-formatters';
import { toast } from '../../../lib/toast';
import { usePickingFilters } from '../api/get-filters';
import { useProgressTypes } from '../api/get-progress-types';
import { usePucSchedule } from '../api/get-puc-schedule';
import { useSavePucCell } from '../api/save-puc-cell';
import { planPucCellSave, pucRefusalText, type PucCellChoice, type PucCellSaved } from '../puc-cell-state';
import { BinInput } from './bin-input';
import { MultiFilter } from '../../../components/filter-fields';
import '../picking.css';

const rowKey = (row: Pick<PucScheduleRow, 'puc' | 'variety'>) => `${row.puc}/${row.variety}`;

interface CellProps {
  row: PucScheduleRow;
  cell: PucScheduleCell;
  isPast: boolean;
  label: string;
  readOnly: boolean;
  getChoice: (key: string) => PucCellChoice;
}

const PucCell = memo(function PucCell({ row, cell, isPast, label, readOnly, getChoice }: CellProps) {
  const { t } = useTranslation();
  const save = useSavePucCell();
  const [saved, setSaved] = useState<PucCellSaved>({ bins: cell.bins, version: cell.version });
  const [source, setSource] = useState(cell);
  if (source !== cell) {
    setSource(cell);
    setSaved({ bins: cell.bins, version: cell.version });
  }

  const onCommit = (bins: number | null) => {
    const plan = planPucCellSave(bins, saved, getChoice(rowKey(row)), { puc: row.puc, variety: row.variety, date: cell.date });
    if (plan.kind === 'nothing') return;
    if (plan.kind === 'refused') {
      toast.error(pucRefusalText(plan, t));
      return;
    }
    save.mutate(plan.body, {
      onSuccess: (answer) => setSaved({ bins: answer.bins, version: answer.version }),
      // the typed value stays in the cell, still tinted
      onError: (e) => toast.error(t('picking.error'), errorText(e)),
    });
  };

  return (
    <BinInput
      value={saved.bins}
      label={label}
      disabled={isPast || readOnly}
      markUnsaved
      required
      className={isPast ? 'bin-input-past' : ''}
      onCommit={onCommit}
    />
  );
});

export function PucSchedulePage() {
  const { t } = useTranslation();
  const { hasPermission } = useSessionContext();
  const format = useFormatters();
  const canEdit = hasPermission(PERMISSIONS.pickingEdit);
  const [farms, setFarms] = useState<number[]>([]);
  const [varieties, setVarieties] = useState<number[]>([]);
  const [paging, setPaging] = useState({ first: 0, rows: PUC_SCHEDULE_DEFAULT_PAGE_SIZE as number });
  const filters = usePickingFilters('producer');
  const varietyFilters = usePickingFilters('producer', farms);
  const progress = useProgressTypes();
  const schedule = usePucSchedule({ farms, varieties, page: Math.floor(paging.first / paging.rows) + 1, pageSize: paging.rows });
  const data = schedule.data;

  // the row's packhouse and progress choices; cells read them when they save
  const [choices, setChoices] = useState<Record<string, PucCellChoice>>({});
  const choicesRef = useRef(choices);
  const rowsRef = useRef<PucScheduleRow[]>([]);
  useLayoutEffect(() => {
    choicesRef.current = choices;
    rowsRef.current = data?.rows ?? [];
  });
  const choiceOf = useCallback((row: PucScheduleRow, all: Record<string, PucCellChoice>): PucCellChoice => {
    return all[rowKey(row)] ?? { packhouse: row.packhouse, pickingProgress: row.pickingProgress };
  }, []);
  const getChoice = useCallback(
    (key: string): PucCellChoice => {
      const row = rowsRef.current.find((r) => rowKey(r) === key);
      return choicesRef.current[key] ?? { packhouse: row?.packhouse ?? null, pickingProgress: row?.pickingProgress ?? null };
    },
    [],
  );
  const choose = (row: PucScheduleRow, change: Partial<PucCellChoice>) =>
    setChoices((all) => {
      const next = { ...all, [rowKey(row)]: { ...choiceOf(row, all), ...change } };
      choicesRef.current = next;
      return next;
    });

  const packhouseOptions = useMemo(() => (filters.data?.packhouses ?? []).map((p) => ({ id: p.id, label: p.name })), [filters.data]);
  const progressOptions = useMemo(() => (progress.data ?? []).map((p) => ({ id: p.id, label: p.picking_Progress_Type })), [progress.data]);
  const farmOptions = (filters.data?.farms ?? []).map((f) => ({ id: f.id, label: f.farm_Name }));
  const varietyOptions = ((farms.length ? varietyFilters.data : filters.data)?.varieties ?? []).map((v) => ({ id: v.id, label: v.variety_Name }));

  const rowName = (row: PucScheduleRow) => `${row.pucName} ${row.varietyName}`;
  const dropdownPt = {
    root: { 'aria-activedescendant': undefined } as never,
    select: { 'aria-hidden': true } as never,
    trigger: { 'aria-hidden': true, role: undefined } as never,
  };
  const days = data?.days ?? [];

  return (
    <div className="picking-page">
      <div className="picking-header">
        <h1>{t('picking.pucTitle')}</h1>
      </div>
      <section className="picking-filters" aria-label={t('picking.filters')}>
        <MultiFilter
          label={t('picking.farm')}
          options={farmOptions}
          value={farms}
          onChange={(ids) => {
            setFarms(ids);
            setPaging((p) => ({ ...p, first: 0 }));
          }}
        />
        <MultiFilter
          label={t('picking.variety')}
          options={varietyOptions}
          value={varieties}
          onChange={(ids) => {
            setVarieties(ids);
            setPaging((p) => ({ ...p, first: 0 }));
          }}
        />
      </section>
      {/* cells read edit state kept outside the row objects: PrimeReact's cell memo would keep them stale */}
      <DataTable
        cellMemo={false}
        value={data?.rows ?? []}
        lazy
        paginator
        first={paging.first}
        rows={paging.rows}
        totalRecords={data?.total ?? 0}
        rowsPerPageOptions={[...PUC_SCHEDULE_PAGE_SIZES]}
        onPage={(e: DataTablePageEvent) => setPaging({ first: e.first, rows: e.rows })}
        paginatorTemplate={namedPaginatorTemplate(t('picking.rowsPerPage'))}
        currentPageReportTemplate={t('picking.pageReport')}
        loading={schedule.isFetching}
        emptyMessage={t('picking.noData')}
        scrollable
        scrollHeight="620px"
        size="small"
        showGridlines
        pt={scrollableTablePt(t('picking.pucTable'))}
        className="picking-table puc-table"
      >
        <Column field="pucName" header={t('picking.columns.puc')} />
        <Column field="varietyName" header={t('picking.columns.variety')} />
        <Column
          header={t('picking.columns.estimateTotalTonnes')}
          className="num"
          body={(row: PucScheduleRow) =>
            format.number(row.estimateTotalTonnes, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
          }
        />
        <Column
          header={t('picking.columns.packhouse')}
          body={(row: PucScheduleRow) => (
            <>
            <label htmlFor={`puc-packhouse-${rowKey(row)}`} className="visually-hidden">
              {t('picking.packhouseOf', { row: rowName(row) })}
            </label>
            <Dropdown
              inputId={`puc-packhouse-${rowKey(row)}`}
              value={choiceOf(row, choices).packhouse}
              options={packhouseOptions}
              optionLabel="label"
              optionValue="id"
              placeholder={t('picking.selectPackhouse')}
              showClear={canEdit}
              ariaLabel={t('picking.packhouseOf', { row: rowName(row) })}
              disabled={!canEdit}
              onChange={(e) => choose(row, { packhouse: (e.value as number | null) ?? null })}
              className="row-packhouse"
              appendTo={document.body}
              pt={dropdownPt}
            />
            </>
          )}
        />
        <Column
          header={t('picking.columns.pickingProgress')}
          body={(row: PucScheduleRow) => (
            <>
            <label htmlFor={`puc-progress-${rowKey(row)}`} className="visually-hidden">
              {t('picking.progressOf', { row: rowName(row) })}
            </label>
            <Dropdown
              inputId={`puc-progress-${rowKey(row)}`}
              value={choiceOf(row, choices).pickingProgress}
              options={progressOptions}
              optionLabel="label"
              optionValue="id"
              placeholder={t('picking.selectProgress')}
              showClear={canEdit}
              ariaLabel={t('picking.progressOf', { row: rowName(row) })}
              disabled={!canEdit}
              onChange={(e) => choose(row, { pickingProgress: (e.value as number | null) ?? null })}
              className="row-progress"
              appendTo={document.body}
              pt={dropdownPt}
            />
            </>
          )}
        />
        {days.map((day, index) => (
          <Column
            key={day.date}
            header={day.isToday ? <span title={t('picking.today')}>{day.header}</span> : day.header}
            headerClassName={`day-col ${day.isToday ? 'day-today' : ''} ${day.isPast ? 'day-past' : ''}`}
            bodyClassName={`day-col ${day.isToday ? 'day-today' : ''} ${day.isPast ? 'day-past' : ''}`}
            body={(row: PucScheduleRow) => {
              const cell = row.cells[index] as PucScheduleCell;
              return (
                <PucCell
                  key={`${rowKey(row)}/${day.date}`}
                  row={row}
                  cell={cell}
                  isPast={day.isPast}
                  readOnly={!canEdit}
                  label={t('picking.binsOfDay', { row: rowName(row), date: day.header })}
                  getChoice={getChoice}
                />
              );
            }}
          />
        ))}
      </DataTable>
    </div>
  );
}

export default PucSchedulePage;
